/**
 * The route's handler: this package's HTTP handler (`serveHttp`, what
 * `createMcpHttpHandler` is built on) with the route's tools, the settings in
 * force and the option names a Nuxt app sets. Shared by the route
 * (./route.ts) and the plugin (./tools-plugin.ts), so both see one handler.
 */
import { type ServerInfo, sanitizeLine, type ToolList } from "@agntn/tools";
import { type RouteHandler, serveHttp } from "@agntn/tools/internal/nuxt";
import config from "#agntn-tools/config.mjs";
import toolkitConfig from "#nuxt-mcp-toolkit/config.mjs";
import { defaultHandler } from "#nuxt-mcp-toolkit/default-handler.mjs";
import { appList } from "./app-tools.ts";
import { routeBus } from "./resource-updates.ts";
import { routeTools, routeToolsNow } from "./route-tools.ts";
import { HOSTS_OPTION, handlerSettings, ORIGINS_OPTION } from "./settings.ts";
import { routeTaskStore } from "./task-store.ts";
import type { NitroEvent } from "./web-request.ts";

/** Where a named handler's request keeps the verified token, for the scope check at its dispatch. */
export const CALLER_KEY = "agntnToolsCaller";

/** The event each request came with, found again by the toolkit's per-request resolution of its tools. */
export const eventOf = new WeakMap<Request, NitroEvent>();

/** The server the route announces: the name and version the module resolved, unless the app's `defineMcpHandler` names them; the toolkit's text and icons. */
function serverInfo(): ServerInfo {
  const info: ServerInfo = {
    name: (!config.identityGiven.name && defaultHandler?.name) || config.name,
    version: (!config.identityGiven.version && defaultHandler?.version) || config.version,
  };
  const description = defaultHandler?.description ?? toolkitConfig.description;
  const icons = defaultHandler?.icons ?? toolkitConfig.icons;
  if (description) info.description = description;
  if (Array.isArray(icons) && icons.length > 0) info.icons = icons as ServerInfo["icons"];
  return info;
}

const instructions = defaultHandler?.instructions ?? toolkitConfig.instructions;

let made: { key: string; handler: RouteHandler } | undefined;

/**
 * The handler for the settings in force, built once per distinct settings (in
 * practice once per process). Throws when authorization is on but incomplete.
 */
export function handlerFor(event: NitroEvent): RouteHandler {
  const { key, options } = handlerSettings(event);
  if (made?.key === key) return made.handler;
  // One store for the process: a handler rebuilt for new settings keeps the tasks it had.
  const tasks = routeTaskStore();
  const handler = serveHttp(
    serverInfo(),
    (request) => routeTools(eventOf.get(request)),
    {
      ...options,
      ...(instructions ? { instructions } : {}),
      ...(tasks ? { tasks } : {}),
      bus: routeBus,
      onerror: (error) => console.error(`[@agntn/tools] MCP route: ${sanitizeLine(error.message)}`),
    },
    { where: "@agntn/tools/nuxt", allowedHosts: HOSTS_OPTION, allowedOrigins: ORIGINS_OPTION },
    // A list that changes: each change is told on the route's bus, to open 2025 sessions and 2026 listen streams.
    appList ? { now: routeToolsNow, subscribe: (changed) => (appList as ToolList).subscribe(changed) } : undefined,
  );
  void made?.handler.close();
  made = { key, handler };
  return handler;
}
