/**
 * Task polls answered by the HTTP faces themselves (src/mcp/tasks/poll.ts):
 * `tasks/get` and `tasks/cancel` without a server built for the request.
 * Proved by difference: every request goes both to `createMcpHttpHandler` and
 * to the SDK's own `createMcpHandler` serving the task methods on the same
 * store (the path every poll took before), and the two answers must be the
 * same status, type and JSON. The ordinary polls must be answered by the poll
 * path, and every other request (a refusal, a header that is not the body's, a
 * client without the extension) must be left to the SDK.
 */
import { defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler, createTaskStore } from "@agntn/tools/mcp";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { afterAll, describe, expect, it } from "vitest";
import { answerPoll } from "../src/mcp/tasks/poll.ts";
import { taskServer } from "../src/mcp/tasks/serve.ts";
import { type TaskBook, taskBookOf } from "../src/mcp/tasks/store.ts";
import { envelopeOf, TASKS } from "./helpers/tasks-wire.ts";

const info = { name: "polls", version: "1.0.0", title: "Polls" };
const URL_ = "http://127.0.0.1/mcp";

let release: () => void = () => {};
const tools = [
  defineTool({
    name: "echo",
    title: "Echo",
    description: "Answers with its text.",
    effect: "read",
    task: "optional",
    input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
    execute: ({ text }) => ({ content: [{ type: "text", text }] }),
  }),
  defineTool({
    name: "wait",
    title: "Wait",
    description: "Answers once released.",
    effect: "read",
    task: "optional",
    input: Type.Object({}, { additionalProperties: false }),
    execute: async (_input, { signal }) => {
      await new Promise<void>((resolve) => {
        release = resolve;
        signal?.addEventListener("abort", () => resolve());
      });
      return { content: [{ type: "text", text: "released" }] };
    },
  }),
];

const errors: string[] = [];
const store = createTaskStore();
const book = taskBookOf(store, "test") as TaskBook;
const ours = createMcpHttpHandler(info, tools, { tasks: store, onerror: (error) => errors.push(error.message) });
// The SDK's entry with the same task methods on the same store: what a poll was answered by before.
const sdk = createMcpHandler(() => taskServer(info, book), { legacy: "reject" });
afterAll(async () => {
  await ours.close();
  await sdk.close();
});

interface Wire {
  method?: string;
  params?: Record<string, unknown>;
  headers?: Record<string, string | undefined>;
  /** The whole body, as text, instead of the one made from method and params. */
  body?: string;
  id?: unknown;
}

let nextId = 1;
function requestOf(wire: Wire): Request {
  const method = wire.method ?? "tasks/get";
  const params = wire.params ?? {};
  const headers: Record<string, string> = {
    host: "127.0.0.1",
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": method,
    ...(typeof params.taskId === "string" ? { "mcp-name": params.taskId } : {}),
  };
  for (const [key, value] of Object.entries(wire.headers ?? {})) {
    if (value === undefined) delete headers[key];
    else headers[key] = value;
  }
  const body =
    wire.body ??
    JSON.stringify({ jsonrpc: "2.0", id: wire.id ?? nextId++, method, params: { ...params, _meta: params._meta ?? envelopeOf() } });
  return new Request(URL_, { method: "POST", headers, body });
}

interface Answer {
  status: number;
  type: string | null;
  body: unknown;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type"), body: text ? JSON.parse(text) : null };
}

/** The same request to both; both answers, after checking they are the same. */
async function both(given: Wire): Promise<Answer> {
  const wire = { ...given, id: given.id ?? nextId++ };
  const mine = await answerOf(await ours.fetch(requestOf(wire)));
  const theirs = await answerOf(await sdk.fetch(requestOf(wire)));
  expect(mine).toEqual(theirs);
  return mine;
}

/** Whether the poll path answers the request itself (a Response) or leaves it to the SDK (`undefined`). */
async function answeredHere(wire: Wire): Promise<boolean> {
  const request = requestOf(wire);
  const message = JSON.parse(await request.clone().text()) as unknown;
  return (await answerPoll(request, message, undefined, book, info, () => {})) !== undefined;
}

async function createTask(tool: string, args: Record<string, unknown>): Promise<string> {
  const response = await ours.fetch(
    requestOf({ method: "tools/call", params: { name: tool, arguments: args }, headers: { "mcp-name": tool } }),
  );
  const reply = (await response.json()) as { result: { resultType: string; taskId: string } };
  expect(reply.result.resultType).toBe("task");
  return reply.result.taskId;
}

async function completed(taskId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await answerOf(await ours.fetch(requestOf({ params: { taskId } })))).body as { result: { status: string } }).result.status,
    )
    .toBe("completed");
}

