/**
 * The Anthropic SDK host: the tools through toAnthropicTools in the SDK's own
 * tool runner (`client.beta.messages.toolRunner`), against a fake Messages API
 * on loopback whose model calls one tool and then says "done"
 * (./anthropic-runner.ts). A call answers with the `tool_result` the runner
 * sent back, without its call id and type.
 */
import { toolsFor } from "@agntn/tools";
import { toAnthropicTools } from "@agntn/tools/anthropic";
import type { HostOptions, HostSession } from "../types.ts";
import { anthropicRig } from "./anthropic-runner.ts";
import { callOf } from "./call.ts";
import { blockText } from "./read.ts";

export async function open(options: HostOptions): Promise<HostSession> {
  const rig = await anthropicRig();
  const tools = toAnthropicTools(await toolsFor(options.tools));
  return {
    async call(id) {
      const { tool, args = {} } = callOf(options, id);
      const reads = await rig.run(tools, tool, args);
      if (reads.length !== 1) throw new Error(`the model read ${reads.length} tool results`);
      const { tool_use_id: _id, type: _type, ...read } = reads[0] as Record<string, unknown>;
      return read;
    },
    close: () => rig.api.close(),
  };
}

export function answerOf(raw: unknown): { text: string; isError: boolean } {
  const { content, is_error } = raw as { content?: unknown; is_error?: unknown };
  // A tool_result's content is a string for text alone, or blocks for a result with media: then its text blocks are
  // the text, and the image and the core's notes for what a tool result has no block for are left out.
  const text = typeof content === "string" ? content : Array.isArray(content) ? blockText(content) : "";
  // The runner marks a failure with `is_error: true`; a success leaves it out.
  return { text, isError: is_error === true };
}
