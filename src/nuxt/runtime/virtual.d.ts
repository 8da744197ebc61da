/** Server templates the module writes at build time (see ../module.ts). */
declare module "#agntn-tools/tools.mjs" {
  import type { AnyTool, ToolList } from "@agntn/tools";

  /** What the app's tools module exports as `tools`: a fixed array, or a list made by `createToolList` that changes while the server runs. */
  export const tools: readonly AnyTool[] | ToolList | undefined;
}

declare module "#agntn-tools/middleware.mjs" {
  import type { Middleware } from "@agntn/tools";

  /** The app's middleware list (`agntnTools.middleware`), or `undefined` when it names none. */
  export const middleware: readonly Middleware[] | undefined;
}

declare module "#agntn-tools/resources.mjs" {
  /** The app's resources (`agntnTools.resources`), or `undefined` when it names none. */
  export const resources: readonly unknown[] | undefined;
}

declare module "#agntn-tools/prompts.mjs" {
  /** The app's prompts (`agntnTools.prompts`), or `undefined` when it names none. */
  export const prompts: readonly unknown[] | undefined;
}

declare module "#agntn-tools/bus.mjs" {
  import type { ServerEventBus } from "@modelcontextprotocol/server";

  /** The app's change bus (`agntnTools.bus`), or `undefined` for one in this process's memory. */
  export const bus: ServerEventBus | undefined;
}

declare module "#agntn-tools/verifier.mjs" {
  import type { OAuthTokenVerifier } from "@modelcontextprotocol/server";

  /** The app's own token verifier (`agntnTools.auth.verifier`), or `undefined` for the JWT verifier from runtime config. */
  export const verifier: OAuthTokenVerifier | undefined;
}

declare module "#agntn-tools/config.mjs" {
  const config: {
    name: string;
    version: string;
    /** Whether `agntnTools` set the name and the version (they then win over `defineMcpHandler`'s). */
    identityGiven: { name: boolean; version: boolean };
    toolsPath: string;
    route: string;
    allowedHosts: string[] | "any";
    /** Origins besides the route's own; `undefined`: none. */
    allowedOrigins?: string[] | "any";
    /** The Nitro preset the app was built for. */
    preset: string;
    /** Whether 2025 clients are answered without sessions (presets that run many short-lived instances). */
    stateless: boolean;
    /** `agntnTools.cacheHints` as written, checked at build time; absent when not set. */
    cacheHints?: import("@agntn/tools/mcp").McpHttpHandlerOptions["cacheHints"];
    /** `agntnTools.sessionIdleMs`, `maxSessions` and `maxSessionsPerCaller` as written, checked at build time. */
    sessionIdleMs?: number;
    maxSessions?: number;
    maxSessionsPerCaller?: number;
    /** `agntnTools.auth.hideOutOfScope`, present only when `true`. */
    hideOutOfScope?: true;
    /** `agntnTools.tasks` as written (checked at build time), its mount filled in; absent when not set. */
    tasks?: {
      mount: string;
      ttlMs?: number;
      pollIntervalMs?: number;
      leaseMs?: number;
      maxTasks?: number;
      maxTasksPerCaller?: number;
    };
  };
  export default config;
}

/** What the toolkit's config and its default handler both may say of the server (global: the modules below share it). */
interface AgntnToolkitServerCard {
  name?: string;
  version?: string;
  description?: string;
  instructions?: string;
  icons?: unknown[];
}

/** The toolkit's own build-time modules, reduced to the parts the route reads (see ./toolkit-config.ts, ./route-handler.ts). */
declare module "#nuxt-mcp-toolkit/config.mjs" {
  const config: AgntnToolkitServerCard & {
    defaultHandlerStrategy?: "orphans" | "all";
    sessions?: { enabled?: boolean; maxSessions?: number; maxDuration?: number };
    security?: { allowedOrigins?: "*" | string[] };
  };
  export default config;
}

declare module "#nuxt-mcp-toolkit/default-handler.mjs" {
  import type { ToolkitDefinition } from "./toolkit-external.ts";

  export const defaultHandler:
    | (AgntnToolkitServerCard & {
        tools?: ToolkitDefinition[] | ((event: unknown) => ToolkitDefinition[] | Promise<ToolkitDefinition[]>);
        resources?: unknown[] | ((event: unknown) => unknown[] | Promise<unknown[]>);
        prompts?: unknown[] | ((event: unknown) => unknown[] | Promise<unknown[]>);
        middleware?: (event: unknown, next: () => Promise<unknown>) => unknown;
      })
    | null;
}

declare module "#nuxt-mcp-toolkit/tools.mjs" {
  /** The toolkit's tool definitions (server/mcp/tools and layers'), reduced to a list. */
  export const tools: readonly unknown[];
}

declare module "#nuxt-mcp-toolkit/resources.mjs" {
  /** The toolkit's resource definitions (server/mcp/resources and layers'). */
  export const resources: readonly unknown[];
}

declare module "#nuxt-mcp-toolkit/prompts.mjs" {
  /** The toolkit's prompt definitions (server/mcp/prompts and layers'). */
  export const prompts: readonly unknown[];
}

declare module "#nuxt-mcp-toolkit/handlers.mjs" {
  /** The toolkit's named handlers (`/mcp/:handler`), reduced to their names. */
  export const handlers: Array<{ name: string }>;
}

/** MCP SDK v1, from the toolkit's own dependency (an alias the module sets, see ../module.ts). */
declare module "#agntn-tools/sdk-v1/server/mcp.js" {
  export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
}

declare module "#agntn-tools/sdk-v1/inMemory.js" {
  export { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
}
