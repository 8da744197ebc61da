/**
 * MCP Tasks (`io.modelcontextprotocol/tasks`, 2026-07-28) driven by the
 * official client, `@modelcontextprotocol/ext-tasks`, over a real SDK v2
 * client pinned to 2026-07-28, against `createMcpHttpHandler` on loopback.
 * The package's task calls go through our own raw dispatch (the SDK's codecs
 * do not carry task shapes): a POST with the standard headers, its JSON-RPC
 * answer read back. Raw `tasks/*` requests check what the client hides:
 * status messages, input request keys, the one answer an unknown or another
 * caller's id gets, and hostile input.
 */

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AnyTool, defineTool, type Middleware, ToolDefinitionError, Type, withMiddleware } from "@agntn/tools";
import { createJwtVerifier, createMcpHttpHandler, createTaskStore, type McpHttpHandler } from "@agntn/tools/mcp";
import { telemetry } from "@agntn/tools/otel";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  createTaskSessionFromClient,
  type RawClientDispatch,
  resultFromTaskOutcome,
  type SerializedTaskReference,
  type TaskEnabledSession,
  type WithTasksOptions,
} from "@modelcontextprotocol/ext-tasks/client";
import type { JsonValue } from "@modelcontextprotocol/ext-tasks/core";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { Server } from "srvx";
import { createStorage, defineDriver, type Storage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthorizationServer, startAuthorizationServer } from "./fixtures/authorization-server.ts";
import { serveWith } from "./helpers/loopback.ts";

const INFO = { name: "jobs", version: "1.0.0" };
const V2026 = "2026-07-28";
const EXT = "io.modelcontextprotocol/tasks";
const CLIENT_INFO = { name: "tasks-test", version: "1.0.0" };
/** What our test client declares: forms and sampling (the tasks extension is added by ext-tasks' framing). */
const CAPABILITIES = { elicitation: { form: {} }, sampling: {} };
/** What every answer of this server carries in its `_meta` on 2026-07-28. */
const SERVER_META = { "io.modelcontextprotocol/serverInfo": { name: "jobs", version: "1.0.0" } };
const DONE = { resultType: "complete", _meta: SERVER_META };

/** What the tools saw, for the assertions on signals and runs. */
const seen = { aborted: [] as string[], runs: 0, gates: new Map<string, () => void>() };

/** A promise the test opens by name, so a task can be looked at while it waits. */
function gate(name: string): Promise<void> {
  return new Promise((resolve) => seen.gates.set(name, resolve));
}
function open(name: string): void {
  const release = seen.gates.get(name);
  if (!release) throw new Error(`no gate ${name}`);
  seen.gates.delete(name);
  release();
}
const waitForGate = (name: string) => expect.poll(() => seen.gates.has(name), { timeout: 5000 }).toBe(true);

const slowJob = defineTool({
  name: "slow_job",
  title: "Slow job",
  description: "Counts steps, reporting each.",
  effect: "read",
  task: "optional",
  input: Type.Object(
    { steps: Type.Integer({ minimum: 1 }), fail: Type.Optional(Type.Enum(["throw", "error"])), hold: Type.Optional(Type.String()) },
    { additionalProperties: false },
  ),
  output: Type.Object({ steps: Type.Integer() }, { additionalProperties: false }),
  execute: async ({ steps, fail, hold }, { progress }) => {
    seen.runs++;
    for (let step = 1; step <= steps; step++) progress?.(`step ${step}`, { progress: step, total: steps });
    if (hold) await gate(hold);
    if (fail === "throw") throw new Error("disk \u001b[31mfull\nsecond line");
    if (fail === "error") return { content: [{ type: "text", text: "No room left." }], details: { steps: 0 }, isError: true };
    return { content: [{ type: "text", text: `${steps} steps done` }], details: { steps } };
  },
});

const askTwice = defineTool({
  name: "ask_twice",
  title: "Ask twice",
  description: "Asks two questions.",
  effect: "write",
  task: "optional",
  input: Type.Object({}, { additionalProperties: false }),
  execute: async (_input, { ask }) => {
    if (!ask) return { content: [{ type: "text", text: "nobody to ask" }] };
    const first = await ask({ message: "Your name?", schema: Type.Object({ name: Type.String() }, { additionalProperties: false }) });
    if (first.action !== "accept") return { content: [{ type: "text", text: `first: ${first.action}` }] };
    const second = await ask({ message: "Sure?", schema: Type.Object({ sure: Type.Boolean() }, { additionalProperties: false }) });
    const sure = second.action === "accept" ? String(second.content.sure) : second.action;
    return { content: [{ type: "text", text: `hello ${first.content.name}, sure: ${sure}` }] };
  },
});

const sampleOnce = defineTool({
  name: "sample_once",
  title: "Sample once",
  description: "Asks the client's model.",
  effect: "read",
  task: "optional",
  input: Type.Object({}, { additionalProperties: false }),
  execute: async (_input, { sample }) => {
    if (!sample) return { content: [{ type: "text", text: "no sampling" }], isError: true };
    const reply = await sample({ messages: [{ role: "user", content: { type: "text", text: "Say hi" } }], maxTokens: 10 });
    return { content: [{ type: "text", text: `model said: ${reply.text}` }] };
  },
});

const waitJob = defineTool({
  name: "wait_job",
  title: "Wait job",
  description: "Waits until it is cancelled.",
  effect: "read",
  task: "optional",
  input: Type.Object({ tag: Type.String() }, { additionalProperties: false }),
  execute: async ({ tag }, { signal }) => {
    await new Promise<void>((resolve) => {
      signal?.addEventListener(
        "abort",
        () => {
          seen.aborted.push(tag);
          resolve();
        },
        { once: true },
      );
    });
    return { content: [{ type: "text", text: `${tag} stopped` }] };
  },
});

const requiredJob = defineTool({
  name: "required_job",
  title: "Required job",
  description: "Runs only as a task.",
  effect: "read",
  task: "required",
  input: Type.Object({}, { additionalProperties: false }),
  execute: () => ({ content: [{ type: "text", text: "required done" }] }),
});

const TOOLS: AnyTool[] = [slowJob, askTwice, sampleOnce, waitJob, requiredJob];

