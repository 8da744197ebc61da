/**
 * The Tasks extension on an SDK v2 server (`io.modelcontextprotocol/tasks`,
 * 2026-07-28): a `tools/call` of a task-capable tool from a client that
 * declared the extension is answered with a task handle once the task is
 * stored, and `tasks/get`, `tasks/update` and `tasks/cancel` answer from the
 * store, so any instance sharing it answers them. A task belongs to the caller
 * who created it: another caller's id gets the answer an unknown id gets.
 *
 * 2025-11-25 connections answer at once: that revision's tasks are an
 * experimental, different wire format (`tasks/result`, `tasks/list`), and a
 * 2025 session already carries questions on its own connection.
 */
import { type AuthInfo, CLIENT_CAPABILITIES_META_KEY, ProtocolError, Server, type ServerContext } from "@modelcontextprotocol/server";
import { quote, sanitizeLine } from "../../core/sanitize.ts";
import { isRecord } from "../../core/schema.ts";
import type { ServerInfo, TaskSupport } from "../../core/types.ts";
import { errorResult, type McpCallResult } from "../../protocol/call.ts";
import { principalOf } from "../../protocol/caller.ts";
import { startTask, type TaskWork } from "./runner.ts";
import { type TaskBook, type TaskRecord, TaskStoreError } from "./store.ts";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** The capability a server that may answer with tasks declares, beside its other extensions. */
export const TASKS_CAPABILITY = { [TASKS_EXTENSION]: {} } as const;

const MISSING_CAPABILITY = -32021;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
/** The longest task id looked up (ours are 36 characters). */
const MAX_ID = 128;

/** Did this 2026-07-28 request declare the extension? (`undefined` on 2025-11-25, whose requests carry no capabilities.) */
export function declaresTasks(ctx: ServerContext): boolean | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return envelope ? envelopeDeclaresTasks(envelope) : undefined;
}

/** Whether a request's `_meta` envelope declares the extension in its client capabilities. */
export function envelopeDeclaresTasks(envelope: Record<string, unknown>): boolean {
  const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY];
  const extensions = isRecord(capabilities) ? capabilities.extensions : undefined;
  return isRecord(extensions) && Object.hasOwn(extensions, TASKS_EXTENSION) && isRecord(extensions[TASKS_EXTENSION]);
}

