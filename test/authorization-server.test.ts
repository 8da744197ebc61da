/**
 * The authorization server the authorization tests run against: oidc-provider
 * on loopback, issuing client-credentials JWTs bound to a resource. Pinned here:
 * its discovery, the exact claims of its tokens, that jose verifies them
 * against its JWKS and refuses expired, foreign-audience, foreign-key and
 * tampered tokens with its own error codes, and that the SDK v2 client's own
 * client-credentials provider gets a token from it through protected resource
 * metadata and calls a resource server with it, on both protocol revisions.
 */
import { ClientCredentialsProvider, Client as McpClient, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  type AuthInfo,
  buildOAuthProtectedResourceMetadata,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  McpServer,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
  requireBearerAuth,
  requireScopes,
} from "@modelcontextprotocol/server";
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, type errors, jwtVerify } from "jose";
import { serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthorizationServer, DEFAULT_SCOPES, startAuthorizationServer } from "./fixtures/authorization-server.ts";

const ALL = DEFAULT_SCOPES.join(" ");
const RESOURCE = "http://127.0.0.1:1234/mcp";

let as: AuthorizationServer;

beforeAll(async () => {
  as = await startAuthorizationServer({
    clients: [
      { id: "alice", secret: "alice-secret" },
      { id: "bob", secret: "bob-secret" },
      // Posts its secret in the form body, may only read, and its tokens live one second.
      { id: "reader", secret: "reader-secret", authMethod: "client_secret_post", scopes: ["tools:read"], ttl: 1 },
      { id: "carol", secret: "carol-secret", authMethod: "client_secret_post" },
    ],
  });
});

afterAll(async () => {
  expect(as.serverErrors).toEqual([]);
  await as.close();
});

/** What jose throws, reduced to what a test compares. */
async function refusal(check: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await check;
  } catch (error) {
    const { code, message, claim } = error as errors.JOSEError & { claim?: string };
    return { code, message, ...(claim === undefined ? {} : { claim }), name: (error as Error).name };
  }
  throw new Error("expected a refusal");
}

