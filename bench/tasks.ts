/**
 * Benchmark 17: MCP tasks (`io.modelcontextprotocol/tasks`, 2026-07-28) through
 * one `createMcpHttpHandler` `fetch`, in process (no network), raw JSON-RPC
 * requests as a client sends them.
 *
 * - A task's round trip: `tools/call` from a client that declared the extension
 *   (the handler stores a task, runs the tool in the background and answers
 *   with the handle), then one `tasks/get` once it completed, against a plain
 *   `tools/call` of the same tool from a client that did not declare it (the
 *   answer at once). The tool is `task: "optional"` and echoes its text.
 * - `tasks/get` of a completed task on the memory store against the same on a
 *   Redis store (a real redis-server on loopback, unstorage's redis driver):
 *   what a shared store costs per poll.
 *
 * Variants interleaved in one process, rounds of one batch each, the order
 * rotating (bench/paired.ts); ratios are medians of per-round ratios of CPU
 * time (user + system), as in benchmarks 13, 14 and 16.
 */
import { defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler, createTaskStore, type McpHttpHandler } from "@agntn/tools/mcp";
import { createStorage } from "unstorage";
import redisDriver from "unstorage/drivers/redis";
import { startRedis } from "../test/fixtures/redis.ts";
import { formatNs, formatRatio, median, QUICK, type Section, standalone } from "./harness.ts";
import { type Paired, paired, pairedTable, ratioOf } from "./paired.ts";

const info = { name: "bench", version: "1.0.0" };
const VERSION = "2026-07-28";
const URL_ = "http://127.0.0.1/mcp";

const echo = defineTool({
  name: "echo",
  title: "Echo",
  description: "Answers with its text.",
  effect: "read",
  task: "optional",
  input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
  execute: ({ text }) => ({ content: [{ type: "text", text }] }),
});

let nextId = 1;

/** One raw 2026-07-28 request; `tasks` says whether the client declares the extension. */
async function rpc(handler: McpHttpHandler, method: string, params: Record<string, unknown>, name: string, tasks: boolean) {
  const capabilities = tasks ? { extensions: { "io.modelcontextprotocol/tasks": {} } } : {};
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": VERSION,
        "io.modelcontextprotocol/clientInfo": { name: "bench-client", version: "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": capabilities,
      },
    },
  });
  const response = await handler.fetch(
    new Request(URL_, {
      method: "POST",
      headers: {
        host: "127.0.0.1",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": VERSION,
        "mcp-method": method,
        "mcp-name": name,
      },
      body,
    }),
  );
  const answer = (await response.json()) as { result?: Record<string, unknown>; error?: { message: string } };
  if (!answer.result) throw new Error(`${method}: ${JSON.stringify(answer)}`);
  return answer.result;
}

const callNow = (handler: McpHttpHandler) => rpc(handler, "tools/call", { name: "echo", arguments: { text: "hello" } }, "echo", false);
const callTask = (handler: McpHttpHandler) => rpc(handler, "tools/call", { name: "echo", arguments: { text: "hello" } }, "echo", true);
const getTask = (handler: McpHttpHandler, taskId: string) => rpc(handler, "tasks/get", { taskId }, taskId, true);

