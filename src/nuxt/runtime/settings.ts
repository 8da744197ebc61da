/**
 * The route's settings, from the build (`#agntn-tools/config.mjs`) and from
 * server-side runtime config, which environment variables set at run time
 * and nothing secret is ever built into the bundle:
 *
 *   NUXT_AGNTN_TOOLS_ALLOWED_HOSTS               host names (a JSON list or commas), in place of the build's
 *   NUXT_AGNTN_TOOLS_ALLOWED_ORIGINS             origins (a JSON list or commas), in place of the build's
 *   NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY           the key that signs 2026 question state (32 bytes or more)
 *   NUXT_AGNTN_TOOLS_AUTH_ISSUER                 the issuer tokens come from (authorization is on when set)
 *   NUXT_AGNTN_TOOLS_AUTH_AUDIENCE               this route's public URL (the tokens' audience)
 *   NUXT_AGNTN_TOOLS_AUTH_JWKS_URI               optional: the issuer's keys (else discovered)
 *   NUXT_AGNTN_TOOLS_AUTH_AUTHORIZATION_SERVERS  optional: issuers to list, JSON or commas (else the issuer)
 *   NUXT_AGNTN_TOOLS_AUTH_SCOPES_READ / _WRITE / _DESTRUCTIVE   optional scope names
 *
 * Read per request: on workers the environment reaches runtime config only
 * then. The handler options they make are compared by value, so a process
 * builds its handler once.
 */
import { createJwtVerifier, type McpAuthOptions, type McpHttpHandlerOptions } from "@agntn/tools/mcp";
import { useRuntimeConfig } from "nitropack/runtime";
import config from "#agntn-tools/config.mjs";
import { verifier as appVerifier } from "#agntn-tools/verifier.mjs";

/** What runtime config holds under `agntnTools` (every value a string, empty when unset, unless Nitro parsed a JSON list). */
interface RuntimeSettings {
  allowedHosts?: unknown;
  allowedOrigins?: unknown;
  requestStateKey?: unknown;
  auth?: {
    issuer?: unknown;
    audience?: unknown;
    jwksUri?: unknown;
    authorizationServers?: unknown;
    resourceName?: unknown;
    scopes?: { read?: unknown; write?: unknown; destructive?: unknown };
  };
}

/** The environment variables that set each list, as refusals name them. */
export const HOSTS_OPTION = "agntnTools.allowedHosts (or NUXT_AGNTN_TOOLS_ALLOWED_HOSTS)";
export const ORIGINS_OPTION = "agntnTools.allowedOrigins (or NUXT_AGNTN_TOOLS_ALLOWED_ORIGINS)";
export const STATE_KEY_ENV = "NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY";

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** A list from runtime config: a JSON list (Nitro parses it), `"any"`, or entries separated by commas; `undefined` when unset. */
function listOf(value: unknown): string[] | "any" | undefined {
  if (value === "any") return "any";
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string" && entry !== "");
  const given = text(value);
  if (given === undefined) return undefined;
  return given
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function runtimeSettings(event: unknown): RuntimeSettings {
  return (useRuntimeConfig(event as never) as { agntnTools?: RuntimeSettings }).agntnTools ?? {};
}

/** Whether the route requires tokens: an issuer is set, or the app names its own verifier. */
export function authIsOn(event: unknown): boolean {
  return appVerifier !== undefined || text(runtimeSettings(event).auth?.issuer) !== undefined;
}

/** The key that signs 2026 question state, when one is set. */
export function stateKeyOf(event: unknown): string | undefined {
  return text(runtimeSettings(event).requestStateKey);
}

/**
 * The `auth` option for these settings, or `undefined` when authorization is
 * off. Throws a line naming the variable to set when it is on but
 * incomplete: the route then refuses every request rather than serve
 * without checks.
 */
function authOptions(settings: RuntimeSettings["auth"] = {}): McpAuthOptions | undefined {
  const issuer = text(settings.issuer);
  if (!issuer && !appVerifier) return undefined;
  const audience = text(settings.audience);
  if (!audience) {
    throw new Error(
      "@agntn/tools/nuxt: authorization is on but no audience is set: set NUXT_AGNTN_TOOLS_AUTH_AUDIENCE to this route's public URL",
    );
  }
  if (!issuer) throw new Error("authorization is on but no issuer is set: set NUXT_AGNTN_TOOLS_AUTH_ISSUER");
  const listed = listOf(settings.authorizationServers);
  const jwksUri = text(settings.jwksUri);
  const scopes: Record<string, string> = {};
  for (const effect of ["read", "write", "destructive"] as const) {
    const name = text(settings.scopes?.[effect]);
    if (name) scopes[effect] = name;
  }
  const resourceName = text(settings.resourceName);
  // Set at build time; given only when on, so the handler sees no key it was not asked for.
  const hiding: Record<string, boolean> = config.hideOutOfScope === true ? { hideOutOfScope: true } : {};
  return {
    verifier: appVerifier ?? createJwtVerifier({ issuer, audience, ...(jwksUri ? { jwksUri } : {}) }),
    resource: audience,
    authorizationServers: Array.isArray(listed) && listed.length > 0 ? listed : [issuer],
    scopes,
    ...(resourceName ? { resourceName } : {}),
    ...hiding,
  };
}

/** The handler options in force for a request, and a key that is equal whenever they are. */
export interface HandlerSettings {
  key: string;
  options: Omit<McpHttpHandlerOptions, "external">;
}

/** The handler options from the build and runtime config; throws when authorization is on but incomplete. */
export function handlerSettings(event: unknown): HandlerSettings {
  const settings = runtimeSettings(event);
  const allowedHosts = listOf(settings.allowedHosts) ?? config.allowedHosts;
  const allowedOrigins = listOf(settings.allowedOrigins) ?? config.allowedOrigins;
  const requestStateKey = text(settings.requestStateKey);
  const key = JSON.stringify([allowedHosts, allowedOrigins, requestStateKey, settings.auth]);
  const auth = authOptions(settings.auth);
  const options: HandlerSettings["options"] = {
    allowedHosts,
    ...(allowedOrigins === undefined ? {} : { allowedOrigins }),
    ...(requestStateKey ? { requestStateKey } : {}),
    // On presets that run many short-lived instances, 2025 clients are answered without sessions.
    sessions: !config.stateless,
    ...(config.cacheHints ? { cacheHints: config.cacheHints } : {}),
    ...(config.sessionIdleMs ? { sessionIdleMs: config.sessionIdleMs } : {}),
    ...(config.maxSessions ? { maxSessions: config.maxSessions } : {}),
    ...(config.maxSessionsPerCaller ? { maxSessionsPerCaller: config.maxSessionsPerCaller } : {}),
    ...(auth ? { auth } : {}),
  };
  return { key, options };
}
