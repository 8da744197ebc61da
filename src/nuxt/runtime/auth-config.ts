/**
 * The route's authorization settings, from runtime config so an instance can
 * be pointed at its provider with environment variables and nothing secret
 * is ever built into the bundle:
 *
 *   NUXT_AGNTN_TOOLS_AUTH_ISSUER                 the issuer tokens come from
 *   NUXT_AGNTN_TOOLS_AUTH_AUDIENCE               this route's public URL (the tokens' audience)
 *   NUXT_AGNTN_TOOLS_AUTH_JWKS_URI               optional: the issuer's keys (else discovered)
 *   NUXT_AGNTN_TOOLS_AUTH_AUTHORIZATION_SERVERS  optional: issuers to list, JSON or commas (else the issuer)
 *   NUXT_AGNTN_TOOLS_AUTH_SCOPES_READ / _WRITE / _DESTRUCTIVE   optional scope names
 *
 * Authorization is on when an issuer is set (in nuxt.config or the
 * environment), or when the app names its own verifier module. Read per
 * request: on workers the environment reaches runtime config only then.
 */
import { type AuthGate, createAuthGate, jwtVerifier } from "@agntn/tools/mcp";
import { useRuntimeConfig } from "nitropack/runtime";
import { verifier as appVerifier } from "#agntn-tools/verifier.mjs";

/** What runtime config holds under `agntnTools.auth` (every value a string, empty when unset). */
export interface AuthSettings {
  issuer?: unknown;
  audience?: unknown;
  jwksUri?: unknown;
  authorizationServers?: unknown;
  resourceName?: unknown;
  scopes?: { read?: unknown; write?: unknown; destructive?: unknown };
}

/** A list from runtime config: a JSON list (Nitro parses it) or entries separated by commas. */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string" && entry !== "");
  if (typeof value !== "string") return [];
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

export function settingsOf(event: unknown): AuthSettings {
  const config = useRuntimeConfig(event as never) as { agntnTools?: { auth?: AuthSettings } };
  return config.agntnTools?.auth ?? {};
}

/** Whether the route requires tokens with these settings. */
export function authIsOn(settings: AuthSettings): boolean {
  return appVerifier !== undefined || text(settings.issuer) !== undefined;
}

let cached: { key: string; gate: AuthGate } | undefined;

/**
 * The gate for these settings, built once per distinct settings. Throws a
 * line naming the missing variable when authorization is on but incomplete:
 * the route then refuses every request rather than serve without checks.
 */
export function gateFor(settings: AuthSettings): AuthGate {
  const key = JSON.stringify(settings);
  if (cached?.key === key) return cached.gate;
  const issuer = text(settings.issuer);
  const audience = text(settings.audience);
  if (!audience)
    throw new Error("authorization is on but no audience is set: set NUXT_AGNTN_TOOLS_AUTH_AUDIENCE to this route's public URL");
  if (!issuer && !appVerifier) throw new Error("authorization is on but no issuer is set: set NUXT_AGNTN_TOOLS_AUTH_ISSUER");
  const servers = listOf(settings.authorizationServers);
  const authorizationServers = servers.length > 0 ? servers : issuer ? [issuer] : [];
  const jwksUri = text(settings.jwksUri);
  const verifier = appVerifier ?? jwtVerifier({ issuer: issuer as string, audience, ...(jwksUri ? { jwksUri } : {}) });
  const scopes: Record<string, string> = {};
  for (const effect of ["read", "write", "destructive"] as const) {
    const name = text(settings.scopes?.[effect]);
    if (name) scopes[effect] = name;
  }
  const resourceName = text(settings.resourceName);
  const gate = createAuthGate({ verifier, resource: audience, authorizationServers, scopes, ...(resourceName ? { resourceName } : {}) });
  cached = { key, gate };
  return gate;
}
