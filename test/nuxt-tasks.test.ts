/**
 * MCP tasks on the Nuxt module's route, kept in Nitro's storage at the mount
 * `agntn-tasks` (test/fixtures/nuxt-tasks, built once: a tool with
 * `task: "optional"` that reports progress, holds, asks how many and
 * answers; a Nitro plugin mounts Redis there when NUXT_TASKS_REDIS_URL is
 * set; `agntnTools.tasks` gives a 2 s lease). Raw 2026-07-28 JSON-RPC, as any
 * client sends it.
 * - Three instances behind a real nginx sharing a real Redis: a task created
 *   through the first is read through the other two and nginx, answered
 *   through the second (the first's tool gets the answer and completes),
 *   cancelled through the third (the first's tool sees the abort within a
 *   second); a killed first instance's task ends `failed` once its lease
 *   lapses; after a restart of all three a finished task is still read.
 * - Nothing mounted: Nitro keeps the tasks in the process's memory, so they
 *   work within one instance and another knows none of them.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Balancer, startBalancer } from "./fixtures/nginx.ts";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { type StartedRedis, startRedis } from "./fixtures/redis.ts";
import { lacks } from "./helpers/lacks.ts";
import { postTask } from "./helpers/tasks-wire.ts";

const APP = join(root, "test/fixtures/nuxt-tasks");
const STATE_KEY = "a-state-key-every-tasks-instance-shares-01";
/** The lease the fixture sets (`agntnTools.tasks.leaseMs`). */
const LEASE_MS = 2000;

const SERVER_META = { "io.modelcontextprotocol/serverInfo": { name: "agntn-tasks", version: "1.0.0" } };

interface Reply {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  /** The instance nginx passed the request to (its own header), when the request went through it. */
  upstream: string | null;
}

/** One JSON-RPC request to the route at `base`, framed as a 2026-07-28 client frames it. */
async function rpc(base: URL, method: string, params: Record<string, unknown>): Promise<Reply> {
  // Declaring the Tasks extension and form questions, as every request of these tests does.
  const { reply, response } = await postTask(new URL("/mcp", base), method, params);
  return { ...(reply as Omit<Reply, "upstream">), upstream: response.headers.get("x-agntn-upstream") };
}

const call = (base: URL, item: string, holdMs?: number) =>
  rpc(base, "tools/call", { name: "order_item", arguments: holdMs === undefined ? { item } : { item, holdMs } });
const get = (base: URL, taskId: string) => rpc(base, "tasks/get", { taskId });

