/**
 * The `auth` option of every HTTP face: this server as an OAuth 2.1 resource
 * server, as MCP asks. It serves the protected resource metadata (RFC 9728),
 * answers a request without a valid token with 401 and a challenge that
 * points to that document, refuses tokens minted for another audience, and
 * answers a call above the token's scopes with 403 `insufficient_scope`
 * naming the scope it needs, so a client can step up. Token checks are the
 * SDK's `verifyBearerToken`; nothing is kept between requests, so any
 * instance can check any request.
 */
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
  type ScopeChallenge,
  type ScopeChallengeHandler,
  verifyBearerToken,
} from "@modelcontextprotocol/server";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys, webUrlOption } from "../core/options.ts";
import { sanitizeLine } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import type { Effect } from "../core/types.ts";
import { type EffectScopes, effectScopes, mayCall } from "../protocol/scopes.ts";
import type { Hiding, OutOfScope } from "./visible.ts";

export interface McpAuthOptions {
  /** Checks an access token and says who it is for: the SDK's verifier shape. `createJwtVerifier` is one; any provider's fits. */
  verifier: OAuthTokenVerifier;
  /**
   * This endpoint's public URL, e.g. `https://example.com/mcp`: the audience
   * every token must be minted for (RFC 8707), and the `resource` the
   * metadata names. The verifier must report it in `AuthInfo.resource`.
   */
  resource: string | URL;
  /** The authorization servers (issuer URLs) clients get tokens from. */
  authorizationServers: ReadonlyArray<string | URL>;
  /** Renames the scope each effect needs. Default `tools:read`, `tools:write`, `tools:destructive`. */
  scopes?: Partial<Record<Effect, string>>;
  /** A name for people, in the metadata as `resource_name`. */
  resourceName?: string;
  /** A page on how to get access, in the metadata as `resource_documentation`. */
  documentation?: string | URL;
  /**
   * Leaves out of `tools/list` every tool the token's scopes cannot call, and answers its call as an unknown name.
   * Default `false`: every tool is listed, and a call above the scopes gets 403 naming the scope it needs, so a client
   * learns what to ask for and can step up.
   */
  hideOutOfScope?: boolean;
}

/** The bare well-known path of protected resource metadata (RFC 9728 §3). */
const WELL_KNOWN = "/.well-known/oauth-protected-resource";

export const AUTH_OPTIONS = [
  "verifier",
  "resource",
  "authorizationServers",
  "scopes",
  "resourceName",
  "documentation",
  "hideOutOfScope",
] as const;

/** The effect of a tool by name in what a server serves; `undefined` for a name it does not know (it answers those itself). */
export type EffectOf = (name: string) => Effect | undefined;

/** The checked `auth` option, ready for requests. */
export interface AuthGate {
  /** The path the metadata document is served on (`/.well-known/oauth-protected-resource` + the resource's path). */
  readonly metadataPath: string;
  /**
   * Every path that answers with the document: {@link metadataPath}, and the
   * bare well-known path, which clients try when a server sent them no
   * challenge to follow (MCP's authorization spec names both).
   */
  readonly metadataPaths: readonly string[];
  /** The metadata document's URL, as challenges name it. */
  readonly metadataUrl: string;
  readonly scopes: EffectScopes;
  /** With `hideOutOfScope`: whether a tool of this effect is hidden from the token's caller; `undefined` when off. */
  readonly outOfScope: OutOfScope | undefined;
  /** The metadata document (GET), or 405 for any other method. */
  metadata(request: Request): Response;
  /** The verified token, or the 401 to answer with. */
  authenticate(request: Request): Promise<AuthInfo | Response>;
  /**
   * The scope check of one server's tools: a `tools/call` above the token's
   * scopes gets a challenge naming the scope it needs. The SDK's own seam
   * takes it (a 2025 session's transport asks it of every message it is about
   * to dispatch); the handler asks it of a 2026 request's one message before
   * dispatch, and the server's `tools/call` asks it again as it runs the call.
   */
  scopeCheck(effectOf: EffectOf, hidden?: Hiding["hidden"]): ScopeChallengeHandler;
  /** The 403 `insufficient_scope` answer to a challenge, pointing to the metadata. */
  challengeResponse(challenge: ScopeChallenge): Response;
}

/**
 * The methods that read the catalog (resources and prompts): each needs the read scope; listing needs only a valid
 * token. Following a resource reads it too, as `resources/subscribe` or a `subscriptions/listen` naming URIs.
 */
const CATALOG_READS: ReadonlySet<string> = new Set(["resources/read", "prompts/get", "completion/complete", "resources/subscribe"]);

/** Whether a `subscriptions/listen` asks to follow resources (any other filter only hears that lists changed). */
function followsResources(request: Record<string, unknown>): boolean {
  if (request.method !== "subscriptions/listen" || !isRecord(request.params)) return false;
  const filter = request.params.notifications;
  return isRecord(filter) && filter.resourceSubscriptions !== undefined;
}

