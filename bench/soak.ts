/**
 * Soak: the built playground under a steady churn of sessions for
 * SOAK_SECONDS (600 by default), on loopback. `npm run soak`.
 *
 * Workers open an SDK v2 session, make a few calls (text_slug with good and
 * bad inputs, text_stats, text_count with progress, and now and then
 * files_rename answering its two questions), check every answer against
 * `callTool` in this process, end the session (DELETE) and check the server
 * dropped it (a request on the old id gets 404). A few clients vanish
 * instead, without a DELETE, to show what the server keeps of them.
 *
 * The server's RSS comes from /proc/<pid>/status. The baseline is taken once
 * the churn has warmed the server up (JIT, pools, heap sizing); the verdict
 * compares the RSS after the churn stops and the server settles with it:
 * within 10%. Writes bench/SOAK.md and exits 1 when a check fails.
 *
 * SOAK_SECONDS, SOAK_WORKERS (20), SOAK_SETTLE_SECONDS (30) change the run.
 */
import { writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { callTool } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { tools as demoTools } from "../test/fixtures/demo-tools.ts";
import { buildApp, root, rssKiB, sessionStatus, startApp } from "../test/fixtures/nuxt-server.ts";

const SECONDS = Number(process.env.SOAK_SECONDS) || 600;
const WORKERS = Number(process.env.SOAK_WORKERS) || 20;
const SETTLE_SECONDS = Number(process.env.SOAK_SETTLE_SECONDS) || 30;
/** Churn before the baseline is read: a fifth of the run, at most a minute. */
const WARM_MS = Math.min(60_000, SECONDS * 200);
const SAMPLE_MS = 10_000;
/** One session in this many vanishes without a DELETE (bounded: the server keeps them, see below). */
const VANISH_EVERY = 200;
/** ...and at most this many in a run, far below the toolkit's mcp.sessions.maxSessions (1000), which they count against. */
const MAX_VANISHED = 100;
const TOLERANCE = 0.1;
const info = { name: "agntn-playground" };
const PLAYGROUND = join(root, "playground");

interface Call {
  name: string;
  args: Record<string, unknown> | undefined;
  progress: boolean;
}

const BAD_SLUGS: Array<Record<string, unknown> | undefined> = [
  { text: "" },
  { text: "x".repeat(201) },
  { text: "a", separator: "+" },
  { text: 5 },
  undefined,
];

function callFor(n: number): Call {
  switch (n % 5) {
    case 0:
      return { name: "text_slug", args: { text: `Soak n°${n}: Ça marche — déjà!`, separator: ["-", "_", "."][n % 3] }, progress: false };
    case 1:
      return { name: "text_slug", args: BAD_SLUGS[n % BAD_SLUGS.length], progress: false };
    case 2:
      return { name: "text_stats", args: { text: `soak ${n}\n${"word ".repeat(n % 17)}` }, progress: false };
    default: {
      const text = Array.from({ length: 1 + (n % 5) }, (_, i) => `w${i} `.repeat(i + 1)).join("\n");
      return { name: "text_count", args: { text, chunk: 1 + (n % 2) }, progress: true };
    }
  }
}

/** JSON round trip, so the comparison sees what went over the wire. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

async function expected(call: Call): Promise<{ answer: unknown; reports: unknown[] }> {
  const reports: unknown[] = [];
  const answer = await callTool(info, demoTools, call.name, call.args, {
    progress: (r) => {
      reports.push(plain({ progress: r.progress, total: r.total, message: r.message }));
    },
  });
  return { answer: plain(answer), reports };
}

const tally = { sessions: 0, calls: 0, questions: 0, failed: 0, wrong: 0, notDropped: 0, vanished: [] as string[] };
const samples: string[] = [];

function note(problem: "failed" | "wrong" | "notDropped", detail: string): void {
  tally[problem]++;
  if (samples.length < 5) samples.push(`${problem}: ${detail.slice(0, 400)}`);
}

const RENAME = { names: ["My File.TXT", "Été.md"] };
const RENAMED = "Renamed:\nMy File.TXT -> my_file_txt\nÉté.md -> ete_md";

/** One session from open to end; `n` picks its calls. */
async function oneSession(url: URL, n: number): Promise<void> {
  const asks = n % 4 === 0;
  const client = new Client({ name: `soak-${n}`, version: "1.0.0" }, { capabilities: asks ? { elicitation: { form: {} } } : {} });
  if (asks) {
    const replies = [{ separator: "_" }, { apply: true }];
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: replies.shift() ?? {} }) as never);
  }
  const transport = new StreamableHTTPClientTransport(url);
  try {
    await client.connect(transport);
    tally.sessions++;
    for (let i = 0; i < 3; i++) {
      const call = callFor(n * 3 + i);
      const want = await expected(call);
      const reports: unknown[] = [];
      const options = call.progress ? { onprogress: (r: unknown) => reports.push(plain(r)) } : {};
      const answer = await client.callTool({ name: call.name, ...(call.args === undefined ? {} : { arguments: call.args }) }, options);
      tally.calls++;
      if (!isDeepStrictEqual(plain(answer), want.answer) || !isDeepStrictEqual(reports, want.reports)) {
        note("wrong", JSON.stringify({ call, answer, reports, want }));
      }
    }
    if (asks) {
      const answer = await client.callTool({ name: "files_rename", arguments: RENAME });
      tally.questions++;
      if (!isDeepStrictEqual(plain(answer), { content: [{ type: "text", text: RENAMED }] })) note("wrong", JSON.stringify(answer));
    }
    const id = transport.sessionId ?? "";
    if (n % VANISH_EVERY === VANISH_EVERY - 1 && tally.vanished.length < MAX_VANISHED) {
      tally.vanished.push(id); // gone without a word: streams cut, no DELETE
    } else {
      await transport.terminateSession();
      const status = await sessionStatus(url, id);
      if (status !== 404) note("notDropped", `session ${id} still answers ${status} after its DELETE`);
    }
  } catch (error) {
    note("failed", String(error));
  } finally {
    await client.close().catch(() => {});
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  process.stderr.write(`soak: building the playground\n`);
  await buildApp(PLAYGROUND);
  const app = await startApp(PLAYGROUND);
  const url = new URL("/mcp", app.url);
  const pid = app.process.pid;
  try {
    const cold = rssKiB(pid) / 1024;
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    let next = 0;
    const timeline: Array<[number, number, number]> = [[0, cold, 0]];
    let baseline = Number.NaN;
    const sampler = setInterval(() => {
      const at = Math.round((Date.now() - started) / 1000);
      const rss = rssKiB(pid) / 1024;
      timeline.push([at, rss, tally.sessions]);
      if (Number.isNaN(baseline) && Date.now() - started >= WARM_MS) baseline = rss;
      process.stderr.write(`soak: ${at} s, RSS ${rss.toFixed(1)} MiB, ${tally.sessions} sessions, ${tally.calls} calls\n`);
    }, SAMPLE_MS);
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (Date.now() < deadline) await oneSession(url, next++);
      }),
    );
    clearInterval(sampler);
    const loadSeconds = (Date.now() - started) / 1000;
    const loaded = rssKiB(pid) / 1024;
    if (Number.isNaN(baseline)) baseline = loaded;
    await sleep(SETTLE_SECONDS * 1000);
    const settled = rssKiB(pid) / 1024;
    const vanishedStatuses = await Promise.all(tally.vanished.map((id) => sessionStatus(url, id)));
    const stillKept = vanishedStatuses.filter((s) => s === 200).length;
    const unhandled = /unhandled|uncaught/i.test(app.stderr());
    const growth = settled / baseline - 1;
    const checks: Array<[string, boolean]> = [
      ["no failed call or session", tally.failed === 0],
      ["no wrong answer", tally.wrong === 0],
      ["every ended session dropped by the server (404 on its id)", tally.notDropped === 0],
      [`settled RSS within ${TOLERANCE * 100}% of the warm baseline`, growth <= TOLERANCE],
      ["no unhandled rejection or uncaught exception on the server's stderr", !unhandled],
    ];
    const ok = checks.every(([, passed]) => passed);
    const lines = [
      "# Soak: the built playground under session churn",
      "",
      `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? "unknown"}), load average at the end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" / ")}. Command: \`SOAK_SECONDS=${SECONDS} npm run soak\` (bench/soak.ts).`,
      "",
      `${WORKERS} workers opened SDK v2 sessions on the playground's /mcp one after another for ${loadSeconds.toFixed(0)} s: per session 3 calls (text_slug good and bad, text_stats, text_count with progress), and in every fourth session files_rename answering its two questions; every answer was checked against \`callTool\`. Each session then ended with a DELETE and a request on its old id had to get 404. One session in ${VANISH_EVERY} (at most ${MAX_VANISHED}) vanished without a DELETE instead.`,
      "",
      "| figure | value |",
      "| --- | --- |",
      `| sessions opened and ended | ${tally.sessions} (${(tally.sessions / loadSeconds).toFixed(1)}/s) |`,
      `| tool calls (plus files_rename with 2 questions each) | ${tally.calls} (+ ${tally.questions}) |`,
      `| failed / wrong / not dropped after DELETE | ${tally.failed} / ${tally.wrong} / ${tally.notDropped} |`,
      `| RSS cold (before any session) | ${cold.toFixed(1)} MiB |`,
      `| RSS baseline (after ${(WARM_MS / 1000).toFixed(0)} s of churn) | ${baseline.toFixed(1)} MiB |`,
      `| RSS at the end of the churn | ${loaded.toFixed(1)} MiB |`,
      `| RSS after ${SETTLE_SECONDS} s idle | ${settled.toFixed(1)} MiB (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)}% vs baseline) |`,
      `| sessions that vanished without DELETE / still kept by the server at the end | ${tally.vanished.length} / ${stillKept} |`,
      "",
      "RSS every 10 s (seconds, MiB, sessions so far):",
      "",
      timeline.map(([at, rss, n]) => `${at}: ${rss.toFixed(0)} (${n})`).join(", "),
      "",
      "Checks:",
      "",
      ...checks.map(([what, passed]) => `- ${passed ? "pass" : "FAIL"}: ${what}`),
      ...(samples.length ? ["", "First problems:", "", ...samples.map((s) => `- ${s.replaceAll("\n", " ")}`)] : []),
      "",
      "Sessions a client abandons without a DELETE stay in the toolkit's in-memory session map until",
      "`mcp.sessions.maxDuration` (30 minutes by default) passes since their last request; the toolkit sweeps",
      "them once a minute. Nothing in a 10-minute soak can see them go, so the figure above only counts them.",
      "",
    ];
    writeFileSync(join(root, "bench/SOAK.md"), lines.join("\n"));
    process.stdout.write(`${lines.join("\n")}\n`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    app.stop();
  }
}

await main();