describe("oidc-provider on loopback", () => {
  it("publishes discovery with its issuer, endpoints, scopes and both secret methods", async () => {
    for (const path of ["/.well-known/openid-configuration", "/.well-known/oauth-authorization-server"]) {
      const answer = await fetch(new URL(path, as.issuer));
      expect(answer.status).toBe(200);
      const metadata = (await answer.json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({
        issuer: as.issuer,
        token_endpoint: as.tokenEndpoint.href,
        jwks_uri: as.jwksUri.href,
        scopes_supported: ["openid", ...DEFAULT_SCOPES],
        id_token_signing_alg_values_supported: ["RS256"],
      });
      expect(metadata.grant_types_supported).toContain("client_credentials");
      expect(metadata.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(["client_secret_basic", "client_secret_post"]));
    }
    expect(as.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(as.discoveryUrl.href).toBe(`${as.issuer}/.well-known/openid-configuration`);
    const jwks = await (await fetch(as.jwksUri)).json();
    expect(jwks).toEqual(as.jwks);
    expect(as.jwks.keys).toEqual([{ kty: "RSA", kid: as.kid, alg: "RS256", use: "sig", n: expect.any(String), e: "AQAB" }]);
  });

  it("issues each client a JWT for the requested resource with exactly the granted scopes", async () => {
    const alice = await as.requestToken({ client: "alice", scope: ALL, resource: RESOURCE });
    expect(alice).toEqual({
      status: 200,
      body: { access_token: expect.any(String), expires_in: 300, scope: ALL, token_type: "Bearer" },
    });
    const bob = await as.token({ client: "bob", scope: "tools:read", resource: RESOURCE });
    for (const [token, client, scope] of [
      [alice.body.access_token as string, "alice", ALL],
      [bob, "bob", "tools:read"],
    ] as const) {
      expect(decodeProtectedHeader(token)).toEqual({ alg: "RS256", typ: "at+jwt", kid: as.kid });
      const claims = decodeJwt(token);
      expect(claims).toEqual({
        jti: expect.any(String),
        sub: client,
        iat: expect.any(Number),
        exp: (claims.iat ?? 0) + 300,
        scope,
        client_id: client,
        iss: as.issuer,
        aud: RESOURCE,
      });
    }
  });

  it("drops scopes it does not know, leaves scope out when none is asked, and gives an opaque token without a resource", async () => {
    expect(decodeJwt(await as.token({ client: "bob", scope: "tools:write nonsense", resource: RESOURCE })).scope).toBe("tools:write");
    expect(decodeJwt(await as.token({ client: "bob", resource: RESOURCE }))).not.toHaveProperty("scope");
    const opaque = await as.token({ client: "bob", scope: "tools:read" });
    expect(opaque.split(".")).toHaveLength(1);
  });

  it("authenticates a client_secret_post client, and keeps a client to its own scopes and lifetime", async () => {
    const reader = await as.requestToken({ client: "reader", scope: "tools:read", resource: RESOURCE });
    expect(reader.body).toEqual({ access_token: expect.any(String), expires_in: 1, scope: "tools:read", token_type: "Bearer" });
    const claims = decodeJwt(reader.body.access_token as string);
    expect([claims.sub, claims.client_id, (claims.exp ?? 0) - (claims.iat ?? 0)]).toEqual(["reader", "reader", 1]);
    expect(await as.requestToken({ client: "reader", scope: "tools:read tools:destructive", resource: RESOURCE })).toEqual({
      status: 400,
      body: { error: "invalid_scope", error_description: "requested scope is not allowed", scope: "tools:destructive" },
    });
  });

  it("refuses a wrong secret, a resource with a fragment, and a resource off its list", async () => {
    const refused = { status: 401, body: { error: "invalid_client", error_description: "client authentication failed" } };
    expect(await as.requestToken({ client: "alice", secret: "guess", resource: RESOURCE })).toEqual(refused);
    expect(await as.requestToken({ client: "reader", secret: "guess", resource: RESOURCE })).toEqual(refused);
    expect(await as.requestToken({ client: "alice", resource: `${RESOURCE}#part` })).toEqual({
      status: 400,
      body: { error: "invalid_target", error_description: "resource indicator must not contain a fragment component" },
    });
    const listed = await startAuthorizationServer({ resources: [RESOURCE] });
    try {
      expect(decodeJwt(await listed.token({ resource: RESOURCE })).aud).toBe(RESOURCE);
      expect(await listed.requestToken({ resource: "http://127.0.0.1:1234/other" })).toEqual({
        status: 400,
        body: { error: "invalid_target", error_description: "tokens for http://127.0.0.1:1234/other are not issued here" },
      });
      await expect(listed.token({ client: "carol" })).rejects.toThrow('unknown client "carol"; the clients are alice, bob');
      await expect(listed.token({ secret: "guess", resource: RESOURCE })).rejects.toThrow(
        "token request refused: 401 invalid_client: client authentication failed",
      );
    } finally {
      await listed.close();
    }
  });

  it("refuses fixture options it cannot honour, one line each", async () => {
    await expect(startAuthorizationServer({ ttl: 0 })).rejects.toThrow("ttl must be a whole number of seconds above 0");
    await expect(startAuthorizationServer({ clients: [{ id: "a", secret: "s", ttl: 1.5 }] })).rejects.toThrow(
      'ttl of client "a" must be a whole number of seconds above 0',
    );
    await expect(
      startAuthorizationServer({
        clients: [
          { id: "a", secret: "s" },
          { id: "a", secret: "t" },
        ],
      }),
    ).rejects.toThrow('client "a" is listed twice');
    await expect(startAuthorizationServer({ clients: [{ id: "a", secret: "s", scopes: ["admin"] }] })).rejects.toThrow(
      'client "a" has scopes the server does not know: admin',
    );
  });
});

describe("jose against the server's JWKS", () => {
  const verify = (token: string, audience = RESOURCE) =>
    jwtVerify(token, createRemoteJWKSet(as.jwksUri), { issuer: as.issuer, audience, typ: "at+jwt" });

  it("verifies a token from the token endpoint and one minted with the server's key", async () => {
    const token = await as.token({ client: "alice", scope: "tools:read", resource: RESOURCE });
    const { payload, protectedHeader } = await verify(token);
    expect(payload).toEqual(decodeJwt(token));
    expect(protectedHeader).toEqual({ alg: "RS256", typ: "at+jwt", kid: as.kid });
    const minted = await as.mint({ client: "mallory", resource: RESOURCE, scope: ALL, claims: { jti: "fixed", extra: 1 } });
    const now = Math.floor(Date.now() / 1000);
    expect((await verify(minted)).payload).toEqual({
      jti: "fixed",
      sub: "mallory",
      iat: expect.any(Number),
      exp: expect.any(Number),
      client_id: "mallory",
      iss: as.issuer,
      aud: RESOURCE,
      scope: ALL,
      extra: 1,
    });
    expect(Math.abs((decodeJwt(minted).exp ?? 0) - (now + 300))).toBeLessThanOrEqual(1);
  });

  it("refuses a token for another resource", async () => {
    const other = await as.token({ client: "alice", scope: ALL, resource: "http://127.0.0.1:1234/other" });
    expect(decodeJwt(other).aud).toBe("http://127.0.0.1:1234/other");
    expect(await refusal(verify(other))).toEqual({
      name: "JWTClaimValidationFailed",
      code: "ERR_JWT_CLAIM_VALIDATION_FAILED",
      claim: "aud",
      message: 'unexpected "aud" claim value',
    });
  });

  it("refuses a token the server issued once its one-second lifetime is over, and a minted expired one", async () => {
    const token = await as.token({ client: "reader", scope: "tools:read", resource: RESOURCE });
    const exp = decodeJwt(token).exp ?? 0;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 20));
    const expired = { name: "JWTExpired", code: "ERR_JWT_EXPIRED", claim: "exp", message: '"exp" claim timestamp check failed' };
    expect(await refusal(verify(token))).toEqual(expired);
    expect(await refusal(verify(await as.mint({ resource: RESOURCE, scope: ALL, expiresIn: -60 })))).toEqual(expired);
  });

  it("refuses a token signed with a foreign key under the server's kid, and a real token with a changed payload", async () => {
    const signatureFailed = {
      name: "JWSSignatureVerificationFailed",
      code: "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
      message: "signature verification failed",
    };
    const foreign = await as.mintForeign({ client: "alice", resource: RESOURCE, scope: ALL });
    expect(decodeProtectedHeader(foreign)).toEqual({ alg: "RS256", typ: "at+jwt", kid: as.kid });
    expect(await refusal(verify(foreign))).toEqual(signatureFailed);

    const real = await as.token({ client: "bob", scope: "tools:read", resource: RESOURCE });
    const tampered = as.tamper(real, { scope: ALL, sub: "alice", client_id: "alice" });
    expect(decodeJwt(tampered)).toEqual({ ...decodeJwt(real), scope: ALL, sub: "alice", client_id: "alice" });
    expect(tampered.split(".")[2]).toBe(real.split(".")[2]);
    expect(await refusal(verify(tampered))).toEqual(signatureFailed);
    expect(() => as.tamper("not-a-token", {})).toThrow("not a compact JWS");
  });
});

