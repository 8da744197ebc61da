/**
 * The OpenAI Agents SDK host: the tools through toOpenAiAgentsTools inside a
 * real `run(agent, …)`, whose model is a scripted one (./openai-agents-model.ts)
 * that calls one tool and then says "done". A call answers with what the model
 * read of it in its second turn (the `function_call_result` item's `output`),
 * or with the error `run` rejected with when the SDK stopped the run.
 *
 * The item the model reads has no mark of a failure: the adapter hands the
 * SDK a failure through the tool's error function, whose text is all the
 * model gets. So the host wraps the tools in one middleware that only looks:
 * it notes whether the call's outcome, as the adapter received it, failed.
 * Nothing global of the SDK (its tracing, its processors) is touched.
 */
import { type Middleware, toolsFor, withMiddleware } from "@agntn/tools";
import { toOpenAiAgentsTools } from "@agntn/tools/openai-agents";
import { Agent, Runner } from "@openai/agents";
import type { HostOptions, HostSession } from "../types.ts";
import { callOf } from "./call.ts";
import { ScriptedModel } from "./openai-agents-model.ts";
import { blockText } from "./read.ts";

/** What a call answers: the output the model read, or why `run` stopped before the model read anything. */
export type AgentsRead = { read: unknown } | { thrown: string };

/** Whether each answer was a failure handed to the SDK, by the answer object a call returned. */
const failed = new WeakMap<object, boolean>();

export async function open(options: HostOptions): Promise<HostSession> {
  // The calls run one at a time, so one flag is enough: set by the middleware, read once the run is over.
  let lastFailed = false;
  const watch: Middleware = async (_call, next) => {
    const outcome = await next();
    lastFailed = !outcome.ok;
    return outcome;
  };
  const tools = toOpenAiAgentsTools(withMiddleware(await toolsFor(options.tools), watch));
  // A runner of its own, with tracing off for its runs alone: nothing is exported from a test, and the SDK's global
  // tracing settings stay as the test's process had them.
  const runner = new Runner({ tracingDisabled: true });
  return {
    async call(id) {
      const { tool, args = {} } = callOf(options, id);
      const model = new ScriptedModel([[tool, JSON.stringify(args)]]);
      lastFailed = false;
      let read: AgentsRead;
      try {
        await runner.run(new Agent({ name: "matrix", model, tools }), "go");
        const results = model.results() as Array<{ output: unknown }>;
        if (results.length !== 1) throw new Error(`the model read ${results.length} results`);
        read = { read: results[0]?.output };
      } catch (error) {
        if (error instanceof Error && error.message.startsWith("the model read ")) throw error;
        // The SDK ended the run itself (a name the agent has no tool for): its own words, a failure.
        read = { thrown: String(error) };
        lastFailed = true;
      }
      failed.set(read, lastFailed);
      return read;
    },
    async close() {},
  };
}

/** The text of a call's output: a text item's text, or the text parts of a list of structured outputs. */
function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  // A result with an image is a list of input parts: its `input_text` parts are the text; the image, and the core's
  // notes for what the output has no part for (a sound, a link), are left out.
  if (Array.isArray(output)) return blockText(output);
  const { type, text } = (output ?? {}) as { type?: unknown; text?: unknown };
  return type === "text" && typeof text === "string" ? text : "";
}

export function answerOf(raw: unknown): { text: string; isError: boolean } {
  const answer = raw as AgentsRead;
  // A run the SDK ended (a name the agent has no tool for) is a failure in the SDK's own words.
  if ("thrown" in answer) return { text: answer.thrown, isError: true };
  // The text the model read is the same for a success and a failure: the failure is the mark the SDK left on its trace.
  return { text: outputText(answer.read), isError: failed.get(answer) === true };
}
