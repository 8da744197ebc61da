/**
 * MCP tasks against their store: a property test of the task state machine
 * through a real `createMcpHttpHandler` (a tool the generated commands drive,
 * polled, answered and cancelled over raw 2026-07-28 requests), a task that
 * outlives its handler on the file system, a lease that lapses when the
 * process running a task is killed, and two handlers sharing a real Redis.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler, createTaskStore, type McpHttpHandler } from "@agntn/tools/mcp";
import fc from "fast-check";
import { Redis } from "ioredis";
import { createStorage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";
import redisDriver from "unstorage/drivers/redis";
import { afterAll, describe, expect, it } from "vitest";
import { memoryStorage } from "../src/mcp/tasks/memory.ts";
import { type StartedRedis, startRedis } from "./fixtures/redis.ts";
import { lacks } from "./helpers/lacks.ts";
import { postTask } from "./helpers/tasks-wire.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const INFO = { name: "agntn-tasks", version: "1.0.0" };
const LAPSED = { code: -32603, message: "The server running this task stopped before it finished" };

/** A JSON-RPC answer: its result or its error. */
interface Answer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

type Fetch = (request: Request) => Promise<Response>;

/** One raw 2026-07-28 request, declaring the Tasks extension (and forms) in its client capabilities. */
async function rpc(fetcher: Fetch, method: string, params: Record<string, unknown>, base = "http://127.0.0.1/mcp"): Promise<Answer> {
  return (await postTask(base, method, params, { fetcher })).reply as Answer;
}

const call = (fetch: Fetch, tool: string, args: Record<string, unknown>) => rpc(fetch, "tools/call", { name: tool, arguments: args });
const getTask = (fetch: Fetch, taskId: string) => rpc(fetch, "tasks/get", { taskId });
const updateTask = (fetch: Fetch, taskId: string, inputResponses: Record<string, unknown>) =>
  rpc(fetch, "tasks/update", { taskId, inputResponses });
const cancelTask = (fetch: Fetch, taskId: string) => rpc(fetch, "tasks/cancel", { taskId });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `tasks/get` until `done` holds of the task (at most `limitMs`). */
async function pollUntil(fetch: Fetch, taskId: string, done: (task: Record<string, unknown>) => boolean, limitMs = 5000) {
  const started = Date.now();
  for (;;) {
    const answer = await getTask(fetch, taskId);
    if (answer.result && done(answer.result)) return answer.result;
    if (Date.now() - started > limitMs) throw new Error(`task ${taskId} did not get there: ${JSON.stringify(answer)}`);
    await sleep(25);
  }
}

const terminal = (task: Record<string, unknown>) => ["completed", "failed", "cancelled"].includes(task.status as string);

const unknown = (id: string) => ({ code: -32602, message: `No task "${id}" is known to this caller` });

// ---------------------------------------------------------------------------------------------------------------------
// The tool the commands drive: each run waits on its own channel for what to do next.

type ToolCommand = "finish" | "isError" | "throw" | "ask" | "progress";

/** What one task's tool is told, and what it saw. */
class Channel {
  readonly queue: ToolCommand[] = [];
  #wake: (() => void) | undefined;
  /** Times the tool started (a task runs its tool once). */
  starts = 0;
  asks = 0;
  /** The answers the tool got, in order of its questions. */
  readonly answers: unknown[] = [];
  /** When the tool's signal fired. */
  abortedAt: number | undefined;
  ended: "finish" | "isError" | "throw" | undefined;

  push(command: ToolCommand): void {
    this.queue.push(command);
    this.#wake?.();
  }

  async next(signal: AbortSignal | undefined): Promise<ToolCommand> {
    for (;;) {
      signal?.throwIfAborted();
      const command = this.queue.shift();
      if (command) return command;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        signal?.addEventListener("abort", () => resolve(), { once: true });
      });
      this.#wake = undefined;
    }
  }
}

const channels = new Map<string, Channel>();

