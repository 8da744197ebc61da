/**
 * Tool definitions as LangChain structured tools (`@langchain/core` 1.x), for
 * `createAgent({ tools })`, `model.bindTools` or LangGraph's `ToolNode`, made
 * with LangChain's own `tool()`, so a call stops at once on an abort and runs
 * in LangChain's context as any tool of its own does.
 *
 * The schema goes in as a Standard JSON Schema, which LangChain reads for the
 * model's tool definition (the JSON Schema every host lists), with a
 * `validate` that accepts any value: LangChain would otherwise check the
 * arguments itself and throw its own "Received tool input did not match
 * expected schema" before the tool runs. The call path checks them once, and
 * the model reads the core's lines.
 *
 * A call answers `[content, details]` (`responseFormat: "content_and_artifact"`),
 * so the ToolMessage carries the text for the model and the details as its
 * `artifact` for programs. A failure is a ToolMessage with `status: "error"`
 * and the core's one text, returned rather than thrown: LangChain's agent
 * would wrap a thrown message in its own words ("…\n Please fix your mistakes.").
 */
import { ToolMessage } from "@langchain/core/messages";
import { type DynamicStructuredTool, tool } from "@langchain/core/tools";
import { type CallOutcome, runTool } from "../core/call.ts";
import type { HostContext } from "../core/context.ts";
import { indexTools, type PreparedTool } from "../core/define.ts";
import type { CallFacts } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";
import { passThroughSchema } from "../core/standard-schema.ts";
import type { AnyTool } from "../core/types.ts";
import { messageContent } from "./content.ts";
import { streamSinks } from "./stream.ts";

/** No options yet: the object is checked, so a key meant for another adapter throws instead of doing nothing. */
export type LangChainToolsOptions = Record<string, never>;

/**
 * A failure of a tool invoked outside an agent (`tool.invoke(args)` with no
 * tool call): there is no ToolMessage to answer with, so the core's text is thrown.
 */
export class LangChainToolError extends Error {
  override name = "LangChainToolError";
  readonly tool: string;
  constructor(tool: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.tool = tool;
  }
}

/** What LangChain hands the tool's function beside its input (the fields read here). */
interface LangChainConfig {
  signal?: AbortSignal;
  toolCall?: { id?: string };
  writer?: unknown;
}

/** What middleware may know of a LangChain call: only that LangChain runs it. */
const FACTS: CallFacts = Object.freeze({ host: "langchain" });

/** An outcome as LangChain reads it: `[content, details]`, or a failure as an error ToolMessage (thrown when there is no tool call). */
function answer(entry: PreparedTool, outcome: CallOutcome, config: LangChainConfig | undefined): [unknown, unknown] {
  if (outcome.ok) return [messageContent(outcome.content), outcome.details];
  // An abort stays the abort the caller asked for, so the graph stops the way it always does.
  const signal = config?.signal;
  if (outcome.kind === "thrown" && signal?.aborted && outcome.error === signal.reason) throw outcome.error;
  const toolCallId = config?.toolCall?.id;
  if (toolCallId === undefined)
    throw new LangChainToolError(entry.name, outcome.text, outcome.kind === "thrown" ? { cause: outcome.error } : undefined);
  const message = new ToolMessage({ status: "error", content: outcome.text, tool_call_id: toolCallId, name: entry.name });
  if (outcome.kind === "returned") message.artifact = outcome.details;
  return [message, undefined];
}

/** One call. Not async: the core's call is the one async frame (each more would cost every call a turn of the microtask queue). */
function run(entry: PreparedTool, input: unknown, config: LangChainConfig | undefined): Promise<[unknown, unknown]> {
  const host: HostContext = { call: FACTS, ...streamSinks(config?.writer, entry.name, config?.toolCall?.id) };
  if (config?.signal) host.signal = config.signal;
  if (config) host.host = config;
  return runTool(entry, { args: input }, host).then((outcome) => answer(entry, outcome, config));
}

function convert(entry: PreparedTool): DynamicStructuredTool {
  return tool((input: unknown, config?: LangChainConfig) => run(entry, input, config), {
    name: entry.name,
    description: entry.tool.description,
    schema: passThroughSchema("toLangChainTools", entry) as never,
    responseFormat: "content_and_artifact",
    metadata: { title: entry.tool.title, effect: entry.tool.effect },
  }) as unknown as DynamicStructuredTool;
}

/**
 * The tools as LangChain structured tools, in the list's order. The whole
 * list is checked first (a duplicate name or a broken tool throws
 * {@link ToolDefinitionError}), and so are the options.
 */
export function toLangChainTools(tools: readonly AnyTool[], options: LangChainToolsOptions = {}): DynamicStructuredTool[] {
  checkOptionKeys("toLangChainTools", options, []);
  return [...indexTools(tools).values()].map(convert);
}
