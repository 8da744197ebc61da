/**
 * The toolkit's tools on the route, with the toolkit's runtime loaded only
 * when it may serve one. The toolkit's definitions module pulls in its
 * runtime and MCP SDK v1 under it; an app whose tools all come from this
 * module never needs either, so a cold start skips them. The toolkit may
 * serve when it found tool, resource or prompt definitions, when the app's
 * `defineMcpHandler` gives any, or when an `mcp:config:resolved` listener other than ours
 * could add some.
 */
import type { ExternalTool, ForeignCatalog } from "@agntn/tools/internal/nuxt";
import { useNitroApp } from "nitropack/runtime";
import { defaultHandler } from "#nuxt-mcp-toolkit/default-handler.mjs";
import { prompts } from "#nuxt-mcp-toolkit/prompts.mjs";
import { resources } from "#nuxt-mcp-toolkit/resources.mjs";
import { tools as definitions } from "#nuxt-mcp-toolkit/tools.mjs";

/** ./tools-plugin.ts listens to `mcp:config:resolved` for the named handlers; more than that one listener may add tools. */
const OUR_LISTENERS = 1;

/**
 * Whether a toolkit hook has listeners beyond this module's own. hookable keeps them in `_hooks`, its own field
 * (test/private-fields.test.ts pins what this reads); were that ever gone, assume a listener is there.
 */
export function listens(name: "mcp:config:resolved" | "mcp:server:created"): boolean {
  const listeners = (useNitroApp().hooks as unknown as { _hooks?: Record<string, unknown[] | undefined> })._hooks;
  return listeners === undefined || (listeners[name]?.length ?? 0) > (name === "mcp:config:resolved" ? OUR_LISTENERS : 0);
}

function toolkitMayServe(): boolean {
  if (definitions.length > 0 || resources.length > 0 || prompts.length > 0) return true;
  if (defaultHandler?.tools !== undefined || defaultHandler?.resources !== undefined || defaultHandler?.prompts !== undefined) return true;
  return listens("mcp:config:resolved") || listens("mcp:server:created");
}

let loaded: Promise<typeof import("./toolkit-config.ts")> | undefined;

const NOTHING = { tools: [], catalog: undefined };

/** The toolkit's tools, resources and prompts for this request, as ./toolkit-config.ts resolves them; none, and nothing loaded, when it can serve none. */
export async function toolkitTools(event: unknown): Promise<{ tools: readonly ExternalTool[]; catalog: ForeignCatalog | undefined }> {
  if (!toolkitMayServe()) return NOTHING;
  loaded ??= import("./toolkit-config.ts");
  return (await loaded).resolvedToolkit(event);
}
