/**
 * Tool definitions as Mastra tools (`@mastra/core` 1.x), keyed by name for
 * `new Agent({ tools })`.
 *
 * The input schema goes in as a Standard JSON Schema, which Mastra reads for
 * the model's tool definition, with a `validate` that accepts any value:
 * Mastra would otherwise check the arguments itself, retry them with nulls
 * stripped and strings parsed, and answer "Tool input validation failed…" in
 * its own words. The call path checks them once, in the core's lines. A
 * failure is thrown with the core's one text, which Mastra hands the model as
 * the call's error. The effect decides `requireApproval`, so a held call
 * suspends the run until `approveToolCall` or `declineToolCall`.
 */
import { createTool, type Tool } from "@mastra/core/tools";
import { type Approval, toolsNeedingApproval } from "../core/approval.ts";
import { checkInput, runTool } from "../core/call.ts";
import type { HostContext } from "../core/context.ts";
import { indexTools, type PreparedTool } from "../core/define.ts";
import type { CallFacts } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";
import { passThroughSchema } from "../core/standard-schema.ts";
import type { AnyTool } from "../core/types.ts";
import { listTools, type McpToolAnnotations } from "../protocol/list.ts";
import { type MastraToolOutput, modelOutput, toolOutput } from "./output.ts";
import { writerSinks } from "./writer.ts";

export interface MastraToolsOptions {
  /**
   * Which tools wait for a person's approval (`requireApproval`):
   * `"destructive"` (the default), `"writes"` for every tool that changes
   * something, or tool names. Arguments the core refuses are never held.
   */
  approval?: Approval;
}

/** A converted tool: Mastra's `Tool`, with the output this adapter returns. */
export type MastraTool = Tool<unknown, MastraToolOutput>;

/** The part of Mastra's execution context read here. */
interface MastraContext {
  abortSignal?: AbortSignal;
  writer?: unknown;
}

/** A failure already worded by the core: Mastra hands its message to the model as the call's error. */
class CallFailed extends Error {
  override name = "CallFailed";
}

/** What middleware may know of a Mastra call: only that Mastra runs it. */
const FACTS: CallFacts = Object.freeze({ host: "mastra" });

/** One call. Not async: the core's call is the one async frame (each more would cost every call a turn of the microtask queue). */
function run(entry: PreparedTool, input: unknown, context: MastraContext | undefined): Promise<MastraToolOutput> {
  const signal = context?.abortSignal;
  // Mastra's suspend and resume would run the tool again from its first line, so questions stay out: no `ask`.
  const host: HostContext = { call: FACTS, ...writerSinks(context?.writer) };
  if (signal) host.signal = signal;
  if (context) host.host = context;
  return runTool(entry, { args: input }, host).then((outcome) => {
    if (outcome.ok) return toolOutput(outcome.text, outcome.details, outcome.content);
    // An abort stays the abort Mastra asked for.
    if (outcome.kind === "thrown" && signal?.aborted && outcome.error === signal.reason) throw outcome.error;
    throw new CallFailed(outcome.text);
  });
}

function convert(entry: PreparedTool, held: boolean, annotations: McpToolAnnotations | undefined): MastraTool {
  const { tool } = entry;
  return createTool({
    id: entry.name,
    title: tool.title,
    description: tool.description,
    inputSchema: passThroughSchema("toMastraTools", entry) as never,
    requireApproval: held ? (input: unknown) => checkInput(entry, input).ok : false,
    // MCP's hints, as the MCP host lists them, for when Mastra serves the tool again from its own MCP server.
    ...(annotations ? { mcp: { annotations: { ...annotations } } } : {}),
    toModelOutput: (output: unknown) => modelOutput(output as MastraToolOutput),
    execute: (input: unknown, context: MastraContext) => run(entry, input, context),
  }) as unknown as MastraTool;
}

/**
 * The tools keyed by name (on an object without a prototype, so a tool named
 * `constructor` is a key like any other). The whole list and the options are
 * checked first: a duplicate name, a broken tool or a bad option throws
 * {@link ToolDefinitionError} naming `toMastraTools`.
 */
export function toMastraTools(tools: readonly AnyTool[], options: MastraToolsOptions = {}): Record<string, MastraTool> {
  checkOptionKeys("toMastraTools", options, ["approval"]);
  const index = indexTools(tools);
  const held = toolsNeedingApproval("toMastraTools", index, options.approval);
  const annotations = new Map(listTools(tools).tools.map((listed) => [listed.name, listed.annotations]));
  const set: Record<string, MastraTool> = Object.create(null);
  for (const [name, entry] of index) set[name] = convert(entry, held.has(name), annotations.get(name));
  return set;
}
