// After: one definition in the package, one line per host.
import { defineTool, Type } from "@agntn/tools";
import { toAiTool } from "@agntn/tools/ai";
import { createMcpServer } from "@agntn/tools/mcp";

const slugify = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter(Boolean)
    .join("-");

export const slugTool = defineTool({
  name: "text_slug",
  title: "Text Slug",
  description: "Turn a title into a URL slug.",
  effect: "read",
  input: Type.Object({ text: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  execute: ({ text }) => ({ content: [{ type: "text", text: slugify(text) }], details: { slug: slugify(text) } }),
});
export const tools = [slugTool];

export const server = createMcpServer({ name: "slugs", version: "1.0.0" }, tools);
export const aiSlug = toAiTool(slugTool);
