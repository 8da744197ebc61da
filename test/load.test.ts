/**
 * Load on the built playground: 100 SDK v2 clients, each in its own session
 * over Streamable HTTP on loopback, call text_slug (varied inputs, bad ones
 * among them), text_stats and text_count (with progress) for 60 s. Every
 * answer must equal what `callTool` gives in this process for the same input,
 * and every progress report must be one `callTool` gave too. Throughput and
 * latency are printed, not asserted (the machine is shared).
 *
 * Session cleanup: the toolkit keeps its sessions in a private Map and
 * exposes no count, so the test looks from outside: once a client has ended
 * its session (DELETE), a request on that session id must get 404, which the
 * toolkit answers only when the id is no longer in its Map. The server's RSS
 * (from /proc) is printed before and after.
 *
 * AGNTN_LOAD_SECONDS shortens the load for a quick local run (at most 60).
 */
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { callTool } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools as demoTools } from "../playground/server/tools.ts";
import { buildApp, root, rssKiB, type StartedApp, sessionStatus, startApp } from "./fixtures/nuxt-server.ts";

const PLAYGROUND = join(root, "playground");
const SESSIONS = 100;
const LOAD_MS = Math.min(60, Number(process.env.AGNTN_LOAD_SECONDS) || 60) * 1000;
const info = { name: "agntn-playground" };

let app: StartedApp;
const clients: Array<{ client: Client; transport: StreamableHTTPClientTransport }> = [];

beforeAll(async () => {
  await buildApp(PLAYGROUND);
  app = await startApp(PLAYGROUND);
}, 600_000);

afterAll(async () => {
  for (const { client } of clients) await client.close().catch(() => {});
  app?.stop();
});

/** One call of the mix: which tool, which arguments, and whether the client asks for progress. */
interface Case {
  name: string;
  args: Record<string, unknown> | undefined;
  progress: boolean;
}

const BAD_SLUGS: Array<Record<string, unknown> | undefined> = [
  { text: "" },
  { text: "   " },
  { text: "x".repeat(201) },
  { text: "a", separator: "+" },
  { text: "a", extra: true },
  { text: 5 },
  {},
  undefined,
  { text: "!!!" },
];

/** The n-th call of session s: mostly fresh valid inputs, with a bad one every few calls. */
function caseFor(s: number, n: number): Case {
  const k = (s * 7 + n) % 10;
  if (k < 4) {
    const separator = ["-", "_", ".", undefined][n % 4];
    const text = `Session ${s}: Été n°${n} — Ça va?`;
    return { name: "text_slug", args: separator === undefined ? { text } : { text, separator }, progress: false };
  }
  if (k < 6) return { name: "text_slug", args: BAD_SLUGS[(s + n) % BAD_SLUGS.length], progress: false };
  if (k < 8) {
    const args = n % 5 === 0 ? { text: n } : { text: `line ${s}\n${"word ".repeat(n % 13)}\n\nlast` };
    return { name: "text_stats", args, progress: false };
  }
  const lines = Array.from({ length: 1 + (n % 6) }, (_, i) => `w${i} `.repeat(i + 1)).join("\n");
  return { name: "text_count", args: { text: lines, chunk: 1 + (n % 3) }, progress: true };
}

/** What callTool answers in this process, with the progress reports it gave, as the client would see them. */
async function expected(c: Case): Promise<{ answer: unknown; reports: unknown[] }> {
  const reports: unknown[] = [];
  const answer = await callTool(info, demoTools, c.name, c.args, {
    progress: (r) => {
      reports.push(
        r.total === undefined ? { progress: r.progress, message: r.message } : { progress: r.progress, total: r.total, message: r.message },
      );
    },
  });
  return { answer: plain(answer), reports: reports.map(plain) };
}

/** JSON round trip: compare what went over the wire, not which keys hold undefined. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

describe("100 concurrent sessions on the built playground", () => {
  it("answer every call right for the whole run, then leave no session behind", async () => {
    const url = new URL("/mcp", app.url);
    const rssStart = rssKiB(app.process.pid);
    for (let s = 0; s < SESSIONS; s++) {
      const client = new Client({ name: `load-${s}`, version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(url);
      clients.push({ client, transport });
    }
    await Promise.all(clients.map(({ client, transport }) => client.connect(transport)));
    const sessionIds = clients.map(({ transport }) => transport.sessionId);
    expect(new Set(sessionIds).size).toBe(SESSIONS);

    const latencies: number[] = [];
    const wrongSamples: string[] = [];
    let wrong = 0;
    let failed = 0;
    let firstFailure = "";
    const started = performance.now();
    const deadline = started + LOAD_MS;
    await Promise.all(
      clients.map(async ({ client }, s) => {
        for (let n = 0; performance.now() < deadline; n++) {
          const c = caseFor(s, n);
          const want = await expected(c);
          const reports: unknown[] = [];
          const options = c.progress ? { onprogress: (r: unknown) => reports.push(plain(r)) } : {};
          const sent = performance.now();
          try {
            const answer = await client.callTool({ name: c.name, ...(c.args === undefined ? {} : { arguments: c.args }) }, options);
            latencies.push(performance.now() - sent);
            if (!isDeepStrictEqual(plain(answer), want.answer) || (c.progress && !isDeepStrictEqual(reports, want.reports))) {
              wrong++;
              if (wrongSamples.length < 5) wrongSamples.push(JSON.stringify({ call: c, answer, reports, want }));
            }
          } catch (error) {
            failed++;
            firstFailure ||= String(error);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rssLoaded = rssKiB(app.process.pid);

    for (const { transport } of clients) await transport.terminateSession();
    await Promise.all(clients.map(({ client }) => client.close()));
    const statuses = await Promise.all(sessionIds.map((id) => sessionStatus(url, String(id))));
    const rssAfter = rssKiB(app.process.pid);
    // The server still takes a new session and answers it once the crowd has gone.
    const late = new Client({ name: "load-late", version: "1.0.0" });
    clients.push({ client: late, transport: new StreamableHTTPClientTransport(url) });
    await late.connect(clients.at(-1)!.transport);
    expect(await late.callTool({ name: "text_slug", arguments: { text: "Still Here" } })).toEqual(
      await callTool(info, demoTools, "text_slug", { text: "Still Here" }),
    );

    const sorted = latencies.toSorted((a, b) => a - b);
    console.log(
      [
        `load: ${SESSIONS} sessions for ${seconds.toFixed(1)} s: ${latencies.length} calls, ${(latencies.length / seconds).toFixed(0)} calls/s`,
        `latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
        `failed ${failed}, wrong ${wrong}; server RSS ${(rssStart / 1024).toFixed(0)} MiB at start, ${(rssLoaded / 1024).toFixed(0)} MiB under load, ${(rssAfter / 1024).toFixed(0)} MiB after the sessions ended`,
      ].join("\n"),
    );
    expect(firstFailure).toBe("");
    expect(failed).toBe(0);
    expect(wrongSamples).toEqual([]);
    expect(wrong).toBe(0);
    expect(latencies.length).toBeGreaterThan(SESSIONS);
    expect(statuses).toEqual(sessionIds.map(() => 404));
    expect(app.stderr()).not.toMatch(/unhandled|uncaught/i);
  }, 150_000);
});