/** Checks the option once, at start-up: a missing part or a typo stops the server, never turns the check off. */
export function createAuthGate(options: unknown, where = "createMcpHttpHandler"): AuthGate {
  checkOptionKeys(`${where}: auth`, options, AUTH_OPTIONS);
  if (!isRecord(options)) throw new ToolDefinitionError(`${where}: auth must be { verifier, resource, authorizationServers }`);
  const verifier = options.verifier as OAuthTokenVerifier | undefined;
  if (!verifier || typeof verifier.verifyAccessToken !== "function")
    throw new ToolDefinitionError(`${where}: auth.verifier must have verifyAccessToken(token)`);
  const resource = webUrlOption(options.resource, `${where}: auth.resource`);
  resource.hash = "";
  const servers = options.authorizationServers;
  if (!Array.isArray(servers) || servers.length === 0)
    throw new ToolDefinitionError(`${where}: auth.authorizationServers must list at least one issuer URL`);
  // Listed exactly as given once checked: an issuer identifier is compared as a string (RFC 8414 §3.3), and a URL's
  // href would add a trailing slash the issuer's own `iss` may not have.
  const issuers = servers.map((server, i) => {
    webUrlOption(server, `${where}: auth.authorizationServers[${i}]`);
    return String(server);
  });
  const scopes = effectScopes(options.scopes, where);
  if (options.hideOutOfScope !== undefined && typeof options.hideOutOfScope !== "boolean")
    throw new ToolDefinitionError(`${where}: auth.hideOutOfScope must be true or false`);
  const outOfScope: OutOfScope | undefined = options.hideOutOfScope
    ? (effect, authInfo) => !authInfo || !mayCall(authInfo, effect, scopes)
    : undefined;
  const metadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
  const document: Record<string, unknown> = {
    resource: resource.href,
    authorization_servers: issuers,
    scopes_supported: [scopes.read, scopes.write, scopes.destructive],
    bearer_methods_supported: ["header"],
  };
  if (options.resourceName !== undefined) document.resource_name = sanitizeLine(options.resourceName);
  if (options.documentation !== undefined)
    document.resource_documentation = webUrlOption(options.documentation, `${where}: auth.documentation`).href;
  const body = JSON.stringify(document);
  const metadataPath = new URL(metadataUrl).pathname;
  return {
    metadataPath,
    metadataPaths: [...new Set([metadataPath, WELL_KNOWN])],
    metadataUrl,
    scopes,
    outOfScope,
    metadata(request) {
      if (request.method !== "GET" && request.method !== "HEAD")
        return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
      // Public by design (RFC 9728): a browser client on any origin must be able to read where to get a token.
      return new Response(request.method === "HEAD" ? null : body, {
        headers: { "content-type": "application/json", "access-control-allow-origin": "*", "cache-control": "max-age=300" },
      });
    },
    async authenticate(request) {
      const header = request.headers.get("authorization");
      // RFC 6750 §3.1: a request that sent no credentials gets the challenge without an error code.
      if (!header) return unauthorized(metadataUrl);
      try {
        return await verifyBearerToken(header, { verifier, expectedResource: resource, resourceMetadataUrl: metadataUrl });
      } catch (error) {
        // A verifier that throws something else (a network failure fetching keys) is a refusal too, never a 500 with its stack.
        const refusal =
          error instanceof OAuthError ? error : new OAuthError(OAuthErrorCode.InvalidToken, "The access token could not be verified");
        return bearerAuthChallengeResponse(refusal, { resourceMetadataUrl: metadataUrl });
      }
    },
    scopeCheck(effectOf, hidden) {
      return ({ request, authInfo }) => {
        if (!isRecord(request)) return undefined;
        // Reading a resource, getting a prompt or completing an argument reads: it needs what a read tool needs.
        if ((typeof request.method === "string" && CATALOG_READS.has(request.method)) || followsResources(request)) {
          if (authInfo && mayCall(authInfo, "read", scopes)) return undefined;
          return { scopes: [scopes.read], errorDescription: `Reading resources and prompts needs the scope ${scopes.read}` };
        }
        if (request.method !== "tools/call") return undefined;
        const name = (request.params as { name?: unknown } | undefined)?.name;
        const effect = typeof name === "string" ? effectOf(name) : undefined;
        if (effect === undefined || (authInfo && mayCall(authInfo, effect, scopes))) return undefined;
        const needed = scopes[effect];
        const challenge: ScopeChallenge = {
          scopes: [needed],
          errorDescription: `Calling ${challengeText(name as string)} needs the scope ${needed}`,
        };
        if (!hidden) return challenge;
        // A tool hidden from this caller gets no challenge, which would name it: the server answers it as unknown.
        const isHidden = hidden(name as string, authInfo);
        if (typeof isHidden === "boolean") return isHidden ? undefined : challenge;
        return isHidden.then((yes) => (yes ? undefined : challenge));
      };
    },
    challengeResponse(challenge) {
      const error = new OAuthError(OAuthErrorCode.InsufficientScope, challenge.errorDescription ?? "Insufficient scope");
      return bearerAuthChallengeResponse(error, { requiredScopes: [...challenge.scopes], resourceMetadataUrl: metadataUrl });
    },
  };
}

/**
 * A tool name as a challenge may carry it: RFC 6750 allows printable ASCII
 * without `"` and `\` in `error_description` (the SDK refuses anything
 * else), and a name from another framework may hold any character.
 */
function challengeText(name: string): string {
  const clean = sanitizeLine(name).replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, "?");
  return clean.length > 80 ? `${clean.slice(0, 80)}...` : clean;
}

function unauthorized(metadataUrl: string): Response {
  const body = { error: "invalid_token", error_description: "This MCP server needs an access token" };
  return Response.json(body, { status: 401, headers: { "www-authenticate": `Bearer resource_metadata="${metadataUrl}"` } });
}