describe("a poll answered by the face itself answers what the SDK answers", () => {
  it("tasks/get of a completed task: the same result, with the server's info in its _meta", async () => {
    const taskId = await createTask("echo", { text: "hi" });
    await completed(taskId);
    expect(await answeredHere({ params: { taskId } })).toBe(true);
    const { status, type, body } = await both({ params: { taskId }, id: 41 });
    expect({ status, type }).toEqual({ status: 200, type: "application/json" });
    const reply = body as { id: number; result: Record<string, unknown> };
    expect(reply.id).toBe(41);
    expect(reply.result._meta).toEqual({ "io.modelcontextprotocol/serverInfo": { name: "polls", version: "1.0.0", title: "Polls" } });
    expect(reply.result.status).toBe("completed");
    expect(reply.result.result).toEqual({ resultType: "complete", content: [{ type: "text", text: "hi" }] });
  });

  it("tasks/get of a working task, then tasks/cancel, then the cancelled task", async () => {
    const taskId = await createTask("wait", {});
    expect(((await both({ params: { taskId } })).body as { result: { status: string } }).result.status).toBe("working");
    expect(await answeredHere({ method: "tasks/cancel", params: { taskId } })).toBe(true);
    const cancel = await answerOf(await ours.fetch(requestOf({ method: "tasks/cancel", params: { taskId }, id: 7 })));
    expect(cancel).toEqual({
      status: 200,
      type: "application/json",
      body: { jsonrpc: "2.0", id: 7, result: { resultType: "complete", _meta: { "io.modelcontextprotocol/serverInfo": info } } },
    });
    // A second cancel, of a task already cancelled or ending: both paths answer it alike.
    await both({ method: "tasks/cancel", params: { taskId } });
    await expect
      .poll(async () => ((await both({ params: { taskId } })).body as { result: { status: string } }).result.status)
      .toBe("cancelled");
    release();
  });

  it("what the SDK lets through is answered alike: spaces around Mcp-Name (Fetch trims them), an envelope without client info", async () => {
    const taskId = await createTask("echo", { text: "alike" });
    await completed(taskId);
    const spaced = { params: { taskId }, headers: { "mcp-name": ` ${taskId}\t` } };
    expect(await answeredHere(spaced)).toBe(true);
    expect(((await both(spaced)).body as { result: { status: string } }).result.status).toBe("completed");
    const { "io.modelcontextprotocol/clientInfo": _gone, ...anonymous } = envelopeOf();
    const bare = { params: { taskId, _meta: anonymous } };
    expect(await answeredHere(bare)).toBe(true);
    expect(((await both(bare)).body as { result: { status: string } }).result.status).toBe("completed");
  });

  it("a string id and an id of 0 come back as they were sent", async () => {
    const taskId = await createTask("echo", { text: "ids" });
    await completed(taskId);
    expect(((await both({ params: { taskId }, id: "poll-1" })).body as { id: unknown }).id).toBe("poll-1");
    expect(((await both({ params: { taskId }, id: 0 })).body as { id: unknown }).id).toBe(0);
  });

  it("refusals in the task methods' own words: unknown, too long, missing and wrong-typed ids", async () => {
    expect(await answeredHere({ params: { taskId: "no-such-task" } })).toBe(true);
    expect((await both({ params: { taskId: "no-such-task" }, id: 3 })).body).toEqual({
      jsonrpc: "2.0",
      id: 3,
      error: { code: -32602, message: 'No task "no-such-task" is known to this caller' },
    });
    const long = "x".repeat(300);
    expect(((await both({ params: { taskId: long } })).body as { error: { message: string } }).error.message).toBe(
      `No task "${"x".repeat(64)}…" is known to this caller`,
    );
    const forged = "a\u001b[31m\nb";
    expect(
      ((await both({ params: { taskId: forged }, headers: { "mcp-name": undefined } })).body as { error: { message: string } }).error
        .message,
    ).toMatch(/^Bad Request: the request headers and body disagree/);
    // Without a task id there is no Mcp-Name to compare: the SDK's handler answers, in the same words.
    expect(await answeredHere({ params: {} })).toBe(false);
    expect(((await both({ params: {} })).body as { error: unknown }).error).toEqual({
      code: -32602,
      message: "tasks/get: params.taskId must be a task id string",
    });
    expect(((await both({ params: { taskId: 12 } })).body as { error: unknown }).error).toEqual({
      code: -32602,
      message: "tasks/get: params.taskId must be a task id string",
    });
  });
});

