import { toStandardSchema } from "@agntn/tools";
import { McpServer } from "@modelcontextprotocol/server";
import { slugTool } from "./tools.ts";

// Any API that takes a Standard Schema with JSON Schema gets the core's check and the JSON Schema every host lists.
export const server = new McpServer({ name: "slugs", version: "1.0.0" });
const inputSchema = toStandardSchema(slugTool);
server.registerTool("text_slug", { description: slugTool.description, inputSchema }, async (args) => {
  // args is typed from the schema: { text: string; separator?: "-" | "_" | "." }
  const { content, isError } = await slugTool.execute(args, {});
  return { content, isError };
});
