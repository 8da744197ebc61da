/** The three error kinds every host shares, and the one text a failure is answered with. */
import { describeValue, sanitizeLine } from "./sanitize.ts";

/**
 * A tool definition, a question or an option that can never work: thrown at start-up, before anyone calls. Every
 * options object's check throws it, for an unknown key as for a value of the wrong kind; a bad argument handed to a
 * function at run time (a log level, a listener) is a TypeError.
 */
export class ToolDefinitionError extends Error {
  override name = "ToolDefinitionError";
}

/** One problem with a call's arguments. */
export interface InputIssue {
  /** JSON pointer into the arguments, `""` for the root. */
  at: string;
  /** What is wrong, in the validator's words. */
  problem: string;
  /** Required keys that are absent (only for a missing-key issue). */
  missing?: string[];
  /** The key nobody asked for (only for an unknown-key issue). */
  unknown?: string;
}

/** Arguments that do not fit the input schema. `lines` holds one line per problem, ready for a model. */
export class ToolInputError extends Error {
  override name = "ToolInputError";
  readonly tool: string;
  readonly lines: string[];
  readonly issues: InputIssue[];
  constructor(tool: string, lines: string[], issues: InputIssue[]) {
    super(lines.join("\n"));
    this.tool = tool;
    this.lines = lines;
    this.issues = issues;
  }
}

/** A tool answered with something that is not a tool result, or details that break its output schema. */
export class ToolResultError extends Error {
  override name = "ToolResultError";
  readonly tool: string;
  readonly lines: string[];
  constructor(tool: string, lines: string[]) {
    super(lines.join("\n"));
    this.tool = tool;
    this.lines = lines;
  }
}

/**
 * Builds an error without capturing a stack. A refused input or a malformed
 * result is the caller's or the tool's mistake, not a bug to trace, and V8's
 * stack capture was a quarter of a refused call. Where the limit cannot be
 * set (frozen intrinsics), the error simply keeps its stack.
 */
export function withoutStack<T>(make: () => T): T {
  const errorClass = Error as { stackTraceLimit?: number };
  const limit = errorClass.stackTraceLimit;
  if (typeof limit !== "number") return make();
  try {
    errorClass.stackTraceLimit = 0;
  } catch {
    return make();
  }
  try {
    return make();
  } finally {
    errorClass.stackTraceLimit = limit;
  }
}

/** A failure as one clean text for a model: input lines, result problems, or `<tool> failed: <message>`. */
export function failureText(tool: string, error: unknown): string {
  if (isA(error, ToolInputError) || isA(error, ToolResultError)) return linesText(error.lines);
  if (isA(error, ToolDefinitionError)) return sanitizeLine(error.message);
  return `${sanitizeLine(tool)} failed: ${sanitizeLine(describeValue(error)) || "no message"}`;
}

/** Problem lines as one text for a model: each line cleaned (a schema's enum value may hold a line break). */
export function linesText(lines: readonly string[]): string {
  return lines.map(sanitizeLine).join("\n");
}

/** `instanceof` that never throws: a thrown Proxy can trap the prototype look-up, and a failure must still be described. */
function isA<T>(value: unknown, kind: abstract new (...args: never[]) => T): value is T {
  try {
    return value instanceof kind;
  } catch {
    return false;
  }
}
