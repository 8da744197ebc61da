/**
 * Tool definitions as one `CallableTool` for `@google/genai`'s automatic
 * function calling: `generateContent({ config: { tools: [toGoogleTool(tools)] } })`
 * declares the tools, calls them as the model asks, and sends the answers back.
 *
 * Each tool is declared with the JSON Schema every host lists as
 * `parametersJsonSchema`, which Gemini reads as it is; the SDK checks nothing,
 * and the call path checks the arguments once, in the core's lines. A failure
 * goes back as the function response's `error`. Gemini's function calling has
 * no approval step and no channel for progress, questions, log lines or
 * sampling, and `callTool` gets no abort signal.
 */
import type { CallableTool, FunctionCall, Part, Tool } from "@google/genai";
import { type CallOutcome, runTool } from "../core/call.ts";
import { indexTools, type PreparedTool } from "../core/define.ts";
import type { CallFacts } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyTool } from "../core/types.ts";
import { errorResponse, successResponse } from "./content.ts";

/** No options yet: the object is checked, so a key meant for another adapter throws instead of doing nothing. */
export type GoogleToolOptions = Record<string, never>;

function declaration(entry: PreparedTool) {
  // A copy of the schema: the SDK may rewrite what it sends, never the core's.
  return { name: entry.name, description: entry.tool.description, parametersJsonSchema: JSON.parse(JSON.stringify(entry.input)) };
}

/** The part answering one call, from its outcome. */
function partOf(entry: PreparedTool, call: FunctionCall, outcome: CallOutcome): Part {
  return {
    functionResponse: outcome.ok
      ? successResponse(call.id, entry.name, outcome.content, outcome.text)
      : errorResponse(call.id, entry.name, outcome.text),
  };
}

/** What middleware may know of a Gemini call: only that Google GenAI's automatic function calling runs it. */
const FACTS: CallFacts = Object.freeze({ host: "google" });

/** One call run through the core. The function call itself is the tool's `host`: Gemini hands a callable tool nothing else. */
function run(entry: PreparedTool, call: FunctionCall): Promise<CallOutcome> {
  return runTool(entry, { args: call.args }, { call: FACTS, host: call });
}

/**
 * One callable tool serving the whole list. The list and the options are
 * checked first: a duplicate name, a broken tool or an unknown option throws
 * {@link ToolDefinitionError} naming `toGoogleTool`. `callTool` answers the
 * calls of its own tools, in order, and leaves any other name to the callable
 * tools beside it, as the SDK's own `mcpToTool` does (every callable tool of a
 * request is handed every call).
 */
export function toGoogleTool(tools: readonly AnyTool[], options: GoogleToolOptions = {}): CallableTool {
  checkOptionKeys("toGoogleTool", options, []);
  const index = indexTools(tools);
  return {
    // Built afresh each time: the SDK may rewrite what it is handed.
    tool: async (): Promise<Tool> => ({ functionDeclarations: [...index.values()].map(declaration) }),
    callTool(functionCalls: FunctionCall[]): Promise<Part[]> {
      const ours: Array<[PreparedTool, FunctionCall]> = [];
      for (const call of functionCalls) {
        const entry = typeof call.name === "string" ? index.get(call.name) : undefined;
        if (entry) ours.push([entry, call]);
      }
      // Not async, and one call (the usual turn) skips Promise.all: every turn of the microtask queue is paid per call.
      const [only] = ours;
      if (ours.length === 1 && only) return run(...only).then((outcome) => [partOf(only[0], only[1], outcome)]);
      // The calls of one turn run side by side; their answers keep the calls' order.
      return Promise.all(ours.map(([entry, call]) => run(entry, call).then((outcome) => partOf(entry, call, outcome))));
    },
  };
}
