/**
 * The `execute` OMP calls. It runs the tool through the core, like every
 * host, and answers OMP with a result it reads as is: `isError` marks a
 * failure and `details` are kept.
 *
 * Failures are returned, never thrown. OMP reads both: a throw becomes a
 * result holding the error's message, a returned `isError` reaches the model
 * as written. Returning keeps one path for every failure (bad input, a throw
 * from the tool, a malformed result), each answered with `failureText`, the
 * text the MCP host sends for it, and keeps `execute` from ever rejecting.
 */
import type { PreparedTool } from "../core/define.ts";
import { checkDetails, failureText, type HostContext, invokeTool, type ProgressReport } from "../core/invoke.ts";
import { sanitizeLine } from "../core/sanitize.ts";
import type { ToolResult } from "../core/types.ts";
import { dialogAsk } from "./ask.ts";
import type { OmpExecute, OmpToolContext, OmpToolResult } from "./types.ts";

/** The `details` of a partial result: the progress report the status line and other renderers can read. */
export interface OmpProgressDetails {
  progress: ProgressReport;
}

function failure(text: string): OmpToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

function toOmpResult(result: ToolResult): OmpToolResult {
  const answer: OmpToolResult = { content: result.content.map((c) => ({ type: "text" as const, text: c.text })) };
  if (result.details !== undefined) answer.details = result.details;
  if (result.isError) answer.isError = true;
  return answer;
}

/** Progress goes to OMP as partial results: the line as text, the report as details. */
function progressTo(onUpdate: (partial: OmpToolResult) => void): NonNullable<HostContext["progress"]> {
  return (report) => {
    const details: OmpProgressDetails = { progress: report };
    onUpdate({ content: [{ type: "text", text: report.message }], details });
  };
}

export function executeFor(entry: PreparedTool): OmpExecute {
  return async (_toolCallId, params, signal, onUpdate, ctx) => {
    const host: HostContext = { host: ctx };
    if (signal) host.signal = signal;
    if (typeof onUpdate === "function") host.progress = progressTo(onUpdate);
    const ask = dialogAsk(ctx as OmpToolContext | undefined, signal);
    if (ask) host.ask = ask;
    try {
      const result = await invokeTool(entry.tool, params, host);
      if (!result.isError) {
        // Details that break the output schema are a tool bug; the MCP host refuses them the same way.
        const mismatch = checkDetails(entry.tool, result.details);
        if (mismatch) return failure(mismatch.map((line) => sanitizeLine(line)).join("\n"));
      }
      return toOmpResult(result);
    } catch (error) {
      return failure(failureText(entry.name, error));
    }
  };
}