describe("anything but an ordinary poll is left to the SDK, which answers as before", () => {
  const cases: [string, (taskId: string) => Wire][] = [
    ["a client that did not declare the extension", (taskId) => ({ params: { taskId, _meta: envelopeOf({}) } })],
    ["an Mcp-Name that is not the body's id", (taskId) => ({ params: { taskId }, headers: { "mcp-name": "other" } })],
    ["no Mcp-Name", (taskId) => ({ params: { taskId }, headers: { "mcp-name": undefined } })],
    [
      "an Mcp-Name in its Base64 form",
      (taskId) => ({ params: { taskId }, headers: { "mcp-name": `=?base64?${Buffer.from(taskId).toString("base64")}?=` } }),
    ],
    ["no MCP-Protocol-Version", (taskId) => ({ params: { taskId }, headers: { "mcp-protocol-version": undefined } })],
    ["a version header that is not the body's", (taskId) => ({ params: { taskId }, headers: { "mcp-protocol-version": "2025-11-25" } })],
    ["no Mcp-Method", (taskId) => ({ params: { taskId }, headers: { "mcp-method": undefined } })],
    ["an Mcp-Method that is not the body's", (taskId) => ({ params: { taskId }, headers: { "mcp-method": "tools/list" } })],
    [
      "a revision this server does not serve",
      (taskId) => ({ params: { taskId, _meta: { ...envelopeOf(), "io.modelcontextprotocol/protocolVersion": "2027-01-01" } } }),
    ],
    [
      "an envelope whose client info is not an object",
      (taskId) => ({ params: { taskId, _meta: { ...envelopeOf(), "io.modelcontextprotocol/clientInfo": "me" } } }),
    ],
    [
      "capabilities that are not an object",
      (taskId) => ({ params: { taskId, _meta: { ...envelopeOf(), "io.modelcontextprotocol/clientCapabilities": "all" } } }),
    ],
    ["the extension declared as true", (taskId) => ({ params: { taskId, _meta: envelopeOf({ extensions: { [TASKS]: true } }) } })],
    ["a form content type", (taskId) => ({ params: { taskId }, headers: { "content-type": "application/x-www-form-urlencoded" } })],
    [
      "a poll without jsonrpc",
      (taskId) => ({ body: JSON.stringify({ id: 1, method: "tasks/get", params: { taskId, _meta: envelopeOf() } }) }),
    ],
    [
      "a notification named tasks/get",
      (taskId) => ({ body: JSON.stringify({ jsonrpc: "2.0", method: "tasks/get", params: { taskId, _meta: envelopeOf() } }) }),
    ],
  ];

  it.each(cases)("%s", async (_name, make) => {
    const taskId = await createTask("echo", { text: "left alone" });
    await completed(taskId);
    const wire = make(taskId);
    const request = requestOf(wire);
    const message = JSON.parse(await request.clone().text()) as unknown;
    expect(await answerPoll(request, message, undefined, book, info, () => {})).toBeUndefined();
    await both(wire);
  });

  it("a batch holding a poll is no poll: the face refuses the batch before any routing, as it did", async () => {
    const taskId = await createTask("echo", { text: "batch" });
    const wire = { body: JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { taskId, _meta: envelopeOf() } }]) };
    const request = requestOf(wire);
    expect(await answerPoll(request, JSON.parse(await request.clone().text()), undefined, book, info, () => {})).toBeUndefined();
    expect(await answerOf(await ours.fetch(requestOf(wire)))).toEqual({
      status: 400,
      type: "application/json",
      body: {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request: a batch of messages is not accepted; send one message per request" },
      },
    });
  });

  it("tasks/update always goes through the SDK (its answers arrive through the 2026 codec)", async () => {
    const taskId = await createTask("echo", { text: "update" });
    expect(await answeredHere({ method: "tasks/update", params: { taskId, inputResponses: {} } })).toBe(false);
    const { body } = await both({ method: "tasks/update", params: { taskId, inputResponses: {} } });
    expect((body as { result: unknown }).result).toEqual({ resultType: "complete", _meta: { "io.modelcontextprotocol/serverInfo": info } });
  });
});

describe("a store that fails", () => {
  it("answers the one clean line on both paths, and the server's onerror hears where", async () => {
    const failing = createTaskStore({
      storage: {
        hasItem: async () => false,
        getItem: async () => {
          throw new Error("connect ECONNREFUSED 10.0.0.7:6379\n\u001b[31mat Redis.connect\u001b[0m");
        },
        setItem: async () => {},
        removeItem: async () => {},
      },
    });
    const heard: string[] = [];
    const down = createMcpHttpHandler(info, tools, { tasks: failing, onerror: (error) => heard.push(error.message) });
    const sdkHeard: string[] = [];
    const downBook = taskBookOf(failing, "test") as TaskBook;
    const sdkDown = createMcpHandler(
      () => {
        const server = taskServer(info, downBook);
        server.onerror = (error) => sdkHeard.push(error.message);
        return server;
      },
      { legacy: "reject" },
    );
    try {
      const wire = { params: { taskId: "00000000-0000-4000-8000-000000000000" }, id: 9 };
      const mine = await answerOf(await down.fetch(requestOf(wire)));
      expect(mine).toEqual(await answerOf(await sdkDown.fetch(requestOf(wire))));
      expect(mine.body).toEqual({
        jsonrpc: "2.0",
        id: 9,
        error: { code: -32603, message: "The task store could not be reached; try again" },
      });
      const line = "tasks/get: the task store failed (connect ECONNREFUSED 10.0.0.7:6379 at Redis.connect)";
      expect(heard).toEqual([line]);
      expect(sdkHeard).toEqual([line]);
    } finally {
      await down.close();
      await sdkDown.close();
    }
  });
});
