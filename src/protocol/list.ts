/** What `tools/list` answers: every tool with its schema as written and its hints from `effect`. */
import { indexTools } from "../core/define.ts";
import type { JsonSchema } from "../core/schema.ts";
import type { AnyTool, Icon } from "../core/types.ts";

export interface McpToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** One tool as MCP lists it. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations: McpToolAnnotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
}

const listings = new WeakMap<readonly AnyTool[], { length: number; result: { tools: McpTool[] } }>();

/**
 * The `tools/list` answer for a tool list, in the list's order. The title goes
 * out twice, beside the name and in `annotations`, because some clients
 * (Claude Code) read only the latter.
 */
export function listTools(tools: readonly AnyTool[]): { tools: McpTool[] } {
  const cached = listings.get(tools);
  if (cached && cached.length === tools.length) return cached.result;
  const result = {
    tools: [...indexTools(tools).values()].map((entry): McpTool => {
      const { tool } = entry;
      const listed: McpTool = {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: entry.input,
        annotations: {
          title: tool.title,
          readOnlyHint: tool.effect === "read",
          destructiveHint: tool.effect === "destructive",
          idempotentHint: entry.idempotent,
          openWorldHint: entry.openWorld,
        },
      };
      if (entry.output) listed.outputSchema = entry.output;
      if (tool.icons) listed.icons = JSON.parse(JSON.stringify(tool.icons));
      if (tool.meta) listed._meta = JSON.parse(JSON.stringify(tool.meta));
      return listed;
    }),
  };
  listings.set(tools, { length: tools.length, result });
  return result;
}
