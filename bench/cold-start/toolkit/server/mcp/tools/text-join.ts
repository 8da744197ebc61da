/** The one tool, written for the toolkit directly: a Zod raw shape and a handler, as its docs show. */
import { defineMcpTool } from "@nuxtjs/mcp-toolkit/server";
import { z } from "zod";

export default defineMcpTool({
  name: "text_join",
  title: "Join words",
  description: "Join the first words of a text with a separator.",
  inputSchema: {
    text: z.string().min(1).max(200),
    separator: z.enum(["-", "_", "."]),
    limit: z.int().min(1).max(100),
  },
  annotations: { readOnlyHint: true },
  handler: async ({ text, separator, limit }) => ({
    content: [{ type: "text", text: text.split(/\s+/).filter(Boolean).slice(0, limit).join(separator) }],
  }),
});
