/**
 * Lists that fit the caller: `visibleTo(caller)` and `auth.hideOutOfScope`
 * on every MCP face, with real tokens from a real authorization server
 * (oidc-provider on loopback) and real clients: SDK v1 on 2025-11-25, SDK v2
 * on 2025-11-25 and pinned to 2026-07-28. Two callers get different lists
 * and, on 2026-07-28, different cache hints; a hidden tool's call answers
 * with exactly the unknown-name answer and status; a tool added while
 * sessions are open reaches each client that may see it. In process:
 * `toolsFor`, `callTool` and a stdio-style server without a token.
 */
import { type AnyTool, type Caller, createToolList, defineTool, ToolDefinitionError, Type, toolsFor } from "@agntn/tools";
import { callTool, createJwtVerifier, createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Server } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthorizationServer, startAuthorizationServer } from "./fixtures/authorization-server.ts";
import { serveWith } from "./helpers/loopback.ts";
import { connect } from "./helpers/mcp-clients.ts";

const INFO = { name: "tenants", version: "1.0.0" };
const none = Type.Object({}, { additionalProperties: false });

function tool(name: string, effect: "read" | "write" | "destructive", visibleTo?: AnyTool["visibleTo"]): AnyTool {
  return defineTool({
    name,
    title: name,
    description: `The ${name} tool.`,
    effect,
    input: none,
    ...(visibleTo ? { visibleTo } : {}),
    execute: (_input, { auth }) => ({ content: [{ type: "text", text: `${name} for ${auth?.subject ?? "nobody"}` }] }),
  });
}

const tenantOf = (caller: Caller | undefined) => caller?.claims.tenant;

/** Everyone's tool, each tenant's own (one predicate answers later), an admin tool, and a predicate that throws. */
function tenantTools(): AnyTool[] {
  return [
    tool("notes_read", "read"),
    tool("acme_report", "read", (caller) => tenantOf(caller) === "acme"),
    tool("globex_report", "read", async (caller) => tenantOf(caller) === "globex"),
    tool("users_delete", "destructive", (caller) => caller?.claims.role === "admin"),
    tool("broken_tool", "read", () => {
      throw new Error("no tenant\u001b[31m table");
    }),
  ];
}

let as: AuthorizationServer;
const servers: Server[] = [];
const handlers: McpHttpHandler[] = [];
const errors: string[] = [];

interface Face {
  url: URL;
  /** A token for this face's audience. */
  token(claims: Record<string, unknown>, scope?: string): Promise<string>;
}

async function face(tools: readonly AnyTool[] | ReturnType<typeof createToolList>, options: Record<string, unknown> = {}): Promise<Face> {
  const served = await serveWith((resource) => {
    const handler = createMcpHttpHandler(INFO, tools, {
      onerror: (error) => errors.push(error.message),
      cacheHints: { "tools/list": { ttlMs: 60_000, scope: "public" } },
      ...options,
      auth: {
        verifier: createJwtVerifier({ issuer: as.issuer, audience: resource }),
        resource,
        authorizationServers: [as.issuer],
        ...(options.auth as object),
      },
    });
    handlers.push(handler);
    return (request) => handler.fetch(request);
  });
  servers.push(served.server);
  return {
    url: served.url,
    token: (claims, scope = "tools:read tools:write tools:destructive") =>
      as.mint({ resource: served.url, scope, client: String(claims.sub ?? "alice"), claims }),
  };
}

type Kind = "v1 on 2025-11-25" | "v2 on 2025-11-25" | "v2 on 2026-07-28";
const KINDS: Kind[] = ["v1 on 2025-11-25", "v2 on 2025-11-25", "v2 on 2026-07-28"];

/** What a call answers, without the server's `_meta` a 2026-07-28 answer carries. */
const answerOf = (result: unknown) => {
  const { content, isError } = result as { content: unknown; isError?: boolean };
  return isError === undefined ? { content } : { content, isError };
};

interface AnyClient {
  listTools(): Promise<{ tools: Array<{ name: string }> } & Record<string, unknown>>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

const clients: AnyClient[] = [];

async function clientOf(kind: Kind, url: URL, token: string): Promise<AnyClient> {
  const requestInit = { headers: { authorization: `Bearer ${token}` } };
  if (kind === "v1 on 2025-11-25") {
    const client = new ClientV1({ name: "visibility-v1", version: "1.0.0" });
    await client.connect(new HttpV1(url, { requestInit }));
    clients.push(client as never);
    return client as never;
  }
  const pin = kind === "v2 on 2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {};
  const client = new Client({ name: "visibility-v2", version: "1.0.0" }, pin as never);
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit }));
  clients.push(client as never);
  return client as never;
}

