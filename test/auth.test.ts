/**
 * Authorization on every HTTP face, against a real authorization server
 * (oidc-provider on loopback, test/fixtures/authorization-server.ts): the
 * SDK v2 client gets its tokens there with its own client-credentials flow,
 * and every refusal is checked by status and challenge header, on
 * createMcpHttpHandler, registerMcpRoute on h3 and a built Nuxt app's route, on
 * both protocol revisions.
 */
import { join } from "node:path";
import { registerMcpRoute } from "@agntn/tools/h3";
import { createJwtVerifier, createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import { Client, ClientCredentialsProvider, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { H3 } from "h3";
import { type Server, serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTools } from "./fixtures/auth-tools.ts";
import { type AuthorizationServer, startAuthorizationServer } from "./fixtures/authorization-server.ts";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { freePort, serveWith } from "./helpers/loopback.ts";

const APP = join(root, "test/fixtures/nuxt-auth");
const ALL = "tools:read tools:write tools:destructive";
const REVISIONS = ["2025-11-25", "2026-07-28"] as const;
type Revision = (typeof REVISIONS)[number];

let as: AuthorizationServer;
let handler: McpHttpHandler | undefined;
let handlerServer: Server | undefined;
let h3Server: Server | undefined;
let app: StartedApp | undefined;
let openApp: StartedApp | undefined;
/** The MCP URL of each face, all requiring tokens. */
const faces = new Map<string, URL>();

beforeAll(async () => {
  as = await startAuthorizationServer();
  const info = { name: "agntn-auth", version: "1.0.0" };
  const auth = (resource: URL) => ({
    verifier: createJwtVerifier({ issuer: as.issuer, audience: resource }),
    resource,
    authorizationServers: [as.issuer],
    resourceName: "Notes",
  });
  const plain = await serveWith((resource) => {
    handler = createMcpHttpHandler(info, authTools, { auth: auth(resource) });
    return (request) => (handler as McpHttpHandler).fetch(request);
  });
  handlerServer = plain.server;
  faces.set("createMcpHttpHandler", plain.url);
  const onH3 = await serveWith((resource) => {
    const h3 = new H3();
    registerMcpRoute(h3, info, authTools, { auth: auth(resource) });
    return async (request) => h3.fetch(request);
  });
  h3Server = onH3.server;
  faces.set("registerMcpRoute (h3)", onH3.url);
  await buildApp(APP);
  const port = await freePort();
  const audience = `http://127.0.0.1:${port}/mcp`;
  app = await startApp(APP, { PORT: String(port), NUXT_AGNTN_TOOLS_AUTH_ISSUER: as.issuer, NUXT_AGNTN_TOOLS_AUTH_AUDIENCE: audience });
  faces.set("the Nuxt route", new URL(audience));
  // The same build with no issuer set: authorization off.
  openApp = await startApp(APP);
}, 600_000);

afterAll(async () => {
  app?.stop();
  openApp?.stop();
  await handler?.close();
  await handlerServer?.close(true);
  await h3Server?.close(true);
  await as?.close();
});

/** A client that gets its tokens from the authorization server itself (discovery, then client credentials). */
async function clientOf(url: URL, revision: Revision, who: "alice" | "bob" = "alice"): Promise<Client> {
  const authProvider = new ClientCredentialsProvider({ clientId: who, clientSecret: `${who}-secret`, expectedIssuer: as.issuer });
  const client = new Client({ name: "auth-test", version: "1.0.0" }, {
    capabilities: { elicitation: { form: {} } },
    // The SDK client speaks 2025-11-25 unless pinned to 2026-07-28.
    ...(revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } }, inputRequired: { autoFulfill: false } } : {}),
  } as ConstructorParameters<typeof Client>[1]);
  client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { sure: true } }));
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider }));
  return client;
}

/**
 * A bare POST of a JSON-RPC body with the given token (or none): what an HTTP
 * client without an MCP library sends. A 2026-07-28 message (one with the
 * per-request envelope) goes with the headers that revision asks for.
 */
async function post(url: URL, token: string | undefined, body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }) {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  if (token) headers.authorization = `Bearer ${token}`;
  const message = body as { method?: string; params?: { name?: string; _meta?: unknown } };
  if (message.params?._meta) {
    Object.assign(headers, { "mcp-protocol-version": "2026-07-28", "mcp-method": message.method as string });
    if (message.params.name) headers["mcp-name"] = message.params.name;
  }
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, challenge: response.headers.get("www-authenticate"), body: await response.text() };
}

/** One raw round of notes_delete on a client pinned to 2026-07-28: an input_required answer comes back as it is. */
function round(client: Client, extra: Record<string, unknown> = {}) {
  return client.request(
    { method: "tools/call", params: { name: "notes_delete", arguments: {}, ...extra } } as never,
    { allowInputRequired: true } as never,
  ) as Promise<{
    resultType?: string;
    requestState?: string;
    inputRequests?: Record<string, { params: { message: string } }>;
    content?: unknown;
  }>;
}

