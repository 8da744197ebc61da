/**
 * What went over the in-memory MCP pair, one short line per JSON-RPC message,
 * so a reader sees the two protocol revisions ask differently: on 2025-11-25
 * the server sends `elicitation/create` and waits; on 2026-07-28 it answers
 * `input_required` and the client calls again with the reply.
 */
import { quote, sanitizeLine } from "@agntn/tools";
import type { Transport } from "@modelcontextprotocol/client";

export type Direction = "out" | "in";
type Message = Parameters<Transport["send"]>[0];

/** A wire line as shown: the arrow says who sent it (→ the tab's client, ← the server). */
export function wireLine(direction: Direction, message: unknown): string {
  return `${direction === "out" ? "→" : "←"} ${describe(message)}`;
}

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The JSON-RPC message, as a person would summarise it. */
function describe(message: unknown): string {
  if (!isFields(message)) return "(not a JSON-RPC message)";
  const params = isFields(message.params) ? message.params : {};
  if (typeof message.method === "string") {
    const kind = "id" in message ? `request ${String(message.id)}` : "notification";
    return `${message.method} (${kind})${requestDetail(message.method, params)}`;
  }
  if (isFields(message.error)) return `error for ${String(message.id)}: ${sanitizeLine(message.error.message ?? "")}`;
  if (isFields(message.result)) return `result for ${String(message.id)}${resultDetail(message.result)}`;
  return "(not a JSON-RPC message)";
}

function requestDetail(method: string, params: Fields): string {
  switch (method) {
    case "initialize":
      return `: ${String(params.protocolVersion)}`;
    case "tools/call": {
      const rounds = isFields(params.inputResponses) ? `, with ${Object.keys(params.inputResponses).length} input response(s)` : "";
      return `: ${String(params.name)}${rounds}`;
    }
    case "notifications/progress":
      return `: ${String(params.progress)}${params.total === undefined ? "" : ` of ${String(params.total)}`}`;
    case "elicitation/create":
      return `: ${firstLine(params.message)}`;
    case "tasks/update": {
      const count = isFields(params.inputResponses) ? Object.keys(params.inputResponses).length : 0;
      return `: ${shortId(params.taskId)}, with ${count} input response(s)`;
    }
    case "tasks/get":
    case "tasks/cancel":
      return `: ${shortId(params.taskId)}`;
    default:
      return "";
  }
}

function resultDetail(result: Fields): string {
  if (result.resultType === "input_required") {
    const requests = isFields(result.inputRequests) ? Object.values(result.inputRequests) : [];
    const asked = requests.map((request) => (isFields(request) && isFields(request.params) ? firstLine(request.params.message) : "?"));
    return `: input_required, asks ${asked.join("; ")}`;
  }
  // The Tasks extension (task-run.ts): a handle, and what tasks/get reads of the task.
  if (result.resultType === "task") return `: task ${shortId(result.taskId)}, ${String(result.status)}`;
  if (typeof result.taskId === "string" && typeof result.status === "string") return taskDetail(result);
  if (typeof result.action === "string") return `: ${result.action}`;
  if (Array.isArray(result.content)) return `: ${result.isError === true ? "isError" : "content"}`;
  // A tools/list answer: how many tools, so a change of the list shows as a change of the count.
  if (Array.isArray(result.tools)) return `: ${result.tools.length} tool(s)`;
  return "";
}

/** A task as tasks/get answers it: its status, its status message, and what the status carries. */
function taskDetail(task: Fields): string {
  const message = typeof task.statusMessage === "string" ? ` ${quote(task.statusMessage)}` : "";
  let carried = "";
  if (task.status === "input_required") {
    const requests = isFields(task.inputRequests) ? Object.values(task.inputRequests) : [];
    const asked = requests.map((request) => (isFields(request) && isFields(request.params) ? firstLine(request.params.message) : "?"));
    carried = `, asks ${asked.join("; ")}`;
  }
  if (task.status === "completed" && isFields(task.result)) carried = `, ${task.result.isError === true ? "isError" : "content"}`;
  if (task.status === "failed" && isFields(task.error)) carried = `, ${sanitizeLine(String(task.error.message ?? ""))}`;
  return `: ${String(task.status)}${message}${carried}`;
}

/** The first 8 characters of a task id: enough to tell tasks apart on the wire. */
function shortId(value: unknown): string {
  return sanitizeLine(String(value ?? "")).slice(0, 8);
}

/** The first line of a message, quoted and escaped: the plan lines of a question would make the wire unreadable. */
function firstLine(value: unknown): string {
  const text = typeof value === "string" ? value : "";
  const [first = ""] = text.split("\n");
  return quote(text.includes("\n") ? `${first} …` : first);
}

/**
 * The same transport, with every message sent and received handed to `log`
 * first. A proxy, so whatever else the SDK reads from the transport (session
 * id, protocol version hooks) still reaches the real one.
 */
export function tapTransport<T extends Transport>(inner: T, log: (direction: Direction, message: Message) => void): T {
  return new Proxy(inner, {
    get(target, key) {
      if (key === "send") {
        return (message: Message, options?: Parameters<Transport["send"]>[1]) => {
          log("out", message);
          return target.send(message, options);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(target, key, value) {
      if (key !== "onmessage" || typeof value !== "function") return Reflect.set(target, key, value);
      const deliver = value as NonNullable<Transport["onmessage"]>;
      target.onmessage = (message, extra) => {
        log("in", message);
        deliver(message, extra);
      };
      return true;
    },
  });
}
