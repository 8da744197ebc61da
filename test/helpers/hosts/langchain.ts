/**
 * The host matrix's LangChain row: toLangChainTools inside `createAgent`
 * (from `langchain`), with LangChain's fake chat model (`fakeModel` from
 * `@langchain/core/testing`) calling one tool and then saying "done". A call
 * answers with the ToolMessage the agent added: what the model reads (its
 * content and status) and, for a success, the artifact programs get.
 */
import { toolsFor } from "@agntn/tools";
import { toLangChainTools } from "@agntn/tools/langchain";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createAgent } from "langchain";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

export interface LangChainDriver {
  call(id: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function openLangChain(fixture: MatrixFixture = MATRIX): Promise<LangChainDriver> {
  const tools = toLangChainTools(await toolsFor(fixture.tools));
  return {
    async call(id) {
      const { tool, args } = callOf(fixture, id);
      const model = fakeModel()
        .respondWithTools([{ name: tool, args, id: "call1" }])
        .respond(new AIMessage("done"));
      const { messages } = await createAgent({ model, tools }).invoke({ messages: [{ role: "user", content: "go" }] });
      const read = messages.filter(ToolMessage.isInstance);
      if (read.length !== 1) throw new Error(`the agent added ${read.length} tool messages`);
      const [message] = read as [ToolMessage];
      return message.artifact === undefined
        ? { content: message.content, status: message.status }
        : { content: message.content, status: message.status, artifact: message.artifact };
    },
    async close() {},
  };
}
