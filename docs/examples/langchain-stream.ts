import { agent } from "./langchain-agent.ts";

const config = { configurable: { thread_id: "words" }, streamMode: "custom" as const };
const stream = await agent.stream({ messages: [{ role: "user", content: "Count the words of my notes." }] }, config);
for await (const chunk of stream) {
  // { type: "progress", tool: "text_count", toolCallId, message, progress, total? } or { type: "log", tool, toolCallId, level, message, data? }
  console.log(chunk);
}
