/**
 * Tool definitions as runnable tools for the Anthropic SDK's tool runner
 * (`client.beta.messages.toolRunner({ tools })`), made with the SDK's own
 * `betaTool`: the JSON Schema every host lists as `input_schema`, and `run`.
 *
 * `betaTool` passes the model's input to `run` unchecked; the call path
 * checks it once, in the core's lines. A failure is thrown as the SDK's
 * `ToolError` carrying the core's one text, which the runner sends back as a
 * `tool_result` with `is_error: true` (any other throw would read
 * `Error: <message>`). The runner has no approval step and no channel for
 * progress, questions, log lines or sampling; the run's abort signal reaches the tool.
 */
import { betaTool } from "@anthropic-ai/sdk/helpers/beta/json-schema";
import type { BetaRunnableTool, BetaToolRunContext } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { ToolError } from "@anthropic-ai/sdk/lib/tools/ToolError";
import { runTool } from "../core/call.ts";
import type { HostContext } from "../core/context.ts";
import { indexTools, type PreparedTool } from "../core/define.ts";
import type { CallFacts } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyTool } from "../core/types.ts";
import { type AnthropicResultBlock, resultContent } from "./content.ts";

/** No options yet: the object is checked, so a key meant for another adapter throws instead of doing nothing. */
export type AnthropicToolsOptions = Record<string, never>;

/** What middleware may know of a tool runner call: only that the Anthropic SDK runs it. */
const FACTS: CallFacts = Object.freeze({ host: "anthropic" });

/** One call. Not async: the core's call is the one async frame (each more would cost every call a turn of the microtask queue). */
function run(entry: PreparedTool, input: unknown, context: BetaToolRunContext | undefined): Promise<string | AnthropicResultBlock[]> {
  const signal = context?.signal ?? undefined;
  const host: HostContext = { call: FACTS };
  if (signal) host.signal = signal;
  if (context) host.host = context;
  return runTool(entry, { args: input }, host).then((outcome) => {
    if (outcome.ok) return resultContent(outcome.content);
    // An abort stays the abort the runner asked for.
    if (outcome.kind === "thrown" && signal?.aborted && outcome.error === signal.reason) throw outcome.error;
    throw new ToolError(outcome.text);
  });
}

function convert(entry: PreparedTool): BetaRunnableTool<unknown> {
  return betaTool({
    name: entry.name,
    description: entry.tool.description,
    // A copy: the SDK may rewrite the schema it sends, never the core's.
    inputSchema: JSON.parse(JSON.stringify(entry.input)) as { type: "object" },
    run: (input: unknown, context?: BetaToolRunContext) => run(entry, input, context),
  }) as BetaRunnableTool<unknown>;
}

/**
 * The tools for `toolRunner({ tools })`, in the list's order. The whole list
 * and the options are checked first: a duplicate name, a broken tool or an
 * unknown option throws {@link ToolDefinitionError} naming `toAnthropicTools`.
 */
export function toAnthropicTools(tools: readonly AnyTool[], options: AnthropicToolsOptions = {}): BetaRunnableTool<unknown>[] {
  checkOptionKeys("toAnthropicTools", options, []);
  return [...indexTools(tools).values()].map(convert);
}