const drivenTool = defineTool({
  name: "driven",
  title: "Driven",
  description: "Does what the test tells it, one command at a time.",
  effect: "read",
  task: "required",
  input: Type.Object({ run: Type.String() }, { additionalProperties: false }),
  async execute({ run }, { ask, progress, signal }) {
    const channel = channels.get(run);
    if (!channel) throw new Error(`no channel ${run}`);
    channel.starts++;
    signal?.addEventListener("abort", () => {
      channel.abortedAt = Date.now();
    });
    for (let step = 1; ; step++) {
      const command = await channel.next(signal);
      if (command === "finish") {
        channel.ended = "finish";
        return { content: [{ type: "text", text: `finished ${run}` }] };
      }
      if (command === "isError") {
        channel.ended = "isError";
        return { content: [{ type: "text", text: `refused ${run}` }], isError: true };
      }
      if (command === "throw") {
        channel.ended = "throw";
        throw new Error(`broke ${run}`);
      }
      if (command === "progress") progress?.(`step ${step}`);
      if (command === "ask") {
        if (!ask) throw new Error("no ask");
        const n = ++channel.asks;
        channel.answers.push(await ask({ message: `question ${n}`, schema: Type.Object({ echo: Type.String() }) }));
      }
    }
  },
});

// ---------------------------------------------------------------------------------------------------------------------
// The property: whatever the tool does and whatever the client sends, every task the client can see obeys the spec.

type Step =
  | { do: "tool"; command: ToolCommand }
  | { do: "get" }
  | { do: "answer"; again: boolean }
  | { do: "stale" }
  | { do: "unknownKey" }
  | { do: "cancel" }
  | { do: "wait"; ms: number }
  | { do: "foreign"; method: "tasks/get" | "tasks/update" | "tasks/cancel"; id: string }
  | { do: "expire" };

const SHORT_TTL = 1000;
const LONG_TTL = 60_000;
const EXPIRED_MESSAGE = `The task ran past its time to live of ${SHORT_TTL} ms`;

const stepArb = (short: boolean): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      arbitrary: fc
        .constantFrom<ToolCommand>("finish", "isError", "throw", "ask", "ask", "ask", "progress", "progress")
        .map((command) => ({ do: "tool" as const, command })),
      weight: 5,
    },
    { arbitrary: fc.constant({ do: "get" as const }), weight: 3 },
    // `again`: the client sends its answers a second time at once, with other content (a retry gone wrong).
    { arbitrary: fc.boolean().map((again) => ({ do: "answer" as const, again })), weight: 4 },
    { arbitrary: fc.constant({ do: "stale" as const }), weight: 2 },
    { arbitrary: fc.constant({ do: "unknownKey" as const }), weight: 1 },
    { arbitrary: fc.constant({ do: "cancel" as const }), weight: 1 },
    { arbitrary: fc.integer({ min: 0, max: 150 }).map((ms) => ({ do: "wait" as const, ms })), weight: 2 },
    {
      arbitrary: fc
        .record({ method: fc.constantFrom("tasks/get" as const, "tasks/update" as const, "tasks/cancel" as const), id: fc.uuid() })
        .map(({ method, id }) => ({ do: "foreign" as const, method, id })),
      weight: 1,
    },
    { arbitrary: fc.constant({ do: "expire" as const }), weight: short ? 1 : 0 },
  );

/** One run: some tasks at once, each with its script; a short run's store keeps tasks for a second only. */
const runArb = fc.integer({ min: 0, max: 3 }).chain((one) => {
  const short = one === 0;
  return fc.record({
    short: fc.constant(short),
    scripts: fc.array(fc.array(stepArb(short), { maxLength: 10 }), { minLength: 1, maxLength: 3 }),
  });
});

type Run = { short: boolean; scripts: Step[][] };

/** What the client has seen of one task, to check each new sight against. */
class Watched {
  readonly channel = new Channel();
  readonly run: string;
  id = "";
  createdAt = "";
  lastUpdatedAt = "";
  status = "working";
  /** The task as first seen terminal: it never changes after. */
  final: string | undefined;
  gone = false;
  cancelSent = false;
  /** Keys outstanding at the last sight, every key ever seen, keys seen and then gone, keys answered right. */
  outstanding: string[] = [];
  readonly seen = new Map<string, string>();
  readonly retired = new Set<string>();
  readonly answered = new Set<string>();
  readonly sights: string[] = [];

  constructor(
    run: string,
    readonly ttlMs: number,
  ) {
    this.run = run;
    channels.set(run, this.channel);
  }

  fail(why: string): never {
    throw new Error(`${this.run} ${this.id}: ${why}\nsights:\n${this.sights.join("\n")}`);
  }

