/**
 * Benchmark 12: the module's route from a cold process, against the same
 * tool in a toolkit-only app (bench/cold-start/). Both apps are built with
 * Nuxt in production mode next to an installed build of the package, so the
 * module's route loads dist as a user's app does.
 *
 * - Cold start: from spawning `node .output/server/index.mjs` to the answer
 *   of the first `tools/call` (after `initialize`, and with the session id
 *   where the server gives one), alternating the apps round by round.
 * - Memory: the server's resident set right after that answer.
 * - Size: `.output/server` on disk.
 * - Workers: our app built with `cloudflare-module`; the gzip size of the
 *   worker's modules (what `wrangler deploy` reports as upload size) and the
 *   cold start on workerd through miniflare, to the first answer the same way.
 *   The toolkit-only app has no Workers figure: on that preset the toolkit
 *   serves through Cloudflare's `agents` package, which its build then needs
 *   and this repository does not install.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { freePort } from "../test/fixtures/nginx.ts";
import { startWorker } from "../test/fixtures/workerd.ts";
import { CACHE, installBuilt, ROOT } from "./built.ts";
import { formatBytes, formatRatio, median, QUICK, type Section, standalone, type Target, table } from "./harness.ts";

const ROUNDS = QUICK ? 3 : 15;
const WORKERD_ROUNDS = QUICK ? 2 : 7;
const HOST = "127.0.0.1";
const APPS = ["module", "toolkit"] as const;
type App = (typeof APPS)[number];
const LABEL: Record<App, string> = { module: "@agntn/tools through the module", toolkit: "toolkit-only app (defineMcpTool + Zod)" };
const ARGS = { text: "measure twice cut once", separator: "-", limit: 3 };
const ANSWER = "measure-twice-cut";

/** Copies an app next to the installed package and builds it there (for `preset`, or Node's default). */
function build(app: App, preset?: string): string {
  const dir = join(CACHE, "cold-start", preset ? `${app}-${preset}` : app);
  // BENCH_REUSE=1 measures the last build again (while trying changes to the measurement, not to the package).
  if (process.env.BENCH_REUSE === "1" && existsSync(join(dir, ".output/server"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, "bench/cold-start", app), dir, { recursive: true });
  if (app === "module") installBuilt(dir);
  // nuxi through this Node (24), not through its shebang, which would find whatever `node` is first on PATH.
  execFileSync(process.execPath, [join(ROOT, "node_modules/@nuxt/cli/bin/nuxi.mjs"), "build", dir], {
    cwd: ROOT,
    stdio: "pipe",
    env: { ...process.env, ...(preset ? { AGNTN_BENCH_PRESET: preset } : {}) },
    timeout: 600_000,
  });
  return dir;
}

function post(url: string, body: unknown, session?: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      ...(session ? { "mcp-session-id": session } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** `initialize`, then one `tools/call`; retries the first request until the server listens. Returns the call's text. */
async function firstAnswer(url: string, giveUpAt: number, alive: () => boolean = () => true): Promise<string> {
  const hello = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1.0.0" } },
  };
  let opened: Response | undefined;
  while (!opened) {
    opened = await post(url, hello).catch((error) => {
      if (performance.now() > giveUpAt || !alive()) throw error;
      return new Promise<undefined>((resolve) => setTimeout(resolve, 2));
    });
  }
  await opened.text();
  const session = opened.headers.get("mcp-session-id") ?? undefined;
  const call = await post(url, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "text_join", arguments: ARGS } }, session);
  const text = await call.text();
  return text.includes(ANSWER) ? ANSWER : text.slice(0, 300);
}

function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

interface Start {
  ms: number;
  rss: number;
}

/** Starts the built Node server, waits for its first answer, reads its memory, stops it. */
async function coldStart(dir: string): Promise<Start> {
  const port = await freePort();
  const url = `http://${HOST}:${port}/mcp`;
  const started = performance.now();
  const server = spawn(process.execPath, [join(dir, ".output/server/index.mjs")], {
    env: { ...process.env, HOST, PORT: String(port), NITRO_HOST: HOST, NITRO_PORT: String(port) },
    stdio: "ignore",
  });
  try {
    const said = await firstAnswer(url, started + 30_000, () => server.exitCode === null);
    const ms = performance.now() - started;
    if (said !== ANSWER) throw new Error(`${dir} answered: ${said}`);
    return { ms, rss: residentBytes(server.pid as number) };
  } finally {
    if (server.exitCode === null) {
      server.kill();
      await new Promise((resolve) => server.once("exit", resolve));
    }
  }
}