interface RecordedRequest {
  call: string;
  credentials?: string;
  form?: Record<string, string>;
  /** Only for a 401 or 403: its status and WWW-Authenticate. */
  refused?: string;
}

/** A fetch that writes down each request the SDK client makes: method and URL, credential kind, token form, refusal. */
function recordingFetch(log: RecordedRequest[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const entry: RecordedRequest = { call: `${request.method} ${request.url}` };
    const authorization = request.headers.get("authorization");
    if (authorization) entry.credentials = authorization.split(" ")[0];
    if (request.url === as.tokenEndpoint.href) entry.form = Object.fromEntries(new URLSearchParams(await request.clone().text()));
    log.push(entry);
    const answer = await fetch(request);
    if (answer.status === 401 || answer.status === 403) entry.refused = `${answer.status} ${answer.headers.get("www-authenticate")}`;
    return answer;
  };
}

/** A jose verifier in the SDK's shape, bound to the server's issuer, JWKS and one resource. */
function joseVerifier(resource: URL) {
  const jwks = createRemoteJWKSet(as.jwksUri);
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer: as.issuer, audience: resource.href, typ: "at+jwt" });
        return {
          token,
          clientId: String(payload.client_id),
          scopes: typeof payload.scope === "string" ? payload.scope.split(" ") : [],
          ...(payload.exp === undefined ? {} : { expiresAt: payload.exp }),
          resource: new URL(String(payload.aud)),
          extra: { sub: payload.sub },
        };
      } catch (error) {
        throw new OAuthError(OAuthErrorCode.InvalidToken, (error as Error).message);
      }
    },
  };
}

