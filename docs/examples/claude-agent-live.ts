// live.ts: the agent's tool list changes while the query runs, and one tool shows only where a switch is on.
import { createToolList, defineTool, Type } from "@agntn/tools";
import { canUseToolFor, toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { query } from "@anthropic-ai/claude-agent-sdk";
import { tools } from "./tools.ts";

const reindex = defineTool({
  name: "search_reindex",
  title: "Rebuild the search index",
  description: "Rebuilds the search index from the files in the working directory.",
  effect: "write",
  input: Type.Object({}, { additionalProperties: false }),
  // Asked with no caller here: an in-process server has no token. Only `true` lists the tool.
  visibleTo: () => process.env.SEARCH_ADMIN === "1",
  execute: async () => ({ content: [{ type: "text", text: "index rebuilt" }] }),
});

const list = createToolList(tools);
const files = toClaudeAgentServer({ name: "files", version: "1.0.0" }, list);
// A predicate that throws hides its tool; the line lands here.
files.instance.server.onerror = (error) => console.error(error.message);

const stream = query({
  prompt: "Rebuild the search index if you can, then slug the title My First Post.",
  // The same list for both, so a tool added later is also one canUseToolFor knows.
  options: { mcpServers: { files }, canUseTool: canUseToolFor(list) },
});
for await (const message of stream) {
  // Once the session is up the tool joins; Claude Code hears list_changed and lists the tools again.
  if (message.type === "system" && message.subtype === "init") list.add(reindex);
  if (message.type === "result" && message.subtype === "success") console.log(message.result);
}
