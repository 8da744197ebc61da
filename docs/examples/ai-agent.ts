import { toAiTool, toAiTools } from "@agntn/tools/ai";
import { slugTool, tools } from "./tools.ts";

export const one = toAiTool(slugTool);
export const all = toAiTools(tools); // keyed by tool name: { text_slug, text_count, files_rename, text_stats }
