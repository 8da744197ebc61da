/**
 * The LangChain host: the tools through toLangChainTools inside a real
 * `createAgent` run (from `langchain`), whose model is LangChain's own fake
 * chat model (`fakeModel` from `@langchain/core/testing`): it calls one tool,
 * then says "done". A call answers with the ToolMessage the agent added: what
 * the model reads (its content and status) and, where there is one, the
 * artifact programs get.
 */
import { toolsFor } from "@agntn/tools";
import { toLangChainTools } from "@agntn/tools/langchain";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createAgent } from "langchain";
import type { HostOptions, HostSession } from "../types.ts";
import { callOf } from "./call.ts";
import { blockText } from "./read.ts";

/** The parts of the agent's ToolMessage a call answers with. */
export interface LangChainRead {
  content: unknown;
  status: unknown;
  artifact?: unknown;
}

/** The one ToolMessage of a run, as the model reads it and the program gets it. */
function readOf(messages: readonly unknown[]): LangChainRead {
  const read = messages.filter(ToolMessage.isInstance);
  if (read.length !== 1) throw new Error(`the agent added ${read.length} tool messages`);
  const [message] = read as [ToolMessage];
  return message.artifact === undefined
    ? { content: message.content, status: message.status }
    : { content: message.content, status: message.status, artifact: message.artifact };
}

export async function open(options: HostOptions): Promise<HostSession> {
  const tools = toLangChainTools(await toolsFor(options.tools));
  return {
    async call(id) {
      const { tool, args = {} } = callOf(options, id);
      const model = fakeModel()
        .respondWithTools([{ name: tool, args, id: "call1" }])
        .respond(new AIMessage("done"));
      const { messages } = await createAgent({ model, tools }).invoke({ messages: [{ role: "user", content: "go" }] });
      return readOf(messages);
    },
    async close() {},
  };
}

export function answerOf(raw: unknown): { text: string; isError: boolean; details?: unknown } {
  const { content, status, artifact } = raw as LangChainRead;
  // A ToolMessage's content is a string for a text-only result, or LangChain's standard blocks for a result with media:
  // then its text blocks are the text, and the image, the sound and the core's notes for the rest are left out.
  const text = typeof content === "string" ? content : Array.isArray(content) ? blockText(content) : "";
  // LangChain marks a failure with the message's status, `error`.
  const isError = status === "error";
  // The artifact holds a success's details for programs; a failed call's artifact (a returned isError's details) is
  // not the details of an answer, so it is left out, as MCP leaves out structuredContent on a failure.
  return isError || artifact === undefined ? { text, isError } : { text, isError, details: artifact };
}
