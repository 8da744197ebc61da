// plugins.ts: the server's tool list grows while it runs; connected clients hear of each change.
import { type AnyTool, createToolList } from "@agntn/tools";
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { tools } from "./tools.ts";

export const list = createToolList(tools);
export const handler = createMcpHttpHandler({ name: "demo", version: "1.0.0" }, list);

export async function loadPlugin(path: string | URL): Promise<void> {
  const plugin = (await import(String(path))) as { tool: AnyTool };
  // Checked before it takes effect: a taken name or a broken tool is refused in one line, and the list stays as it was.
  list.add(plugin.tool);
}
