/**
 * Benchmark 6: the Nuxt `/mcp` route under load. One built app (bench/nuxt-app)
 * serves the same tool twice on the same route: `text_join` defined with
 * @agntn/tools through our Nuxt module, and `text_join_zod` written directly
 * with the toolkit's `defineMcpTool` and Zod. autocannon sends `tools/call` to
 * each in turn over one session, on loopback; throughput ratios are paired by round.
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../test/fixtures/nginx.ts";
import { validArgs, validText } from "./fixtures.ts";
import { formatRatio, median, QUICK, type Section, standalone, table } from "./harness.ts";
import { autocannon, type Load, messageOf, post } from "./http-load.ts";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(tmpdir(), "agntn-bench-nuxt");
const HOST = "127.0.0.1";
const TARGET = 0.9;
const ROUNDS = QUICK ? 2 : 7;
const SECONDS = QUICK ? 2 : 8;
const CONNECTIONS = 10;
const PROTOCOL = "2025-06-18";
const TOOLS = [
  { name: "text_join", label: "@agntn/tools through the module" },
  { name: "text_join_zod", label: "toolkit defineMcpTool + Zod" },
];

function callBody(name: string, id = 1): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: validArgs } });
}

/** One autocannon run against one tool. */
function load(url: string, headers: Record<string, string>, name: string, seconds = SECONDS): Load {
  return autocannon(url, headers, callBody(name), seconds, CONNECTIONS);
}

export async function run(): Promise<Section> {
  // nuxi through this Node (24), not through its shebang, which would find whatever `node` is first on PATH.
  execFileSync(process.execPath, [join(ROOT, "node_modules/@nuxt/cli/bin/nuxi.mjs"), "build", "bench/nuxt-app"], {
    cwd: ROOT,
    stdio: "pipe",
    env: { ...process.env, AGNTN_BENCH_NUXT_DIR: OUT },
    timeout: 600_000,
  });
  const port = await freePort();
  const server = spawn(process.execPath, [join(OUT, ".output/server/index.mjs")], {
    env: { ...process.env, HOST, PORT: String(port), NITRO_HOST: HOST, NITRO_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    let log = "";
    server.stdout.on("data", (d) => {
      log += d;
    });
    const started = Date.now();
    while (!log.includes("Listening") && Date.now() - started < 30_000 && server.exitCode === null) {
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!log.includes("Listening")) throw new Error(`the app did not start: ${log.slice(0, 300)}`);
    const url = `http://${HOST}:${port}/mcp`;
    const base = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const init = await post(
      url,
      base,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: "bench", version: "1.0.0" } },
      }),
    );
    messageOf(init);
    const session = init.session;
    const headers: Record<string, string> = {
      ...base,
      "mcp-protocol-version": PROTOCOL,
      ...(session ? { "mcp-session-id": session } : {}),
    };
    await post(url, headers, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    // Both tools must give the same right answer, before and after the load, or the throughput means nothing.
    const verify = async () => {
      for (const tool of TOOLS) {
        const message = messageOf(await post(url, headers, callBody(tool.name)));
        const text = message.result?.content?.[0]?.text;
        if (text !== validText || message.result?.isError) throw new Error(`${tool.name} answered ${JSON.stringify(message)}`);
      }
    };
    await verify();
    // Warm-up, not counted: the first seconds of load are the JIT's, and they would fall on whichever tool goes first.
    for (const tool of TOOLS) load(url, headers, tool.name, 2);
    const runs: Load[][] = TOOLS.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate which tool goes first, so neither always meets a warmer or a busier server.
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) runs[k]!.push(load(url, headers, TOOLS[k]!.name));
    }
    await verify();
    const rows = TOOLS.map((tool, k) => {
      const own = runs[k]!;
      return [
        tool.label,
        `\`${tool.name}\``,
        median(own.map((l) => l.rps)).toFixed(0),
        `${median(own.map((l) => l.p50))} ms`,
        `${median(own.map((l) => l.p99))} ms`,
        String(own.reduce((sum, l) => sum + l.failed, 0)),
      ];
    });
    const ratio = median(runs[0]!.map((l, r) => l.rps / runs[1]![r]!.rps));
    const body = [
      `A production build of bench/nuxt-app (Nuxt, @nuxtjs/mcp-toolkit, our module), started with \`node .output/server/index.mjs\` on ${HOST}. One MCP session; autocannon sends the same \`tools/call\` (the valid 3-field input) over ${CONNECTIONS} connections for ${SECONDS} s per run, ${ROUNDS} runs per tool, alternating. Both tools were checked to answer \`${validText}\` before and after the load.`,
      "",
      table(["tool", "name", "requests/s (median of runs)", "p50 latency", "p99 latency", "failed requests"], rows),
      "",
      `Per-run throughput ratios (module / direct): ${runs[0]!.map((l, r) => formatRatio(l.rps / runs[1]![r]!.rps)).join(", ")}.`,
    ].join("\n");
    return {
      id: 6,
      title: "The Nuxt /mcp route under load: module vs toolkit defineMcpTool + Zod",
      body,
      targets: [
        {
          what: "tools/call throughput through the module vs the toolkit's own tool",
          target: `≥ ${TARGET.toFixed(2)}×`,
          measured: formatRatio(ratio),
          met: ratio >= TARGET,
        },
      ],
    };
  } finally {
    server.kill("SIGTERM");
    if (server.exitCode === null && server.signalCode === null) await once(server, "exit");
  }
}

if (import.meta.main) await standalone(run);
