import { toAiTools } from "@agntn/tools/ai";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { tools } from "./tools.ts";

// A scripted model: first it calls text_slug with a typo, then it reads the refusal and stops.
let turn = 0;
const model = new MockLanguageModelV4({
  doGenerate: async () => {
    turn++;
    const content =
      turn === 1
        ? [{ type: "tool-call" as const, toolCallId: "1", toolName: "text_slug", input: JSON.stringify({ txt: "Hello" }) }]
        : [{ type: "text" as const, text: "done" }];
    return {
      content,
      finishReason: { unified: turn === 1 ? "tool-calls" : "stop", raw: undefined },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
      warnings: [],
    };
  },
});

const result = await generateText({ model, tools: toAiTools(tools), prompt: "slug it", stopWhen: stepCountIs(3) });
const refused = result.steps[0]?.content.find((part) => part.type === "tool-error");
console.log(refused?.type, String(refused && "error" in refused ? refused.error : ""));
