/**
 * The one path a call takes, on every host: check the input (once), run the
 * tool with its context, check what it returned (the result's shape, then its
 * details against the output schema) and answer with one {@link CallOutcome}.
 * Hosts only translate the outcome into their own channel; none repeats a
 * check, so every host answers each case with the same text.
 */

import { chainIdle } from "./chains.ts";
import { callContext, type HostContext } from "./context.ts";
import type { PreparedTool } from "./define.ts";
import { failureText, type InputIssue, linesText } from "./errors.ts";
import { calledTool, type Middleware, preparedOutcome, runChain } from "./middleware.ts";
import { malformed, type ResultRead, readResult, resultOutcome } from "./result.ts";
import type { ContentBlock, ToolResult } from "./types.ts";
import { checkValue, type ValueCheck } from "./validate.ts";

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

/** Checks arguments against the prepared tool's input schema (`checkValue`). A missing value reads as `{}`. */
export function checkInput(entry: PreparedTool, args: unknown): ValueCheck {
  return checkValue(entry.input, entry.inputChecker(), args === undefined ? {} : args, "Invalid arguments");
}

/** How much of the result `runTool` checks: hosts want the details checked; `invokeTool` leaves that to `checkDetails`. */
export interface RunOptions {
  checkDetails: boolean;
}

const CHECK_ALL: RunOptions = { checkDetails: true };

/**
 * Runs one call from input to outcome. Never throws: every failure is an
 * outcome with its one text. A tool that carries a middleware chain
 * (`withMiddleware`) runs through it; the input is checked first either way.
 */
export function runTool(entry: PreparedTool, input: CallInput, host: HostContext = {}, options = CHECK_ALL): Promise<CallOutcome> {
  // Not async: the common call, without a chain, keeps the one async frame of `runCall`.
  const chain = entry.chain;
  return chain && !chainIdle(chain) ? runChained(entry, chain, input, host, options) : runCall(entry, input, host, options);
}

function runChained(
  entry: PreparedTool,
  chain: readonly Middleware[],
  input: CallInput,
  host: HostContext,
  options: RunOptions,
): Promise<CallOutcome> {
  const checked = "accepted" in input ? { ok: true as const, value: input.accepted } : checkInput(entry, input.args);
  return runChain(
    chain,
    {
      tool: calledTool(entry),
      checked: checked.ok ? checked : { ok: false, failure: inputFailure(checked) },
      run: (value) => runCall(entry, { accepted: value }, host, options),
      outcomeFor: preparedOutcome(entry),
    },
    host,
  );
}

function inputFailure(checked: Extract<ValueCheck, { ok: false }>): CallFailure {
  return { ok: false, kind: "input", text: linesText(checked.lines), lines: checked.lines, issues: checked.issues };
}

/**
 * Checks the input (unless accepted), runs the tool with its context and
 * reads what it returned. `execute` is awaited here, in the one async frame of
 * the call: each extra layer would cost every call a turn of the microtask
 * queue.
 */
async function runCall(entry: PreparedTool, input: CallInput, host: HostContext, options: RunOptions): Promise<CallOutcome> {
  let value: unknown;
  if ("accepted" in input) value = input.accepted;
  else {
    const checked = checkInput(entry, input.args);
    if (!checked.ok) return inputFailure(checked);
    value = checked.value;
  }
  const call = callContext(entry, host);
  let returned: unknown;
  let read: ResultRead;
  try {
    returned = await entry.tool.execute(value, call.context);
    read = readResult(returned);
    if (!read.ok) return malformed(entry.name, read.problems);
    // A question the tool forgot to await still holds the call: answer only once the person has.
    const settling = call.settle();
    if (settling) await settling;
  } catch (error) {
    return { ok: false, kind: "thrown", text: failureText(entry.name, error), error };
  } finally {
    call.close();
  }
  return resultOutcome(entry, returned as ToolResult, read, options.checkDetails);
}