// ---------------------------------------------------------------- the wire

interface RpcMessage {
  jsonrpc?: string;
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** The JSON-RPC message(s) of an answer, whether JSON or server-sent events. */
function messagesOf(text: string): RpcMessage[] {
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return [JSON.parse(trimmed)].flat() as RpcMessage[];
  return trimmed
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line.length > 6)
    .map((line) => JSON.parse(line.slice(6)) as RpcMessage);
}

let nextId = 1;

/** The `_meta` envelope of a 2026-07-28 request, with or without the extension. */
function envelope(tasks = true): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": V2026,
    "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
    "io.modelcontextprotocol/clientCapabilities": { ...CAPABILITIES, ...(tasks ? { extensions: { [EXT]: {} } } : {}) },
  };
}

/** POSTs one JSON-RPC request (already framed) and reads back its answer. */
async function post(url: URL, message: Record<string, unknown>, token?: string, signal?: AbortSignal): Promise<RpcMessage> {
  const params = (message.params ?? {}) as Record<string, unknown>;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": V2026,
    "mcp-method": String(message.method),
  };
  // Mcp-Name names the tool or the task; a value a header cannot carry goes in the spec's base64 form.
  const name = message.method === "tools/call" ? params.name : params.taskId;
  if (typeof name === "string")
    headers["mcp-name"] = /^[\x21-\x7e]+$/.test(name) ? name : `=?base64?${Buffer.from(name).toString("base64")}?=`;
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(message), ...(signal ? { signal } : {}) });
  const answers = messagesOf(await response.text());
  const last = answers.at(-1);
  if (!last) throw new Error(`no answer (HTTP ${response.status})`);
  return last;
}

/** A raw 2026 request with the extension declared (or not). */
function raw(url: URL, method: string, params: Record<string, unknown>, options: { token?: string; tasks?: boolean } = {}) {
  return post(url, { jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: envelope(options.tasks) } }, options.token);
}

/** ext-tasks' raw dispatch: the framed request over HTTP, the JSON-RPC answer as the package wants it. */
function rawDispatchFor(url: URL, token?: string): RawClientDispatch {
  return async (request, options) => {
    const message = await post(url, { jsonrpc: "2.0", id: nextId++, ...(request as Record<string, unknown>) }, token, options?.signal);
    if (message.error) return { kind: "error", error: message.error as never };
    return { kind: "result", result: message.result as JsonValue };
  };
}

// ---------------------------------------------------------------- the faces

const servers: Server[] = [];
const handlers: McpHttpHandler[] = [];
const clients: Array<{ close(): Promise<void> }> = [];
const sessions: TaskEnabledSession[] = [];
const errors: string[] = [];

async function face(tools: readonly AnyTool[], options: Record<string, unknown> = {}): Promise<URL> {
  const served = await serveWith(() => {
    const handler = createMcpHttpHandler(INFO, tools, { onerror: (error) => errors.push(error.message), ...options });
    handlers.push(handler);
    return (request) => handler.fetch(request);
  });
  servers.push(served.server);
  return served.url;
}

async function modernClient(url: URL, token?: string): Promise<Client> {
  const requestInit = token ? { headers: { authorization: `Bearer ${token}` } } : {};
  const client = new Client(CLIENT_INFO, { capabilities: CAPABILITIES, versionNegotiation: { mode: { pin: V2026 } } } as never);
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit }));
  clients.push(client);
  return client;
}

type InputHandler = NonNullable<WithTasksOptions["onInputRequest"]>;

async function taskSession(
  url: URL,
  options: { token?: string; onInputRequest?: InputHandler; endpointId?: string } = {},
): Promise<TaskEnabledSession> {
  const client = await modernClient(url, options.token);
  const session = createTaskSessionFromClient(client, {
    endpointId: options.endpointId ?? `jobs-${nextId++}`,
    rawDispatch: rawDispatchFor(url, options.token),
    v2RequestFraming: { protocolVersion: V2026, clientInfo: CLIENT_INFO, clientCapabilities: CAPABILITIES },
    ...(options.onInputRequest ? { onInputRequest: options.onInputRequest } : {}),
  });
  sessions.push(session);
  return session;
}

/** What a call answers, without the `_meta` a 2026-07-28 answer may carry. */
function answerOf(result: unknown): Record<string, unknown> {
  const { _meta: _dropped, resultType: _kind, ...rest } = result as Record<string, unknown>;
  return rest;
}

let url: URL;

beforeAll(async () => {
  url = await face(TOOLS, { tasks: createTaskStore({ pollIntervalMs: 50 }) });
}, 30_000);

afterAll(async () => {
  await Promise.allSettled(sessions.map((session) => session.close()));
  await Promise.allSettled(clients.map((client) => client.close()));
  await Promise.allSettled(handlers.map((handler) => handler.close()));
  await Promise.allSettled(servers.map((server) => server.close(true)));
});

// ---------------------------------------------------------------- 1-5: the life of a task

