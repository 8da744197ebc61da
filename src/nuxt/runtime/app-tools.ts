/**
 * The app's tools, checked once at start-up and shared by both paths of the
 * route: as toolkit stand-ins for the toolkit's 2025 server, and as the tools
 * themselves for the 2026 path, which finds them again by their stand-in.
 */
import type { AnyTool } from "@agntn/tools";
import { type TokenInfo, type ToolkitTool, toToolkitTools } from "@agntn/tools/toolkit";
import { useMcpElicitation, useMcpLogger, useMcpServer } from "@nuxtjs/mcp-toolkit/server";
import { useEvent } from "nitropack/runtime";
import config from "#agntn-tools/config.mjs";
import { tools } from "#agntn-tools/tools.mjs";

/** The key ./route-auth.ts keeps the verified token under (here, not there: route-auth imports this file). */
export const AUTH_CONTEXT_KEY = "agntnToolsAuth";

function checkedList(): readonly AnyTool[] {
  if (!Array.isArray(tools)) {
    throw new Error(`@agntn/tools: ${config.toolsPath} must export its tool list as \`tools\``);
  }
  return tools;
}

export const appTools: readonly AnyTool[] = checkedList();

/** Built once: a broken tool or a duplicate name stops the server here, not on a request. */
export const standIns: readonly ToolkitTool[] = toToolkitTools({ name: config.name }, appTools, {
  elicitation: useMcpElicitation,
  logger: useMcpLogger,
  server: useMcpServer,
  // The token ./route-auth.ts verified for this request, when the route requires one.
  authInfo: () => useEvent().context[AUTH_CONTEXT_KEY] as TokenInfo | undefined,
});

const byName = new Map(appTools.map((tool) => [tool.name, tool]));
const toolOfStandIn = new Map<unknown, AnyTool>();
for (const standIn of standIns) {
  const tool = byName.get(standIn.name);
  if (tool) toolOfStandIn.set(standIn, tool);
}

/** The app's tool behind a stand-in, or `undefined` for an entry of the toolkit's own. */
export function appToolOf(entry: unknown): AnyTool | undefined {
  return toolOfStandIn.get(entry);
}
