/**
 * `listTools` as the MCP entry exports it: the `tools/list` answer a server
 * made from the same list gives a client that did not declare MCP Apps.
 * Each tool is listed as the core lists it, a tool with a view also names its
 * `ui://` resource in `_meta.ui`, and a tool only views may call is left out.
 * Views given as files are read here, once per list, as a server reads them.
 */
import type { AnyTool } from "../core/types.ts";
import type { McpTool } from "../protocol/list.ts";
import { viewsOf } from "./views.ts";

export function listTools(tools: readonly AnyTool[]): { tools: McpTool[] } {
  return viewsOf(tools).listedForOthers;
}
