/**
 * @agntn/tools/h3 — serve a tool list as an MCP endpoint on an h3 v2 app.
 * Takes only types from h3; the runtime is the package's MCP HTTP handler.
 */
export { createMcpRoute, type McpRoute, type McpRouteOptions, type RouteTarget, registerMcpRoute } from "./route.ts";