const names = (listed: { tools: Array<{ name: string }> }) => listed.tools.map((one) => one.name);
const ACME = { sub: "alice", tenant: "acme" };
const GLOBEX_ADMIN = { sub: "bob", tenant: "globex", role: "admin" };

let tenants: Face;
let scoped: Face;

beforeAll(async () => {
  as = await startAuthorizationServer();
  tenants = await face(tenantTools());
  scoped = await face([tool("notes_read", "read"), tool("notes_write", "write"), tool("notes_delete", "destructive")], {
    auth: { hideOutOfScope: true },
  });
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await Promise.allSettled(handlers.map((handler) => handler.close()));
  await Promise.allSettled(servers.map((server) => server.close(true)));
  await as?.close();
});

describe.each(KINDS)("visibleTo, %s", (kind) => {
  const modern = kind === "v2 on 2026-07-28";

  it("two callers get different lists; the list is private on 2026-07-28, whatever the server's hint said", async () => {
    const alice = await clientOf(kind, tenants.url, await tenants.token(ACME));
    const bob = await clientOf(kind, tenants.url, await tenants.token(GLOBEX_ADMIN));
    const forAlice = await alice.listTools();
    const forBob = await bob.listTools();
    expect(names(forAlice)).toEqual(["notes_read", "acme_report"]);
    expect(names(forBob)).toEqual(["notes_read", "globex_report", "users_delete"]);
    const hint = (listed: Record<string, unknown>) => ({ ttlMs: listed.ttlMs, cacheScope: listed.cacheScope });
    const expected = modern ? { ttlMs: 60_000, cacheScope: "private" } : { ttlMs: undefined, cacheScope: undefined };
    expect(hint(forAlice)).toEqual(expected);
    expect(hint(forBob)).toEqual(expected);
  });

  it("a hidden tool's call answers exactly as an unknown name does", async () => {
    const alice = await clientOf(kind, tenants.url, await tenants.token(ACME));
    const hidden = answerOf(await alice.callTool({ name: "globex_report", arguments: {} }));
    const unknown = answerOf(await alice.callTool({ name: "nothing_here", arguments: {} }));
    expect(hidden).toEqual({ content: [{ type: "text", text: 'Unknown tenants tool: "globex_report"' }], isError: true });
    expect(unknown).toEqual({ content: [{ type: "text", text: 'Unknown tenants tool: "nothing_here"' }], isError: true });
    // The admin tool is above nobody's scopes here: still unknown, never a 403 that would name it.
    expect(answerOf(await alice.callTool({ name: "users_delete", arguments: {} }))).toEqual({
      content: [{ type: "text", text: 'Unknown tenants tool: "users_delete"' }],
      isError: true,
    });
    const bob = await clientOf(kind, tenants.url, await tenants.token(GLOBEX_ADMIN));
    expect(answerOf(await bob.callTool({ name: "globex_report", arguments: {} }))).toEqual({
      content: [{ type: "text", text: "globex_report for bob" }],
    });
  });
});

