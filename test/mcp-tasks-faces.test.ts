/**
 * One task-capable tool on the MCP faces beside `createMcpHttpHandler`
 * (test/mcp-tasks.test.ts drives that one with the official client): a
 * `createMcpServer` served the stdio way (`serveStdio`, one server per
 * connection, here over the SDK's in-memory pair), and h3's
 * `registerMcpRoute` on a real h3 server. Each speaks raw 2026-07-28
 * JSON-RPC, declares the Tasks extension, and must answer the same: a handle,
 * the status message while it works, the question answered through
 * `tasks/update`, and the tool's own answer; a 2025-11-25 connection gets
 * that answer at once.
 */
import { defineTool, Type } from "@agntn/tools";
import { registerMcpRoute } from "@agntn/tools/h3";
import { createMcpHttpHandler, createMcpServer, createTaskStore } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { H3, serve } from "h3";
import { afterAll, describe, expect, it } from "vitest";
import { envelopeOf, httpSender, type Send, shape, TASKS, until } from "./helpers/tasks-wire.ts";

const INFO = { name: "faces", version: "1.0.0" };

/** Waits until the test lets it go, reporting progress and asking one question on the way. */
let release: () => void = () => {};
const exportTool = defineTool({
  name: "notes_export",
  title: "Export notes",
  description: "Exports the notes, after the person picks a format.",
  effect: "read",
  task: "optional",
  input: Type.Object({ count: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  async execute({ count }, { progress, ask }) {
    progress?.("Collecting notes", { progress: 1, total: 2 });
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = await ask?.({
      message: "Which format?",
      schema: Type.Object({ format: Type.Enum(["md", "txt"]) }, { additionalProperties: false }),
    });
    const format = answer?.action === "accept" ? answer.content.format : "md";
    return { content: [{ type: "text", text: `Exported ${count} notes as ${format}` }] };
  },
});

const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await Promise.allSettled(closers.map((close) => close()));
});

/** `createMcpServer` the stdio way: the opening request picks the revision and one server serves the connection. */
async function stdioFace(): Promise<Send> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(() => createMcpServer(INFO, [exportTool]), { transport: serverSide });
  const waiting = new Map<number, (reply: Record<string, unknown>) => void>();
  clientSide.onmessage = (message: JSONRPCMessage) => {
    const { id } = message as { id?: number };
    if (typeof id === "number") waiting.get(id)?.(message as never);
  };
  await clientSide.start();
  closers.push(() => handle.close());
  let next = 0;
  return (method, params) =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      void clientSide.send({ jsonrpc: "2.0", id, method, params: { ...params, _meta: envelopeOf() } } as never);
    });
}

/** h3's route on a real h3 server on loopback. */
async function h3Face(): Promise<{ send: Send; url: URL }> {
  const app = new H3();
  registerMcpRoute(app, INFO, [exportTool], { tasks: createTaskStore({ pollIntervalMs: 200 }) });
  const server = serve(app, { port: 0, hostname: "127.0.0.1", silent: true });
  await server.ready();
  closers.push(() => server.close(true));
  const url = new URL("/mcp", server.url);
  const send = httpSender(url);
  return { send, url };
}

/** The whole life of one task on a face, as every face must answer it. */
async function lifeOf(send: Send, pollIntervalMs: number): Promise<void> {
  const discovered = (await send("server/discover", {})).result as { capabilities: { extensions?: object } };
  expect(discovered.capabilities.extensions).toEqual({ [TASKS]: {} });
  const created = (await send("tools/call", { name: "notes_export", arguments: { count: 3 } })).result as Record<string, unknown>;
  const taskId = String(created.taskId);
  // The SDK adds an empty `content` to every tools/call result; a client reads the handle by `resultType`.
  expect(shape(created)).toEqual({ resultType: "task", status: "working", ttlMs: 3_600_000, pollIntervalMs, content: [] });
  expect(shape(await until(send, taskId, "working"))).toEqual({
    resultType: "complete",
    status: "working",
    statusMessage: "Collecting notes (1/2)",
    ttlMs: 3_600_000,
    pollIntervalMs,
  });
  release();
  const asking = await until(send, taskId, "input_required");
  expect(asking.inputRequests).toEqual({
    "ask-1": {
      method: "elicitation/create",
      params: {
        mode: "form",
        message: "Which format?",
        requestedSchema: { type: "object", properties: { format: { type: "string", enum: ["md", "txt"] } }, required: ["format"] },
      },
    },
  });
  const updated = await send("tasks/update", { taskId, inputResponses: { "ask-1": { action: "accept", content: { format: "txt" } } } });
  expect(shape({ taskId, createdAt: 0, lastUpdatedAt: 0, ...(updated.result as object) })).toEqual({ resultType: "complete" });
  const done = await until(send, taskId, "completed");
  expect(done.result).toEqual({ resultType: "complete", content: [{ type: "text", text: "Exported 3 notes as txt" }] });
}

describe("a task on every MCP face", () => {
  it("createMcpServer served the stdio way, its store in memory for the connection", async () => {
    await lifeOf(await stdioFace(), 1000);
  });

  it("h3's registerMcpRoute, with a store of its own", async () => {
    await lifeOf((await h3Face()).send, 200);
  });

  it("a 2025-11-25 connection on the h3 route gets the answer at once", async () => {
    const { url } = await h3Face();
    const client = new Client({ name: "faces-2025", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { format: "md" } }));
    await client.connect(new StreamableHTTPClientTransport(url));
    closers.push(() => client.close());
    expect(client.getServerCapabilities()?.extensions).toBeUndefined();
    const call = client.callTool({ name: "notes_export", arguments: { count: 2 } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await call).toEqual({ content: [{ type: "text", text: "Exported 2 notes as md" }] });
  });
});

/** A tool that never answers and never looks at its signal: its task must still end. */
const stuckTool = defineTool({
  name: "stuck_job",
  title: "Stuck job",
  description: "Never answers.",
  effect: "write",
  task: "required",
  input: Type.Object({}, { additionalProperties: false }),
  execute: () => new Promise<never>(() => {}),
});

describe("a task whose tool ignores its signal still ends", () => {
  /** A handler answered in process (no port): Host is the only header its check needs. */
  function handlerFace(ttlMs: number): Send {
    const handler = createMcpHttpHandler(INFO, [stuckTool], { tasks: createTaskStore({ ttlMs }) });
    closers.push(() => handler.close());
    return httpSender("http://localhost/mcp", (request) => handler.fetch(request));
  }

  it("tasks/cancel ends it cancelled within a second", async () => {
    const send = handlerFace(60_000);
    const created = (await send("tools/call", { name: "stuck_job", arguments: {} })).result as Record<string, unknown>;
    const taskId = String(created.taskId);
    const asked = Date.now();
    expect((await send("tasks/cancel", { taskId })).result).toEqual({
      resultType: "complete",
      _meta: { "io.modelcontextprotocol/serverInfo": INFO },
    });
    const ended = await until(send, taskId, "cancelled");
    expect(Date.now() - asked).toBeLessThan(1000);
    expect(shape(ended)).toEqual({
      resultType: "complete",
      status: "cancelled",
      statusMessage: "Cancelled at the client's request",
      ttlMs: 60_000,
      pollIntervalMs: 1000,
    });
  });

  it("past its ttl it ends, and is then unknown", async () => {
    const send = handlerFace(400);
    const created = (await send("tools/call", { name: "stuck_job", arguments: {} })).result as Record<string, unknown>;
    const taskId = String(created.taskId);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await send("tasks/get", { taskId })).error).toEqual({ code: -32602, message: `No task "${taskId}" is known to this caller` });
  });
});
