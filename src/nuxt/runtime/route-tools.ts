/**
 * The tools one request of the route is served: the toolkit's own (a Docus
 * site's page tools, the app's `server/mcp/tools`), resolved for the request
 * as the toolkit resolves them (./toolkit-tools.ts, which loads the toolkit
 * only when it may serve any) and answered by their own handlers, then the
 * app's tools. A name both sides use is served once: the toolkit's tool keeps
 * it and the clash is reported, once per name, because a server cannot list
 * one name twice.
 */
import { type AnyTool, quote, sanitizeLine } from "@agntn/tools";
import type { ExternalTool, ForeignCatalog, ToolSet } from "@agntn/tools/internal/nuxt";
import { createError } from "h3";
import { appCatalog, appTools, middleware } from "./app-tools.ts";
import { toolkitTools } from "./toolkit-tools.ts";

const reported = new Set<string>();
/** The app's tools without the taken names, one array per set of taken names, so the per-list caches stay warm. */
const lists = new Map<string, readonly AnyTool[]>();

function ownTools(taken: ReadonlySet<string>): readonly AnyTool[] {
  const clashes = appTools.filter((tool) => taken.has(tool.name)).map((tool) => tool.name);
  if (clashes.length === 0) return appTools;
  for (const name of clashes) {
    if (reported.has(name)) continue;
    reported.add(name);
    console.error(
      `[@agntn/tools] The MCP route already serves a tool named ${quote(name)} (from server/mcp/tools or a layer such as Docus); the app's tool of that name is left out. Rename one of them.`,
    );
  }
  const key = clashes.join("\u0000");
  let list = lists.get(key);
  if (!list) {
    if (lists.size >= 64) lists.clear();
    list = appTools.filter((tool) => !taken.has(tool.name));
    lists.set(key, list);
  }
  return list;
}

/** The last set served: a request that resolves the same tools gets the same object, so the handler's per-set caches hit. */
let last: ToolSet | undefined;

function sameTools(
  set: ToolSet,
  tools: readonly AnyTool[],
  external: readonly ExternalTool[],
  foreign: ForeignCatalog | undefined,
): boolean {
  return (
    set.tools === tools &&
    set.foreign === foreign &&
    set.external.length === external.length &&
    set.external.every((tool, i) => tool === external[i])
  );
}

/**
 * The toolkit's `X-MCP-Tools` header: a client that sends it (names, by commas) is served those tools only, the
 * app's as well as the toolkit's; a name the route does not serve is refused with the toolkit's own 400.
 */
function requestedOnly(
  event: unknown,
  tools: readonly AnyTool[],
  external: readonly ExternalTool[],
): { tools: readonly AnyTool[]; external: readonly ExternalTool[] } {
  const header = (event as { headers?: Headers } | undefined)?.headers?.get("x-mcp-tools");
  if (header === null || header === undefined) return { tools, external };
  const requested = new Set(
    header
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  );
  const served = new Set([...tools.map((tool) => tool.name), ...external.map((tool) => tool.listing.name)]);
  const unknown = [...requested].filter((name) => !served.has(name));
  if (unknown.length > 0) {
    throw createError({
      statusCode: 400,
      message: `Unknown MCP tool${unknown.length > 1 ? "s" : ""}: ${unknown.map((name) => sanitizeLine(name)).join(", ")}`,
    });
  }
  return { tools: tools.filter((tool) => requested.has(tool.name)), external: external.filter((tool) => requested.has(tool.listing.name)) };
}

/** Everything on the default route for this request: tools, and the toolkit's resources and prompts. */
export async function routeTools(event: unknown): Promise<ToolSet> {
  const resolved = await toolkitTools(event);
  const { catalog } = resolved;
  const all = ownTools(new Set(resolved.tools.map((tool) => tool.listing.name)));
  const { tools, external } = requestedOnly(event, all, resolved.tools);
  if (last && sameTools(last, tools, external, catalog)) return last;
  last = { tools, external, middleware, catalog: appCatalog, ...(catalog ? { foreign: catalog } : {}) };
  return last;
}