describe("visibleTo on the wire", () => {
  /** A raw 2026-07-28 call: the status and body a client without an MCP library gets. */
  async function rawCall(url: URL, token: string, name: string) {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${token}`,
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": name,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: {
          name,
          arguments: {},
          _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
        },
      }),
    });
    const body = JSON.parse(await response.text()) as { result: { content: Array<{ text: string }>; isError: boolean } };
    return { status: response.status, text: body.result.content[0]?.text, isError: body.result.isError };
  }

  it("a hidden tool and an unknown one get the same status and body, for a token with and without the scope", async () => {
    const reader = await tenants.token(ACME, "tools:read");
    expect(await rawCall(tenants.url, reader, "users_delete")).toEqual({
      status: 200,
      text: 'Unknown tenants tool: "users_delete"',
      isError: true,
    });
    expect(await rawCall(tenants.url, reader, "no_such_tool")).toEqual({
      status: 200,
      text: 'Unknown tenants tool: "no_such_tool"',
      isError: true,
    });
  });

  it("a predicate that throws hides its tool and reports one clean line", async () => {
    errors.length = 0;
    const alice = await clientOf("v2 on 2026-07-28", tenants.url, await tenants.token(ACME));
    expect(names(await alice.listTools())).not.toContain("broken_tool");
    expect(errors).toEqual(["broken_tool: visibleTo threw: no tenant table; the tool is hidden"]);
  });

  it("a list no caller changes keeps the server's public hint", async () => {
    const open = await face([tool("notes_read", "read")]);
    const client = await clientOf("v2 on 2026-07-28", open.url, await open.token(ACME));
    const listed = await client.listTools();
    expect({ ttlMs: listed.ttlMs, cacheScope: listed.cacheScope }).toEqual({ ttlMs: 60_000, cacheScope: "public" });
  });
});

describe.each(KINDS)("auth.hideOutOfScope, %s", (kind) => {
  it("lists only what the token may call, answers the rest as unknown, and the full token sees all", async () => {
    const reader = await clientOf(kind, scoped.url, await scoped.token(ACME, "tools:read"));
    expect(names(await reader.listTools())).toEqual(["notes_read"]);
    expect(answerOf(await reader.callTool({ name: "notes_delete", arguments: {} }))).toEqual({
      content: [{ type: "text", text: 'Unknown tenants tool: "notes_delete"' }],
      isError: true,
    });
    const writer = await clientOf(kind, scoped.url, await scoped.token(ACME, "tools:write"));
    expect(names(await writer.listTools())).toEqual(["notes_read", "notes_write"]);
    const all = await clientOf(kind, scoped.url, await scoped.token(ACME));
    expect(names(await all.listTools())).toEqual(["notes_read", "notes_write", "notes_delete"]);
  });
});

describe("auth.hideOutOfScope off (the default)", () => {
  it("lists every tool to a read-only token, and a call above its scopes gets 403 naming the scope to step up to", async () => {
    const plain = await face([tool("notes_read", "read"), tool("notes_delete", "destructive")]);
    const reader = await clientOf("v2 on 2026-07-28", plain.url, await plain.token(ACME, "tools:read"));
    expect(names(await reader.listTools())).toEqual(["notes_read", "notes_delete"]);
    const response = await fetch(plain.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${await plain.token(ACME, "tools:read")}`,
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": "notes_delete",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "notes_delete",
          arguments: {},
          _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
        },
      }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toContain(
      'error="insufficient_scope", error_description="Calling notes_delete needs the scope tools:destructive", scope="tools:destructive"',
    );
  });

  it("refuses a hideOutOfScope that is not a boolean, in one line", () => {
    expect(() =>
      createMcpHttpHandler(INFO, [], {
        auth: {
          verifier: { verifyAccessToken: async () => ({}) as never },
          resource: "http://127.0.0.1/mcp",
          authorizationServers: ["http://127.0.0.1"],
          hideOutOfScope: "yes",
        } as never,
      }),
    ).toThrow("createMcpHttpHandler: auth.hideOutOfScope must be true or false");
  });
});

describe("a tool added while sessions are open", () => {
  it("reaches a 2025 session (SDK v1) through list_changed and a 2026 client through subscriptions/listen, listed only to whom it shows", async () => {
    const list = createToolList([tool("notes_read", "read")]);
    const live = await face(list);
    const v1 = (await clientOf("v1 on 2025-11-25", live.url, await live.token(ACME))) as unknown as ClientV1;
    const v2 = (await clientOf("v2 on 2026-07-28", live.url, await live.token(GLOBEX_ADMIN))) as unknown as Client;
    const heard: string[] = [];
    v1.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      heard.push("v1");
    });
    v2.setNotificationHandler("notifications/tools/list_changed", () => {
      heard.push("v2");
    });
    const listen = await v2.listen({ toolsListChanged: true });
    list.add(tool("acme_billing", "read", (caller) => tenantOf(caller) === "acme"));
    await expect.poll(() => [...heard].sort()).toEqual(["v1", "v2"]);
    expect(names(await v1.listTools())).toEqual(["notes_read", "acme_billing"]);
    expect(names(await v2.listTools())).toEqual(["notes_read"]);
    await listen.close();
  });
});

