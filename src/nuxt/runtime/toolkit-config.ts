/**
 * The tool list the toolkit would serve on its default route for this
 * request, resolved the way the toolkit resolves it: the default handler's
 * own `tools` (a list or a function of the event) or else the toolkit's
 * definitions (orphans only, by default), filtered by each tool's `enabled`,
 * then handed to every `mcp:config:resolved` listener. So a listener that
 * hides tools per request hides them on the module's route too.
 */

import { sanitizeLine } from "@agntn/tools";
import type { ExternalTool, ForeignCatalog } from "@agntn/tools/internal/nuxt";
import { getMcpPrompts, getMcpResources, getMcpTools } from "@nuxtjs/mcp-toolkit/server";
import { useNitroApp } from "nitropack/runtime";
import toolkitConfig from "#nuxt-mcp-toolkit/config.mjs";
import { defaultHandler } from "#nuxt-mcp-toolkit/default-handler.mjs";
import { toolkitCatalog } from "./toolkit-catalog.ts";
import { externalTool, type ToolkitDefinition } from "./toolkit-external.ts";
import { listens } from "./toolkit-tools.ts";

interface EnabledDefinition {
  enabled?: (event: unknown) => boolean | Promise<boolean>;
}

async function enabledOnly<T>(definitions: readonly T[], event: unknown): Promise<T[]> {
  const keep = await Promise.all(
    definitions.map(async (definition) => {
      const enabled = (definition as EnabledDefinition).enabled;
      if (typeof enabled !== "function") return true;
      try {
        return await enabled(event);
      } catch {
        return false;
      }
    }),
  );
  return definitions.filter((_, index) => keep[index]);
}

type Kind = "tools" | "resources" | "prompts";
const LISTS = { tools: getMcpTools, resources: getMcpResources, prompts: getMcpPrompts } as const;

/** One kind of definition for the default route: the default handler's own field (a list or a function of the event), else the toolkit's (orphans only, by default). */
async function definitionsFor<T>(kind: Kind, event: unknown): Promise<T[]> {
  const field = (defaultHandler as Record<string, unknown> | undefined)?.[kind];
  if (Array.isArray(field)) return field as T[];
  if (typeof field === "function") return (await field(event)) as T[];
  const orphansOnly = (toolkitConfig.defaultHandlerStrategy ?? "orphans") === "orphans";
  return (await LISTS[kind]({ event: event as never, ...(orphansOnly ? { orphansOnly: true } : {}) })) as unknown as T[];
}

/** What the route serves for one request, as the toolkit resolved it and its listeners changed it. */
export interface RouteConfig {
  description?: string | undefined;
  instructions?: string | undefined;
  icons?: unknown[] | undefined;
  /** The toolkit's definitions, as its listeners left them. */
  tools: unknown[];
  resources: unknown[];
  prompts: unknown[];
}

/** Everything on the default route for this request. */
export async function resolveRouteTools(event: unknown): Promise<RouteConfig> {
  const [tools, resources, prompts] = await Promise.all(
    (["tools", "resources", "prompts"] as const).map(async (kind) => enabledOnly(await definitionsFor<unknown>(kind, event), event)),
  );
  const config = {
    name: defaultHandler?.name ?? toolkitConfig.name,
    version: defaultHandler?.version ?? toolkitConfig.version,
    description: defaultHandler?.description ?? toolkitConfig.description,
    instructions: defaultHandler?.instructions ?? toolkitConfig.instructions,
    icons: defaultHandler?.icons ?? toolkitConfig.icons,
    tools: tools as unknown[],
    resources: resources as unknown[],
    prompts: prompts as unknown[],
  };
  await callListeners("mcp:config:resolved", { config, event });
  return config;
}

/** Calls a toolkit hook's listeners; as the toolkit does, a throwing listener is reported and the request goes on. */
async function callListeners(name: "mcp:config:resolved" | "mcp:server:created", context: unknown): Promise<void> {
  try {
    const hooks = useNitroApp().hooks as unknown as { callHook(name: string, context: unknown): Promise<unknown> };
    await hooks.callHook(name, context);
  } catch (error) {
    console.error(
      `[@agntn/tools] an ${name} listener threw; the request goes on`,
      sanitizeLine(error instanceof Error ? error.message : error),
    );
  }
}

/**
 * `mcp:server:created`: the toolkit hands its listeners the SDK v1 server it made for the request, and a listener
 * may register more tools, resources and prompts on it. The route's server is this package's, so listeners get a
 * server whose `registerTool`, `registerResource` and `registerPrompt` add to what this request is served, taking
 * SDK v1's arguments; each returns a handle whose `remove()` takes the definition back out.
 */
async function serverCreated(event: unknown, config: RouteConfig): Promise<void> {
  const added = <T>(list: T[], definition: T) => {
    list.push(definition);
    return {
      remove() {
        const at = list.indexOf(definition);
        if (at >= 0) list.splice(at, 1);
      },
    };
  };
  const server = {
    registerTool: (name: string, options: Record<string, unknown>, handler: ToolkitDefinition["handler"]) =>
      added(config.tools, { ...options, name, handler }),
    registerResource: (name: string, uri: unknown, metadata: Record<string, unknown>, handler: unknown) =>
      added(config.resources, { name, uri, metadata, handler }),
    registerPrompt: (name: string, options: Record<string, unknown>, handler: unknown) =>
      added(config.prompts, { name, title: options.title, description: options.description, inputSchema: options.argsSchema, handler }),
  };
  await callListeners("mcp:server:created", { server, event });
}

/** What the toolkit serves on the route for this request: its tools, each answered by its own handler (./toolkit-external.ts), and its resources and prompts (./toolkit-catalog.ts). */
export async function resolvedToolkit(event: unknown): Promise<{ tools: ExternalTool[]; catalog: ForeignCatalog | undefined }> {
  const resolved = await resolveRouteTools(event);
  if (listens("mcp:server:created")) await serverCreated(event, resolved);
  return {
    tools: resolved.tools.map((definition) => externalTool(definition as ToolkitDefinition)),
    catalog: await toolkitCatalog(resolved.resources, resolved.prompts),
  };
}