describe("a task through the official client", () => {
  it("create → poll → completed: the result is the plain call's answer, structuredContent kept", async () => {
    const session = await taskSession(url);
    expect(session.capabilities.execution).toBe(true);
    const execution = await session.callTool("slow_job", { steps: 3 });
    expect(execution.kind).toBe("task");
    const { outcome } = await execution.settle();
    expect(outcome.status).toBe("completed");
    const result = resultFromTaskOutcome(outcome);
    expect(answerOf(result)).toEqual({ content: [{ type: "text", text: "3 steps done" }], structuredContent: { steps: 3 } });
    // The same tool called plainly (a 2026 client without the extension) answers the same.
    const plain = await (await modernClient(url)).callTool({ name: "slow_job", arguments: { steps: 3 } });
    expect(answerOf(plain)).toEqual(answerOf(result));
  });

  it("the handle is the spec's CreateTaskResult, and progress shows as the status message while working", async () => {
    const created = await raw(url, "tools/call", { name: "slow_job", arguments: { steps: 2, hold: "progress" } });
    const handle = created.result as Record<string, unknown>;
    expect(Object.keys(handle).sort()).toEqual(
      ["_meta", "content", "createdAt", "lastUpdatedAt", "pollIntervalMs", "resultType", "status", "taskId", "ttlMs"].sort(),
    );
    expect({ resultType: handle.resultType, status: handle.status, ttlMs: handle.ttlMs, pollIntervalMs: handle.pollIntervalMs }).toEqual({
      resultType: "task",
      status: "working",
      ttlMs: 3_600_000,
      pollIntervalMs: 50,
    });
    await waitForGate("progress");
    const taskId = handle.taskId as string;
    await expect
      .poll(async () => {
        const got = (await raw(url, "tasks/get", { taskId })).result;
        return { status: got?.status, statusMessage: got?.statusMessage };
      })
      .toEqual({ status: "working", statusMessage: "step 2 (2/2)" });
    open("progress");
    await expect
      .poll(async () => (await raw(url, "tasks/get", { taskId })).result)
      .toMatchObject({
        resultType: "complete",
        taskId,
        status: "completed",
        result: { content: [{ type: "text", text: "2 steps done" }], structuredContent: { steps: 2 } },
      });
  });

  it("questions are input requests ask-1, then ask-2, answered through onInputRequest (tasks/update)", async () => {
    const keys: unknown[] = [];
    const asked: unknown[] = [];
    let taskId = "";
    const session = await taskSession(url, {
      onInputRequest: async (request, context) => {
        // What the server holds while the client is asked: input_required and the one outstanding key.
        const got = (await raw(url, "tasks/get", { taskId: context.taskId ?? taskId })).result as Record<string, unknown>;
        keys.push({ status: got.status, inputRequests: Object.keys(got.inputRequests as object), inputId: context.inputId });
        asked.push((request.params as { message: string }).message);
        const message = (request.params as { message: string }).message;
        return (
          message === "Your name?" ? { action: "accept", content: { name: "Ada" } } : { action: "accept", content: { sure: true } }
        ) as never;
      },
    });
    const execution = await session.callTool("ask_twice", {});
    if (execution.kind === "task") taskId = execution.handle.taskId;
    const { outcome } = await execution.settle();
    expect(answerOf(resultFromTaskOutcome(outcome))).toEqual({ content: [{ type: "text", text: "hello Ada, sure: true" }] });
    expect(asked).toEqual(["Your name?", "Sure?"]);
    expect(keys).toEqual([
      { status: "input_required", inputRequests: ["ask-1"], inputId: "ask-1" },
      { status: "input_required", inputRequests: ["ask-2"], inputId: "ask-2" },
    ]);
  });

  it("a sampling request is input request sample-1", async () => {
    const ids: unknown[] = [];
    const session = await taskSession(url, {
      onInputRequest: async (request, context) => {
        ids.push({ kind: request.kind, inputId: context.inputId, delivery: context.delivery });
        return { model: "test-model", role: "assistant", content: { type: "text", text: "hi there" } } as never;
      },
    });
    const execution = await session.callTool("sample_once", {});
    const { outcome } = await execution.settle();
    expect(answerOf(resultFromTaskOutcome(outcome))).toEqual({ content: [{ type: "text", text: "model said: hi there" }] });
    expect(ids).toEqual([{ kind: "sampling", inputId: "sample-1", delivery: "task-update" }]);
  });

  it("cancel: the tool's abort signal fires and the task ends cancelled", async () => {
    const session = await taskSession(url);
    const execution = await session.callTool("wait_job", { tag: "cancel-me" });
    expect(execution.kind).toBe("task");
    const taskId = execution.kind === "task" ? execution.handle.taskId : "";
    await execution.cancel();
    await expect.poll(() => seen.aborted).toContain("cancel-me");
    await expect.poll(async () => (await raw(url, "tasks/get", { taskId })).result?.status).toBe("cancelled");
    const got = (await raw(url, "tasks/get", { taskId })).result;
    expect({ status: got?.status, statusMessage: got?.statusMessage, result: got?.result }).toEqual({
      status: "cancelled",
      statusMessage: "Cancelled at the client's request",
      result: undefined,
    });
    // Cancelling again (a task that has ended) is answered, and changes nothing.
    expect((await raw(url, "tasks/cancel", { taskId })).result).toEqual(DONE);
  });

  it("an isError result and a thrown error end completed with the plain call's text, never failed", async () => {
    const session = await taskSession(url);
    const plainClient = await modernClient(url);
    for (const fail of ["error", "throw"] as const) {
      const execution = await session.callTool("slow_job", { steps: 1, fail });
      expect(execution.kind).toBe("task");
      const { outcome } = await execution.settle();
      expect(outcome.status).toBe("completed");
      const plain = await plainClient.callTool({ name: "slow_job", arguments: { steps: 1, fail } });
      expect(answerOf(resultFromTaskOutcome(outcome))).toEqual(answerOf(plain));
    }
    const thrown = answerOf(await plainClient.callTool({ name: "slow_job", arguments: { steps: 1, fail: "throw" } }));
    expect(thrown).toEqual({ content: [{ type: "text", text: "slow_job failed: disk full second line" }], isError: true });
    const refused = answerOf(await plainClient.callTool({ name: "slow_job", arguments: { steps: 1, fail: "error" } }));
    // A plain call drops the details of an error result; the task's result is the same.
    expect(refused).toEqual({ content: [{ type: "text", text: "No room left." }], isError: true });
  });

  it("a task handed off by one session is resumed and settled by another", async () => {
    const first = await taskSession(url, { endpointId: "jobs-resume" });
    const execution = await first.callTool("slow_job", { steps: 4, hold: "resume" });
    expect(execution.kind).toBe("task");
    let saved: SerializedTaskReference | undefined;
    if (execution.kind === "task") {
      await execution.handoff((reference) => {
        saved = reference;
      });
    }
    expect(saved).toMatchObject({ endpointId: "jobs-resume", generation: "v2", originalOperation: "tools/call" });
    const second = await taskSession(url, { endpointId: "jobs-resume" });
    const resumed = await second.resumeTask(saved as SerializedTaskReference);
    await waitForGate("resume");
    open("resume");
    expect(answerOf(resultFromTaskOutcome((await resumed.settle()).outcome))).toEqual({
      content: [{ type: "text", text: "4 steps done" }],
      structuredContent: { steps: 4 },
    });
  });

  it("invalid arguments are answered at once, with no task", async () => {
    const answered = await raw(url, "tools/call", { name: "slow_job", arguments: { steps: "three" } });
    expect(answered.result).toEqual({
      resultType: "complete",
      content: [{ type: "text", text: "Invalid arguments at /steps: must be integer" }],
      isError: true,
      _meta: SERVER_META,
    });
  });
});