  expired(): boolean {
    return Date.now() > Date.parse(this.createdAt) + this.ttlMs;
  }

  /** Checks one `tasks/get` answer against everything seen so far. */
  see(answer: Answer): void {
    this.sights.push(JSON.stringify(answer.result ?? answer.error));
    if (answer.error) {
      if (answer.error.code !== -32602 || answer.error.message !== unknown(this.id).message) this.fail("a wrong error");
      // Only a task past its time to live may be forgotten; once forgotten it stays so.
      if (!this.expired()) this.fail("forgotten within its ttl");
      this.gone = true;
      return;
    }
    if (this.gone) this.fail("came back after it was forgotten");
    const task = answer.result as Record<string, unknown>;
    if (task.resultType !== "complete") this.fail("resultType is not complete");
    if (task.taskId !== this.id) this.fail("another task id");
    if (task.createdAt !== this.createdAt) this.fail("createdAt changed");
    if (typeof task.lastUpdatedAt !== "string" || Date.parse(task.lastUpdatedAt) < Date.parse(this.lastUpdatedAt)) {
      this.fail("lastUpdatedAt went back");
    }
    if (task.ttlMs !== this.ttlMs) this.fail("ttlMs missing or changed");
    if (task.pollIntervalMs !== 1000) this.fail("pollIntervalMs missing");
    const { _meta: _ignored, ...shown } = task;
    if (this.final !== undefined) {
      if (JSON.stringify(shown) !== this.final) this.fail("a terminal task changed");
      return;
    }
    const status = task.status as string;
    if (!["working", "input_required", "completed", "failed", "cancelled"].includes(status)) this.fail(`status ${status}`);
    if (status !== "input_required" && "inputRequests" in task) this.fail("inputRequests outside input_required");
    if (status !== "completed" && "result" in task) this.fail("a result outside completed");
    if (status !== "failed" && "error" in task) this.fail("an error outside failed");
    const keys = status === "input_required" ? Object.keys((task.inputRequests ?? {}) as object) : [];
    if (status === "input_required") {
      if (keys.length === 0) this.fail("input_required with no input requests");
      for (const key of keys) {
        if (this.retired.has(key)) this.fail(`key ${key} used again`);
        const request = (task.inputRequests as Record<string, { method: string; params: { message: string } }>)[key];
        const number = /^ask-(\d+)$/.exec(key)?.[1];
        if (!number || request?.method !== "elicitation/create" || request.params.message !== `question ${number}`) {
          this.fail(`key ${key} names the wrong request`);
        }
        const was = this.seen.get(key);
        if (was !== undefined && was !== JSON.stringify(request)) this.fail(`key ${key} changed its request`);
        this.seen.set(key, JSON.stringify(request));
      }
    }
    for (const key of this.outstanding) if (!keys.includes(key)) this.retired.add(key);
    this.outstanding = keys;
    this.lastUpdatedAt = task.lastUpdatedAt;
    this.status = status;
    if (status === "completed") {
      const result = task.result as { content?: { text?: string }[]; isError?: boolean };
      const text = result.content?.[0]?.text;
      const expected =
        this.channel.ended === "finish"
          ? { text: `finished ${this.run}`, isError: undefined }
          : this.channel.ended === "isError"
            ? { text: `refused ${this.run}`, isError: true }
            : this.channel.ended === "throw"
              ? { text: `driven failed: broke ${this.run}`, isError: true }
              : this.fail("completed though the tool did not end");
      if (text !== expected.text || result.isError !== expected.isError) this.fail("the wrong result");
    }
    if (status === "failed") {
      // The tool never fails the server: only a run past its time to live is a server fault here.
      const error = task.error as { code: number; message: string };
      if (error?.code !== -32603 || error.message !== EXPIRED_MESSAGE || !this.expired()) this.fail("failed without a server fault");
    }
    if (status === "cancelled" && !this.cancelSent) this.fail("cancelled without a cancel");
    if (["completed", "failed", "cancelled"].includes(status)) this.final = JSON.stringify(shown);
  }
}

