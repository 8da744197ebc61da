/**
 * @agntn/tools/internal/nuxt — not a public entry: what the Nuxt module's
 * server runtime (src/nuxt/runtime) needs of the MCP host and nothing a user
 * calls. Nitro bundles that runtime inside each app, where it can reach the
 * library only by package names, so the pieces it shares with
 * `createMcpHttpHandler` are exported here. Anything here may change in any
 * release.
 */

export { indexTools } from "../core/define.ts";
export { checkChanges, isToolList } from "../core/tool-list.ts";
export { catalogOf } from "../protocol/catalog.ts";
export { jsonRpcError } from "../protocol/json-rpc-error.ts";
export { effectOfAnnotations } from "../protocol/scopes.ts";
export { type Catalog, type ForeignCatalog, type ForeignMethod, type ServedContext, ServedRefusal } from "../protocol/served.ts";
export type { ExternalCallContext, ExternalTool } from "./external.ts";
export { type OptionNames, type RouteHandler, serveHttp, type ToolSource } from "./http.ts";
export { busOption, notifierOf } from "./resource-updates.ts";
export type { ToolSet } from "./server.ts";
export { createTaskStore, type TaskStore } from "./tasks/store.ts";
export { viewsOf } from "./views.ts";