// ---------------------------------------------------------------- instances sharing one store

describe("two instances sharing one storage", () => {
  it("a task created on one is read, answered and cancelled through the other", async () => {
    const storage = createStorage();
    const first = await face(TOOLS, { tasks: createTaskStore({ storage, pollIntervalMs: 50 }) });
    const second = await face(TOOLS, { tasks: createTaskStore({ storage, pollIntervalMs: 50 }) });
    // A question, answered through the instance that does not run the task.
    const asked = ((await raw(first, "tools/call", { name: "ask_twice", arguments: {} })).result as { taskId: string }).taskId;
    await expect.poll(async () => (await raw(second, "tasks/get", { taskId: asked })).result?.status).toBe("input_required");
    await raw(second, "tasks/update", { taskId: asked, inputResponses: { "ask-1": { action: "accept", content: { name: "Lin" } } } });
    await expect
      .poll(async () => Object.keys(((await raw(second, "tasks/get", { taskId: asked })).result?.inputRequests ?? {}) as object))
      .toEqual(["ask-2"]);
    await raw(second, "tasks/update", { taskId: asked, inputResponses: { "ask-2": { action: "accept", content: { sure: false } } } });
    await expect
      .poll(async () => (await raw(second, "tasks/get", { taskId: asked })).result?.result)
      .toEqual({ resultType: "complete", content: [{ type: "text", text: "hello Lin, sure: false" }] });
    // A cancel through the other instance reaches the running one.
    const waiting = ((await raw(first, "tools/call", { name: "wait_job", arguments: { tag: "elsewhere" } })).result as { taskId: string })
      .taskId;
    expect((await raw(second, "tasks/cancel", { taskId: waiting })).result).toEqual(DONE);
    await expect.poll(() => seen.aborted).toContain("elsewhere");
    await expect.poll(async () => (await raw(second, "tasks/get", { taskId: waiting })).result?.status).toBe("cancelled");
  });
});

// ---------------------------------------------------------------- 6: ttl

describe("a task's time to live", () => {
  it("a finished task past its ttl is unknown", async () => {
    const short = await face(TOOLS, { tasks: createTaskStore({ ttlMs: 400, pollIntervalMs: 50 }) });
    const created = (await raw(short, "tools/call", { name: "slow_job", arguments: { steps: 1 } })).result as { taskId: string };
    await expect.poll(async () => (await raw(short, "tasks/get", { taskId: created.taskId })).result?.status).toBe("completed");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await raw(short, "tasks/get", { taskId: created.taskId })).error).toEqual({
      code: -32602,
      message: `No task "${created.taskId}" is known to this caller`,
    });
  });

  it("a task still running at its ttl is stopped (its signal fires) and, past its ttl, is unknown", async () => {
    const short = await face(TOOLS, { tasks: createTaskStore({ ttlMs: 300, pollIntervalMs: 50 }) });
    const created = (await raw(short, "tools/call", { name: "wait_job", arguments: { tag: "outlived" } })).result as { taskId: string };
    await expect.poll(() => seen.aborted).toContain("outlived");
    // The spec keeps a task no longer than its ttl: the failed record ("ran past its time to live") goes with it.
    await expect
      .poll(async () => (await raw(short, "tasks/get", { taskId: created.taskId })).error)
      .toEqual({ code: -32602, message: `No task "${created.taskId}" is known to this caller` });
  });
});

// ---------------------------------------------------------------- 7: who gets a task