async function workerdStart(dir: string): Promise<number> {
  const started = performance.now();
  const worker = await startWorker(dir);
  try {
    const said = await firstAnswer(new URL("/mcp", worker.url).href, started + 60_000);
    if (said !== ANSWER) throw new Error(`${dir} on workerd answered: ${said}`);
    return performance.now() - started;
  } finally {
    await worker.stop();
  }
}

function sizeOf(path: string, keep: (name: string) => boolean = () => true, measure = (file: string) => statSync(file).size): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += sizeOf(full, keep, measure);
    else if (keep(entry.name)) total += measure(full);
  }
  return total;
}

const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const isModule = (name: string) => /\.(mjs|js|cjs|wasm)$/.test(name);

/** Median of a's value over b's, round by round. */
function ratioBy(a: number[], b: number[]): number {
  return median(a.map((value, i) => value / (b[i] as number)));
}

export async function run(): Promise<Section> {
  const node = { module: build("module"), toolkit: build("toolkit") };
  const worker = build("module", "cloudflare-module");

  // One start of each first, not counted: it warms the file cache for both alike.
  for (const app of APPS) await coldStart(node[app]);
  const starts: Record<App, Start[]> = { module: [], toolkit: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? APPS : [...APPS].reverse();
    for (const app of order) starts[app].push(await coldStart(node[app]));
  }
  await workerdStart(worker);
  const workerd: number[] = [];
  for (let round = 0; round < WORKERD_ROUNDS; round++) workerd.push(await workerdStart(worker));

  const ms = (app: App) => starts[app].map((s) => s.ms);
  const rss = (app: App) => starts[app].map((s) => s.rss);
  const size = (app: App) => sizeOf(join(node[app], ".output/server"));
  const startRatio = ratioBy(ms("module"), ms("toolkit"));
  const memoryRatio = ratioBy(rss("module"), rss("toolkit"));
  const sizes = { module: size("module"), toolkit: size("toolkit") };
  const gzip = sizeOf(join(worker, ".output/server"), isModule, gzipOf);

  const row = (what: string, value: (app: App) => string, ratio: number) => [what, value("module"), value("toolkit"), formatRatio(ratio)];
  const body = [
    `Both apps built for production next to an installed build of the package (bench/cold-start/). Node: from spawn to the answer of the first \`tools/call\` (after \`initialize\`), ${ROUNDS} starts per app, alternating, after one uncounted start of each; memory is the server's resident set right after that answer. Workers: our app built with \`cloudflare-module\` and run on workerd through miniflare, ${WORKERD_ROUNDS} starts after an uncounted one; the toolkit-only app has no Workers row, since on that preset the toolkit serves through Cloudflare's \`agents\` package, which this repository does not install. Ratios are medians of round-by-round ratios.`,
    "",
    table(
      ["what", LABEL.module, LABEL.toolkit, "ratio"],
      [
        row("first answer after process start (median)", (app) => `${median(ms(app)).toFixed(0)} ms`, startRatio),
        row("memory after that answer (median)", (app) => formatBytes(median(rss(app))), memoryRatio),
        row("`.output/server` on disk", (app) => formatBytes(sizes[app]), sizes.module / sizes.toolkit),
        ["Workers modules, gzip", formatBytes(gzip), "—", "—"],
        ["workerd: first answer after start (median)", `${median(workerd).toFixed(0)} ms`, "—", "—"],
      ],
    ),
  ].join("\n");
  const targets: Target[] = [
    { what: "route cold start vs the toolkit-only app", target: "≤ 1.25×", measured: formatRatio(startRatio), met: startRatio <= 1.25 },
    {
      what: "memory after the first answer vs the toolkit-only app",
      target: "≤ 1.10×",
      measured: formatRatio(memoryRatio),
      met: memoryRatio <= 1.1,
    },
  ];
  return { id: 12, title: "The route's cold start, memory and size, against a toolkit-only app", body, targets };
}

if (import.meta.main) await standalone(run);