describe("in process", () => {
  const alice: Caller = { clientId: "alice", subject: "alice", scopes: [], claims: { tenant: "acme" } };

  it("toolsFor keeps the list's order, awaits a later answer, and hides a throw or a non-boolean with one line each", async () => {
    const lines: string[] = [];
    const odd = tool("odd_tool", "read", (() => "yes") as never);
    const shown = await toolsFor([...tenantTools(), odd], alice, { onerror: (error) => lines.push(error.message) });
    expect(shown.map((one) => one.name)).toEqual(["notes_read", "acme_report"]);
    expect(lines).toEqual([
      "broken_tool: visibleTo threw: no tenant table; the tool is hidden",
      'odd_tool: visibleTo returned "yes", not true or false; the tool is hidden',
    ]);
    // Without a caller each predicate is asked with undefined.
    expect((await toolsFor(tenantTools())).map((one) => one.name)).toEqual(["notes_read"]);
    // A changing list is read as it is now.
    const list = createToolList([tool("notes_read", "read")]);
    list.add(tool("acme_billing", "read", (caller) => tenantOf(caller) === "acme"));
    expect((await toolsFor(list, alice)).map((one) => one.name)).toEqual(["notes_read", "acme_billing"]);
  });

  it("toolsFor checks what it is given", async () => {
    await expect(toolsFor("tools" as never)).rejects.toThrow(
      'toolsFor: tools must be an array of tools or a createToolList list, got "string"',
    );
    await expect(toolsFor([], undefined, { onerorr: () => {} } as never)).rejects.toThrow(
      'toolsFor: unknown option "onerorr"; the options are onerror',
    );
    await expect(toolsFor([], undefined, { onerror: "log" } as never)).rejects.toThrow("toolsFor: onerror must be a function");
    await expect(toolsFor([tool("same", "read"), tool("same", "read")])).rejects.toThrow(
      'Duplicate tool name "same": every tool in a list needs its own name',
    );
  });

  it("a definition's visibleTo must be a function", () => {
    expect(() => defineTool({ ...tool("shown", "read"), visibleTo: true as never })).toThrow(
      new ToolDefinitionError("shown: visibleTo must be a function of the caller that returns true to show the tool"),
    );
  });

  it("callTool answers a hidden tool as an unknown name", async () => {
    expect(await callTool(INFO, tenantTools(), "globex_report", {}, { auth: alice })).toEqual({
      content: [{ type: "text", text: 'Unknown tenants tool: "globex_report"' }],
      isError: true,
    });
    expect(await callTool(INFO, tenantTools(), "acme_report", {}, { auth: alice })).toEqual({
      content: [{ type: "text", text: "acme_report for alice" }],
    });
  });

  it("a server with no token asks each predicate with undefined", async () => {
    const seen: unknown[] = [];
    const one = await connect("memory-2025", INFO, [
      tool("notes_read", "read"),
      tool("local_only", "read", (caller) => {
        seen.push(caller);
        return caller === undefined;
      }),
      tool("signed_in", "read", (caller) => caller !== undefined),
    ]);
    try {
      expect(names(await one.client.listTools())).toEqual(["notes_read", "local_only"]);
      expect(seen).toEqual([undefined]);
      expect(await one.client.callTool({ name: "signed_in", arguments: {} })).toEqual({
        content: [{ type: "text", text: 'Unknown tenants tool: "signed_in"' }],
        isError: true,
      });
    } finally {
      await one.close();
    }
  });
});

describe("the Tool Lists page's examples", () => {
  const user = (claims: Record<string, unknown>): Caller => ({ clientId: "web", scopes: ["tools:read"], claims });

  it("lists-tenant.ts shows each tenant its own tools; lists-ai.ts makes that an AI SDK toolset", async () => {
    const { tools } = await import("../docs/examples/lists-tenant.ts");
    const { toolsetOf } = await import("../docs/examples/lists-ai.ts");
    expect((await toolsFor(tools, user({ tenant: "acme" }))).map((one) => one.name)).toEqual(["acme_invoices"]);
    expect((await toolsFor(tools, user({ tenant: "globex" }))).map((one) => one.name)).toEqual(["globex_orders"]);
    expect(await toolsFor(tools)).toEqual([]);
    expect(Object.keys(await toolsetOf(user({ tenant: "globex" })))).toEqual(["globex_orders"]);
  });

  it("lists-admin.ts lists users_delete to admins only, and its handler asks every request for a token", async () => {
    const { usersDelete, handler } = await import("../docs/examples/lists-admin.ts");
    expect((await toolsFor([usersDelete], user({ roles: ["admin"] }))).map((one) => one.name)).toEqual(["users_delete"]);
    expect(await toolsFor([usersDelete], user({ roles: "admin" }))).toEqual([]);
    const response = await handler.fetch(
      new Request("https://tools.example.com/mcp", {
        method: "POST",
        headers: { host: "tools.example.com", "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      }),
    );
    expect(response.status).toBe(401);
    await handler.close();
  });
});