describe("required and optional tools, and 2025-11-25", () => {
  const REQUIRED_DATA = { requiredCapabilities: { extensions: { [EXT]: {} } } };

  it("a 2026 client without the extension: a required tool gets -32021, an optional one answers at once", async () => {
    const client = await modernClient(url);
    const refused = await client.callTool({ name: "required_job", arguments: {} }).then(
      () => undefined,
      (error: { code: number; message: string; data: unknown }) => ({ code: error.code, message: error.message, data: error.data }),
    );
    expect(refused).toEqual({
      code: -32021,
      message: "required_job runs only as a task: declare the io.modelcontextprotocol/tasks extension in the request's client capabilities",
      data: REQUIRED_DATA,
    });
    expect(await raw(url, "tools/call", { name: "required_job", arguments: {} }, { tasks: false })).toMatchObject({
      error: {
        code: -32021,
        message:
          "required_job runs only as a task: declare the io.modelcontextprotocol/tasks extension in the request's client capabilities",
        data: REQUIRED_DATA,
      },
    });
    expect(answerOf(await client.callTool({ name: "slow_job", arguments: { steps: 1 } }))).toEqual({
      content: [{ type: "text", text: "1 steps done" }],
      structuredContent: { steps: 1 },
    });
    // tasks/get without the extension: the same code, its own line.
    expect((await raw(url, "tasks/get", { taskId: "x" }, { tasks: false })).error).toEqual({
      code: -32021,
      message: "tasks/get needs the io.modelcontextprotocol/tasks extension in the request's client capabilities",
      data: REQUIRED_DATA,
    });
  });

  it("the official client with the extension runs a required tool as a task", async () => {
    const session = await taskSession(url);
    const execution = await session.callTool("required_job", {});
    expect(execution.kind).toBe("task");
    expect(answerOf(resultFromTaskOutcome((await execution.settle()).outcome))).toEqual({
      content: [{ type: "text", text: "required done" }],
    });
  });

  it("on 2025-11-25 (SDK v2 unpinned, SDK v1) both tools answer at once, and ext-tasks' callTool is plain", async () => {
    const v2 = new Client({ name: "tasks-2025", version: "1.0.0" });
    await v2.connect(new StreamableHTTPClientTransport(url));
    clients.push(v2);
    expect(v2.getProtocolEra()).toBe("legacy");
    const v1 = new ClientV1({ name: "tasks-v1", version: "1.0.0" });
    await v1.connect(new HttpV1(url));
    clients.push(v1);
    for (const client of [v2, v1] as Array<{ callTool: Client["callTool"] }>) {
      expect(answerOf(await client.callTool({ name: "required_job", arguments: {} }))).toEqual({
        content: [{ type: "text", text: "required done" }],
      });
      expect(answerOf(await client.callTool({ name: "slow_job", arguments: { steps: 2 } }))).toEqual({
        content: [{ type: "text", text: "2 steps done" }],
        structuredContent: { steps: 2 },
      });
    }
    // tasks/* is not served on 2025-11-25 (that revision's tasks are another wire format).
    const anything = { "~standard": { version: 1, vendor: "test", validate: (value: unknown) => ({ value }) } };
    const refused = await v2.request({ method: "tasks/get", params: { taskId: "x" } } as never, anything as never).then(
      () => undefined,
      (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
    );
    // No server of a 2025 request holds the task methods: the SDK's own answer for a method it does not serve.
    expect(refused).toEqual({ code: -32601, message: "Method not found" });
    const other = new Client({ name: "tasks-2025-session", version: "1.0.0" });
    await other.connect(new StreamableHTTPClientTransport(url));
    clients.push(other);
    const session = createTaskSessionFromClient(other, { endpointId: "jobs-2025" });
    sessions.push(session);
    expect(session.capabilities.execution).toBe(false);
    const execution = await session.callTool("required_job", {});
    expect(execution.kind).toBe("immediate");
    expect(answerOf(resultFromTaskOutcome((await execution.settle()).outcome))).toEqual({
      content: [{ type: "text", text: "required done" }],
    });
  });
});

// ---------------------------------------------------------------- 8: ownership

describe("with authorization, a task belongs to its creator", () => {
  let as: AuthorizationServer;
  let secured: URL;
  let mint: (sub: string) => Promise<string>;

  /** A face that checks tokens: its URL, and a token for a subject with every scope. */
  async function securedFace(store: Parameters<typeof createTaskStore>[0]) {
    const served = await serveWith((resource) => {
      const handler = createMcpHttpHandler(INFO, TOOLS, {
        onerror: (error) => errors.push(error.message),
        tasks: createTaskStore(store),
        auth: { verifier: createJwtVerifier({ issuer: as.issuer, audience: resource }), resource, authorizationServers: [as.issuer] },
      });
      handlers.push(handler);
      return (request) => handler.fetch(request);
    });
    servers.push(served.server);
    const tokenFor = (sub: string) =>
      as.mint({ resource: served.url, scope: "tools:read tools:write tools:destructive", client: sub, claims: { sub } });
    return { url: served.url, tokenFor };
  }

  beforeAll(async () => {
    as = await startAuthorizationServer();
    const made = await securedFace({ pollIntervalMs: 50 });
    secured = made.url;
    mint = made.tokenFor;
  }, 60_000);

  afterAll(async () => {
    await as?.close();
  });

  it("another caller's tasks/get, tasks/update and tasks/cancel get the unknown-id answer; the owner's work", async () => {
    const alice = await mint("alice");
    const bob = await mint("bob");
    const created = (await raw(secured, "tools/call", { name: "wait_job", arguments: { tag: "owned" } }, { token: alice })).result as {
      taskId: string;
    };
    const unknown = { code: -32602, message: `No task "${created.taskId}" is known to this caller` };
    for (const [method, extra] of [
      ["tasks/get", {}],
      ["tasks/update", { inputResponses: { "ask-1": { action: "cancel" } } }],
      ["tasks/cancel", {}],
    ] as const) {
      expect((await raw(secured, method, { taskId: created.taskId, ...extra }, { token: bob })).error).toEqual(unknown);
    }
    // Bob's cancel did nothing: the task still works for alice.
    expect((await raw(secured, "tasks/get", { taskId: created.taskId }, { token: alice })).result?.status).toBe("working");
    // Through the official client, bob's controller for alice's id gets the same error.
    const bobSession = await taskSession(secured, { token: bob });
    await expect(bobSession.task(created.taskId as never).snapshot()).rejects.toMatchObject(unknown);
    // The owner's cancel works.
    expect((await raw(secured, "tasks/cancel", { taskId: created.taskId }, { token: alice })).result).toEqual(DONE);
    await expect.poll(() => seen.aborted).toContain("owned");
    await expect
      .poll(async () => (await raw(secured, "tasks/get", { taskId: created.taskId }, { token: alice })).result?.status)
      .toBe("cancelled");
  });

  it("the per-caller bound counts each caller's own tasks", async () => {
    const bounded = await securedFace({ maxTasksPerCaller: 2, pollIntervalMs: 50 });
    const [alice, bob] = [await bounded.tokenFor("alice"), await bounded.tokenFor("bob")];
    const start = async (token: string, tag: string) =>
      (await raw(bounded.url, "tools/call", { name: "wait_job", arguments: { tag } }, { token })).result as Record<string, unknown>;
    const held = [await start(alice, "alice-1"), await start(alice, "alice-2")];
    expect((await start(alice, "alice-3")).content).toEqual([
      { type: "text", text: "You hold the most unfinished tasks allowed (2); cancel one or wait for one to finish" },
    ]);
    const bobs = await start(bob, "bob-1");
    expect(bobs.resultType).toBe("task");
    for (const [token, task] of [
      [alice, held[0]],
      [alice, held[1]],
      [bob, bobs],
    ] as const) {
      await raw(bounded.url, "tasks/cancel", { taskId: task?.taskId }, { token });
    }
    await expect.poll(() => seen.aborted).toEqual(expect.arrayContaining(["alice-1", "alice-2", "bob-1"]));
    // Once one has ended, alice may start another.
    await expect.poll(async () => (await start(alice, "alice-4")).resultType).toBe("task");
  });

  it("the owner drives a task through the official client with its token", async () => {
    const session = await taskSession(secured, { token: await mint("carol") });
    const execution = await session.callTool("slow_job", { steps: 1 });
    expect(execution.kind).toBe("task");
    expect(answerOf(resultFromTaskOutcome((await execution.settle()).outcome))).toEqual({
      content: [{ type: "text", text: "1 steps done" }],
      structuredContent: { steps: 1 },
    });
  });
});

// ---------------------------------------------------------------- 9: bounds

describe("bounds", () => {
  const textOf = (message: RpcMessage) => ({
    text: (message.result?.content as Array<{ text: string }> | undefined)?.[0]?.text,
    isError: message.result?.isError,
  });

  it("maxTasksPerCaller: 2 refuses a third unfinished task", async () => {
    const bounded = await face(TOOLS, { tasks: createTaskStore({ maxTasksPerCaller: 2, pollIntervalMs: 50 }) });
    const ids: string[] = [];
    for (const tag of ["bound-1", "bound-2"]) {
      ids.push(((await raw(bounded, "tools/call", { name: "wait_job", arguments: { tag } })).result as { taskId: string }).taskId);
    }
    expect(textOf(await raw(bounded, "tools/call", { name: "wait_job", arguments: { tag: "bound-3" } }))).toEqual({
      text: "You hold the most unfinished tasks allowed (2); cancel one or wait for one to finish",
      isError: true,
    });
    for (const taskId of ids) await raw(bounded, "tasks/cancel", { taskId });
    await expect.poll(() => seen.aborted).toEqual(expect.arrayContaining(["bound-1", "bound-2"]));
    expect(seen.aborted).not.toContain("bound-3");
  });

  it("maxTasks: 1 refuses a second task on the instance", async () => {
    const bounded = await face(TOOLS, { tasks: createTaskStore({ maxTasks: 1, pollIntervalMs: 50 }) });
    const first = (await raw(bounded, "tools/call", { name: "wait_job", arguments: { tag: "instance-1" } })).result as { taskId: string };
    expect(textOf(await raw(bounded, "tools/call", { name: "wait_job", arguments: { tag: "instance-2" } }))).toEqual({
      text: "This server is running its most tasks (1); try again when one has finished",
      isError: true,
    });
    await raw(bounded, "tasks/cancel", { taskId: first.taskId });
    await expect.poll(() => seen.aborted).toContain("instance-1");
  });
});

// ---------------------------------------------------------------- 10: store faults

describe("a task store that fails", () => {
  /** A memory driver whose writes of some keys fail, as a store that went away mid-write. */
  const flakyDriver = defineDriver((options: { failOn: (key: string) => boolean; data: Map<string, unknown> }) => ({
    name: "flaky",
    hasItem: (key) => options.data.has(key),
    getItem: (key) => (options.data.get(key) ?? null) as never,
    setItem(key, value) {
      if (options.failOn(key)) throw new Error("connection \u001b[2Krefused\nat 10.0.0.1");
      options.data.set(key, value);
    },
    removeItem(key) {
      options.data.delete(key);
    },
    getKeys: (base) => [...options.data.keys()].filter((key) => key.startsWith(base ?? "")),
    clear() {
      options.data.clear();
    },
  }));

  async function faultyFace(failOn: (key: string) => boolean) {
    const data = new Map<string, unknown>();
    const storage: Storage = createStorage({ driver: flakyDriver({ failOn, data }) });
    return { url: await face(TOOLS, { tasks: createTaskStore({ storage }) }), data };
  }

  it("tools/call answers -32603 with one line, the tool did not run and nothing is left half-written", async () => {
    const runs = seen.runs;
    for (const failOn of [() => true, (key: string) => key.includes(":held:")]) {
      const { url: faulty, data } = await faultyFace(failOn);
      const before = errors.length;
      const answered = await raw(faulty, "tools/call", { name: "slow_job", arguments: { steps: 1 } });
      // The client hears what happened and what it may do; where the store is (its host, its path) stays on the server.
      expect(answered.error).toEqual({ code: -32603, message: "The task store could not be reached; the tool did not run" });
      expect(errors.slice(before)).toEqual(["slow_job: the task store failed (connection refused at 10.0.0.1)"]);
      expect([...data.keys()]).toEqual([]);
    }
    expect(seen.runs).toBe(runs);
  });

  it("the file system driver with a file where a folder should be: -32603, and no task file is left", async () => {
    const runs = seen.runs;
    for (const blocked of ["task", "held"]) {
      const base = mkdtempSync(join(tmpdir(), "agntn-tasks-"));
      mkdirSync(join(base, "agntn", "tasks"), { recursive: true });
      writeFileSync(join(base, "agntn", "tasks", blocked), "not a folder");
      const onDisk = await face(TOOLS, { tasks: createTaskStore({ storage: createStorage({ driver: fsDriver({ base }) }) }) });
      const before = errors.length;
      const answered = await raw(onDisk, "tools/call", { name: "slow_job", arguments: { steps: 1 } });
      expect(answered.error).toEqual({ code: -32603, message: "The task store could not be reached; the tool did not run" });
      expect(errors.slice(before)).toHaveLength(1);
      expect(errors[before]).toMatch(
        new RegExp(
          `^slow_job: the task store failed \\(ENOTDIR: not a directory, open '${base}/agntn/tasks/${blocked}/${blocked === "held" ? "anonymous" : "[0-9a-f-]{36}"}'\\)$`,
        ),
      );
      // Nothing half-written: the folder that could be written holds no task.
      const other = join(base, "agntn", "tasks", blocked === "task" ? "held" : "task");
      expect(existsSync(other) ? readdirSync(other, { recursive: true }) : []).toEqual([]);
      rmSync(base, { recursive: true, force: true });
    }
    expect(seen.runs).toBe(runs);
  });

  it("a store that fails while a task runs: reported, and once its lease lapses the task reads as failed", async () => {
    let down = false;
    const data = new Map<string, unknown>();
    const storage = createStorage({ driver: flakyDriver({ failOn: () => down, data }) });
    const flaky = await face(TOOLS, { tasks: createTaskStore({ storage, leaseMs: 600, pollIntervalMs: 50 }) });
    const taskId = (
      (await raw(flaky, "tools/call", { name: "slow_job", arguments: { steps: 1, hold: "flaky" } })).result as { taskId: string }
    ).taskId;
    await waitForGate("flaky");
    const before = errors.length;
    down = true;
    open("flaky");
    // The end could not be written: reported in one line, and the record still says working until its lease lapses.
    await expect
      .poll(() => errors.slice(before))
      .toEqual([`slow_job: task ${taskId} could not write its end to the task store (connection refused at 10.0.0.1)`]);
    down = false;
    await expect
      .poll(async () => (await raw(flaky, "tasks/get", { taskId })).result, { timeout: 3000 })
      .toMatchObject({
        status: "failed",
        statusMessage: "The server running this task stopped before it finished",
        error: { code: -32603, message: "The server running this task stopped before it finished" },
      });
  });

  it("tasks/get on a store that fails answers -32603 with one line", async () => {
    const broken = defineDriver(() => ({
      name: "down",
      hasItem: () => Promise.reject(new Error("connection refused")),
      getItem: () => Promise.reject(new Error("connection refused")),
      getKeys: () => Promise.reject(new Error("connection refused")),
    }));
    const down = await face(TOOLS, { tasks: createTaskStore({ storage: createStorage({ driver: broken({}) }) }) });
    const before = errors.length;
    expect((await raw(down, "tasks/get", { taskId: "any" })).error).toEqual({
      code: -32603,
      message: "The task store could not be reached; try again",
    });
    expect(errors.slice(before)).toEqual(["tasks/get: the task store failed (connection refused)"]);
  });
});

// ---------------------------------------------------------------- 11: middleware

describe("middleware", () => {
  it("sees the task's run as a call with its task id and the creating request's id", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const record: Middleware = (call, next) => {
      calls.push({ tool: call.tool.name, taskId: call.taskId, requestId: call.requestId, method: call.method });
      return next();
    };
    const watched = await face(withMiddleware([slowJob], record), { tasks: createTaskStore({ pollIntervalMs: 50 }) });
    const id = nextId;
    const created = await post(watched, {
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "slow_job", arguments: { steps: 1 }, _meta: envelope() },
    });
    const taskId = (created.result as { taskId: string }).taskId;
    nextId++;
    await expect.poll(() => calls.length).toBe(1);
    expect(calls).toEqual([{ tool: "slow_job", taskId, requestId: id, method: "tools/call" }]);
  });
});

