// Before: the same tool written twice, once per host, each with its own schema and its own error wording.
import { McpServer } from "@modelcontextprotocol/server";
import { tool } from "ai";
import { z } from "zod";

const slugify = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter(Boolean)
    .join("-");

export const server = new McpServer({ name: "slugs", version: "1.0.0" });
server.registerTool(
  "text_slug",
  { description: "Turn a title into a URL slug.", inputSchema: z.object({ text: z.string().min(1) }) },
  async ({ text }) => ({ content: [{ type: "text", text: slugify(text) }] }),
);

export const aiSlug = tool({
  description: "Turns a title into a slug", // already drifting from the MCP copy
  inputSchema: z.object({ text: z.string() }), // and this one forgot min(1)
  execute: async ({ text }) => ({ slug: slugify(text) }),
});
