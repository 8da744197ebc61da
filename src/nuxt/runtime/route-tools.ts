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
import { useEvent } from "nitropack/runtime";
import { appCatalog, appList, appToolsNow, middleware } from "./app-tools.ts";
import { toolkitTools } from "./toolkit-tools.ts";

/** The toolkit's part of one request's tools, as ./toolkit-tools.ts resolves it. */
type Resolved = Awaited<ReturnType<typeof toolkitTools>>;

const reported = new Set<string>();
/**
 * The app's tools without the taken names: for each version of the app's list, one array per set of taken names,
 * so the per-list caches stay warm.
 */
const trimmed = new WeakMap<readonly AnyTool[], Map<string, readonly AnyTool[]>>();

function ownTools(taken: ReadonlySet<string>): readonly AnyTool[] {
  const appTools = appToolsNow();
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
  let lists = trimmed.get(appTools);
  if (!lists) {
    lists = new Map();
    trimmed.set(appTools, lists);
  }
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

/** The set for a request whose toolkit part is resolved: the app's tools as they are now beside the toolkit's. */
function setFor(event: unknown, resolved: Resolved): ToolSet {
  const { catalog } = resolved;
  const all = ownTools(new Set(resolved.tools.map((tool) => tool.listing.name)));
  const { tools, external } = requestedOnly(event, all, resolved.tools);
  if (last && sameTools(last, tools, external, catalog)) return last;
  last = { tools, external, middleware, catalog: appCatalog, ...(catalog ? { foreign: catalog } : {}) };
  return last;
}

/** Everything on the default route for this request: tools, and the toolkit's resources and prompts. */
export async function routeTools(event: unknown): Promise<ToolSet> {
  const resolved = await toolkitTools(event);
  if (appList) remember(event, resolved);
  return setFor(event, resolved);
}

/**
 * With a list that changes, a 2025 session is served the list as it is at each of its requests, beside the
 * toolkit's part it resolved when it opened (as a session over a fixed list keeps it). What follows keeps that part
 * for the session's later requests, which the handler answers without asking for the tools again.
 */

/** What a session keeps from the request that opened it: the toolkit's part, and the `X-MCP-Tools` header it sent. */
interface Opening {
  resolved: Resolved;
  event: { headers: Headers } | undefined;
}

/** The most sessions remembered; past it the oldest is forgotten (the handler keeps at most 1000 unless told more). */
const MOST_SESSIONS = 10_000;
const byEvent = new WeakMap<object, Resolved>();
const bySession = new Map<string, Opening>();
/** No toolkit part: what a request gets when its session's part is not known, rather than another request's part. */
const NO_TOOLKIT_PART: Resolved = { tools: [], catalog: undefined };

function remember(event: unknown, resolved: Resolved): void {
  if (typeof event === "object" && event !== null) byEvent.set(event, resolved);
}

function headersOf(event: unknown): Headers | undefined {
  return (event as { headers?: Headers } | undefined)?.headers;
}

/** Records the session a request opened (its answer names it), so its later requests are served the same toolkit part. */
export function sessionOpened(event: object, id: string): void {
  const resolved = byEvent.get(event);
  if (!resolved || bySession.has(id)) return;
  const only = headersOf(event)?.get("x-mcp-tools");
  bySession.set(id, {
    resolved,
    event: only === null || only === undefined ? undefined : { headers: new Headers({ "x-mcp-tools": only }) },
  });
  if (bySession.size > MOST_SESSIONS) bySession.delete(bySession.keys().next().value as string);
}

/** Forgets a session its client ended. */
export function sessionEnded(id: string): void {
  bySession.delete(id);
}

/** The request being answered, found through Nitro's async context (the module switches it on); none outside one. */
function currentEvent(): object | undefined {
  try {
    return useEvent() as unknown as object;
  } catch {
    return undefined;
  }
}

/**
 * The set for the request being answered, found without waiting: a session's request gets the part its session
 * opened with, the request that opens one the part just resolved for it.
 */
export function routeToolsNow(): ToolSet {
  const event = currentEvent();
  const id = headersOf(event)?.get("mcp-session-id");
  const opening = id ? bySession.get(id) : undefined;
  if (opening) return setFor(opening.event, opening.resolved);
  // Never the last request's part: the toolkit resolves it per request (its `enabled(event)` may depend on the caller).
  return setFor(event, (event && byEvent.get(event)) ?? NO_TOOLKIT_PART);
}