// ---------------------------------------------------------------- telemetry

describe("telemetry", () => {
  it("a task's run is a span of its own trace with mcp.task.id, linked to the creating request's span", async () => {
    const exported = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exported)] });
    const traced = await face(withMiddleware([slowJob], telemetry({ tracerProvider })), { tasks: createTaskStore({ pollIntervalMs: 50 }) });
    const clientTrace = "0af7651916cd43dd8448eb211c80319c";
    const clientSpan = "b7ad6b7169203331";
    const meta = { ...envelope(), traceparent: `00-${clientTrace}-${clientSpan}-01` };
    const id = nextId++;
    const created = await post(traced, {
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "slow_job", arguments: { steps: 1 }, _meta: meta },
    });
    const taskId = (created.result as { taskId: string }).taskId;
    await expect.poll(() => exported.getFinishedSpans().length).toBe(1);
    const [span] = exported.getFinishedSpans();
    expect({
      name: span?.name,
      taskId: span?.attributes["mcp.task.id"],
      requestId: span?.attributes["jsonrpc.request.id"],
      parent: span?.parentSpanContext,
      links: span?.links.map((link) => ({ traceId: link.context.traceId, spanId: link.context.spanId })),
    }).toEqual({
      name: "tools/call slow_job",
      taskId,
      requestId: String(id),
      parent: undefined,
      links: [{ traceId: clientTrace, spanId: clientSpan }],
    });
    expect(span?.spanContext().traceId).not.toBe(clientTrace);
    // A plain call (no extension) is still the client span's child, with no task id and no link.
    exported.reset();
    await post(traced, {
      jsonrpc: "2.0",
      id: nextId++,
      method: "tools/call",
      params: {
        name: "slow_job",
        arguments: { steps: 1 },
        _meta: { ...envelope(false), traceparent: `00-${clientTrace}-${clientSpan}-01` },
      },
    });
    const [plain] = exported.getFinishedSpans();
    expect({
      parent: plain?.parentSpanContext?.spanId,
      traceId: plain?.spanContext().traceId,
      taskId: plain?.attributes["mcp.task.id"],
      links: plain?.links,
    }).toEqual({ parent: clientSpan, traceId: clientTrace, taskId: undefined, links: [] });
  });
});

