/**
 * Raw 2026-07-28 JSON-RPC for the Tasks tests: what a client without an MCP
 * library sends (the routing headers the spec asks for, the capabilities in
 * each request's `_meta`), and the reads every task test makes of the answer.
 */
import { expect } from "vitest";

export const TASKS = "io.modelcontextprotocol/tasks";

/** What a client that declared the extension (and forms) sends in every request's `_meta`. */
export const TASK_CAPABILITIES = { extensions: { [TASKS]: {} }, elicitation: { form: {} } };

/** The `_meta` of one 2026-07-28 request. */
export function envelopeOf(capabilities: object = TASK_CAPABILITIES): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "tasks-test", version: "1.0.0" },
    "io.modelcontextprotocol/clientCapabilities": capabilities,
  };
}

/** Sends one request and gives the JSON-RPC reply (`result` or `error`). */
export type Send = (method: string, params: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface SenderOptions {
  /** The capabilities each request declares. Default: the Tasks extension and forms. */
  capabilities?: object;
  /** More headers (a bearer token). */
  headers?: Record<string, string>;
}

let nextId = 1;

/**
 * Posts one request and reads its JSON-RPC reply, whether it came as JSON or as server-sent events (the last `data:`
 * line). `fetcher` is the global `fetch` for a server on a port, or a handler's own `fetch` answered in process (the
 * request then carries the Host that `fetch` would add on the way out, which the handler checks).
 */
export async function postTask(
  url: URL | string,
  method: string,
  params: Record<string, unknown>,
  options: SenderOptions & { fetcher?: (request: Request) => Promise<Response> } = {},
): Promise<{ reply: Record<string, unknown>; response: Response }> {
  const fetcher = options.fetcher ?? fetch;
  // The spec's routing header: the tool's name for a call, the task's id for tasks/*.
  const name = typeof params.taskId === "string" ? params.taskId : typeof params.name === "string" ? params.name : "";
  const response = await fetcher(
    new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": method,
        ...(name ? { "mcp-name": name } : {}),
        ...(fetcher === fetch ? {} : { host: new URL(url).host }),
        ...options.headers,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: envelopeOf(options.capabilities) } }),
    }),
  );
  const text = (await response.text()).trim();
  const json = text.startsWith("{")
    ? text
    : (text
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .at(-1)
        ?.slice(6) ?? "");
  if (!json) throw new Error(`no JSON-RPC answer to ${method} (HTTP ${response.status}): ${text}`);
  return { reply: JSON.parse(json) as Record<string, unknown>, response };
}

/** A sender over HTTP (see {@link postTask}). */
export function httpSender(url: URL | string, fetcher: (request: Request) => Promise<Response> = fetch, options: SenderOptions = {}): Send {
  return async (method, params) => (await postTask(url, method, params, { ...options, fetcher })).reply;
}

/** Polls `tasks/get` until the task has the status (50 ms apart, 5 s at most). */
export async function until(send: Send, taskId: string, status: string): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < 100; tries++) {
    const reply = await send("tasks/get", { taskId });
    const result = reply.result as Record<string, unknown> | undefined;
    if (result?.status === status) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${taskId} never reached ${status}`);
}

/** A task answer without what changes from run to run (its id, times and the server's `_meta`), checked on the way. */
export function shape(result: unknown): Record<string, unknown> {
  const { taskId, createdAt, lastUpdatedAt, _meta, ...rest } = result as Record<string, unknown>;
  expect(typeof taskId).toBe("string");
  expect(Date.parse(String(createdAt))).not.toBeNaN();
  expect(Date.parse(String(lastUpdatedAt))).toBeGreaterThanOrEqual(Date.parse(String(createdAt)));
  return rest;
}
