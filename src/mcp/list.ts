/**
 * `listTools` as the MCP entry exports it: the `tools/list` answer a server
 * made from the same list gives a client that did not declare MCP Apps.
 * Each tool is listed as the core lists it, a tool with a view also names its
 * `ui://` resource in `_meta.ui`, and a tool only views may call is left out.
 * Only the listing is made: no view file is read (the server made from the
 * list reads them, and refuses one it could not serve).
 */
import type { AnyTool } from "../core/types.ts";
import type { McpTool } from "../protocol/list.ts";
import { listedViewsOf } from "./views.ts";

export function listTools(tools: readonly AnyTool[]): { tools: McpTool[] } {
  return listedViewsOf(tools).listedForOthers;
}
