import { toMastraTools } from "@agntn/tools/mastra";
import { Agent } from "@mastra/core/agent";
import { tools } from "./tools.ts";

export const files = new Agent({
  id: "files",
  name: "Files",
  instructions: "Tidy file names with the tools.",
  model: "openai/gpt-5-mini",
  tools: toMastraTools(tools, { approval: "writes" }), // keyed by name: { text_slug, text_count, files_rename, text_stats }
});
