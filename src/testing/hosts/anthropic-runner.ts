/**
 * The Anthropic SDK's tool runner on the fake Messages API
 * (./anthropic-messages.ts): the fake's model calls the tool it is told to in
 * its first turn and says "done" once it has read the result, and `run`
 * answers the `tool_result` blocks the runner sent back for it.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { type FakeMessagesApi, fakeMessagesApi, textTurn, toolResults, toolTurn } from "./anthropic-messages.ts";

/** A fake API whose model calls what `run` names, then says "done", and a runner on it. */
export interface AnthropicRig {
  api: FakeMessagesApi;
  /** Runs one agent turn in which the model calls `name` with `input`; answers what the model read. */
  run(
    tools: BetaRunnableTool<unknown>[],
    name: string,
    input: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<Array<Record<string, unknown>>>;
}

export async function anthropicRig(): Promise<AnthropicRig> {
  let next: { name: string; input: Record<string, unknown> } | undefined;
  const api = await fakeMessagesApi((request) => {
    if (toolResults(request).length > 0 || !next) return textTurn("done");
    const call = next;
    next = undefined;
    return toolTurn(call.name, call.input);
  });
  const client = new Anthropic({ apiKey: "test-key", baseURL: api.url, maxRetries: 0 });
  return {
    api,
    async run(tools, name, input, signal) {
      next = { name, input };
      const from = api.requests.length;
      await client.beta.messages.toolRunner(
        { model: "claude-test", max_tokens: 100, messages: [{ role: "user", content: "go" }], tools },
        signal ? { signal } : {},
      );
      if (api.requests.length - from !== 2) throw new Error(`the runner made ${api.requests.length - from} requests`);
      return toolResults(api.requests.at(-1));
    },
  };
}
