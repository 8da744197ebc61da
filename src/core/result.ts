/**
 * What a tool returned, read once and turned into the call's outcome: its
 * content checked and copied, `isError` and `details` read once each, the
 * details checked against the output schema. Used by the call path
 * (./call.ts) after `execute`, and by `outcomeOf` (./middleware.ts) for an
 * answer a middleware makes itself, so both go through the same checks.
 */
import type { CallFailure, CallOutcome } from "./call.ts";
import { joinedText, readContent } from "./content.ts";
import type { PreparedTool } from "./define.ts";
import { linesText } from "./errors.ts";
import { isRecord } from "./schema.ts";
import type { ContentBlock, ToolResult } from "./types.ts";
import { describeProblems } from "./validate.ts";

/** A result read once: its content checked and copied, `isError` and `details` as they read then. */
export type ResultRead = { ok: true; content: ContentBlock[]; isError: boolean; details: unknown } | { ok: false; problems: string[] };

/**
 * Reads what `execute` returned, each field once (a getter cannot pass the
 * check with one value and reach the host with another), with one line per
 * problem when it is not a tool result.
 */
export function readResult(result: unknown): ResultRead {
  if (!isRecord(result))
    return { ok: false, problems: [`expected { content, details?, isError? }, got ${result === null ? "null" : typeof result}`] };
  const { content, isError, details } = result;
  const read = readContent(content);
  const problems = read.ok ? [] : read.problems;
  if (isError !== undefined && typeof isError !== "boolean") problems.push("isError must be a boolean");
  if (!read.ok || problems.length > 0) return { ok: false, problems };
  return { ok: true, content: read.blocks, isError: isError === true, details };
}

/** The lines of details that break the output schema, or `undefined` when they fit (or the tool has none). */
export function detailsProblems(entry: PreparedTool, details: unknown): string[] | undefined {
  const checker = entry.outputChecker();
  if (!checker || !entry.output || checker.check(details)) return undefined;
  const { lines } = describeProblems(entry.output, checker, details, "");
  return [`${entry.name} returned details that don't match its output schema`, ...lines];
}

/** The failure for a malformed result: one line for one problem, else a heading and a line per problem. */
export function malformed(tool: string, problems: readonly string[]): CallFailure {
  const lines =
    problems.length === 1 ? [`${tool} returned a malformed result: ${problems[0]}`] : [`${tool} returned a malformed result:`, ...problems];
  return { ok: false, kind: "result", text: linesText(lines), lines };
}

/** The outcome of a result read by {@link readResult}; details are checked against the output schema unless told not to. */
export function resultOutcome(entry: PreparedTool, result: ToolResult, read: ResultRead, checkDetails = true): CallOutcome {
  if (!read.ok) return malformed(entry.name, read.problems);
  const { content, details } = read;
  const text = joinedText(content);
  if (read.isError) return { ok: false, kind: "returned", text, content, details, result };
  const mismatch = checkDetails ? detailsProblems(entry, details) : undefined;
  if (mismatch) return { ok: false, kind: "result", text: linesText(mismatch), lines: mismatch };
  return { ok: true, content, text, details, structured: entry.output !== undefined, result };
}
