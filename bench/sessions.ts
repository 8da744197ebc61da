/**
 * Benchmark 9: 2025 sessions of `createMcpHttpHandler`, in process (no
 * network, so only the handler is measured).
 * - Memory per idle session: heap after 5,000 sessions against before, after
 *   a full garbage collection each time.
 * - A `tools/call` on one session with 10 and with 10,000 other sessions
 *   open: the per-request cost must not grow with the number of sessions.
 * - A flood of 20,000 `initialize` on the default handler: how many sessions
 *   it keeps, the heap it ends with, and whether a working client and a new
 *   one still get answers.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import { tools } from "../test/fixtures/demo-tools.ts";
import { formatBytes, formatNs, formatRatio, median, QUICK, type Section, standalone, table } from "./harness.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const URL_ = "http://127.0.0.1/mcp";
const BASE = { "content-type": "application/json", accept: "application/json, text/event-stream", host: "127.0.0.1" };
const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1.0.0" } },
});
const CALL = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "text_slug", arguments: { text: "Idle Sessions" } },
});
const info = { name: "bench-sessions", version: "1.0.0" };

async function open(handler: McpHttpHandler): Promise<string> {
  const response = await handler.fetch(new Request(URL_, { method: "POST", headers: BASE, body: INIT }));
  await response.text();
  const id = response.headers.get("mcp-session-id");
  if (!id) throw new Error(`no session: ${response.status}`);
  await handler.fetch(
    new Request(URL_, {
      method: "POST",
      headers: { ...BASE, "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    }),
  );
  return id;
}

async function call(handler: McpHttpHandler, id: string): Promise<string> {
  const response = await handler.fetch(
    new Request(URL_, { method: "POST", headers: { ...BASE, "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" }, body: CALL }),
  );
  return response.text();
}

function heap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

async function openMany(handler: McpHttpHandler, count: number): Promise<void> {
  for (let start = 0; start < count; start += 100) {
    await Promise.all(Array.from({ length: Math.min(100, count - start) }, () => open(handler)));
  }
}

export async function run(): Promise<Section> {
  // Memory per idle session.
  const measured = createMcpHttpHandler(info, tools, { maxSessions: 20_000 });
  const perSessionCount = QUICK ? 1000 : 5000;
  const before = heap();
  await openMany(measured, perSessionCount);
  const perSession = (heap() - before) / perSessionCount;
  await measured.close();

  // Per-request cost with 10 and with 10,000 open sessions.
  const small = createMcpHttpHandler(info, tools, { maxSessions: 20_000 });
  const big = createMcpHttpHandler(info, tools, { maxSessions: 20_000 });
  await openMany(small, 9);
  await openMany(big, QUICK ? 2_000 : 9_999);
  const [smallId, bigId] = [await open(small), await open(big)];
  const batch = QUICK ? 200 : 1000;
  const rounds = QUICK ? 3 : 7;
  const times: [number[], number[]] = [[], []];
  for (const [handler, id] of [
    [small, smallId],
    [big, bigId],
  ] as const) {
    for (let i = 0; i < 200; i++) await call(handler, id);
  }
  for (let r = 0; r < rounds; r++) {
    for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const [handler, id] = k === 0 ? [small, smallId] : [big, bigId];
      const started = process.hrtime.bigint();
      for (let i = 0; i < batch; i++) await call(handler, id);
      times[k as 0 | 1].push(Number(process.hrtime.bigint() - started) / batch);
    }
  }
  const ratio = median(times[1].map((t, r) => t / (times[0][r] as number)));
  const bigCount = big.sessions;
  await Promise.all([small.close(), big.close()]);

  // A flood on the default handler.
  const flooded = createMcpHttpHandler(info, tools);
  const working = await open(flooded);
  await call(flooded, working);
  const floodBefore = heap();
  const floodCount = QUICK ? 5_000 : 20_000;
  const started = Date.now();
  for (let start = 0; start < floodCount; start += 100) {
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        const response = await flooded.fetch(new Request(URL_, { method: "POST", headers: BASE, body: INIT }));
        await response.text();
      }),
    );
  }
  const floodSeconds = (Date.now() - started) / 1000;
  const floodAfter = heap();
  const kept = flooded.sessions;
  const workingAnswer = await call(flooded, working);
  const late = await open(flooded);
  const lateAnswer = await call(flooded, late);
  const answered = (text: string) => text.includes("idle-sessions");
  await flooded.close();

  const body = [
    "In process: `createMcpHttpHandler(info, demoTools)` fed web `Request`s directly, no network, so only the handler is measured.",
    "",
    table(
      ["measure", "value"],
      [
        [`heap per idle session (${perSessionCount} sessions, after full GC)`, formatBytes(perSession)],
        ["tools/call with 10 sessions open (median per call)", formatNs(median(times[0]))],
        [`tools/call with ${bigCount} sessions open (median per call)`, formatNs(median(times[1]))],
        [`flood: ${floodCount} initialize in ${floodSeconds.toFixed(1)} s on the default handler`, `${kept} sessions kept (cap 1000)`],
        ["flood: heap growth", formatBytes(floodAfter - floodBefore)],
        ["flood: a client working before it still answered", answered(workingAnswer) ? "yes" : "no"],
        ["flood: a new client after it got in and answered", answered(lateAnswer) ? "yes" : "no"],
      ],
    ),
    "",
    `Per-round ratios (${bigCount} / 10 sessions): ${times[1].map((t, r) => formatRatio(t / (times[0][r] as number))).join(", ")}.`,
  ].join("\n");
  return {
    id: 9,
    title: "2025 sessions: memory, cost with many open, and a flood",
    body,
    targets: [
      { what: "tools/call with 10,000 sessions open vs 10", target: "≤ 1.25× (flat)", measured: formatRatio(ratio), met: ratio <= 1.25 },
      {
        what: "a flood of initialize keeps at most the cap, and lets a working and a new client in",
        target: "≤ 1000 sessions, both answered",
        measured: `${kept} sessions, ${answered(workingAnswer) && answered(lateAnswer) ? "both answered" : "refused"}`,
        met: kept <= 1000 && answered(workingAnswer) && answered(lateAnswer),
      },
    ],
  };
}

if (import.meta.main) await standalone(run);