/** A 2026-07-28 call, whole in one request: a client needs no session for it, so only the token decides. */
const callOf = (name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: {
    name,
    arguments: args,
    _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
  },
});

const metadataOf = (url: URL) => new URL(`/.well-known/oauth-protected-resource${url.pathname}`, url);

describe.each(["createMcpHttpHandler", "registerMcpRoute (h3)", "the Nuxt route"])("%s with auth", (face) => {
  const url = () => faces.get(face) as URL;
  const challenge = (error: string, description: string, extra = "") =>
    `Bearer error="${error}", error_description="${description}"${extra}, resource_metadata="${metadataOf(url()).href}"`;

  it.each(["for the route's path", "at the bare well-known path"])("serves the protected resource metadata %s", async (where) => {
    const at = where === "for the route's path" ? metadataOf(url()) : new URL("/.well-known/oauth-protected-resource", url());
    const response = await fetch(at);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({
      resource: url().href,
      authorization_servers: [as.issuer],
      scopes_supported: ["tools:read", "tools:write", "tools:destructive"],
      bearer_methods_supported: ["header"],
      resource_name: "Notes",
    });
  });

  it("answers a request without a token with 401 and a challenge naming the metadata", async () => {
    const answer = await post(url(), undefined);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toBe(`Bearer resource_metadata="${metadataOf(url()).href}"`);
  });

  it("refuses a bad signature, a tampered payload, another audience and an expired token with 401 invalid_token", async () => {
    const resource = url().href;
    const good = await as.token({ client: "alice", scope: "tools:read", resource });
    const cases = [
      ["bad signature", await as.mintForeign({ resource, scope: ALL }), "The access token's signature does not verify"],
      ["tampered", as.tamper(good, { scope: ALL }), "The access token's signature does not verify"],
      [
        "another audience",
        await as.token({ client: "alice", scope: ALL, resource: "http://127.0.0.1:1/other" }),
        "The access token was issued for another resource",
      ],
      ["expired", await as.mint({ resource, scope: ALL, expiresIn: -60 }), "The access token has expired"],
      ["not a JWT", "not-a-token", "The access token is not valid"],
    ] as const;
    for (const [label, token, description] of cases) {
      const answer = await post(url(), token);
      expect({ label, status: answer.status, challenge: answer.challenge }).toEqual({
        label,
        status: 401,
        challenge: challenge("invalid_token", description),
      });
    }
  });

  it("answers a call above the token's scopes with 403 insufficient_scope naming the scope it needs", async () => {
    const reader = await as.token({ client: "alice", scope: "tools:read", resource: url().href });
    for (const [tool, scope] of [
      ["notes_write", "tools:write"],
      ["notes_delete", "tools:destructive"],
    ] as const) {
      const answer = await post(url(), reader, callOf(tool, tool === "notes_write" ? { text: "x" } : {}));
      expect(answer.status).toBe(403);
      expect(answer.challenge).toBe(challenge("insufficient_scope", `Calling ${tool} needs the scope ${scope}`, `, scope="${scope}"`));
      expect(JSON.parse(answer.body)).toEqual({
        error: "insufficient_scope",
        error_description: `Calling ${tool} needs the scope ${scope}`,
      });
    }
  });

  it.each(REVISIONS)("an SDK client that gets its own token lists every tool and calls as itself (%s)", async (revision) => {
    const client = await clientOf(url(), revision);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["notes_read", "notes_write", "notes_delete"]);
    const read = await client.callTool({ name: "notes_read", arguments: {} });
    expect(read.content).toEqual([{ type: "text", text: `read by alice via alice [${ALL}]` }]);
    await client.close();
  });

  it("a write token may read (a heavier scope covers the lighter), not delete", async () => {
    const writer = await as.token({ client: "bob", scope: "tools:write", resource: url().href });
    const client = new Client({ name: "writer", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StreamableHTTPClientTransport(url(), { requestInit: { headers: { authorization: `Bearer ${writer}` } } }));
    expect((await client.callTool({ name: "notes_read", arguments: {} })).content).toEqual([
      { type: "text", text: "read by bob via bob [tools:write]" },
    ]);
    expect((await post(url(), writer, callOf("notes_delete"))).status).toBe(403);
    await client.close();
  });
});

