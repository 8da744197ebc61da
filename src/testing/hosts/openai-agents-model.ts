/**
 * A `Model` for the OpenAI Agents SDK that stands in for a provider: it calls
 * the tools it is given in its first turn and says "done" in its second,
 * keeping every request, so a test reads the `function_call_result` items the
 * SDK sent back for its calls.
 */
import { type Model, type ModelRequest, type ModelResponse, Usage } from "@openai/agents";

/** One function call the model makes: the tool's name and the arguments as the JSON text a model sends. */
export type AgentsCall = [name: string, args: string];

/** The items of a first turn: one completed function call per call, numbered `call1`, `call2`, … */
function functionCalls(calls: readonly AgentsCall[]) {
  return calls.map(([name, args], k) => ({
    type: "function_call" as const,
    callId: `call${k + 1}`,
    name,
    arguments: args,
    status: "completed" as const,
  }));
}

/** The item of a later turn: the assistant says "done". */
const DONE = {
  type: "message" as const,
  role: "assistant" as const,
  status: "completed" as const,
  content: [{ type: "output_text" as const, text: "done" }],
};

/** A model that calls `calls` in its first turn and says "done" once it has read their results. */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  private readonly calls: AgentsCall[];
  constructor(calls: AgentsCall[]) {
    this.calls = calls;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output = this.requests.length === 1 ? functionCalls(this.calls) : [DONE];
    return { usage: new Usage(), output };
  }

  // biome-ignore lint/correctness/useYield: the test model answers whole turns only; a streamed run is not what these tests drive.
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("the scripted model does not stream");
  }

  /** The function call results of the last request: what the model read of its calls. */
  results(): unknown[] {
    const input = this.requests.at(-1)?.input;
    return Array.isArray(input) ? input.filter((item) => item.type === "function_call_result") : [];
  }
}