async function runScript(fetch: Fetch, watched: Watched, script: Step[]): Promise<void> {
  const created = await call(fetch, "driven", { run: watched.run });
  const handle = created.result as Record<string, unknown>;
  if (handle?.resultType !== "task" || handle.status !== "working") watched.fail(`no task handle: ${JSON.stringify(created)}`);
  watched.id = handle.taskId as string;
  watched.createdAt = handle.createdAt as string;
  watched.lastUpdatedAt = handle.lastUpdatedAt as string;
  if (handle.ttlMs !== watched.ttlMs) watched.fail("the handle's ttlMs");
  const look = async () => watched.see(await getTask(fetch, watched.id));
  const acknowledged = (answer: Answer) => {
    if (watched.gone || watched.expired()) {
      // Past its time, a task may be forgotten between two requests.
      if (answer.error && answer.error.message !== unknown(watched.id).message) watched.fail("a wrong error");
    } else if (answer.result?.resultType !== "complete") watched.fail(`not acknowledged: ${JSON.stringify(answer)}`);
  };
  for (const step of script) {
    if (step.do === "tool") watched.channel.push(step.command);
    else if (step.do === "get") await look();
    else if (step.do === "answer") {
      // A question the tool was just told to ask takes a moment to show: look a few times for it.
      const asking = () => watched.channel.queue.includes("ask") || watched.channel.asks > watched.channel.answers.length;
      for (let tries = 0; watched.outstanding.length === 0 && !watched.final && !watched.gone && tries < 5; tries++) {
        await look();
        if (!asking()) break;
        if (watched.outstanding.length === 0) await sleep(20);
      }
      const responses = Object.fromEntries(watched.outstanding.map((key) => [key, { action: "accept", content: { echo: key } }]));
      for (const key of watched.outstanding) watched.answered.add(key);
      if (watched.outstanding.length > 0) acknowledged(await updateTask(fetch, watched.id, responses));
      if (step.again && watched.outstanding.length > 0) {
        const again = Object.fromEntries(watched.outstanding.map((key) => [key, { action: "accept", content: { echo: "stale" } }]));
        acknowledged(await updateTask(fetch, watched.id, again));
      }
    } else if (step.do === "stale") {
      const responses = Object.fromEntries([...watched.answered].map((key) => [key, { action: "accept", content: { echo: "stale" } }]));
      acknowledged(await updateTask(fetch, watched.id, responses));
    } else if (step.do === "unknownKey") {
      const responses = {
        [`ask-${watched.seen.size + 7}`]: { action: "accept", content: { echo: "unknown" } },
        bogus: { action: "decline" },
      };
      acknowledged(await updateTask(fetch, watched.id, responses));
    } else if (step.do === "cancel") {
      if (!watched.final) watched.cancelSent = true;
      acknowledged(await cancelTask(fetch, watched.id));
    } else if (step.do === "wait") await sleep(step.ms);
    else if (step.do === "foreign") {
      const params =
        step.method === "tasks/update" ? { taskId: step.id, inputResponses: { "ask-1": { action: "decline" } } } : { taskId: step.id };
      const answer = await rpc(fetch, step.method, params);
      expect(answer.error).toEqual(unknown(step.id));
    } else if (step.do === "expire") {
      await sleep(Math.max(0, Date.parse(watched.createdAt) + watched.ttlMs + 400 - Date.now()));
      await look();
      if (!watched.gone && !watched.final) watched.fail("still running past its time to live");
    }
  }
  // Settle: tell the tool to finish, answer what it still asks, until the task ends or is forgotten.
  watched.channel.push("finish");
  const started = Date.now();
  while (!watched.gone && !watched.final) {
    if (Date.now() - started > 8000) watched.fail("never ended");
    await look();
    if (watched.outstanding.length > 0) {
      const responses = Object.fromEntries(watched.outstanding.map((key) => [key, { action: "accept", content: { echo: key } }]));
      for (const key of watched.outstanding) watched.answered.add(key);
      acknowledged(await updateTask(fetch, watched.id, responses));
    }
    await sleep(20);
  }
  // What the tool saw: it ran once, each question got the answer sent for its own key, never a stale or unknown one.
  const channel = watched.channel;
  if (channel.starts !== 1) watched.fail(`the tool ran ${channel.starts} times`);
  channel.answers.forEach((answer, index) => {
    if (JSON.stringify(answer) !== JSON.stringify({ action: "accept", content: { echo: `ask-${index + 1}` } })) {
      watched.fail(`question ${index + 1} got ${JSON.stringify(answer)}`);
    }
  });
  if (watched.status === "cancelled" && channel.abortedAt === undefined) watched.fail("cancelled but the tool's signal never fired");
  if (watched.status === "failed" && channel.abortedAt === undefined) watched.fail("expired but the tool's signal never fired");
  channels.delete(watched.run);
}