/** tasks/get until the task completed; how many gets it took beyond the one the round trip counts. */
let extraGets = 0;
async function roundTrip(handler: McpHttpHandler): Promise<unknown> {
  const handle = await callTask(handler);
  if (handle.resultType !== "task") throw new Error(`no task: ${JSON.stringify(handle)}`);
  for (;;) {
    const task = await getTask(handler, handle.taskId as string);
    if (task.status === "completed") return task;
    extraGets++;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A completed task on this handler, for the tasks/get variants. */
async function completedTask(handler: McpHttpHandler): Promise<string> {
  const handle = await callTask(handler);
  for (let tries = 0; tries < 100; tries++) {
    const task = await getTask(handler, handle.taskId as string);
    if (task.status === "completed") return handle.taskId as string;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the task never completed");
}

export async function run(): Promise<Section> {
  const memory = createMcpHttpHandler(info, [echo], { tasks: createTaskStore() });
  const redis = await startRedis();
  const storage = createStorage({ driver: redisDriver({ url: redis.url }) });
  const onRedis = createMcpHttpHandler(info, [echo], { tasks: createTaskStore({ storage }) });
  try {
    // Both kinds of call answer the same text before anything is timed.
    const now = await callNow(memory);
    const done = (await roundTrip(memory)) as { result?: unknown };
    if (JSON.stringify(now.content) !== JSON.stringify((done.result as { content: unknown }).content)) {
      throw new Error(`different answers: ${JSON.stringify(now)} vs ${JSON.stringify(done)}`);
    }
    const rounds = QUICK ? 11 : 101;
    const perBatch = 10;
    extraGets = 0;
    const trip = await paired(
      [
        { name: "tools/call, answered at once", fn: () => callNow(memory) },
        { name: "tools/call as a task + one tasks/get", fn: () => roundTrip(memory) },
        { name: "tools/call as a task, the handle only", fn: () => callTask(memory) },
        // The floor: about what any 2026-07-28 request costs through the per-request handler (2026 has no ping).
        { name: "server/discover (next to nothing to do)", fn: () => rpc(memory, "server/discover", {}, "", false) },
      ],
      rounds,
      perBatch,
    );
    const trips = (rounds + 4) * perBatch;
    const [direct, task, handle, discover] = trip as [Paired, Paired, Paired, Paired];
    const tripRatio = ratioOf(task.cpu, direct.cpu);

    const memoryId = await completedTask(memory);
    const redisId = await completedTask(onRedis);
    const gets = await paired(
      [
        { name: "tasks/get, memory store", fn: () => getTask(memory, memoryId) },
        { name: "tasks/get, Redis store", fn: () => getTask(onRedis, redisId) },
      ],
      rounds,
      perBatch,
    );
    const [onMemory, viaRedis] = gets as [Paired, Paired];
    const getCpu = ratioOf(viaRedis.cpu, onMemory.cpu);
    const getWall = ratioOf(viaRedis.wall, onMemory.wall);
    const perSecond = (wall: number[]) => Math.round(1e9 / median(wall)).toLocaleString("en-US");
    const body = [
      "Raw 2026-07-28 JSON-RPC requests into one `createMcpHttpHandler` `fetch` in process (no network), one request in flight.",
      `${rounds} rounds of a batch of ${perBatch} operations per variant, the order rotating; CPU is the process's user + system time.`,
      "",
      "A task's round trip on the memory store (`tools/call` answered with the handle, the tool run in the background,",
      `then one \`tasks/get\` with the result) against the same tool called plainly. Of about ${trips.toLocaleString("en-US")} round trips,`,
      `${extraGets} needed a second \`tasks/get\` (the task had not yet completed when the first came).`,
      "",
      pairedTable(trip, "operation", direct),
      "",
      `The task's round trip against the plain call: ${formatRatio(tripRatio)} in CPU, ${formatRatio(ratioOf(task.wall, direct.wall))} in wall time;`,
      `the creating request alone (the handle, the tool run in the background, its end written): ${formatRatio(ratioOf(handle.cpu, direct.cpu))} in CPU;`,
      `a \`server/discover\`, which has next to nothing to do, ${formatRatio(ratioOf(discover.cpu, direct.cpu))}: a round trip is two requests, and each pays that much before it starts.`,
      "",
      "`tasks/get` of one completed task, the memory store against a Redis store (redis-server on loopback, unstorage's redis",
      "driver on ioredis): one `GET` per poll.",
      "",
      pairedTable(gets, "request", onMemory),
      "",
      `Sequential throughput: ${perSecond(onMemory.wall)} tasks/get per second on memory, ${perSecond(viaRedis.wall)} on Redis`,
      `(Redis/memory: ${formatRatio(getCpu)} in CPU, ${formatRatio(getWall)} in wall time).`,
    ];
    return {
      id: 17,
      title: "Tasks: a task's round trip vs a plain call, and tasks/get on memory vs Redis",
      body: body.join("\n"),
      targets: [
        {
          what: "tools/call as a task + one tasks/get vs a plain tools/call (CPU, memory store)",
          target: "≤ 2×",
          measured: `${formatRatio(tripRatio)} (${formatNs(median(task.cpu))} vs ${formatNs(median(direct.cpu))})`,
          met: tripRatio <= 2,
        },
        {
          what: "tasks/get on Redis vs on memory (wall per request; reported, no aim)",
          target: "—",
          measured: `${formatRatio(getWall)} wall, ${formatRatio(getCpu)} CPU (${formatNs(median(viaRedis.wall))} vs ${formatNs(median(onMemory.wall))})`,
          met: true,
        },
      ],
    };
  } finally {
    await memory.close();
    await onRedis.close();
    await storage.dispose();
    redis.stop();
  }
}

if (import.meta.main) await standalone(run);
