/**
 * The `execute` OMP calls. It runs the tool through the core, like every
 * host, and answers OMP with a result it reads as is: `isError` marks a
 * failure and `details` are kept.
 *
 * Failures are returned, never thrown. OMP reads both: a throw becomes a
 * result holding the error's message, a returned `isError` reaches the model
 * as written. Returning keeps one path for every failure (bad input, a throw
 * from the tool, a malformed result), each answered with the core's one
 * text, the text the MCP host sends for it, and keeps `execute` from ever rejecting.
 */
import { type CallOutcome, runTool } from "../core/call.ts";
import type { HostContext, ProgressReport } from "../core/context.ts";
import type { PreparedTool } from "../core/define.ts";
import type { CallFacts } from "../core/middleware.ts";
import { ompContent } from "./content.ts";
import { dialogAsk } from "./dialogs.ts";
import { ompLog } from "./log.ts";
import type { OmpExecute, OmpLogger, OmpToolContext, OmpToolResult } from "./types.ts";

/** The `details` of a partial result: the progress report the status line and other renderers can read. */
export interface OmpProgressDetails {
  progress: ProgressReport;
}

/** An outcome as OMP reads it: text and images (other kinds as notes), the details kept, `isError` on any failure. */
function ompResult(outcome: CallOutcome): OmpToolResult {
  if (!outcome.ok && outcome.kind !== "returned") return { content: [{ type: "text", text: outcome.text }], isError: true };
  const answer: OmpToolResult = { content: ompContent(outcome.content) };
  if (outcome.details !== undefined) answer.details = outcome.details;
  if (!outcome.ok) answer.isError = true;
  return answer;
}

/** Progress goes to OMP as partial results: the line as text, the report as details. */
function progressTo(onUpdate: (partial: OmpToolResult) => void): NonNullable<HostContext["progress"]> {
  return (report) => {
    const details: OmpProgressDetails = { progress: report };
    onUpdate({ content: [{ type: "text", text: report.message }], details });
  };
}

/** What middleware may know of an OMP call: only that OMP runs it. */
const FACTS: CallFacts = Object.freeze({ host: "omp" });

/**
 * The `execute` of one tool. `logger` is OMP's file logger from the extension
 * API, when it has one. No `sample`: OMP hands an extension's tools neither a
 * completion function nor a registry that completes, only the model's name.
 */
export function executeFor(entry: PreparedTool, logger: OmpLogger | undefined): OmpExecute {
  const log = logger ? ompLog(logger) : undefined;
  return async (_toolCallId, params, signal, onUpdate, ctx) => {
    const host: HostContext = { host: ctx, call: FACTS };
    if (signal) host.signal = signal;
    if (typeof onUpdate === "function") host.progress = progressTo(onUpdate);
    const ask = dialogAsk(ctx as OmpToolContext | undefined, signal);
    if (ask) host.ask = ask;
    if (log) host.log = log;
    return ompResult(await runTool(entry, { args: params }, host));
  };
}
