/**
 * Nitro plugin: serves the app's tools on the toolkit's default MCP route,
 * beside whatever the toolkit already serves there. Runs on the server only.
 */
import { quote } from "@agntn/tools";
import type { ToolkitTool } from "@agntn/tools/toolkit";
import config from "#agntn-tools/config.mjs";
import { standIns } from "./app-tools.ts";
import { joinTools, type ListedEntry } from "./join.ts";
import { warnWhenOpen } from "./route-auth.ts";
import { warnWithoutStateKey } from "./state-key.ts";
import { answerUnknownNames } from "./unknown-names.ts";

/** The slice of the Nitro app this plugin touches. */
interface NitroAppLike {
  hooks: { hook(name: string, handler: (context: never) => void): unknown };
}

/** What the toolkit passes to `mcp:server:created`. */
interface CreatedContext {
  server: unknown;
  event: { context: { params?: Record<string, string | undefined> } };
}

/** What the toolkit passes to `mcp:config:resolved`. */
interface ResolvedContext {
  config: { tools: Array<ListedEntry | ToolkitTool> };
  event: { context: { params?: Record<string, string | undefined> } };
}

export default function agntnToolsPlugin(nitroApp: NitroAppLike): void {
  // On Workers the environment reaches runtime config only with a request: the first request warns there instead.
  if (!config.preset.startsWith("cloudflare")) {
    warnWithoutStateKey(undefined);
    warnWhenOpen(undefined);
  }
  // The default route's SDK v1 server answers an unknown name as every other host does (see ./unknown-names.ts).
  nitroApp.hooks.hook("mcp:server:created", ({ server, event }: CreatedContext) => {
    if (event.context.params?.handler === undefined) answerUnknownNames(server, config.name);
  });
  const reported = new Set<string>();
  nitroApp.hooks.hook("mcp:config:resolved", ({ config: resolved, event }: ResolvedContext) => {
    // Named handlers (`/mcp/:handler`) keep their own lists; the app's tools live on the default route.
    if (event.context.params?.handler !== undefined) return;
    const joined = joinTools(resolved.tools, standIns);
    resolved.tools = joined.tools;
    for (const name of joined.clashes) {
      if (reported.has(name)) continue;
      reported.add(name);
      console.error(
        `[@agntn/tools] The MCP route already serves a tool named ${quote(name)} (from server/mcp/tools or a layer such as Docus); the app's tool of that name is left out. Rename one of them.`,
      );
    }
  });
}
