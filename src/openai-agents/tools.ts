/**
 * Tool definitions as OpenAI Agents SDK function tools (`@openai/agents`),
 * for `new Agent({ tools })`.
 *
 * Each goes in through the SDK's own `tool()` with the JSON Schema every host
 * lists and `strict: false`: strict mode would ask the model to follow a
 * rewritten schema, and the SDK itself validates only Zod or Standard Schema
 * parameters, in its own words. With a plain JSON Schema it passes the parsed
 * arguments on unchecked, and the call path checks them once, in the core's
 * lines. A failure is thrown and the tool's `errorFunction` hands the model
 * the core's one text, the SDK's channel for a failed call (its tracing marks
 * the call as an error). The effect decides `needsApproval`: a held call ends
 * the run with an interruption the program approves or rejects on the run's
 * state. There is no channel for progress, questions, log lines or sampling.
 */
import { type FunctionTool, tool } from "@openai/agents";
import { type Approval, toolsNeedingApproval } from "../core/approval.ts";
import { checkInput, runTool } from "../core/call.ts";
import type { HostContext } from "../core/context.ts";
import { indexTools, type PreparedTool } from "../core/define.ts";
import { failureText } from "../core/errors.ts";
import type { CallFacts } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyTool } from "../core/types.ts";
import { toolOutput } from "./output.ts";

export interface OpenAiAgentsToolsOptions {
  /**
   * Which tools wait for a person's approval (`needsApproval`): `"destructive"`
   * (the default), `"writes"` for every tool that changes something, or tool
   * names. Arguments the core refuses are never held: the call answers the
   * refusal at once.
   */
  approval?: Approval;
}

/** A failure already worded by the core: `errorFunction` hands its message to the model as it is. */
class CallFailed extends Error {
  override name = "CallFailed";
}

type RunContext = Parameters<FunctionTool["invoke"]>[0];
type CallDetails = Parameters<FunctionTool["invoke"]>[2];

/** What middleware may know of an Agents SDK call: only that the SDK runs it. */
const FACTS: CallFacts = Object.freeze({ host: "openai-agents" });

/** One call. Not async: the core's call is the one async frame (each more would cost every call a turn of the microtask queue). */
function run(entry: PreparedTool, input: unknown, runContext: RunContext | undefined, details: CallDetails) {
  const signal = details?.signal;
  // No progress, questions, log or sampling: the SDK gives a function tool's `execute` no channel for them.
  const host: HostContext = { call: FACTS, host: { runContext, toolCall: details?.toolCall } };
  if (signal) host.signal = signal;
  return runTool(entry, { args: input }, host).then((outcome) => {
    if (outcome.ok) return toolOutput(outcome.content);
    // An abort stays the abort the run asked for: the SDK stops the run on it instead of reporting a failure.
    if (outcome.kind === "thrown" && signal?.aborted && outcome.error === signal.reason) throw outcome.error;
    throw new CallFailed(outcome.text);
  });
}

function convert(entry: PreparedTool, held: boolean): FunctionTool {
  return tool({
    name: entry.name,
    description: entry.tool.description,
    // A copy: the SDK and the provider may rewrite the schema they send, never the core's.
    parameters: JSON.parse(JSON.stringify(entry.input)),
    strict: false,
    execute: (input: unknown, runContext?: RunContext, details?: CallDetails) => run(entry, input, runContext, details),
    errorFunction: (_runContext, error) => (error instanceof CallFailed ? error.message : failureText(entry.name, error)),
    needsApproval: held ? async (_runContext, input) => checkInput(entry, input).ok : false,
  }) as FunctionTool;
}

/**
 * The tools as Agents SDK function tools, in the list's order. The whole list
 * and the options are checked first: a duplicate name, a broken tool or a
 * bad option throws {@link ToolDefinitionError} naming `toOpenAiAgentsTools`.
 */
export function toOpenAiAgentsTools(tools: readonly AnyTool[], options: OpenAiAgentsToolsOptions = {}): FunctionTool[] {
  checkOptionKeys("toOpenAiAgentsTools", options, ["approval"]);
  const index = indexTools(tools);
  const held = toolsNeedingApproval("toOpenAiAgentsTools", index, options.approval);
  return [...index.values()].map((entry) => convert(entry, held.has(entry.name)));
}
