/** What a request's path is to the MCP route; apart from the middleware, so it can be tested without a build. */

/** The route itself, one of the toolkit's named handlers below it, or neither (a page below it, another path). */
export type Place = "route" | "named" | undefined;

/** Where `path` (with its query, if any) falls for the route `route`, whose named handlers are `named`. */
export function placeOf(path: string, route: string, named: ReadonlySet<string>): Place {
  const base = route.replace(/\/+$/, "");
  const bare = (path.split("?")[0] ?? "").replace(/\/+$/, "");
  if (bare === base) return "route";
  if (!bare.startsWith(`${base}/`)) return undefined;
  return named.has(bare.slice(base.length + 1)) ? "named" : undefined;
}
