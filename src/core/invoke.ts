/**
 * The one way every host runs a tool: validate, build the context the tool
 * sees, run `execute`, check what it returned. Hosts differ only in how they
 * deliver progress and questions and in how they report a failure.
 */
import { type PreparedTool, prepareTool } from "./define.ts";
import { ToolDefinitionError, ToolInputError, ToolResultError } from "./errors.ts";
import { type PreparedQuestion, prepareQuestion } from "./questions.ts";
import { describeValue, sanitizeLine } from "./sanitize.ts";
import { isRecord } from "./schema.ts";
import type { Answer, AnyTool, InputOf, ProgressUpdate, ToolContext, ToolResult } from "./types.ts";
import { describeProblems } from "./validate.ts";

/** A progress report as hosts receive it: a clean line and a number that only grows. */
export interface ProgressReport {
  message: string;
  progress: number;
  total?: number;
}

/** What a host can offer a call. Leave out what it cannot give: the tool then sees `undefined`. */
export interface HostContext {
  signal?: AbortSignal;
  /** Receives each progress report; may be async. A throw or rejection never fails the call. */
  progress?: (report: ProgressReport) => void | Promise<void>;
  /** Asks the person a checked question and resolves with an answer that passed `question.check`. */
  ask?: (question: PreparedQuestion) => Promise<Answer>;
  host?: unknown;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; error: ToolInputError };

/** Checks arguments against a tool's input schema. A missing value reads as `{}`. */
export function validateInput<T extends AnyTool>(tool: T, args: unknown): ValidationResult<InputOf<T["input"]>> {
  const entry = prepareTool(tool);
  const value = args === undefined ? {} : args;
  const checker = entry.inputChecker();
  if (checker.check(value)) return { ok: true, value: value as InputOf<T["input"]> };
  const { lines, issues } = describeProblems(entry.input, checker, value, "Invalid arguments");
  return { ok: false, error: new ToolInputError(entry.name, lines, issues) };
}

/** Checks `details` against the tool's output schema; returns the lines of a mismatch, or `undefined`. */
export function checkDetails(tool: AnyTool, details: unknown): string[] | undefined {
  const entry = prepareTool(tool);
  const checker = entry.outputChecker();
  if (!checker || !entry.output || checker.check(details)) return undefined;
  const { lines } = describeProblems(entry.output, checker, details, "");
  return [`${entry.name} returned details that don't match its output schema`, ...lines];
}

/** A failure as one clean text for a model: input lines, result problems, or `<tool> failed: <message>`. */
export function failureText(tool: string, error: unknown): string {
  if (isA(error, ToolInputError) || isA(error, ToolResultError)) return error.lines.map(sanitizeLine).join("\n");
  if (isA(error, ToolDefinitionError)) return sanitizeLine(error.message);
  return `${sanitizeLine(tool)} failed: ${sanitizeLine(describeValue(error)) || "no message"}`;
}

/** `instanceof` that never throws: a thrown Proxy can trap the prototype look-up, and a failure must still be described. */
function isA<T>(value: unknown, kind: abstract new (...args: never[]) => T): value is T {
  try {
    return value instanceof kind;
  } catch {
    return false;
  }
}

function checkResult(entry: PreparedTool, result: unknown): ToolResult {
  const problem = !isRecord(result)
    ? `expected { content, details?, isError? }, got ${result === null ? "null" : typeof result}`
    : !Array.isArray(result.content)
      ? "content must be an array of text blocks"
      : result.content.every((c) => isRecord(c) && c.type === "text" && typeof c.text === "string")
        ? result.isError !== undefined && typeof result.isError !== "boolean"
          ? "isError must be a boolean"
          : undefined
        : 'every content block must be { type: "text", text: string }';
  if (problem) throw new ToolResultError(entry.name, [`${entry.name} returned a malformed result: ${problem}`]);
  return result as unknown as ToolResult;
}

/**
 * Validates `args` and runs the tool. Throws {@link ToolInputError} for bad
 * input (before `execute` runs), {@link ToolResultError} for a malformed
 * result, and whatever `execute` throws. Progress and questions go through the
 * host context, cleaned and guarded.
 */
export async function invokeTool(tool: AnyTool, args: unknown, host: HostContext = {}): Promise<ToolResult> {
  const entry = prepareTool(tool);
  const checked = validateInput(tool, args);
  if (!checked.ok) throw checked.error;
  let answered = false;
  const open = new Set<Promise<unknown>>();
  const context: ToolContext = {};
  if (host.signal) context.signal = host.signal;
  if (host.host !== undefined) context.host = host.host;
  if (host.progress) context.progress = progressFor(host.progress, () => answered);
  if (host.ask) {
    const ask = host.ask;
    context.ask = ((question) => {
      if (answered) return Promise.reject(new Error(`${entry.name} asked a question after its call had answered`));
      const pending = (async () => {
        const prepared = prepareQuestion(entry.name, question);
        const answer = await ask(prepared);
        // The host promised a checked answer; check again so no host can hand a tool an unfit reply.
        const rechecked = prepared.check(answer);
        if (!rechecked) throw new Error(`${entry.name}: the answer did not fit the question`);
        return rechecked;
      })();
      open.add(pending);
      pending.then(
        () => open.delete(pending),
        () => open.delete(pending),
      );
      return pending;
    }) as ToolContext["ask"];
  }
  try {
    const result = checkResult(entry, await entry.tool.execute(checked.value, context));
    // A question the tool forgot to await still holds the call: answer only once the person has.
    while (open.size > 0) await Promise.allSettled([...open]);
    return result;
  } finally {
    answered = true;
  }
}

function progressFor(sink: NonNullable<HostContext["progress"]>, isAnswered: () => boolean): NonNullable<ToolContext["progress"]> {
  let last: number | undefined;
  return (message: string, update?: ProgressUpdate) => {
    if (isAnswered()) return;
    let progress = (last ?? 0) + 1;
    if (update?.progress !== undefined) {
      // Progress only grows: a step back, NaN or Infinity is dropped, not bent. A first report may be 0 ("0 of 100").
      const next = update.progress;
      if (typeof next !== "number" || !Number.isFinite(next) || (last !== undefined && next <= last)) return;
      progress = next;
    }
    last = progress;
    const report: ProgressReport = { message: sanitizeLine(message), progress };
    const total = update?.total;
    if (typeof total === "number" && Number.isFinite(total) && total >= 0) report.total = total;
    try {
      const sent = sink(report);
      if (sent && typeof sent.then === "function") sent.then(undefined, () => {});
    } catch {
      // A host that cannot show progress must not fail the call.
    }
  };
}
