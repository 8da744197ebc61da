/**
 * The playground's task demo (issue 30): a slow export run as an MCP task on
 * 2026-07-28, against the real `createMcpHttpHandler` in this tab. The tab is
 * the client: it sends `tools/call`, is answered with a task handle, polls
 * `tasks/get` at the interval the handle suggests, answers the tool's
 * question with `tasks/update`, and sends `tasks/cancel` when the reader
 * presses Cancel. Every JSON-RPC message goes to the page as a wire line.
 *
 * The requests are written by hand because the SDK's client cannot send the
 * task requests of 2026-07-28 yet; the official Tasks client does the same
 * (docs/examples/tasks-client.ts).
 */
import { defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler, createTaskStore, type McpHttpHandler } from "@agntn/tools/mcp";
import { wireLine } from "./wire.ts";

/** The demo tool's name, and how long each of its batches takes. */
export const TASK_TOOL = "orders_export";
const BATCH_MS = 700;
const BATCHES = 4;

/** A slow export: it asks first, reports each batch, and stops between batches when cancelled. */
export const exportTool = defineTool({
  name: TASK_TOOL,
  title: "Export Orders",
  description: "Export a month of orders as CSV, one batch at a time. Slow on purpose: run it as a task.",
  effect: "read",
  input: Type.Object({ month: Type.String({ pattern: "^\\d{4}-\\d{2}$" }) }, { additionalProperties: false }),
  task: "optional",
  async execute({ month }, { progress, ask, signal }) {
    if (ask) {
      const answer = await ask({
        message: `Export every order of ${month}? This reads ${BATCHES} batches.`,
        schema: Type.Object({ go: Type.Boolean({ title: "Export" }) }, { additionalProperties: false }),
      });
      if (answer.action !== "accept" || !answer.content.go) return { content: [{ type: "text", text: "Nothing exported." }] };
    }
    let rows = 0;
    for (let batch = 1; batch <= BATCHES; batch++) {
      signal?.throwIfAborted();
      await pause(BATCH_MS, signal);
      rows += 250 + batch;
      progress?.(`batch ${batch}`, { progress: batch, total: BATCHES });
    }
    return { content: [{ type: "text", text: `Exported ${rows} orders of ${month} to orders-${month}.csv` }] };
  },
});

/** Waits `ms`, or less if `signal` aborts first (it resolves then: the caller looks at the signal itself). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    signal?.addEventListener("abort", finish, { once: true });
    function finish() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", finish);
      done();
    }
  });
}

/**
 * The server of the demo: the real HTTP handler, with a task store in memory that suggests polling twice a
 * second. Any Host is answered: the handler lives in this tab and no socket reaches it, and a browser never
 * lets a page set the Host header of a Request.
 */
export function createTaskDemo(pollIntervalMs = 500): McpHttpHandler {
  return createMcpHttpHandler({ name: "playground-tasks", version: "1.0.0" }, [exportTool], {
    allowedHosts: "any",
    tasks: createTaskStore({ pollIntervalMs }),
  });
}

/** What the page gives a run: where wire lines and status lines go, the reader's answer, and the Cancel control. */
export interface TaskRunOptions {
  wire(line: string): void;
  /** The task's status as the last poll read it, e.g. `working: batch 2 (2/4)`. */
  status(line: string): void;
  /** The tool's question, put to the reader: true to export. */
  answer(question: string): Promise<boolean>;
  /** Aborted by Cancel: the run sends `tasks/cancel` and polls on until the task has ended. */
  signal: AbortSignal;
}

/** How the run ended: the task's last status and the result's text (or the error's). */
export interface TaskEnd {
  status: string;
  text: string;
}

type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string } };

const TERMINAL = new Set(["completed", "failed", "cancelled"]);
const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "playground-tab", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} }, extensions: { "io.modelcontextprotocol/tasks": {} } },
};

/** Runs the export for `month` as a task, from the handle to the end. */
export async function runAsTask(handler: McpHttpHandler, month: string, options: TaskRunOptions): Promise<TaskEnd> {
  let id = 0;
  const send = async (method: string, params: Record<string, unknown>): Promise<Reply> => {
    const message = { jsonrpc: "2.0", id: ++id, method, params };
    options.wire(wireLine("out", message));
    const response = await handler.fetch(
      new Request("http://playground.local/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": method,
          "mcp-name": String(params.name ?? params.taskId ?? ""),
        },
        body: JSON.stringify({ ...message, params: { ...params, _meta: META } }),
      }),
    );
    const reply = (await response.json()) as Reply;
    options.wire(wireLine("in", reply));
    return reply;
  };

  const created = await send("tools/call", { name: TASK_TOOL, arguments: { month } });
  if (created.error) return { status: "error", text: created.error.message };
  const handle = created.result ?? {};
  if (handle.resultType !== "task") return { status: "answered at once", text: textOf(handle) };
  const taskId = String(handle.taskId);
  const every = typeof handle.pollIntervalMs === "number" ? handle.pollIntervalMs : 1000;
  const answered = new Set<string>();
  let cancelSent = false;
  for (;;) {
    if (options.signal.aborted && !cancelSent) {
      cancelSent = true;
      await send("tasks/cancel", { taskId });
    }
    const { result, error } = await send("tasks/get", { taskId });
    if (error || !result) return { status: "error", text: error?.message ?? "no answer" };
    const status = String(result.status);
    const message = typeof result.statusMessage === "string" ? `: ${result.statusMessage}` : "";
    options.status(`${status}${message}`);
    if (TERMINAL.has(status)) {
      const ended = status === "completed" ? textOf(result.result) : status === "failed" ? String(errorOf(result.error)) : "";
      return { status, text: ended };
    }
    if (status === "input_required") {
      const requests = (result.inputRequests ?? {}) as Record<string, { params?: { message?: unknown } }>;
      const responses: Record<string, unknown> = {};
      for (const [key, request] of Object.entries(requests)) {
        if (answered.has(key)) continue;
        answered.add(key);
        const go = await options.answer(String(request.params?.message ?? ""));
        responses[key] = { action: "accept", content: { go } };
      }
      if (Object.keys(responses).length > 0) {
        await send("tasks/update", { taskId, inputResponses: responses });
        continue;
      }
    }
    await pause(every, options.signal.aborted ? undefined : options.signal);
  }
}

function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] } | undefined)?.content ?? [];
  return content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n");
}

function errorOf(error: unknown): string {
  return (error as { message?: string } | undefined)?.message ?? "The task failed";
}