let runs = 0;

/** The seed the property runs with, fixed so a run can be repeated. */
const SEED = 300_728;

/**
 * Found by the property (seed 300728, run 41, before the generator changed): a client that sends its answers twice
 * at once, the second time with other content, had the second answer reach the tool. The first answer must stand:
 * the key was already answered (TaskBook.answer now leaves an answer not yet taken alone).
 */
const SECOND_ANSWER_REGRESSION: Run = {
  short: true,
  scripts: [
    [
      { do: "stale" },
      { do: "tool", command: "ask" },
      { do: "answer", again: false },
      { do: "unknownKey" },
      { do: "answer", again: true },
      { do: "unknownKey" },
      { do: "answer", again: true },
      { do: "tool", command: "ask" },
      { do: "wait", ms: 190 },
    ],
  ],
};

async function checkRun(handlers: { short: McpHttpHandler; long: McpHttpHandler }, run: Run): Promise<void> {
  const fetch = run.short ? handlers.short.fetch : handlers.long.fetch;
  const ttl = run.short ? SHORT_TTL : LONG_TTL;
  const number = ++runs;
  await Promise.all(run.scripts.map((script, index) => runScript(fetch, new Watched(`r${number}t${index}`, ttl), script)));
}

describe("the task state machine, by property", () => {
  const handlers = {
    short: createMcpHttpHandler(INFO, [drivenTool], { tasks: createTaskStore({ ttlMs: SHORT_TTL }) }),
    long: createMcpHttpHandler(INFO, [drivenTool], { tasks: createTaskStore({ ttlMs: LONG_TTL }) }),
  };
  afterAll(async () => {
    await handlers.short.close();
    await handlers.long.close();
  });

  it("keeps every invariant over 50 generated runs", { timeout: 60_000 }, async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(runArb, (run) => checkRun(handlers, run)),
      { seed: SEED, numRuns: 50, endOnFailure: true },
    );
    // Kept fast: the whole property runs in well under 20 s on a shared machine.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("regression (seed 300728): a second answer to a key already answered does not reach the tool", async () => {
    await checkRun(handlers, SECOND_ANSWER_REGRESSION);
    const fetch = handlers.long.fetch;
    const watched = new Watched("second-answer", LONG_TTL);
    const created = await call(fetch, "driven", { run: watched.run });
    const id = created.result?.taskId as string;
    watched.channel.push("ask");
    await pollUntil(fetch, id, (task) => task.status === "input_required");
    expect((await updateTask(fetch, id, { "ask-1": { action: "accept", content: { echo: "ask-1" } } })).result?.resultType).toBe(
      "complete",
    );
    expect((await updateTask(fetch, id, { "ask-1": { action: "accept", content: { echo: "stale" } } })).result?.resultType).toBe(
      "complete",
    );
    watched.channel.push("finish");
    await pollUntil(fetch, id, terminal);
    expect(watched.channel.answers).toEqual([{ action: "accept", content: { echo: "ask-1" } }]);
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// Shared storage: the file system across a restart and across processes, and Redis across two handlers.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "agntn-tasks-"));
  folders.push(folder);
  return folder;
}

describe("a task on the file system", () => {
  it("is answered by a new handler on the same folder after the first one closed", async () => {
    const base = tempFolder();
    const first = createMcpHttpHandler(INFO, [drivenTool], {
      tasks: createTaskStore({ storage: createStorage({ driver: fsDriver({ base }) }) }),
    });
    const channel = new Channel();
    channels.set("restart", channel);
    const created = await call(first.fetch, "driven", { run: "restart" });
    const id = created.result?.taskId as string;
    channel.push("finish");
    const done = await pollUntil(first.fetch, id, terminal);
    await first.close();

    const storage = createStorage({ driver: fsDriver({ base }) });
    const second = createMcpHttpHandler(INFO, [drivenTool], { tasks: createTaskStore({ storage }) });
    const again = await getTask(second.fetch, id);
    expect(again.result).toEqual(done);
    expect(again.result).toMatchObject({
      status: "completed",
      result: { content: [{ type: "text", text: "finished restart" }] },
      createdAt: created.result?.createdAt,
      ttlMs: 3_600_000,
    });
    await second.close();
    await storage.dispose();
  });
});

/** A handler in its own process, on a shared fs storage with a 1.5 s lease, whose `slow` task runs until aborted. */
const CHILD_SERVER = `
import { defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler, createTaskStore } from "@agntn/tools/mcp";
import { serve } from "srvx";
import { createStorage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";
const slow = defineTool({
  name: "slow", title: "Slow", description: "Runs until it is stopped.", effect: "read", task: "required",
  input: Type.Object({}, { additionalProperties: false }),
  async execute(_args, { signal }) {
    await new Promise((resolve) => signal?.addEventListener("abort", resolve, { once: true }));
    return { content: [{ type: "text", text: "stopped" }] };
  },
});
const storage = createStorage({ driver: fsDriver({ base: process.env.TASKS_FOLDER }) });
const handler = createMcpHttpHandler({ name: "child", version: "1.0.0" }, [slow], { tasks: createTaskStore({ storage, leaseMs: 1500 }) });
const server = serve({ hostname: "127.0.0.1", port: 0, silent: true, fetch: (request) => handler.fetch(request) });
await server.ready();
console.log(new URL("/mcp", server.url).href);
`;

/** Starts the child server and resolves with it and its URL once it printed the URL. */
function startChild(folder: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--conditions=agntn-source", "--input-type=module", "-e", CHILD_SERVER], {
    cwd: ROOT,
    env: { ...process.env, TASKS_FOLDER: folder },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the child server did not start: ${output}`)), 20_000);
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const url = /^(http:\/\/\S+)$/m.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the child server exited ${code}: ${output}`));
    });
  });
}