describe.each(["createMcpHttpHandler", "the Nuxt route"])("%s: one caller's question is never answered with another's token", (face) => {
  const url = () => faces.get(face) as URL;

  it("2026-07-28: bob's reply on alice's requestState is not applied: the question is asked again from the start", async () => {
    const [alice, bob] = await Promise.all([clientOf(url(), "2026-07-28", "alice"), clientOf(url(), "2026-07-28", "bob")]);
    const first = await round(alice);
    expect(first.resultType).toBe("input_required");
    expect(first.inputRequests?.question?.params.message).toBe("Delete every note?");
    const reply = { inputResponses: { question: { action: "accept", content: { sure: true } } }, requestState: first.requestState };
    const stolen = await round(bob, reply);
    expect(stolen.resultType).toBe("input_required");
    expect(stolen.inputRequests?.question?.params.message).toBe("Delete every note?");
    expect(stolen.requestState).not.toBe(first.requestState);
    const own = await round(alice, reply);
    expect(own.content).toEqual([{ type: "text", text: `deleted for alice via alice [${ALL}]` }]);
    await Promise.all([alice.close(), bob.close()]);
  });

  it("2025-11-25: a session answers only the caller who opened it; another token on its id gets 404", async () => {
    const alice = await clientOf(url(), "2025-11-25", "alice");
    const deleted = await alice.callTool({ name: "notes_delete", arguments: {} });
    expect(deleted.content).toEqual([{ type: "text", text: `deleted for alice via alice [${ALL}]` }]);
    const session = (alice.transport as StreamableHTTPClientTransport).sessionId as string;
    expect(typeof session).toBe("string");
    const bobToken = await as.token({ client: "bob", scope: ALL, resource: url().href });
    const response = await fetch(url(), {
      method: "POST",
      headers: {
        authorization: `Bearer ${bobToken}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": session,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify(callOf("notes_read")),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null });
    await alice.close();
  });
});

describe("the Nuxt route built with auth, before and after an issuer is set", () => {
  it("with no issuer set it is open (a destructive call runs anonymously) and says so once at start-up", async () => {
    const url = new URL("/mcp", (openApp as StartedApp).url);
    const client = new Client({ name: "anonymous", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { sure: true } }));
    await client.connect(new StreamableHTTPClientTransport(url));
    expect((await client.callTool({ name: "notes_delete", arguments: {} })).content).toEqual([
      { type: "text", text: "deleted for anonymous" },
    ]);
    await client.close();
    const warnings = (openApp as StartedApp)
      .stderr()
      .split("\n")
      .filter((line) => line.includes("serves destructive tools"));
    expect(warnings).toEqual([
      '[@agntn/tools] /mcp serves destructive tools ("notes_delete") to anyone who can reach it: set agntnTools.auth (or NUXT_AGNTN_TOOLS_AUTH_ISSUER and NUXT_AGNTN_TOOLS_AUTH_AUDIENCE) to require tokens.',
    ]);
  });

  it("with the issuer set the same anonymous call gets 401, and no such warning is printed", async () => {
    const url = faces.get("the Nuxt route") as URL;
    const answer = await post(url, undefined, callOf("notes_delete"));
    expect(answer.status).toBe(401);
    expect((app as StartedApp).stderr()).not.toContain("serves destructive tools");
  });
});

describe("many instances: verification keeps nothing in memory", () => {
  it("a 2026 question flow started on one instance ends on another, both checking alice's token on their own", async () => {
    const key = "a-shared-request-state-key-for-the-auth-instances";
    const resource = new URL("http://127.0.0.1:9/mcp");
    const options = {
      requestStateKey: key,
      auth: { verifier: createJwtVerifier({ issuer: as.issuer, audience: resource }), resource, authorizationServers: [as.issuer] },
    };
    const [a, b] = [0, 1].map(() => createMcpHttpHandler({ name: "agntn-auth", version: "1.0.0" }, authTools, options));
    const servers = await Promise.all(
      [a, b].map(async (instance) => {
        const server = serve({
          port: 0,
          hostname: "127.0.0.1",
          silent: true,
          fetch: (request) => (instance as McpHttpHandler).fetch(request),
        });
        await server.ready();
        return server;
      }),
    );
    const token = await as.token({ client: "alice", scope: ALL, resource: resource.href });
    const pinned = async (server: Server) => {
      const client = new Client({ name: "instances", version: "1.0.0" }, {
        capabilities: { elicitation: { form: {} } },
        versionNegotiation: { mode: { pin: "2026-07-28" } },
        inputRequired: { autoFulfill: false },
      } as ConstructorParameters<typeof Client>[1]);
      await client.connect(
        new StreamableHTTPClientTransport(new URL("/mcp", server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
      );
      return client;
    };
    const [onA, onB] = await Promise.all(servers.map(pinned));
    const first = await round(onA as Client);
    expect(first.resultType).toBe("input_required");
    const done = await round(onB as Client, {
      inputResponses: { question: { action: "accept", content: { sure: true } } },
      requestState: first.requestState,
    });
    expect(done.content).toEqual([{ type: "text", text: `deleted for alice via alice [${ALL}]` }]);
    await Promise.all([onA?.close(), onB?.close()]);
    await Promise.all([a?.close(), b?.close(), ...servers.map((server) => server.close(true))]);
  });
});
