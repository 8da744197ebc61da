/**
 * The one path a call takes, on every host: check the input (once), run the
 * tool with its context, check what it returned (the result's shape, then its
 * details against the output schema) and answer with one {@link CallOutcome}.
 * Hosts only translate the outcome into their own channel; none repeats a
 * check, so every host answers each case with the same text.
 */
import { joinedText, readContent } from "./content.ts";
import { callContext, type HostContext } from "./context.ts";
import type { PreparedTool } from "./define.ts";
import { failureText, type InputIssue, linesText } from "./errors.ts";
import { isRecord } from "./schema.ts";
import type { ContentBlock, ToolResult } from "./types.ts";
import { describeProblems } from "./validate.ts";

/** The tool answered: its content blocks (checked and copied), the text blocks' text joined, and its details. */
export interface CallSuccess {
  ok: true;
  content: ContentBlock[];
  /** The text blocks joined by line breaks (other kinds left out: see `content`). */
  text: string;
  details: unknown;
  /** The details passed the tool's output schema: hosts with a structured channel send them there. */
  structured: boolean;
  /** The result as the tool returned it (for `invokeTool`, which hands it back as is). */
  result: ToolResult;
}

/**
 * A call that did not answer, by why:
 * - `input`: the arguments do not fit the schema; `execute` never ran;
 * - `returned`: the tool returned `isError` (its own words, `content` and `details` as returned);
 * - `result`: the tool returned something malformed, or details that break its output schema;
 * - `thrown`: `execute` threw (or rejected); `error` is what it threw.
 */
export type CallFailure =
  | { ok: false; kind: "input"; text: string; lines: string[]; issues: InputIssue[] }
  | { ok: false; kind: "returned"; text: string; content: ContentBlock[]; details: unknown; result: ToolResult }
  | { ok: false; kind: "result"; text: string; lines: string[] }
  | { ok: false; kind: "thrown"; text: string; error: unknown };

export type CallOutcome = CallSuccess | CallFailure;

/** What a call runs on: raw arguments the core checks, or a value the core itself accepted earlier in this call. */
export type CallInput = { args: unknown } | { accepted: unknown };

export type InputCheck = { ok: true; value: unknown } | { ok: false; lines: string[]; issues: InputIssue[] };

/** Checks arguments against the prepared tool's input schema. A missing value reads as `{}`. */
export function checkInput(entry: PreparedTool, args: unknown): InputCheck {
  const value = args === undefined ? {} : args;
  const checker = entry.inputChecker();
  if (checker.check(value)) return { ok: true, value };
  return { ok: false, ...describeProblems(entry.input, checker, value, "Invalid arguments") };
}

/** The lines of details that break the output schema, or `undefined` when they fit (or the tool has none). */
export function detailsProblems(entry: PreparedTool, details: unknown): string[] | undefined {
  const checker = entry.outputChecker();
  if (!checker || !entry.output || checker.check(details)) return undefined;
  const { lines } = describeProblems(entry.output, checker, details, "");
  return [`${entry.name} returned details that don't match its output schema`, ...lines];
}

/** A result read once: its content checked and copied, `isError` and `details` as they read then. */
type ResultRead = { ok: true; content: ContentBlock[]; isError: boolean; details: unknown } | { ok: false; problems: string[] };

/**
 * Reads what `execute` returned, each field once (a getter cannot pass the
 * check with one value and reach the host with another), with one line per
 * problem when it is not a tool result.
 */
function readResult(result: unknown): ResultRead {
  if (!isRecord(result))
    return { ok: false, problems: [`expected { content, details?, isError? }, got ${result === null ? "null" : typeof result}`] };
  const { content, isError, details } = result;
  const read = readContent(content);
  const problems = read.ok ? [] : read.problems;
  if (isError !== undefined && typeof isError !== "boolean") problems.push("isError must be a boolean");
  if (!read.ok || problems.length > 0) return { ok: false, problems };
  return { ok: true, content: read.blocks, isError: isError === true, details };
}

/** The failure for a malformed result: one line for one problem, else a heading and a line per problem. */
function malformed(tool: string, problems: readonly string[]): CallFailure {
  const lines =
    problems.length === 1 ? [`${tool} returned a malformed result: ${problems[0]}`] : [`${tool} returned a malformed result:`, ...problems];
  return { ok: false, kind: "result", text: linesText(lines), lines };
}

/** How much of the result `runTool` checks: hosts want the details checked; `invokeTool` leaves that to `checkDetails`. */
export interface RunOptions {
  checkDetails: boolean;
}

const CHECK_ALL: RunOptions = { checkDetails: true };

/**
 * Runs one call from input to outcome. Never throws: every failure is an
 * outcome with its one text. `execute` is awaited here, in the one async
 * frame of the call: each extra layer would cost every call a turn of the
 * microtask queue.
 */
export async function runTool(entry: PreparedTool, input: CallInput, host: HostContext = {}, options = CHECK_ALL): Promise<CallOutcome> {
  let value: unknown;
  if ("accepted" in input) value = input.accepted;
  else {
    const checked = checkInput(entry, input.args);
    if (!checked.ok) return { ok: false, kind: "input", text: linesText(checked.lines), lines: checked.lines, issues: checked.issues };
    value = checked.value;
  }
  const call = callContext(entry, host);
  let result: ToolResult;
  let read: ResultRead;
  try {
    const returned: unknown = await entry.tool.execute(value, call.context);
    read = readResult(returned);
    if (!read.ok) return malformed(entry.name, read.problems);
    // A question the tool forgot to await still holds the call: answer only once the person has.
    const settling = call.settle();
    if (settling) await settling;
    result = returned as ToolResult;
  } catch (error) {
    return { ok: false, kind: "thrown", text: failureText(entry.name, error), error };
  } finally {
    call.close();
  }
  const { content, details } = read;
  const text = joinedText(content);
  if (read.isError) return { ok: false, kind: "returned", text, content, details, result };
  const mismatch = options.checkDetails ? detailsProblems(entry, details) : undefined;
  if (mismatch) return { ok: false, kind: "result", text: linesText(mismatch), lines: mismatch };
  return { ok: true, content, text, details, structured: entry.output !== undefined, result };
}
