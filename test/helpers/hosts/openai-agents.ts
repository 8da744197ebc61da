/**
 * The OpenAI Agents SDK, driven for real: `run(agent, …)` with a `Model` of
 * the test's own that calls the tools it is given in its first turn and says
 * "done" in its second, recording every request. The host matrix's row reads
 * the `function_call_result` items the model was sent in its second turn.
 */
import { toolsFor } from "@agntn/tools";
import { toOpenAiAgentsTools } from "@agntn/tools/openai-agents";
import { Agent, type Model, type ModelRequest, type ModelResponse, run, setTracingDisabled, Usage } from "@openai/agents";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

// The SDK would otherwise try to export traces to OpenAI (and warn that there is no key): nothing leaves this machine.
setTracingDisabled(true);

/** One function call the model makes: the tool's name and the arguments as the JSON text a model sends. */
export type AgentsCall = [name: string, args: string];

/** A model that calls `calls` in its first turn and says "done" once it has read their results. */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  private readonly calls: AgentsCall[];
  constructor(calls: AgentsCall[]) {
    this.calls = calls;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output =
      this.requests.length === 1
        ? this.calls.map(([name, args], k) => ({
            type: "function_call" as const,
            callId: `call${k + 1}`,
            name,
            arguments: args,
            status: "completed" as const,
          }))
        : [
            {
              type: "message" as const,
              role: "assistant" as const,
              status: "completed" as const,
              content: [{ type: "output_text" as const, text: "done" }],
            },
          ];
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

export interface AgentsDriver {
  call(id: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The matrix row: what the model read of one call (the result item's
 * `output`), or the error `run` rejected with when the SDK stopped the run.
 */
export async function openOpenAiAgents(fixture: MatrixFixture = MATRIX): Promise<AgentsDriver> {
  const tools = toOpenAiAgentsTools(await toolsFor(fixture.tools));
  return {
    async call(id) {
      const { tool, args } = callOf(fixture, id);
      const model = new ScriptedModel([[tool, JSON.stringify(args)]]);
      try {
        await run(new Agent({ name: "matrix", model, tools }), "go");
      } catch (error) {
        return { thrown: String(error) };
      }
      const results = model.results() as Array<{ output: unknown }>;
      if (results.length !== 1) throw new Error(`the model read ${results.length} results`);
      return { read: results[0]?.output };
    },
    async close() {},
  };
}
