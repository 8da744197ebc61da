/**
 * Nitro plugin: says what a production server should hear at start-up, and
 * checks the scope of every call on the toolkit's named handlers
 * (`/mcp/:handler`) where the toolkit dispatches it. Those handlers are the
 * toolkit's own, on SDK v1; ./route.ts has checked their requests' Host,
 * Origin and token, and this wraps each of their tools so a call above the
 * token's scopes is refused as it runs, as on the module's route. Runs on
 * the server only.
 */

import { effectOfAnnotations } from "@agntn/tools/internal/nuxt";
import type { AuthInfo } from "@modelcontextprotocol/server";
import config from "#agntn-tools/config.mjs";
import { CALLER_KEY, handlerFor } from "./route-handler.ts";
import { warnOnce } from "./warnings.ts";
import type { NitroEvent } from "./web-request.ts";

/** The slice of the Nitro app this plugin touches. */
interface NitroAppLike {
  hooks: { hook(name: string, handler: (context: never) => void): unknown };
}

/** A toolkit definition, reduced to what the check reads and wraps. */
interface Definition {
  annotations?: unknown;
  handler?: (...args: unknown[]) => unknown;
}

/** What the toolkit passes to `mcp:config:resolved`. */
interface ResolvedContext {
  config: { tools: Definition[] };
  event: NitroEvent & { context: { params?: Record<string, string | undefined> } };
}

/** A copy of the definition whose handler refuses a call above the caller's scopes (the shared definition stays as it is). */
function scopeChecked(definition: Definition, refusal: (effect: ReturnType<typeof effectOfAnnotations>) => string | undefined): Definition {
  const { handler } = definition;
  if (typeof handler !== "function") return definition;
  const effect = effectOfAnnotations(definition.annotations);
  return {
    ...definition,
    handler: (...args: unknown[]) => {
      const refused = refusal(effect);
      return refused ? { content: [{ type: "text", text: refused }], isError: true } : handler(...args);
    },
  };
}

export default function agntnToolsPlugin(nitroApp: NitroAppLike): void {
  // On Workers the environment reaches runtime config only with a request: the first request warns there instead.
  if (!config.preset.startsWith("cloudflare")) warnOnce(undefined);
  nitroApp.hooks.hook("mcp:config:resolved", ({ config: resolved, event }: ResolvedContext) => {
    // The module's own route resolves the toolkit's tools itself; this is for the named handlers only.
    if (event.context.params?.handler === undefined) return;
    let handler: ReturnType<typeof handlerFor>;
    try {
      handler = handlerFor(event);
    } catch {
      // Authorization is on but incomplete: ./route.ts refused the request already.
      return;
    }
    const caller = event.context[CALLER_KEY] as AuthInfo | undefined;
    if (handler.metadataPaths === undefined) return;
    resolved.tools = resolved.tools.map((definition) => scopeChecked(definition, (effect) => handler.effectRefusal(effect, caller)));
  });
}
