/**
 * Mastra, driven for real: an `Agent` on the AI SDK's `MockLanguageModelV4`
 * (from `ai/test`; Mastra 1.x takes the AI SDK's V4 models), which calls the
 * tools it is given in its first step and says "done" in its second. The
 * host matrix's row reads the tool results the model was sent in its second
 * step (`doGenerateCalls[1].prompt`), or why the run stopped before it read any.
 */
import { toolsFor } from "@agntn/tools";
import { toMastraTools } from "@agntn/tools/mastra";
import { Agent } from "@mastra/core/agent";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** One tool call the model makes: the tool's name and its arguments. */
export type MastraCall = [name: string, input: unknown];

function toolCalls(calls: MastraCall[]) {
  return calls.map(([toolName, input], k) => ({
    type: "tool-call" as const,
    toolCallId: `call${k + 1}`,
    toolName,
    input: JSON.stringify(input),
  }));
}

/** A model that calls `calls` in its first step and says "done" in its second, for `generate` and for `stream`. */
export function scriptedModel(calls: MastraCall[]) {
  const done = { type: "text" as const, text: "done" };
  return new MockLanguageModelV4({
    doGenerate: [
      { content: toolCalls(calls), finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] },
      { content: [done], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
    ],
    doStream: [
      {
        stream: simulateReadableStream({
          chunks: [
            ...toolCalls(calls),
            { type: "finish" as const, finishReason: { unified: "tool-calls" as const, raw: undefined }, usage },
          ],
        }),
      },
      {
        stream: simulateReadableStream({
          chunks: [
            { type: "text-start" as const, id: "t1" },
            { type: "text-delta" as const, id: "t1", delta: "done" },
            { type: "text-end" as const, id: "t1" },
            { type: "finish" as const, finishReason: { unified: "stop" as const, raw: undefined }, usage },
          ],
        }),
      },
    ],
  });
}

/** The tool results the model read in its second step. */
export function modelReads(model: MockLanguageModelV4): unknown[] {
  const prompt = model.doGenerateCalls[1]?.prompt ?? model.doStreamCalls[1]?.prompt ?? [];
  return prompt.flatMap((message) =>
    message.role === "tool" ? message.content.flatMap((part) => (part.type === "tool-result" ? [part.output] : [])) : [],
  );
}

export interface MastraDriver {
  call(id: string): Promise<unknown>;
  close(): Promise<void>;
}

/** The matrix row: what the model read of one call, and the tool's output where the call succeeded. */
export async function openMastra(fixture: MatrixFixture = MATRIX): Promise<MastraDriver> {
  const tools = toMastraTools(await toolsFor(fixture.tools));
  return {
    async call(id) {
      const { tool, args } = callOf(fixture, id);
      const model = scriptedModel([[tool, args]]);
      // Mastra types its models by its own copies of the AI SDK provider types; the V4 mock is one at run time.
      const agent = new Agent({ id: "matrix", name: "matrix", instructions: "Use the tools.", model: model as never, tools });
      const result = await agent.generate("go");
      const reads = modelReads(model);
      // A run that ended before the model read any result says why it stopped.
      if (reads.length === 0) return { stopped: result.finishReason };
      if (reads.length !== 1) throw new Error(`the model read ${reads.length} tool results`);
      const done = result.toolResults.map((part) => part.payload.result);
      return done.length > 0 && !(done[0] instanceof Error) && (reads[0] as { type: string }).type !== "error-text"
        ? { read: reads[0], output: done[0] }
        : { read: reads[0] };
    },
    async close() {},
  };
}