/** A resource server: protected resource metadata, a bearer gate, and one tool that names its caller. */
async function startResourceServer(options: { scopesSupported?: string[]; requiredScopes?: string[] }) {
  const metadata = (await (await fetch(as.discoveryUrl)).json()) as OAuthMetadata;
  let route: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const server = serve({ hostname: "127.0.0.1", port: 0, silent: true, fetch: (request) => route(request) });
  await server.ready();
  const url = new URL("/mcp", server.url);
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(url);
  const document = buildOAuthProtectedResourceMetadata({
    oauthMetadata: metadata,
    resourceServerUrl: url,
    ...(options.scopesSupported ? { scopesSupported: options.scopesSupported } : {}),
  });
  const gate = requireBearerAuth({
    verifier: joseVerifier(url),
    expectedResource: url,
    resourceMetadataUrl,
    ...(options.requiredScopes ? { requiredScopes: options.requiredScopes } : {}),
  });
  const handler = createMcpHandler(() => {
    const mcp = new McpServer({ name: "protected", version: "1.0.0" });
    mcp.registerTool("whoami", { description: "Names the caller." }, (ctx) => {
      const auth = ctx.http?.authInfo;
      return { content: [{ type: "text", text: `${auth?.clientId} ${auth?.extra?.sub} [${auth?.scopes.join(" ")}]` }] };
    });
    // The SDK's own per-tool step-up: a call without the scope is answered 403 insufficient_scope.
    mcp.registerTool(
      "erase",
      { description: "Needs the destructive scope.", scopeChallenge: requireScopes("tools:destructive") },
      (ctx) => ({
        content: [{ type: "text", text: `erased by ${ctx.http?.authInfo?.clientId} [${ctx.http?.authInfo?.scopes.join(" ")}]` }],
      }),
    );
    return mcp;
  });
  route = async (request) => {
    const path = new URL(request.url).pathname;
    if (path === new URL(resourceMetadataUrl).pathname) return Response.json(document);
    if (path !== url.pathname) return new Response("not found", { status: 404 });
    const auth = await gate(request);
    if (auth instanceof Response) return auth;
    return handler.fetch(request, { authInfo: auth });
  };
  return {
    url,
    resourceMetadataUrl,
    document,
    close: async () => {
      await handler.close?.();
      await server.close(true);
    },
  };
}

