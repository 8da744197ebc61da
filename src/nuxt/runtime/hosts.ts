/** Path checks for the MCP route, kept apart from the middlewares so they can be tested on their own. */

/** Whether a path is the MCP route or below it (`/mcp`, `/mcp/deeplink`, `/mcp?x`). */
export function onRoute(path: string, route: string): boolean {
  const bare = path.split("?")[0] ?? "";
  const base = route.replace(/\/+$/, "");
  return bare === base || bare.startsWith(`${base}/`);
}

/** Whether a path is the MCP route itself (`/mcp`, `/mcp/`, `/mcp?x`), not a page below it such as `/mcp/deeplink`. */
export function isExactRoute(path: string, route: string): boolean {
  const bare = (path.split("?")[0] ?? "").replace(/\/+$/, "");
  return bare === route.replace(/\/+$/, "");
}
