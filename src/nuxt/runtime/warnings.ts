/**
 * What a production server says once about its settings: at start-up, or on
 * Workers, where the environment reaches runtime config only with a request,
 * at the first request.
 */
import { quote } from "@agntn/tools";
import config from "#agntn-tools/config.mjs";
import { appToolsNow } from "./app-tools.ts";
import { authIsOn, STATE_KEY_ENV, stateKeyOf } from "./settings.ts";

let said = false;

/** Says each warning that applies, once per process; nothing in development. */
export function warnOnce(event: unknown): void {
  if (said || (import.meta as { dev?: boolean }).dev) return;
  said = true;
  if (stateKeyOf(event) === undefined) {
    console.warn(
      `[@agntn/tools] No ${STATE_KEY_ENV} is set: on MCP 2026-07-28 the state of a pending question travels unsigned, so the server cannot enforce its expiry, nor that it belongs to this call and this caller (each answer in it is still checked against its question). Set it (32 bytes or more, e.g. \`openssl rand -base64 32\`) to the same value on every instance.`,
    );
  }
  const destructive = appToolsNow()
    .filter((tool) => tool.effect === "destructive")
    .map((tool) => quote(tool.name));
  if (!authIsOn(event) && destructive.length > 0) {
    console.warn(
      `[@agntn/tools] ${config.route} serves destructive tools (${destructive.join(", ")}) to anyone who can reach it: set agntnTools.auth (or NUXT_AGNTN_TOOLS_AUTH_ISSUER and NUXT_AGNTN_TOOLS_AUTH_AUDIENCE) to require tokens.`,
    );
  }
}

/** The first request's turn to warn, on presets whose settings arrive with requests. */
export function warnAtFirstRequest(event: unknown): void {
  if (config.preset.startsWith("cloudflare")) warnOnce(event);
}
