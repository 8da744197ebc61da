/**
 * The Anthropic SDK's tool runner, driven for real: `client.beta.messages.toolRunner`
 * against the fake Messages API on loopback (test/helpers/fake-messages.ts),
 * whose model calls one tool in its first turn and says "done" once it has
 * read the result. The host matrix's row reads the `tool_result` the runner
 * sent back in the second request.
 */
import { toolsFor } from "@agntn/tools";
import { toAnthropicTools } from "@agntn/tools/anthropic";
import Anthropic from "@anthropic-ai/sdk";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { type FakeMessagesApi, fakeMessagesApi, textTurn, toolResults, toolTurn } from "../fake-messages.ts";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

/** A fake API whose model calls what `next` names, then says "done", and a runner on it. */
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

export interface AnthropicDriver {
  call(id: string): Promise<unknown>;
  close(): Promise<void>;
}

/** The matrix row: the `tool_result` the model read, without the call id. */
export async function openAnthropic(fixture: MatrixFixture = MATRIX): Promise<AnthropicDriver> {
  const rig = await anthropicRig();
  const tools = toAnthropicTools(await toolsFor(fixture.tools));
  return {
    async call(id) {
      const { tool, args } = callOf(fixture, id);
      const reads = await rig.run(tools, tool, args);
      if (reads.length !== 1) throw new Error(`the model read ${reads.length} tool results`);
      const { tool_use_id: _id, type: _type, ...read } = reads[0] as Record<string, unknown>;
      return read;
    },
    close: () => rig.api.close(),
  };
}
