/**
 * Benchmark 8: the module's route scaled out. The built playground serves
 * `text_slug` on /mcp.
 * - Same build, same instance: a 2026-07-28 call (stateless) against a
 *   2025-11-25 call in a session, both through the route's one handler.
 * - Behind nginx (round robin, the Deploying page's config): three instances
 *   against one, on 2026-07-28.
 * autocannon sends the same call for each variant in turn, alternating the
 * order round by round; ratios are paired by round.
 */
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { type Balancer, startBalancer } from "../test/fixtures/nginx.ts";
import { type StartedApp, startApp } from "../test/fixtures/nuxt-server.ts";
import { formatRatio, median, QUICK, type Section, standalone, table } from "./harness.ts";
import { autocannon, type Load, messageOf, post, type Reply } from "./http-load.ts";

const ROOT = resolve(import.meta.dirname, "..");
const PLAYGROUND = join(ROOT, "playground");
const ROUNDS = QUICK ? 2 : 5;
const SECONDS = QUICK ? 2 : 6;
const CONNECTIONS = 10;
const KEY = "bench-shared-request-state-key-for-all-instances";
const ARGS = { text: "Crème Brûlée, part 2", separator: "_" };
const EXPECTED = "creme_brulee_part_2";

const BASE = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const MODERN_HEADERS = { ...BASE, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "text_slug" };
const MODERN_BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: {
    name: "text_slug",
    arguments: ARGS,
    _meta: {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1.0.0" },
      "io.modelcontextprotocol/clientCapabilities": {},
    },
  },
});
const LEGACY_BODY = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "text_slug", arguments: ARGS } });

/** The answer text of a call, or `undefined` for an error. */
function answerText(reply: Reply): string | undefined {
  const message = messageOf(reply);
  return message.result?.isError ? undefined : message.result?.content?.[0]?.text;
}

function load(url: string, headers: Record<string, string>, body: string, seconds = SECONDS): Load {
  return autocannon(url, headers, body, seconds, CONNECTIONS);
}

interface Variant {
  label: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Checks a variant answers right, then loads every variant ROUNDS times, alternating the order. */
async function compare(variants: [Variant, Variant]): Promise<{ runs: [Load[], Load[]]; ratio: number }> {
  const verify = async () => {
    for (const variant of variants) {
      const got = answerText(await post(variant.url, variant.headers, variant.body));
      if (got !== EXPECTED) throw new Error(`${variant.label} answered ${JSON.stringify(got)}`);
    }
  };
  await verify();
  for (const variant of variants) load(variant.url, variant.headers, variant.body, 2);
  const runs: [Load[], Load[]] = [[], []];
  for (let r = 0; r < ROUNDS; r++) {
    for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const variant = variants[k] as Variant;
      runs[k as 0 | 1].push(load(variant.url, variant.headers, variant.body));
    }
  }
  await verify();
  return { runs, ratio: median(runs[0].map((l, r) => l.rps / (runs[1][r] as Load).rps)) };
}

function rows(variants: [Variant, Variant], runs: [Load[], Load[]]): string[][] {
  return variants.map((variant, k) => {
    const own = runs[k as 0 | 1];
    return [
      variant.label,
      median(own.map((l) => l.rps)).toFixed(0),
      `${median(own.map((l) => l.p50))} ms`,
      `${median(own.map((l) => l.p99))} ms`,
      String(own.reduce((sum, l) => sum + l.failed, 0)),
    ];
  });
}

export async function run(): Promise<Section> {
  execFileSync(process.execPath, [join(ROOT, "node_modules/@nuxt/cli/bin/nuxi.mjs"), "build", "playground"], {
    cwd: ROOT,
    stdio: "pipe",
    timeout: 600_000,
  });
  const env = { NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: KEY };
  const instances: StartedApp[] = await Promise.all([startApp(PLAYGROUND, env), startApp(PLAYGROUND, env), startApp(PLAYGROUND, env)]);
  const balancers: Balancer[] = [];
  try {
    const one = instances[0] as StartedApp;
    const direct = new URL("/mcp", one.url).href;
    const init = await post(
      direct,
      BASE,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1.0.0" } },
      }),
    );
    if (!init.session) throw new Error(`no 2025 session: ${init.status} ${init.body.slice(0, 200)}`);
    const legacyHeaders = { ...BASE, "mcp-protocol-version": "2025-11-25", "mcp-session-id": init.session };
    await post(direct, legacyHeaders, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    const revisions: [Variant, Variant] = [
      { label: "2026-07-28, stateless", url: direct, headers: MODERN_HEADERS, body: MODERN_BODY },
      { label: "2025-11-25, in a session", url: direct, headers: legacyHeaders, body: LEGACY_BODY },
    ];
    const byRevision = await compare(revisions);

    const [three, single] = await Promise.all([
      startBalancer(
        instances.map((app) => app.url),
        "round-robin",
      ),
      startBalancer([one.url], "round-robin"),
    ]);
    balancers.push(three, single);
    const spread: [Variant, Variant] = [
      { label: "nginx → three instances", url: new URL("/mcp", three.url).href, headers: MODERN_HEADERS, body: MODERN_BODY },
      { label: "nginx → one instance", url: new URL("/mcp", single.url).href, headers: MODERN_HEADERS, body: MODERN_BODY },
    ];
    const byInstances = await compare(spread);

    const header = ["variant", "requests/s (median of runs)", "p50 latency", "p99 latency", "failed requests"];
    const body = [
      `Three instances of the built playground (\`node .output/server/index.mjs\`, one shared state key) on 127.0.0.1. autocannon sends \`tools/call\` of \`text_slug\` over ${CONNECTIONS} connections for ${SECONDS} s per run, ${ROUNDS} runs per variant, alternating; every variant answered \`${EXPECTED}\` before and after its load.`,
      "",
      "Same instance, the two revisions:",
      "",
      table(header, rows(revisions, byRevision.runs)),
      "",
      `Per-run ratios (2026 / 2025): ${byRevision.runs[0].map((l, r) => formatRatio(l.rps / (byRevision.runs[1][r] as Load).rps)).join(", ")}.`,
      "",
      "Behind nginx with round robin (the Deploying page's config), 2026-07-28:",
      "",
      table(header, rows(spread, byInstances.runs)),
      "",
      `Per-run ratios (three / one): ${byInstances.runs[0].map((l, r) => formatRatio(l.rps / (byInstances.runs[1][r] as Load).rps)).join(", ")}.`,
      "",
      "This machine has two cores, shared by autocannon, nginx and every instance: one Node instance already keeps a core busy, so three instances here compete for the same cores and the ratio measures what spreading costs (context switches, colder caches per instance), not what it gains. With a core or a machine per instance, throughput grows with the instances, since no request depends on the instance that served the one before.",
    ].join("\n");
    return {
      id: 8,
      title: "The module's route scaled out: 2026 vs 2025, three instances vs one",
      body,
      targets: [
        {
          what: "route throughput, 2026-07-28 (stateless) vs 2025-11-25 (session), same build",
          target: "≥ 1.00×",
          measured: formatRatio(byRevision.ratio),
          met: byRevision.ratio >= 1,
        },
        {
          what: "2026-07-28 throughput behind nginx, three instances vs one, on two shared cores (no target; reported)",
          target: "—",
          measured: formatRatio(byInstances.ratio),
          met: true,
        },
      ],
    };
  } finally {
    for (const balancer of balancers) balancer.stop();
    for (const app of instances) app.stop();
  }
}

if (import.meta.main) await standalone(run);
