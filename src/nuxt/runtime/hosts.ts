/** Host and path checks for the MCP route, kept apart from the middleware so they can be tested on their own. */

/** The host name of a Host header (`[::1]:3000` → `[::1]`), lower case; `undefined` when there is none or it does not parse. */
export function hostnameOf(host: unknown): string | undefined {
  if (typeof host !== "string" || host === "") return undefined;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

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