/** The spec's error for a request that needs the extension from a client that did not declare it. */
export function missingTasks(line: string): ProtocolError {
  return new ProtocolError(MISSING_CAPABILITY, line, { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
}

/**
 * How a `tools/call` of a tool with `task` goes, on this request: as a task, at once, or refused with -32021 (a
 * required task, asked of a 2026 client without the extension).
 */
export function taskMode(support: TaskSupport | undefined, ctx: ServerContext, name: string): "task" | "now" {
  if (support === undefined) return "now";
  const declared = declaresTasks(ctx);
  if (declared) return "task";
  if (declared === false && support === "required") {
    throw missingTasks(
      `${sanitizeLine(name)} runs only as a task: declare the ${TASKS_EXTENSION} extension in the request's client capabilities`,
    );
  }
  return "now";
}

/** Creates the task, starts the work and answers with the handle; or the call's refusal as a tool error. */
export async function createTask(book: TaskBook, ctx: ServerContext, name: string, work: TaskWork): Promise<McpCallResult> {
  let created: Awaited<ReturnType<TaskBook["create"]>>;
  try {
    created = await book.create(principalOf(ctx.http?.authInfo), name);
  } catch (error) {
    throw storeFailure(error, "the tool did not run", work.report, name);
  }
  if ("refused" in created) return errorResult(created.refused);
  startTask(book, created, work).catch(work.report);
  return { resultType: "task", ...wireTask(created) } as unknown as McpCallResult;
}

/** The methods of the extension. */
export type TaskMethod = "tasks/get" | "tasks/update" | "tasks/cancel";

/** What a task method is answered from: the request's params and the facts of the request around them. */
export interface TaskRequest {
  params: unknown;
  /** Whether the request declared the extension (`undefined` on 2025-11-25, whose requests declare nothing). */
  declared: boolean | undefined;
  authInfo: AuthInfo | undefined;
  /** `tasks/update`'s responses where the 2026 codec lifted them out of the params. */
  inputResponses?: unknown;
}

/**
 * The answer to one task method, or the {@link ProtocolError} it is refused with: the one implementation behind the
 * SDK servers' handlers and the HTTP faces' polls (./poll.ts). Store failures go to `report` as one line.
 */
export async function answerTaskMethod(
  book: TaskBook,
  method: TaskMethod,
  request: TaskRequest,
  report: (error: unknown) => void,
): Promise<Record<string, unknown>> {
  const record = await readTask(book, method, request, report);
  if (method === "tasks/get") return { resultType: "complete", ...detailedTask(record) };
  if (method === "tasks/update") {
    const responses = (request.params as { inputResponses?: unknown }).inputResponses ?? request.inputResponses;
    if (!isRecord(responses))
      throw new ProtocolError(INVALID_PARAMS, "tasks/update: params.inputResponses must be an object of responses by key");
    try {
      await book.answer(record, responses);
    } catch (error) {
      throw storeFailure(error, "the answers were not kept; send them again", report, method);
    }
    return { resultType: "complete" };
  }
  try {
    if (record.status === "working" || record.status === "input_required") await book.requestCancel(record);
  } catch (error) {
    throw storeFailure(error, "the cancel was not kept; send it again", report, method);
  }
  return { resultType: "complete" };
}

/** The caller's task a request names, or the refusal: unknown, expired and another caller's get one answer. */
async function readTask(book: TaskBook, method: TaskMethod, request: TaskRequest, report: (error: unknown) => void): Promise<TaskRecord> {
  if (request.declared === undefined) throw new ProtocolError(-32601, `Method not found: ${method}`);
  if (!request.declared) throw missingTasks(`${method} needs the ${TASKS_EXTENSION} extension in the request's client capabilities`);
  const id = isRecord(request.params) ? request.params.taskId : undefined;
  if (typeof id !== "string" || id === "") throw new ProtocolError(INVALID_PARAMS, `${method}: params.taskId must be a task id string`);
  // Our ids are UUIDs: a longer one is no task of ours. It is not looked up, and its echo is cut, so a hostile id
  // of many kilobytes is not sent back whole.
  if (id.length > MAX_ID)
    throw new ProtocolError(INVALID_PARAMS, `No task ${quote(id.slice(0, 64)).slice(0, -1)}…" is known to this caller`);
  let record: Awaited<ReturnType<TaskBook["read"]>>;
  try {
    record = await book.read(id, principalOf(request.authInfo));
  } catch (error) {
    throw storeFailure(error, "try again", report, method);
  }
  if (!record) throw new ProtocolError(INVALID_PARAMS, `No task ${quote(id)} is known to this caller`);
  return record;
}

/** `tasks/get`, `tasks/update` and `tasks/cancel` on a server, answered from the store. */
export function serveTaskMethods(server: Server, book: TaskBook): void {
  const report = (error: unknown) => server.onerror?.(error as Error);
  for (const method of ["tasks/get", "tasks/update", "tasks/cancel"] as const) {
    server.setRequestHandler(method, ANY_PARAMS, (params, ctx) =>
      answerTaskMethod(
        book,
        method,
        { params, declared: declaresTasks(ctx), authInfo: ctx.http?.authInfo, inputResponses: ctx.mcpReq.inputResponses },
        report,
      ),
    );
  }
}

/** Whether a message is one `tasks/*` request (not a batch): the HTTP faces answer it with {@link taskServer}. */
export function isTaskRequest(message: unknown): boolean {
  return isRecord(message) && typeof message.method === "string" && message.method.startsWith("tasks/");
}

/**
 * The server a 2026-07-28 `tasks/*` request gets on an HTTP face, where every request has a server of its own: only
 * the task methods, so a poll does not pay for building the tools, resources and prompts it never reads. The SDK
 * still reads, checks and answers the request as for any other.
 */
export function taskServer(info: ServerInfo, book: TaskBook): Server {
  const server = new Server(JSON.parse(JSON.stringify(info)) as ServerInfo, { capabilities: { extensions: { ...TASKS_CAPABILITY } } });
  serveTaskMethods(server, book);
  return server;
}

/** A task's common fields, as a handle and every answer carry them. */
export function wireTask(record: TaskRecord): Record<string, unknown> {
  const task: Record<string, unknown> = {
    taskId: record.taskId,
    status: record.status,
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttlMs: record.ttlMs,
    pollIntervalMs: record.pollIntervalMs,
  };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  return task;
}

/** The task with what its status carries: input requests, the result or the error. */
export function detailedTask(record: TaskRecord): Record<string, unknown> {
  const task = wireTask(record);
  if (record.status === "input_required") task.inputRequests = record.inputRequests ?? {};
  // The inlined result is the request's 2026-07-28 result, so it carries `resultType: "complete"` as a plain answer
  // does; the official client (@modelcontextprotocol/ext-tasks) refuses a task result without it.
  if (record.status === "completed") task.result = { resultType: "complete", ...(record.result ?? { content: [] }) };
  if (record.status === "failed") task.error = record.error ?? { code: INTERNAL_ERROR, message: "The task failed" };
  return task;
}

/**
 * The client hears that the store failed and what it may do; the store's own words (a file path, a Redis host and
 * port) go to the server's `onerror` alone, cleaned to one line: they say where the server keeps its data.
 */
function storeFailure(error: unknown, then: string, report: (error: unknown) => void, where: string): ProtocolError {
  const message = error instanceof TaskStoreError ? error.message : String(error);
  report(new Error(`${sanitizeLine(where)}: the task store failed (${sanitizeLine(message)})`));
  return new ProtocolError(INTERNAL_ERROR, `The task store could not be reached; ${then}`);
}

/** Any params object: each handler checks the fields it reads, in its own words. */
const ANY_PARAMS = {
  params: {
    "~standard": {
      version: 1 as const,
      vendor: "@agntn/tools",
      validate: (value: unknown) => (isRecord(value) ? { value } : { issues: [{ message: "params must be an object" }] }),
    },
  },
};
