/**
 * A model for Mastra that stands in for a provider: the AI SDK's own
 * `MockLanguageModelV4` (from `ai/test`; Mastra 1.x takes the AI SDK's V4
 * models), scripted to call the tools it is given in its first step and say
 * "done" in its second, for `generate` and for `stream` alike. modelReads
 * gives the tool results the model was sent in its second step.
 */
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** One tool call the model makes: the tool's name and its arguments. */
export type MastraCall = [name: string, input: unknown];

function toolCalls(calls: readonly MastraCall[]) {
  return calls.map(([toolName, input], k) => ({
    type: "tool-call" as const,
    toolCallId: `call${k + 1}`,
    toolName,
    input: JSON.stringify(input),
  }));
}

/** The streamed first step: the tool calls, then a finish for tool calls. */
function callingStream(calls: readonly MastraCall[]) {
  return simulateReadableStream({
    chunks: [...toolCalls(calls), { type: "finish" as const, finishReason: { unified: "tool-calls" as const, raw: undefined }, usage }],
  });
}

/** The streamed second step: "done" in one text part, then a finish. */
function doneStream() {
  return simulateReadableStream({
    chunks: [
      { type: "text-start" as const, id: "t1" },
      { type: "text-delta" as const, id: "t1", delta: "done" },
      { type: "text-end" as const, id: "t1" },
      { type: "finish" as const, finishReason: { unified: "stop" as const, raw: undefined }, usage },
    ],
  });
}

/** A model that calls `calls` in its first step and says "done" in its second, for `generate` and for `stream`. */
export function scriptedModel(calls: MastraCall[]): MockLanguageModelV4 {
  const done = { type: "text" as const, text: "done" };
  return new MockLanguageModelV4({
    doGenerate: [
      { content: toolCalls(calls), finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] },
      { content: [done], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
    ],
    doStream: [{ stream: callingStream(calls) }, { stream: doneStream() }],
  });
}

/** The tool results the model read in its second step. */
export function modelReads(model: MockLanguageModelV4): unknown[] {
  const prompt = model.doGenerateCalls[1]?.prompt ?? model.doStreamCalls[1]?.prompt ?? [];
  return prompt.flatMap((message) =>
    message.role === "tool" ? message.content.flatMap((part) => (part.type === "tool-result" ? [part.output] : [])) : [],
  );
}
