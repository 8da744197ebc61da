/**
 * A ready verifier for access tokens that are JWTs (RFC 9068), the kind most
 * providers mint for a resource: signature against the issuer's published
 * keys (JWKS), issuer, audience and expiry, all checked by `jose`, a
 * well-kept JOSE library. No cryptography is written here.
 *
 * `jose` is loaded with the first token, not with this module: a server
 * without authorization (the Nuxt route's default) never loads it, and one
 * with it starts that much sooner.
 */
import type { AuthInfo, OAuthTokenVerifier } from "@modelcontextprotocol/server";
import { OAuthError, OAuthErrorCode } from "@modelcontextprotocol/server";
import type { JWTPayload, JWTVerifyGetKey } from "jose";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys, webUrlOption } from "../core/options.ts";
import { isRecord } from "../core/schema.ts";

export interface JwtVerifierOptions {
  /** The issuer (`iss`) tokens must carry, e.g. `https://auth.example.com/`. */
  issuer: string;
  /** The audience (`aud`) tokens must carry: this MCP endpoint's public URL, the same as `auth.resource`. */
  audience: string | URL;
  /** Where the issuer publishes its keys. Default: `jwks_uri` from the issuer's discovery document. */
  jwksUri?: string | URL;
  /** Signature algorithms accepted. Default: the asymmetric ones jose supports (never `none`, never HMAC). */
  algorithms?: string[];
  /** Seconds of clock difference allowed on `exp` and `nbf`. Default 5. */
  clockToleranceSeconds?: number;
}

export const JWT_OPTIONS = ["issuer", "audience", "jwksUri", "algorithms", "clockToleranceSeconds"] as const;

const ASYMMETRIC = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];

/** The issuer's `jwks_uri`, from OpenID discovery or, failing that, OAuth authorization server metadata (RFC 8414). */
async function discoverJwks(issuer: string): Promise<URL> {
  const base = issuer.replace(/\/$/, "");
  const origin = new URL(issuer);
  const places = [
    `${base}/.well-known/openid-configuration`,
    `${origin.origin}/.well-known/oauth-authorization-server${origin.pathname.replace(/\/$/, "")}`,
  ];
  for (const place of places) {
    const response = await fetch(place, { headers: { accept: "application/json" } }).catch(() => undefined);
    if (!response?.ok) continue;
    const document: unknown = await response.json().catch(() => undefined);
    if (isRecord(document) && typeof document.jwks_uri === "string") return new URL(document.jwks_uri);
  }
  throw new Error(`no jwks_uri found for ${issuer}`);
}

function scopesOf(payload: JWTPayload): string[] {
  if (typeof payload.scope === "string") return payload.scope.split(" ").filter(Boolean);
  // Some providers (Okta, Entra ID) list scopes as an array in `scp`.
  if (Array.isArray(payload.scp)) return payload.scp.filter((scope): scope is string => typeof scope === "string");
  if (typeof payload.scp === "string") return payload.scp.split(" ").filter(Boolean);
  return [];
}

type Jose = typeof import("jose");
let jose: Promise<Jose> | undefined;
const loadJose = (): Promise<Jose> => (jose ??= import("jose"));

/** Why jose refused a token, in words a client may read. */
function refusal({ errors }: Jose, error: unknown): OAuthError {
  let message = "The access token is not valid";
  if (error instanceof errors.JWTExpired) message = "The access token has expired";
  else if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    message = "The access token's signature does not verify";
  } else if (error instanceof errors.JWTClaimValidationFailed) {
    message =
      error.claim === "aud"
        ? "The access token was issued for another resource"
        : `The access token's ${error.claim} claim is not accepted`;
  } else if (error instanceof errors.JOSEAlgNotAllowed)
    message = "The access token is signed with an algorithm this server does not accept";
  return new OAuthError(OAuthErrorCode.InvalidToken, message);
}

/** A verifier for JWT access tokens of one issuer and audience. */
export function createJwtVerifier(options: JwtVerifierOptions): OAuthTokenVerifier {
  checkOptionKeys("createJwtVerifier", options, JWT_OPTIONS);
  // Every URL is read now: one that cannot be read would otherwise fail inside the first token's check, and every
  // token after it would be refused as invalid with nothing saying why.
  if (typeof options.issuer !== "string" || options.issuer === "")
    throw new ToolDefinitionError("createJwtVerifier: issuer must be the issuer URL");
  webUrlOption(options.issuer, "createJwtVerifier: issuer");
  const audience = webUrlOption(options.audience, "createJwtVerifier: audience").href;
  const jwksUri = options.jwksUri === undefined ? undefined : webUrlOption(options.jwksUri, "createJwtVerifier: jwksUri");
  const algorithms = options.algorithms ?? ASYMMETRIC;
  if (!Array.isArray(algorithms) || algorithms.some((alg) => typeof alg !== "string" || alg === "none" || alg.startsWith("HS"))) {
    throw new ToolDefinitionError("createJwtVerifier: algorithms must name asymmetric algorithms (none and HMAC are refused)");
  }
  const tolerance = options.clockToleranceSeconds ?? 5;
  if (typeof tolerance !== "number" || !Number.isFinite(tolerance) || tolerance < 0)
    throw new ToolDefinitionError("createJwtVerifier: clockToleranceSeconds must be a number of seconds, 0 or more");
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const keySet = ({ createRemoteJWKSet }: Jose) => {
    keys ??= (jwksUri ? Promise.resolve(jwksUri) : discoverJwks(options.issuer)).then((uri) => createRemoteJWKSet(uri));
    // A failed discovery is tried again on the next token rather than cached forever.
    keys.catch(() => {
      keys = undefined;
    });
    return keys;
  };
  return {
    async verifyAccessToken(token): Promise<AuthInfo> {
      const lib = await loadJose();
      let payload: JWTPayload;
      try {
        const verifyOptions = { issuer: options.issuer, audience, algorithms, clockTolerance: tolerance };
        ({ payload } = await lib.jwtVerify(token, await keySet(lib), verifyOptions));
      } catch (error) {
        throw refusal(lib, error);
      }
      const clientId =
        typeof payload.client_id === "string" ? payload.client_id : typeof payload.azp === "string" ? payload.azp : payload.sub;
      if (typeof clientId !== "string") throw new OAuthError(OAuthErrorCode.InvalidToken, "The access token names no client");
      const info: AuthInfo = { token, clientId, scopes: scopesOf(payload), resource: new URL(audience), extra: { claims: { ...payload } } };
      if (typeof payload.exp === "number") info.expiresAt = payload.exp;
      if (typeof payload.sub === "string") (info.extra as Record<string, unknown>).subject = payload.sub;
      return info;
    },
  };
}
