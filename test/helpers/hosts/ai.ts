/**
 * The host matrix's AI SDK row: toAiTools inside `generateText`, with
 * `MockLanguageModelV4` from `ai/test` calling one tool in its first step and
 * reading the result in its second (`stopWhen: stepCountIs(2)`), as a provider
 * would send it back.
 */
import { toolsFor } from "@agntn/tools";
import { toAiTools } from "@agntn/tools/ai";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

/** What one call left: what the model read in its second step, and the step's tool output when the call succeeded. */
export interface AiRead {
  read: unknown;
  output?: unknown;
}

export interface AiDriver {
  call(id: string): Promise<AiRead>;
  close(): Promise<void>;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

export async function openAi(fixture: MatrixFixture = MATRIX): Promise<AiDriver> {
  const tools = toAiTools(await toolsFor(fixture.tools));
  return {
    async call(id) {
      const { tool, args } = callOf(fixture, id);
      const model = new MockLanguageModelV4({
        doGenerate: [
          {
            content: [{ type: "tool-call", toolCallId: "call1", toolName: tool, input: JSON.stringify(args) }],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          },
          { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
        ],
      });
      const result = await generateText({ model, tools, prompt: "go", stopWhen: stepCountIs(2) });
      const reads = (model.doGenerateCalls[1]?.prompt ?? []).flatMap((message) =>
        message.role === "tool" ? message.content.flatMap((part) => (part.type === "tool-result" ? [part.output] : [])) : [],
      );
      if (reads.length !== 1) throw new Error(`the model read ${reads.length} tool results`);
      const done = result.steps[0]?.content.find((part) => part.type === "tool-result");
      return done ? { read: reads[0], output: done.output } : { read: reads[0] };
    },
    async close() {},
  };
}