/** The task as `tasks/get` through `base` tells it, once `ready` holds of it (at most `within` ms). */
async function taskWhen(base: URL, taskId: string, ready: (task: Record<string, unknown>) => boolean, within = 10_000) {
  const started = Date.now();
  for (;;) {
    const { result, error } = await get(base, taskId);
    if (error) throw new Error(`tasks/get answered ${error.code} ${error.message}`);
    if (result && ready(result)) return result;
    if (Date.now() - started > within) throw new Error(`task ${taskId} never got there: ${JSON.stringify(result)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A task's fields that change from run to run (its id and times), left out so the rest compares to literals. */
function steady(task: Record<string, unknown>): Record<string, unknown> {
  const { taskId, createdAt, lastUpdatedAt, ...rest } = task;
  expect([typeof taskId, typeof createdAt, typeof lastUpdatedAt]).toEqual(["string", "string", "string"]);
  return rest;
}

/** What the instance's tool saw (the fixture's /api/seen). */
async function seenOn(base: URL): Promise<Array<{ event: string; item: string; at: number }>> {
  const response = await fetch(new URL("/api/seen", base));
  return ((await response.json()) as { seen: Array<{ event: string; item: string; at: number }> }).seen;
}

const QUESTION = {
  "ask-1": {
    method: "elicitation/create",
    params: {
      mode: "form",
      message: "How many tea?",
      requestedSchema: { type: "object", properties: { quantity: { type: "number", minimum: 1 } }, required: ["quantity"] },
    },
  },
};

beforeAll(async () => {
  await buildApp(APP);
}, 600_000);

describe.skipIf(lacks("nginx", "redis-server"))("three instances behind nginx, their tasks in a shared Redis", () => {
  let redis: StartedRedis;
  let instances: StartedApp[] = [];
  let balancer: Balancer;
  /** The tea task, finished in the first test and read again after the restart. */
  let finished = "";
  let killed = "";
  const start = (label: string) =>
    startApp(APP, { NUXT_TASKS_REDIS_URL: redis.url, NUXT_TASKS_INSTANCE: label, NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: STATE_KEY });

  beforeAll(async () => {
    redis = await startRedis();
    instances = await Promise.all([start("one"), start("two"), start("three")]);
    balancer = await startBalancer(
      instances.map((app) => app.url),
      "round-robin",
    );
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const app of instances) app?.stop();
    redis?.stop();
  });

  it("a task created through the first is read through the second, the third and nginx; answered through the second, the first's tool completes it", async () => {
    const [first, second, third] = instances as [StartedApp, StartedApp, StartedApp];
    const created = await call(first.url, "tea");
    expect(steady(created.result ?? {})).toEqual({
      content: [],
      resultType: "task",
      status: "working",
      ttlMs: 3_600_000,
      pollIntervalMs: 250,
      _meta: SERVER_META,
    });
    const taskId = String(created.result?.taskId);
    const waiting = await taskWhen(second.url, taskId, (task) => task.status === "input_required");
    const expected = {
      resultType: "complete",
      status: "input_required",
      ttlMs: 3_600_000,
      pollIntervalMs: 250,
      statusMessage: "asking about tea (2/3)",
      inputRequests: QUESTION,
      _meta: SERVER_META,
    };
    expect(steady(waiting)).toEqual(expected);
    // The same record through every instance: the third, and nginx three times round (one per instance).
    const elsewhere = [
      await get(third.url, taskId),
      await get(balancer.url, taskId),
      await get(balancer.url, taskId),
      await get(balancer.url, taskId),
    ];
    for (const reply of elsewhere) expect(reply.result).toEqual(waiting);
    expect(new Set(elsewhere.slice(1).map((reply) => reply.upstream)).size).toBe(3);

    const updated = await rpc(second.url, "tasks/update", {
      taskId,
      inputResponses: { "ask-1": { action: "accept", content: { quantity: 3 } } },
    });
    expect(updated.result).toEqual({ resultType: "complete", _meta: SERVER_META });
    const done = await taskWhen(balancer.url, taskId, (task) => task.status === "completed");
    expect(steady(done)).toEqual({
      resultType: "complete",
      status: "completed",
      ttlMs: 3_600_000,
      pollIntervalMs: 250,
      statusMessage: "asking about tea (2/3)",
      result: { resultType: "complete", content: [{ type: "text", text: "ordered 3 tea on one" }] },
      _meta: SERVER_META,
    });
    // The first instance's tool got the answer; the others ran nothing.
    expect((await seenOn(first.url)).map((entry) => `${entry.event} ${entry.item}`)).toEqual(["started tea", "answered tea"]);
    expect(await seenOn(second.url)).toEqual([]);
    expect(await seenOn(third.url)).toEqual([]);
    finished = taskId;
  });

  it("cancelled through the third, the first's tool sees its abort within a second and the task ends cancelled", async () => {
    const [first, second, third] = instances as [StartedApp, StartedApp, StartedApp];
    const created = await call(first.url, "coffee", 60_000);
    const taskId = String(created.result?.taskId);
    await taskWhen(third.url, taskId, (task) => task.statusMessage === "checking coffee (1/3)");
    const sentAt = Date.now();
    expect((await rpc(third.url, "tasks/cancel", { taskId })).result).toEqual({ resultType: "complete", _meta: SERVER_META });
    let aborted: { at: number } | undefined;
    while (!aborted && Date.now() - sentAt < 5000) {
      aborted = (await seenOn(first.url)).find((entry) => entry.event === "aborted" && entry.item === "coffee");
      if (!aborted) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const tookMs = (aborted?.at ?? Number.POSITIVE_INFINITY) - sentAt;
    console.info(`[nuxt-tasks] cancel through the third, abort seen on the first after ${tookMs} ms`);
    expect(tookMs).toBeLessThan(1000);
    const ended = await taskWhen(second.url, taskId, (task) => task.status === "cancelled");
    expect(steady(ended)).toEqual({
      resultType: "complete",
      status: "cancelled",
      ttlMs: 3_600_000,
      pollIntervalMs: 250,
      statusMessage: "Cancelled at the client's request",
      _meta: SERVER_META,
    });
  });

  it("the first killed while its task runs: read through the second, the task ends failed once its lease lapses", async () => {
    const [first, second] = instances as [StartedApp, StartedApp];
    const created = await call(first.url, "milk", 60_000);
    const taskId = String(created.result?.taskId);
    await taskWhen(second.url, taskId, (task) => task.statusMessage === "checking milk (1/3)");
    first.process.kill("SIGKILL");
    const killedAt = Date.now();
    const failed = await taskWhen(second.url, taskId, (task) => task.status === "failed", LEASE_MS + 5000);
    const tookMs = Date.now() - killedAt;
    console.info(`[nuxt-tasks] instance killed, its task read as failed after ${tookMs} ms (lease ${LEASE_MS} ms)`);
    expect(tookMs).toBeLessThan(LEASE_MS + 1500);
    expect(steady(failed)).toEqual({
      resultType: "complete",
      status: "failed",
      ttlMs: 3_600_000,
      pollIntervalMs: 250,
      statusMessage: "The server running this task stopped before it finished",
      error: { code: -32603, message: "The server running this task stopped before it finished" },
      _meta: SERVER_META,
    });
    killed = taskId;
  });

  it("after all three restart, the finished task and the failed one are still read through each (Redis kept them)", async () => {
    expect([finished, killed].every(Boolean)).toBe(true);
    // The two that lived printed no error line; the killed one could not.
    expect(instances.slice(1).map((app) => app.stderr())).toEqual(["", ""]);
    await balancer.stop();
    for (const app of instances) app.stop();
    instances = await Promise.all([start("four"), start("five"), start("six")]);
    for (const app of instances) {
      const done = await get(app.url, finished);
      expect(done.result?.status).toBe("completed");
      expect(done.result?.result).toEqual({ resultType: "complete", content: [{ type: "text", text: "ordered 3 tea on one" }] });
      const failed = await get(app.url, killed);
      expect(failed.result?.error).toEqual({ code: -32603, message: "The server running this task stopped before it finished" });
    }
  }, 60_000);

  it("prints no error line on any instance", () => {
    for (const app of instances) expect(app.stderr()).toBe("");
  });
});

describe("nothing mounted at agntn-tasks: Nitro keeps the tasks in memory", () => {
  let alone: StartedApp;
  let other: StartedApp;

  beforeAll(async () => {
    [alone, other] = await Promise.all([
      startApp(APP, { NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: STATE_KEY }),
      startApp(APP, { NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: STATE_KEY }),
    ]);
  }, 60_000);

  afterAll(() => {
    alone?.stop();
    other?.stop();
  });

  it("a task is created, asked, answered and completed within one instance; another instance knows none of it", async () => {
    const created = await call(alone.url, "tea");
    const taskId = String(created.result?.taskId);
    const waiting = await taskWhen(alone.url, taskId, (task) => task.status === "input_required");
    expect(waiting.inputRequests).toEqual(QUESTION);
    await rpc(alone.url, "tasks/update", { taskId, inputResponses: { "ask-1": { action: "accept", content: { quantity: 2 } } } });
    const done = await taskWhen(alone.url, taskId, (task) => task.status === "completed");
    expect(done.result).toEqual({ resultType: "complete", content: [{ type: "text", text: "ordered 2 tea on alone" }] });
    expect((await get(other.url, taskId)).error).toEqual({ code: -32602, message: `No task "${taskId}" is known to this caller` });
  });

  it("prints no error line", () => {
    expect(alone.stderr()).toBe("");
    expect(other.stderr()).toBe("");
  });
});
