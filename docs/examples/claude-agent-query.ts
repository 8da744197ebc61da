import { createInterface } from "node:readline/promises";
import { canUseToolFor, toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { query } from "@anthropic-ai/claude-agent-sdk";
import { tools } from "./tools.ts";

const terminal = createInterface({ input: process.stdin, output: process.stdout });
const stream = query({
  prompt: "Rename draft.md to a slug of its title, My First Post.",
  options: {
    // Claude Code calls the tools mcp__files__text_slug, mcp__files__files_rename, …
    mcpServers: { files: toClaudeAgentServer({ name: "files", version: "1.0.0" }, tools) },
    canUseTool: canUseToolFor(tools, {
      approval: "writes",
      approve: async ({ title, input }) => (await terminal.question(`Allow ${title} ${JSON.stringify(input)}? [y/N] `)) === "y",
    }),
  },
});
for await (const message of stream) if (message.type === "result" && message.subtype === "success") console.log(message.result);
terminal.close();