describe("a task whose process is killed", () => {
  it("stays working until the lease lapses, then reads failed, never working again", { timeout: 40_000 }, async () => {
    const folder = tempFolder();
    const { child, url } = await startChild(folder);
    const remote: Fetch = fetch;
    let killedAt = 0;
    try {
      const created = await rpc(remote, "tools/call", { name: "slow", arguments: {} }, url);
      expect(created.result).toMatchObject({ resultType: "task", status: "working" });
      const id = created.result?.taskId as string;
      // Let the child renew the lease once, so the lapse counts from its last sign of life.
      await sleep(700);
      child.kill("SIGKILL");
      killedAt = Date.now();
      await new Promise((resolve) => child.once("exit", resolve));

      const storage = createStorage({ driver: fsDriver({ base: folder }) });
      const reader = createMcpHttpHandler(INFO, [drivenTool], { tasks: createTaskStore({ storage, leaseMs: 1500 }) });
      const statuses: string[] = [];
      let failedAt = 0;
      let ended: Record<string, unknown> | undefined;
      while (!ended) {
        const answer = await getTask(reader.fetch, id);
        const task = answer.result as Record<string, unknown>;
        if (statuses.at(-1) !== task.status) statuses.push(task.status as string);
        if (task.status !== "working") {
          ended = task;
          failedAt = Date.now();
        }
        if (Date.now() - killedAt > 5000) throw new Error(`still ${task.status} 5 s after the kill`);
        await sleep(50);
      }
      expect(statuses).toEqual(["working", "failed"]);
      expect(ended).toMatchObject({ status: "failed", error: LAPSED, statusMessage: LAPSED.message });
      // The last renewal was at most a third of a lease before the kill, so the lapse comes within a lease of it.
      expect(failedAt - killedAt).toBeLessThan(1500 + 500);
      // It stays failed, the same each time.
      await sleep(300);
      expect((await getTask(reader.fetch, id)).result).toEqual((await getTask(reader.fetch, id)).result);
      expect((await getTask(reader.fetch, id)).result).toMatchObject({
        status: "failed",
        error: LAPSED,
        createdAt: created.result?.createdAt,
      });
      await reader.close();
      await storage.dispose();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
});

describe.skipIf(lacks("redis-server"))("two handlers on one Redis", () => {
  let redis: StartedRedis | undefined;
  afterAll(() => redis?.stop());

  it("reads, answers and cancels a task through the other handler; the tool sees the cancel within a second", {
    timeout: 30_000,
  }, async () => {
    redis = await startRedis();
    const storageA = createStorage({ driver: redisDriver({ url: redis.url }) });
    const storageB = createStorage({ driver: redisDriver({ url: redis.url }) });
    const a = createMcpHttpHandler(INFO, [drivenTool], { tasks: createTaskStore({ storage: storageA }) });
    const b = createMcpHttpHandler(INFO, [drivenTool], { tasks: createTaskStore({ storage: storageB }) });
    const client = new Redis(redis.url);
    try {
      const channel = new Channel();
      channels.set("redis", channel);
      const created = await call(a.fetch, "driven", { run: "redis" });
      const id = created.result?.taskId as string;
      expect(created.result).toMatchObject({ resultType: "task", status: "working", ttlMs: 3_600_000 });
      expect((await getTask(b.fetch, id)).result).toMatchObject({ taskId: id, status: "working", createdAt: created.result?.createdAt });

      channel.push("ask");
      const asked = await pollUntil(b.fetch, id, (task) => task.status === "input_required");
      expect(Object.keys(asked.inputRequests as object)).toEqual(["ask-1"]);
      expect((await updateTask(b.fetch, id, { "ask-1": { action: "accept", content: { echo: "ask-1" } } })).result?.resultType).toBe(
        "complete",
      );
      await pollUntil(b.fetch, id, (task) => task.status === "working");
      expect(channel.answers).toEqual([{ action: "accept", content: { echo: "ask-1" } }]);

      // Every key the store wrote carries an expiry a little past the task's ttl of an hour.
      const keys = await client.keys("*");
      expect(keys).toContain(`agntn:tasks:task:${id}`);
      for (const key of keys) {
        const ttl = await client.ttl(key);
        expect(ttl, key).toBeGreaterThan(3500);
        expect(ttl, key).toBeLessThanOrEqual(3660);
      }

      const cancelled = Date.now();
      expect((await cancelTask(b.fetch, id)).result?.resultType).toBe("complete");
      while (channel.abortedAt === undefined && Date.now() - cancelled < 3000) await sleep(5);
      const seenAfter = (channel.abortedAt ?? Number.POSITIVE_INFINITY) - cancelled;
      expect(seenAfter).toBeLessThan(1000);
      const ended = await pollUntil(b.fetch, id, terminal);
      expect(ended).toMatchObject({ status: "cancelled", statusMessage: "Cancelled at the client's request" });
      expect((await getTask(a.fetch, id)).result).toEqual(ended);
    } finally {
      client.disconnect();
      await a.close();
      await b.close();
      await storageA.dispose();
      await storageB.dispose();
    }
  });
});

describe("the per-caller bound", () => {
  it("refuses a caller's next task at the bound and takes one again once a task ended, on one key per caller", async () => {
    const storage = createStorage();
    const handler = createMcpHttpHandler(INFO, [drivenTool], { tasks: createTaskStore({ storage, maxTasksPerCaller: 2 }) });
    const first = new Channel();
    const second = new Channel();
    const third = new Channel();
    channels.set("bound-1", first);
    channels.set("bound-2", second);
    channels.set("bound-3", third);
    const one = await call(handler.fetch, "driven", { run: "bound-1" });
    await call(handler.fetch, "driven", { run: "bound-2" });
    expect(await call(handler.fetch, "driven", { run: "bound-3" })).toMatchObject({
      result: {
        content: [{ type: "text", text: "You hold the most unfinished tasks allowed (2); cancel one or wait for one to finish" }],
        isError: true,
      },
    });
    expect(third.starts).toBe(0);
    // The caller's unfinished tasks are one key, not one key each.
    expect((await storage.getKeys()).filter((key) => key.includes(":held:"))).toEqual(["agntn:tasks:held:anonymous"]);
    first.push("finish");
    await pollUntil(handler.fetch, one.result?.taskId as string, terminal);
    expect(await call(handler.fetch, "driven", { run: "bound-3" })).toMatchObject({ result: { resultType: "task", status: "working" } });
    second.push("finish");
    third.push("finish");
    await handler.close();
  });

  it("on the store's own memory storage, five creations at once give two tasks and three refusals, and an end frees a place", async () => {
    const handler = createMcpHttpHandler(INFO, [drivenTool], { tasks: createTaskStore({ maxTasksPerCaller: 2 }) });
    const runs = ["at-once-1", "at-once-2", "at-once-3", "at-once-4", "at-once-5"];
    for (const run of runs) channels.set(run, new Channel());
    const answers = await Promise.all(runs.map((run) => call(handler.fetch, "driven", { run })));
    const started = runs.filter((_, i) => answers[i]?.result?.resultType === "task");
    expect(started).toHaveLength(2);
    expect(answers.filter((answer) => answer.result?.isError).map((answer) => answer.result?.content)).toEqual(
      Array(3).fill([{ type: "text", text: "You hold the most unfinished tasks allowed (2); cancel one or wait for one to finish" }]),
    );
    await sleep(20);
    expect(runs.map((run) => channels.get(run)?.starts)).toEqual(runs.map((run) => (started.includes(run) ? 1 : 0)));
    channels.get(started[0] as string)?.push("finish");
    await pollUntil(handler.fetch, answers[runs.indexOf(started[0] as string)]?.result?.taskId as string, terminal);
    channels.set("at-once-6", new Channel());
    expect(await call(handler.fetch, "driven", { run: "at-once-6" })).toMatchObject({ result: { resultType: "task", status: "working" } });
    for (const run of [started[1] as string, "at-once-6"]) channels.get(run)?.push("finish");
    await handler.close();
  });
});

describe("a memory store", () => {
  it("forgets the tasks this instance created once their ttl passed, read again or not", async () => {
    const storage = createStorage();
    const handler = createMcpHttpHandler(INFO, [drivenTool], { tasks: createTaskStore({ storage, ttlMs: 300 }) });
    const channel = new Channel();
    channels.set("sweep-1", channel);
    channels.set("sweep-2", new Channel());
    const first = await call(handler.fetch, "driven", { run: "sweep-1" });
    const id = first.result?.taskId as string;
    channel.push("finish");
    await pollUntil(handler.fetch, id, terminal);
    expect(await storage.hasItem(`agntn:tasks:task:${id}`)).toBe(true);
    await sleep(400);
    // Nobody reads the first task again: the next creation sweeps it.
    const second = await call(handler.fetch, "driven", { run: "sweep-2" });
    expect(second.result).toMatchObject({ resultType: "task" });
    await sleep(20);
    expect(await storage.hasItem(`agntn:tasks:task:${id}`)).toBe(false);
    await sleep(700);
    // The second, still running past its ttl, is ended by its runner and not written back.
    const keys = await storage.getKeys("agntn:tasks:task");
    expect(keys).toEqual([]);
    expect(channels.get("sweep-2")?.abortedAt).toBeDefined();
    await handler.close();
  });
});

describe("the store's own memory storage (the default)", () => {
  it("keeps, reads and removes as an unstorage storage does, through many removals of one key beside keys kept", async () => {
    const storage = memoryStorage();
    expect(await storage.getItem("missing")).toBe(null);
    expect(await storage.hasItem("missing")).toBe(false);
    await storage.setItem("a", { n: 1 } as never);
    expect(await storage.getItem("a")).toEqual({ n: 1 });
    // Values are copies: what was read cannot change what is kept.
    ((await storage.getItem("a")) as { n: number }).n = 2;
    expect(await storage.getItem("a")).toEqual({ n: 1 });
    await storage.setItem("a", undefined as never);
    expect(await storage.hasItem("a")).toBe(false);
    await storage.removeItem("never-there");
    // Keys that stay, and one key written and removed again and again (a caller's held tasks): the removals are marked,
    // then cleared once they outnumber the live keys, and every read stays right through the clearing.
    for (let i = 0; i < 1500; i++) await storage.setItem(`kept:${i}`, i as never);
    for (let round = 0; round < 5000; round++) {
      await storage.setItem("held", { round } as never);
      expect(await storage.getItem("held")).toEqual({ round });
      await storage.removeItem("held");
      expect(await storage.hasItem("held")).toBe(false);
      await storage.setItem(`gone:${round}`, round as never);
      await storage.removeItem(`gone:${round}`);
    }
    expect(await storage.getItem("kept:0")).toBe(0);
    expect(await storage.getItem("kept:1499")).toBe(1499);
    expect(await storage.hasItem("gone:4999")).toBe(false);
    await storage.setItem("held", "back" as never);
    expect(await storage.getItem("held")).toBe("back");
  });
});