// ---------------------------------------------------------------- 12: options

describe("options are checked", () => {
  it("createTaskStore, createMcpHttpHandler and a definition's task key refuse what is wrong in one line", () => {
    expect(() => createTaskStore({ ttl: 5 } as never)).toThrow(
      new ToolDefinitionError(
        'createTaskStore: unknown option "ttl"; the options are storage, prefix, ttlMs, pollIntervalMs, leaseMs, maxTasks, maxTasksPerCaller',
      ),
    );
    expect(() => createTaskStore({ ttlMs: 0 })).toThrow(new ToolDefinitionError("createTaskStore: ttlMs must be a whole number above 0"));
    expect(() => createMcpHttpHandler(INFO, TOOLS, { tasks: {} as never })).toThrow(
      new ToolDefinitionError("createMcpHttpHandler: tasks must be a store made by createTaskStore"),
    );
    expect(() => defineTool({ ...requiredJob, task: "sometimes" as never })).toThrow(
      new ToolDefinitionError('required_job: task must be "optional" or "required", got "sometimes"'),
    );
  });
});

// ---------------------------------------------------------------- 13: hostile input

describe("hostile input on tasks/*", () => {
  const oneLine = (message: RpcMessage) => {
    expect(message.error?.message).toBeTypeOf("string");
    expect(message.error?.message).not.toMatch(/[\n\r\u001b]/);
    return message.error;
  };

  it("a missing, a non-string and a hostile taskId get one clear line each", async () => {
    expect(oneLine(await raw(url, "tasks/get", {}))).toEqual({
      code: -32602,
      message: "tasks/get: params.taskId must be a task id string",
    });
    expect(oneLine(await raw(url, "tasks/cancel", { taskId: 42 }))).toEqual({
      code: -32602,
      message: "tasks/cancel: params.taskId must be a task id string",
    });
    expect(oneLine(await raw(url, "tasks/get", { taskId: "\u001b[31mred\nforged: line" }))).toEqual({
      code: -32602,
      message: 'No task "\\u001b[31mred\\nforged: line" is known to this caller',
    });
  });

  it("an empty id is refused; a very long id is not looked up and its echo is cut", async () => {
    expect(oneLine(await raw(url, "tasks/update", { taskId: "", inputResponses: {} }))).toEqual({
      code: -32602,
      message: "tasks/update: params.taskId must be a task id string",
    });
    const long = `${"a".repeat(70)}\u202e${"b".repeat(6000)}`;
    expect(oneLine(await raw(url, "tasks/get", { taskId: long }))).toEqual({
      code: -32602,
      message: `No task "${"a".repeat(64)}…" is known to this caller`,
    });
  });

  it("a __proto__ key or a key not outstanding is ignored: the task stays input_required and its question is answered later", async () => {
    const created = (await raw(url, "tools/call", { name: "ask_twice", arguments: {} })).result as { taskId: string };
    const { taskId } = created;
    await expect.poll(async () => (await raw(url, "tasks/get", { taskId })).result?.status).toBe("input_required");
    const body = `{"jsonrpc":"2.0","id":${nextId++},"method":"tasks/update","params":{"taskId":"${taskId}","inputResponses":{"__proto__":{"action":"accept","content":{"name":"Mallory"}},"ask-9":{"action":"accept","content":{"name":"Eve"}}},"_meta":${JSON.stringify(envelope())}}}`;
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": V2026,
        "mcp-method": "tasks/update",
        "mcp-name": taskId,
      },
      body,
    });
    expect(messagesOf(await response.text()).at(-1)?.result).toEqual(DONE);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const got = (await raw(url, "tasks/get", { taskId })).result as Record<string, unknown>;
    expect({ status: got.status, keys: Object.keys(got.inputRequests as object) }).toEqual({ status: "input_required", keys: ["ask-1"] });
    expect(({} as Record<string, unknown>).action).toBeUndefined();
    // An inputResponses that is not an object: the SDK's 2026 codec lifts it out of params and hands the handler
    // an empty map (it keeps only object entries), so the update answers nothing and the task still waits.
    expect((await raw(url, "tasks/update", { taskId, inputResponses: "yes" })).result).toEqual(DONE);
    expect((await raw(url, "tasks/update", { taskId, inputResponses: { "ask-1": "yes" } })).result).toEqual(DONE);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await raw(url, "tasks/get", { taskId })).result?.status).toBe("input_required");
    // The outstanding key is answered: the task moves on to its next question, under a new key.
    const answered = await raw(url, "tasks/update", {
      taskId,
      inputResponses: { "ask-1": { action: "accept", content: { name: "Ada" } } },
    });
    expect(answered.result).toEqual(DONE);
    await expect
      .poll(async () => Object.keys(((await raw(url, "tasks/get", { taskId })).result?.inputRequests ?? {}) as object))
      .toEqual(["ask-2"]);
    await raw(url, "tasks/cancel", { taskId });
    await expect.poll(async () => (await raw(url, "tasks/get", { taskId })).result?.status).toBe("cancelled");
  });

  it("an answer that fails the question's schema: the question is asked again under a new key", async () => {
    const taskId = ((await raw(url, "tools/call", { name: "ask_twice", arguments: {} })).result as { taskId: string }).taskId;
    const outstanding = async () => {
      const got = (await raw(url, "tasks/get", { taskId })).result as { inputRequests?: Record<string, { params: { message: string } }> };
      return Object.entries(got.inputRequests ?? {}).map(([key, request]) => `${key}: ${request.params.message}`);
    };
    await expect.poll(outstanding).toEqual(["ask-1: Your name?"]);
    await raw(url, "tasks/update", { taskId, inputResponses: { "ask-1": { action: "accept", content: { name: 42 } } } });
    await expect.poll(outstanding).toEqual(["ask-2: Your name?"]);
    await raw(url, "tasks/update", { taskId, inputResponses: { "ask-2": { action: "accept", content: { name: "Grace" } } } });
    await expect.poll(outstanding).toEqual(["ask-3: Sure?"]);
    await raw(url, "tasks/update", { taskId, inputResponses: { "ask-3": { action: "decline" } } });
    await expect
      .poll(async () => (await raw(url, "tasks/get", { taskId })).result?.result)
      .toEqual({ resultType: "complete", content: [{ type: "text", text: "hello Grace, sure: decline" }] });
  });

  it("a batch and a body with a byte-order mark get a clear answer, and the server keeps serving", async () => {
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": V2026,
      "mcp-method": "tasks/get",
    };
    const one = { jsonrpc: "2.0", id: 1, method: "tasks/get", params: { taskId: "a", _meta: envelope() } };
    const batch = await fetch(url, { method: "POST", headers, body: JSON.stringify([one, { ...one, id: 2 }]) });
    const batchText = await batch.text();
    const bom = await fetch(url, { method: "POST", headers, body: `\uFEFF${JSON.stringify(one)}` });
    const bomText = await bom.text();
    expect({ batch: batch.status, bom: bom.status, batch_: JSON.parse(batchText), bom_: JSON.parse(bomText) }).toEqual({
      batch: 400,
      bom: 400,
      batch_: {
        jsonrpc: "2.0",
        error: { code: -32600, message: "Invalid Request: a batch of messages is not accepted; send one message per request" },
        id: null,
      },
      bom_: {
        jsonrpc: "2.0",
        error: { code: -32700, message: "Parse error: the body starts with a byte-order mark; send the JSON without one" },
        id: null,
      },
    });
    expect((await raw(url, "tasks/get", { taskId: "after" })).error?.code).toBe(-32602);
  });
});

describe("the servers' own reports", () => {
  it("name nothing but the store failure one test caused", () => {
    // The store failures the tests above caused, and nothing else.
    const caused =
      /^(slow_job: task [0-9a-f-]{36} could not write its end to the task store|slow_job: the task store failed|tasks\/get: the task store failed)/;
    expect(errors.filter((line) => !caused.test(line))).toEqual([]);
  });
});
