import { interruptOnFor, toLangChainTools } from "@agntn/tools/langchain";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { tools } from "./tools.ts";

export const agent = createAgent({
  model: "openai:gpt-5-mini", // any chat model LangChain can bind tools to
  tools: toLangChainTools(tools),
  // Hold destructive calls until a person decides; resume with new Command({ resume: { decisions } }).
  middleware: [humanInTheLoopMiddleware({ interruptOn: interruptOnFor(tools) })],
  checkpointer: new MemorySaver(),
});