function mcpClient(revision: "2025-11-25" | "2026-07-28"): McpClient {
  return new McpClient(
    { name: "authorized", version: "1.0.0" },
    revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
}

describe("the SDK v2 client's ClientCredentialsProvider against it", () => {
  let rs: Awaited<ReturnType<typeof startResourceServer>>;

  beforeAll(async () => {
    rs = await startResourceServer({ scopesSupported: [...DEFAULT_SCOPES] });
  });
  afterAll(async () => {
    await rs.close();
  });

  it("finds a 401 challenge naming the metadata, and the metadata naming the issuer", async () => {
    const answer = await fetch(rs.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(
      `Bearer error="invalid_token", error_description="Missing Authorization header", resource_metadata="${rs.resourceMetadataUrl}"`,
    );
    expect(rs.resourceMetadataUrl).toBe(`${rs.url.origin}/.well-known/oauth-protected-resource/mcp`);
    expect(await (await fetch(rs.resourceMetadataUrl)).json()).toEqual({
      resource: rs.url.href,
      authorization_servers: [as.issuer],
      scopes_supported: [...DEFAULT_SCOPES],
    });
  });

  it("accepts an http issuer only on loopback when it builds the metadata", async () => {
    const metadata = (await (await fetch(as.discoveryUrl)).json()) as OAuthMetadata;
    const build = (issuer: string) =>
      buildOAuthProtectedResourceMetadata({ oauthMetadata: { ...metadata, issuer }, resourceServerUrl: rs.url }).authorization_servers;
    expect(build(as.issuer)).toEqual([as.issuer]);
    expect(build("http://localhost:8080")).toEqual(["http://localhost:8080"]);
    expect(() => build("http://10.0.0.1:8080")).toThrow("Issuer URL must be HTTPS");
    expect(() => build("http://[::1]:8080")).toThrow("Issuer URL must be HTTPS");
  });

  it.each(["2025-11-25", "2026-07-28"] as const)(
    "on %s discovers through the metadata, sends the resource, and calls with the token it got",
    async (revision) => {
      const log: RecordedRequest[] = [];
      const authProvider = new ClientCredentialsProvider({
        clientId: "alice",
        clientSecret: "alice-secret",
        expectedIssuer: as.issuer,
        scope: "tools:read",
      });
      const client = mcpClient(revision);
      await client.connect(new StreamableHTTPClientTransport(rs.url, { authProvider, fetch: recordingFetch(log) }));
      expect((await client.callTool({ name: "whoami", arguments: {} })).content).toEqual([{ type: "text", text: `alice alice [${ALL}]` }]);
      await client.close();

      // The scope the client asks for is the metadata's scopes_supported: its own `scope` option loses.
      const tokenCall = {
        call: `POST ${as.tokenEndpoint.href}`,
        credentials: "Basic",
        form: { grant_type: "client_credentials", scope: ALL, resource: rs.url.href },
      };
      expect(log.slice(0, 5)).toEqual([
        {
          call: `POST ${rs.url.href}`,
          refused: `401 Bearer error="invalid_token", error_description="Missing Authorization header", resource_metadata="${rs.resourceMetadataUrl}"`,
        },
        { call: `GET ${rs.resourceMetadataUrl}` },
        { call: `GET ${as.issuer}/.well-known/oauth-authorization-server` },
        tokenCall,
        { call: `POST ${rs.url.href}`, credentials: "Bearer" },
      ]);
      expect(log.slice(5).every((entry) => entry.credentials === "Bearer" && entry.call.endsWith(rs.url.href))).toBe(true);
      expect(log.filter((entry) => entry.form)).toHaveLength(1);
      const tokens = authProvider.tokens();
      expect(tokens).toMatchObject({ token_type: "Bearer", scope: ALL, expires_in: 300, issuer: as.issuer });
      expect(decodeJwt(tokens?.access_token ?? "")).toMatchObject({ sub: "alice", aud: rs.url.href, scope: ALL });
    },
  );

  it("asks for its own scope when the metadata lists none", async () => {
    const bare = await startResourceServer({});
    try {
      const log: RecordedRequest[] = [];
      const authProvider = new ClientCredentialsProvider({
        clientId: "bob",
        clientSecret: "bob-secret",
        expectedIssuer: as.issuer,
        scope: "tools:read",
      });
      const client = mcpClient("2025-11-25");
      await client.connect(new StreamableHTTPClientTransport(bare.url, { authProvider, fetch: recordingFetch(log) }));
      expect(await client.callTool({ name: "whoami", arguments: {} })).toEqual({
        content: [{ type: "text", text: "bob bob [tools:read]" }],
      });
      await client.close();
      expect(log.find((entry) => entry.form)?.form).toEqual({
        grant_type: "client_credentials",
        scope: "tools:read",
        resource: bare.url.href,
      });
    } finally {
      await bare.close();
    }
  });

  async function failedConnect(clientId: string, secret: string, expectedIssuer = as.issuer) {
    const log: RecordedRequest[] = [];
    const authProvider = new ClientCredentialsProvider({ clientId, clientSecret: secret, expectedIssuer });
    const client = mcpClient("2025-11-25");
    const failure = await client.connect(new StreamableHTTPClientTransport(rs.url, { authProvider, fetch: recordingFetch(log) })).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    await client.close();
    return { failure, log };
  }

  it("gets a token for a client registered for client_secret_post too: it sends Basic, and oidc-provider takes either", async () => {
    const log: RecordedRequest[] = [];
    const authProvider = new ClientCredentialsProvider({ clientId: "carol", clientSecret: "carol-secret", expectedIssuer: as.issuer });
    const client = mcpClient("2025-11-25");
    await client.connect(new StreamableHTTPClientTransport(rs.url, { authProvider, fetch: recordingFetch(log) }));
    expect((await client.callTool({ name: "whoami", arguments: {} })).content).toEqual([{ type: "text", text: `carol carol [${ALL}]` }]);
    await client.close();
    expect(log.find((entry) => entry.form)?.credentials).toBe("Basic");
  });

  it("asks a client limited to fewer scopes for all the metadata lists, and is refused invalid_scope", async () => {
    const { failure, log } = await failedConnect("reader", "reader-secret");
    expect([(failure as OAuthError).code, failure?.message]).toEqual(["invalid_scope", "requested scope is not allowed"]);
    expect(log.find((entry) => entry.form)?.form?.scope).toBe(ALL);
  });

  it("sends no credentials when the metadata names another issuer than the one they belong to", async () => {
    const { failure, log } = await failedConnect("alice", "alice-secret", "http://127.0.0.1:1");
    expect([failure?.name, failure?.message]).toEqual([
      "AuthorizationServerMismatchError",
      `Authorization server mismatch: credentials are bound to "http://127.0.0.1:1" but this call resolved "${as.issuer}"; refusing to present them to a different authorization server`,
    ]);
    expect(log.some((entry) => entry.form)).toBe(false);
  });

  it("is refused at the gate with 403 insufficient_scope when its token lacks a required scope", async () => {
    const strict = await startResourceServer({ requiredScopes: ["tools:destructive"] });
    try {
      const token = await as.token({ client: "bob", scope: "tools:read", resource: strict.url });
      const answer = await fetch(strict.url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: "{}",
      });
      expect(answer.status).toBe(403);
      expect(answer.headers.get("www-authenticate")).toBe(
        `Bearer error="insufficient_scope", error_description="Insufficient scope", scope="tools:destructive", resource_metadata="${strict.resourceMetadataUrl}"`,
      );
      expect(await answer.json()).toEqual({ error: "insufficient_scope", error_description: "Insufficient scope" });
    } finally {
      await strict.close();
    }
  });

  it.each(["2025-11-25", "2026-07-28"] as const)(
    "on %s steps up on a tool's 403 insufficient_scope: asks again for the challenged scope and retries",
    async (revision) => {
      const bare = await startResourceServer({});
      try {
        const log: RecordedRequest[] = [];
        const authProvider = new ClientCredentialsProvider({
          clientId: "bob",
          clientSecret: "bob-secret",
          expectedIssuer: as.issuer,
          scope: "tools:read",
        });
        const client = mcpClient(revision);
        await client.connect(new StreamableHTTPClientTransport(bare.url, { authProvider, fetch: recordingFetch(log) }));
        expect((await client.callTool({ name: "whoami", arguments: {} })).content).toEqual([
          { type: "text", text: "bob bob [tools:read]" },
        ]);
        const outcome = await client.callTool({ name: "erase", arguments: {} }).then(
          (result) => result.content,
          (error: unknown) => `${(error as Error).name}: ${(error as Error).message}`,
        );
        await client.close();
        expect(outcome).toEqual([{ type: "text", text: "erased by bob [tools:read tools:destructive]" }]);
        const step = log.findIndex((entry) => entry.refused?.startsWith("403"));
        expect(log.slice(step)).toEqual([
          {
            call: `POST ${bare.url.href}`,
            credentials: "Bearer",
            refused: `403 Bearer error="insufficient_scope", error_description="Insufficient scope", scope="tools:destructive", resource_metadata="${bare.resourceMetadataUrl}"`,
          },
          { call: `GET ${bare.resourceMetadataUrl}` },
          { call: `GET ${as.issuer}/.well-known/oauth-authorization-server` },
          {
            call: `POST ${as.tokenEndpoint.href}`,
            credentials: "Basic",
            form: { grant_type: "client_credentials", scope: "tools:read tools:destructive", resource: bare.url.href },
          },
          { call: `POST ${bare.url.href}`, credentials: "Bearer" },
        ]);
        expect(log.filter((entry) => entry.form).map((entry) => entry.form?.scope)).toEqual(["tools:read", "tools:read tools:destructive"]);
      } finally {
        await bare.close();
      }
    },
  );

  it("is refused at the gate with 401 for a token bound to another resource", async () => {
    const other = await as.token({ client: "alice", scope: ALL, resource: "http://127.0.0.1:1234/other" });
    const answer = await fetch(rs.url, {
      method: "POST",
      headers: { authorization: `Bearer ${other}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(
      `Bearer error="invalid_token", error_description="unexpected \\"aud\\" claim value", resource_metadata="${rs.resourceMetadataUrl}"`,
    );
  });
});
