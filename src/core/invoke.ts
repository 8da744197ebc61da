/**
 * The public single-step API, for programs that drive a tool themselves:
 * `validateInput`, `invokeTool` (throws as a program expects) and
 * `checkDetails`. Every host goes through `runTool` (./call.ts) instead, which
 * runs the same steps and answers with one outcome.
 */
import { checkInput, runTool } from "./call.ts";
import type { HostContext } from "./context.ts";
import { prepareTool } from "./define.ts";
import { ToolInputError, ToolResultError, withoutStack } from "./errors.ts";
import type { CallFacts } from "./middleware.ts";
import { detailsProblems } from "./result.ts";
import type { AnyTool, InputOf, ToolResult } from "./types.ts";

export type { HostContext, ProgressReport } from "./context.ts";
export { failureText } from "./errors.ts";

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; error: ToolInputError };

/** Checks arguments against a tool's input schema. A missing value reads as `{}`. */
export function validateInput<T extends AnyTool>(tool: T, args: unknown): ValidationResult<InputOf<T["input"]>> {
  const entry = prepareTool(tool);
  const checked = checkInput(entry, args);
  if (checked.ok) return { ok: true, value: checked.value as InputOf<T["input"]> };
  // Built on first read: an Error costs about a microsecond even without its stack, and many callers only look at `ok`.
  let error: ToolInputError | undefined;
  return {
    ok: false,
    get error() {
      error ??= withoutStack(() => new ToolInputError(entry.name, checked.lines, checked.issues));
      return error;
    },
  };
}

/** Checks `details` against the tool's output schema; returns the lines of a mismatch, or `undefined`. */
export function checkDetails(tool: AnyTool, details: unknown): string[] | undefined {
  return detailsProblems(prepareTool(tool), details);
}

/** What middleware knows of a call a program makes itself with `invokeTool`. */
const INVOKE: CallFacts = Object.freeze({ host: "invoke" });

/**
 * Validates `args` and runs the tool. Throws {@link ToolInputError} for bad
 * input (before `execute` runs), {@link ToolResultError} for a malformed
 * result, and whatever `execute` throws. Progress and questions go through the
 * host context, cleaned and guarded. Details are not checked here: see
 * {@link checkDetails}.
 */
export async function invokeTool(tool: AnyTool, args: unknown, host: HostContext = {}): Promise<ToolResult> {
  const entry = prepareTool(tool);
  const outcome = await runTool(entry, { args }, host.call ? host : { ...host, call: INVOKE }, { checkDetails: false });
  if (outcome.ok)
    return outcome.details === undefined ? { content: outcome.content } : { content: outcome.content, details: outcome.details };
  switch (outcome.kind) {
    case "input":
      throw withoutStack(() => new ToolInputError(entry.name, outcome.lines, outcome.issues));
    case "result":
      throw withoutStack(() => new ToolResultError(entry.name, outcome.lines));
    case "thrown":
      throw outcome.error;
    case "returned":
      return outcome.result;
  }
}
