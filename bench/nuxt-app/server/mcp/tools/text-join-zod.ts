/** The same tool written directly for the toolkit: a Zod raw shape and a handler, as its docs show. */
import { defineMcpTool } from "@nuxtjs/mcp-toolkit/server";
import { z } from "zod";
import { joinWords, TOOL_DESCRIPTION, TOOL_TITLE } from "../../../../fixtures.ts";

export default defineMcpTool({
  name: "text_join_zod",
  title: TOOL_TITLE,
  description: TOOL_DESCRIPTION,
  inputSchema: {
    text: z.string().min(1).max(200),
    separator: z.enum(["-", "_", "."]),
    limit: z.int().min(1).max(100),
  },
  annotations: { readOnlyHint: true },
  handler: async (args) => ({ content: [{ type: "text", text: joinWords(args) }] }),
});
