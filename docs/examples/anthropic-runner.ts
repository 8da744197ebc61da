import { toAnthropicTools } from "@agntn/tools/anthropic";
import Anthropic from "@anthropic-ai/sdk";
import { tools } from "./tools.ts";

const client = new Anthropic(); // reads ANTHROPIC_API_KEY
const message = await client.beta.messages.toolRunner({
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [{ role: "user", content: "Give me a URL slug for: Héllo, Wörld!" }],
  tools: toAnthropicTools(tools),
});
console.log(message.content);
