/**
 * The Mastra host: the tools through toMastraTools on a real Mastra `Agent`,
 * whose model is the AI SDK's mock scripted to call one tool and then say
 * "done" (./mastra-model.ts). A call answers with what the model was sent of
 * the result in its second step (`read`), the tool's output where the call
 * succeeded (`output`), or why the run stopped before the model read any
 * result (`stopped`).
 */
import { toolsFor } from "@agntn/tools";
import { toMastraTools } from "@agntn/tools/mastra";
import { Agent } from "@mastra/core/agent";
import type { HostOptions, HostSession } from "../types.ts";
import { callOf } from "./call.ts";
import { modelReads, scriptedModel } from "./mastra-model.ts";
import { blockText } from "./read.ts";

/** What a call answers. */
export type MastraRead = { read: unknown; output?: unknown } | { stopped: unknown };

/** Whether the model read a failure (the AI SDK's `error-text` output). */
const isErrorOutput = (read: unknown): boolean => (read as { type?: unknown } | undefined)?.type === "error-text";

export async function open(options: HostOptions): Promise<HostSession> {
  const tools = toMastraTools(await toolsFor(options.tools));
  return {
    async call(id): Promise<MastraRead> {
      const { tool, args = {} } = callOf(options, id);
      const model = scriptedModel([[tool, args]]);
      // Mastra types its models by its own copies of the AI SDK provider types; the V4 mock is one at run time.
      const agent = new Agent({ id: "matrix", name: "matrix", instructions: "Use the tools.", model: model as never, tools });
      const result = await agent.generate("go");
      const reads = modelReads(model);
      // A run that ended before the model read any result says why it stopped.
      if (reads.length === 0) return { stopped: result.finishReason };
      if (reads.length !== 1) throw new Error(`the model read ${reads.length} tool results`);
      const done = result.toolResults.map((part) => part.payload.result);
      return done.length > 0 && !(done[0] instanceof Error) && !isErrorOutput(reads[0])
        ? { read: reads[0], output: done[0] }
        : { read: reads[0] };
    },
    async close() {},
  };
}

/** The text of what the model read, whichever of the AI SDK's output kinds Mastra sent. */
function readText(read: unknown): string {
  const { type, value } = (read ?? {}) as { type?: unknown; value?: unknown };
  // A result with media reaches the model as content parts: its text parts are the text; the file parts and the
  // core's note for the link are left out.
  if (type === "content") return Array.isArray(value) ? blockText(value) : "";
  if (type === "text" || type === "error-text") return String(value);
  return JSON.stringify(value) ?? "";
}

export function answerOf(raw: unknown): { text: string; isError: boolean; details?: unknown } {
  const answer = raw as MastraRead;
  // A run Mastra ended before any result reached the model (a name it finds on Object.prototype): no text, a failure.
  if ("stopped" in answer) return { text: "", isError: true };
  const { type } = (answer.read ?? {}) as { type?: unknown };
  // Mastra marks a failure by the output's kind, as the AI SDK does: `error-text` (or `error-json`).
  const isError = type === "error-text" || type === "error-json";
  const text = readText(answer.read);
  // The program gets `{ text, details, content? }`: the details are their own field, the rest the text and blocks.
  const details = isError ? undefined : (answer.output as { details?: unknown } | undefined)?.details;
  return details === undefined ? { text, isError } : { text, isError, details };
}
