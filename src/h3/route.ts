/**
 * An MCP endpoint as an h3 v2 route. h3 v2 hands every handler a web-standard
 * `Request` (`event.req`) and sends back any `Response` it returns, so the
 * package's own Streamable HTTP handler plugs in unchanged: both protocol
 * revisions, questions on both, progress, the abort signal and unknown names
 * answered as on stdio all come from `createMcpHttpHandler`.
 *
 * Why not `h3-mcp`: that package is not in the npm registry, so nothing could
 * depend on it; and its job (turning MCP's transport into an h3 handler) is
 * already done by the SDK v2 web-standard handler once h3 speaks `Request`.
 * Building on it would add a second MCP server with its own validation beside
 * the one every other host uses.
 */
import type { H3Event } from "h3";
import { checkOptionKeys } from "../core/options.ts";
import type { ToolList } from "../core/tool-list.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { HTTP_OPTIONS, httpHandler, type McpHttpHandler, type McpHttpHandlerOptions } from "../mcp/http.ts";

/** An h3 handler serving MCP, with the handle to close its sessions on shutdown. */
export interface McpRoute {
  (event: H3Event): Promise<Response>;
  /** Closes every open 2025 session and the 2026 handler. */
  close(): Promise<void>;
  /** Number of open 2025 sessions (for health checks and tests). */
  readonly sessions: number;
  /** With `auth`: the protected resource metadata's paths, which this handler also answers. */
  readonly metadataPaths?: readonly string[];
  /** Announces a resource's change to every client following it (`createMcpHttpHandler`'s `notify`). */
  readonly notify: McpHttpHandler["notify"];
}

/**
 * An h3 v2 handler that serves a tool list over Streamable HTTP. Register it
 * for every method: `app.all("/mcp", createMcpRoute(info, tools))`. The list is
 * checked now: a broken tool or a duplicate name throws before any request.
 */
export function createMcpRoute(info: ServerInfo, tools: readonly AnyTool[] | ToolList, options: McpHttpHandlerOptions = {}): McpRoute {
  return routeOf(httpHandler(info, tools, options, "createMcpRoute"));
}

/** The handler as an h3 route, with its handles. */
function routeOf(handler: McpHttpHandler): McpRoute {
  const route = (event: H3Event) => handler.fetch(event.req as Request);
  return Object.defineProperties(route, {
    close: { value: () => handler.close() },
    sessions: { get: () => handler.sessions },
    notify: { value: handler.notify, enumerable: true },
    metadataPaths: { value: handler.metadataPaths, enumerable: handler.metadataPaths !== undefined },
  }) as McpRoute;
}

/** What {@link registerMcpRoute} needs of an app: h3's `all(route, handler)`. */
export interface RouteTarget {
  all(route: string, handler: (event: H3Event) => Promise<Response>): unknown;
}

export interface McpRouteOptions extends McpHttpHandlerOptions {
  /** The path the endpoint answers on. Default `/mcp`. */
  route?: string;
}

/**
 * Registers the endpoint on an h3 v2 app (`app.all(route, …)`) and returns it,
 * so the caller can close its sessions when the server stops. With `auth`,
 * the protected resource metadata's well-known path is registered too.
 */
export function registerMcpRoute(
  app: RouteTarget,
  info: ServerInfo,
  tools: readonly AnyTool[] | ToolList,
  options: McpRouteOptions = {},
): McpRoute {
  checkOptionKeys("registerMcpRoute", options, [...HTTP_OPTIONS, "route"]);
  const { route = "/mcp", ...rest } = options;
  const handler = routeOf(httpHandler(info, tools, rest, "registerMcpRoute"));
  app.all(route, handler);
  for (const path of handler.metadataPaths ?? []) app.all(path, handler);
  return handler;
}
