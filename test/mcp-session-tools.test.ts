/**
 * A 2025-11-25 session's own tools: an external tool (as the Nuxt route
 * serves the toolkit's) adds tools to its session through
 * `context.session` and removes them again. Through createMcpHttpHandler on
 * a loopback port, with the SDK v1 client (what the toolkit's users connect
 * with) and the SDK v2 client pinned to 2026-07-28:
 *
 * - the session declares `tools.listChanged` and hears
 *   `notifications/tools/list_changed` on each change; the added tool is
 *   listed after the set's, answers, and is gone once removed;
 * - another session never sees it; a name already served is refused in SDK
 *   v1's words;
 * - with tokens from oidc-provider, an added tool is checked by its
 *   annotations like any other: a destructive one needs the destructive
 *   scope (403 before dispatch, the same line at dispatch);
 * - on 2026-07-28 there is no session and `context.session` is absent.
 *
 * The built Nuxt route's side (the toolkit's own mid-session-registration
 * fixture) is in test/nuxt-toolkit-fixtures.test.ts.
 */
import { definePrompt, defineResource } from "@agntn/tools";
import { createJwtVerifier, createMcpHttpHandler, type ExternalTool, type McpHttpHandler } from "@agntn/tools/mcp";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Server } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthorizationServer, startAuthorizationServer } from "./fixtures/authorization-server.ts";
import { serveWith } from "./helpers/loopback.ts";

const INFO = { name: "session-tools", version: "1.0.0" };
const EMPTY = { type: "object", properties: {} };

/** A tool that answers its own name: what `add` puts in a session. */
function greeter(name: string, annotations?: Record<string, unknown>): ExternalTool {
  return {
    listing: { name, inputSchema: EMPTY, ...(annotations ? { annotations } : {}) },
    async call() {
      return { content: [{ type: "text", text: `hello from ${name}` }] };
    },
  };
}

const tools: ExternalTool[] = [
  {
    listing: {
      name: "add_tool",
      inputSchema: { type: "object", properties: { name: { type: "string" }, destructive: { type: "boolean" } } },
      annotations: { readOnlyHint: true },
    },
    async call(args, context) {
      const { name, destructive } = args as { name: string; destructive?: boolean };
      if (!context.session) return { content: [{ type: "text", text: "no session" }], isError: true };
      try {
        context.session.add(greeter(name, destructive ? { destructiveHint: true } : { readOnlyHint: true }));
      } catch (error) {
        return { content: [{ type: "text", text: (error as Error).message }], isError: true };
      }
      return { content: [{ type: "text", text: `added ${name}` }] };
    },
  },
  {
    listing: {
      name: "add_prompt",
      inputSchema: { type: "object", properties: { name: { type: "string" } } },
      annotations: { readOnlyHint: true },
    },
    async call(args, context) {
      const { name } = args as { name: string };
      try {
        context.session?.addPrompt({
          listing: { name, arguments: [{ name: "topic", required: true }] },
          async get(given) {
            return { messages: [{ role: "user", content: { type: "text", text: `${name} on ${given?.topic}` } }] };
          },
        });
        context.session?.addResource(`${name} notes`, {
          listing: { uri: `notes://${name}`, name: `${name} notes`, mimeType: "text/plain" },
          async read(uri: string) {
            return { contents: [{ uri, mimeType: "text/plain", text: `notes of ${name}` }] };
          },
        });
        context.session?.addResource(`${name} pages`, {
          listing: { uriTemplate: `pages://${name}/{page}`, name: `${name} pages` },
          match: (uri: string) => (uri.startsWith(`pages://${name}/`) ? { page: uri.slice(`pages://${name}/`.length) } : undefined),
          async read(uri: string, variables: Record<string, string | string[]>) {
            return { contents: [{ uri, text: `page ${String(variables.page)}` }] };
          },
        });
      } catch (error) {
        return { content: [{ type: "text", text: (error as Error).message }], isError: true };
      }
      return { content: [{ type: "text", text: `added ${name}` }] };
    },
  },
  {
    listing: {
      name: "drop_prompt",
      inputSchema: { type: "object", properties: { name: { type: "string" } } },
      annotations: { readOnlyHint: true },
    },
    async call(args, context) {
      const { name } = args as { name: string };
      const dropped = [
        context.session?.removePrompt(name),
        context.session?.removeResource(`${name} notes`),
        context.session?.removeResource(`${name} pages`),
      ];
      return { content: [{ type: "text", text: JSON.stringify(dropped) }] };
    },
  },
  {
    listing: {
      name: "remove_tool",
      inputSchema: { type: "object", properties: { name: { type: "string" } } },
      annotations: { readOnlyHint: true },
    },
    async call(args, context) {
      const { name } = args as { name: string };
      return { content: [{ type: "text", text: context.session?.remove(name) ? `removed ${name}` : `not found: ${name}` }] };
    },
  },
];

/** What the handler serves of its own, so it answers prompts and resources at all. */
const standing = definePrompt({ name: "standing", get: () => "Always here." });
const readme = defineResource({ name: "Readme", uri: "notes://readme", read: () => "read me" });

const servers: Server[] = [];
const handlers: McpHttpHandler[] = [];
let as: AuthorizationServer;
let open: URL;
let guarded: URL;

beforeAll(async () => {
  as = await startAuthorizationServer();
  const plain = await serveWith(() => {
    const handler = createMcpHttpHandler(INFO, [], { external: tools, prompts: [standing], resources: [readme] });
    handlers.push(handler);
    return (request) => handler.fetch(request);
  });
  const withAuth = await serveWith((resource) => {
    const handler = createMcpHttpHandler(INFO, [], {
      external: tools,
      auth: {
        verifier: createJwtVerifier({ issuer: as.issuer, audience: resource }),
        resource,
        authorizationServers: [as.issuer],
      },
    });
    handlers.push(handler);
    return (request) => handler.fetch(request);
  });
  servers.push(plain.server, withAuth.server);
  open = plain.url;
  guarded = withAuth.url;
}, 60_000);

afterAll(async () => {
  for (const handler of handlers) await handler.close();
  for (const server of servers) await server.close(true);
  await as?.close();
});

/** An SDK v1 client on a fresh session, counting the list_changed notifications it hears. */
async function session(url: URL, token?: string): Promise<{ client: Client; changes: () => number; heard: string[] }> {
  const client = new Client({ name: "session-tools-test", version: "1.0.0" });
  let changes = 0;
  const heard: string[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes++;
  });
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
    heard.push("prompts");
  });
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    heard.push("resources");
  });
  await client.connect(
    new StreamableHTTPClientTransport(url, token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
  );
  return { client, changes: () => changes, heard };
}

const textOf = (answer: unknown) => ((answer as { content: Array<{ text: string }> }).content[0] as { text: string }).text;
const namesOf = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition() && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("a 2025-11-25 session's own tools", () => {
  it("declares listChanged, lists an added tool after the set's, calls it, and forgets it once removed, telling the client each time", async () => {
    const { client, changes } = await session(open);
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    expect(await namesOf(client)).toEqual(["add_tool", "add_prompt", "drop_prompt", "remove_tool"]);
    expect(textOf(await client.callTool({ name: "add_tool", arguments: { name: "later" } }))).toBe("added later");
    await until(() => changes() === 1);
    expect(changes()).toBe(1);
    expect(await namesOf(client)).toEqual(["add_tool", "add_prompt", "drop_prompt", "remove_tool", "later"]);
    expect(textOf(await client.callTool({ name: "later", arguments: {} }))).toBe("hello from later");
    expect(textOf(await client.callTool({ name: "remove_tool", arguments: { name: "later" } }))).toBe("removed later");
    await until(() => changes() === 2);
    expect(changes()).toBe(2);
    expect(await namesOf(client)).toEqual(["add_tool", "add_prompt", "drop_prompt", "remove_tool"]);
    expect(await client.callTool({ name: "later", arguments: {} })).toEqual({
      content: [{ type: "text", text: 'Unknown session-tools tool: "later"' }],
      isError: true,
    });
    expect(textOf(await client.callTool({ name: "remove_tool", arguments: { name: "later" } }))).toBe("not found: later");
    expect(changes()).toBe(2);
    await client.close();
  });

  it("keeps an addition to its own session, and refuses a name already served in SDK v1's words", async () => {
    const first = await session(open);
    const second = await session(open);
    await first.client.callTool({ name: "add_tool", arguments: { name: "mine" } });
    expect(await namesOf(first.client)).toEqual(["add_tool", "add_prompt", "drop_prompt", "remove_tool", "mine"]);
    expect(await namesOf(second.client)).toEqual(["add_tool", "add_prompt", "drop_prompt", "remove_tool"]);
    expect(textOf(await second.client.callTool({ name: "remove_tool", arguments: { name: "mine" } }))).toBe("not found: mine");
    for (const name of ["mine", "add_tool"]) {
      expect(await first.client.callTool({ name: "add_tool", arguments: { name } })).toEqual({
        content: [{ type: "text", text: `Tool ${name} is already registered` }],
        isError: true,
      });
    }
    expect(second.changes()).toBe(0);
    await first.client.close();
    await second.client.close();
  });

  it("checks an added tool against the token's scopes by its annotations, as every external tool is", async () => {
    const reader = await as.token({ client: "alice", scope: "tools:read", resource: guarded.href });
    const { client } = await session(guarded, reader);
    expect(textOf(await client.callTool({ name: "add_tool", arguments: { name: "wipe", destructive: true } }))).toBe("added wipe");
    expect(textOf(await client.callTool({ name: "add_tool", arguments: { name: "peek" } }))).toBe("added peek");
    expect(textOf(await client.callTool({ name: "peek", arguments: {} }))).toBe("hello from peek");
    const refused = await client.callTool({ name: "wipe", arguments: {} }).then(
      () => "answered",
      (error: Error) => error.message,
    );
    expect(refused).toBe(
      'Streamable HTTP error: Error POSTing to endpoint: {"error":"insufficient_scope","error_description":"Calling wipe needs the scope tools:destructive"}',
    );
    // The same call sent raw on the session: 403 with the challenge naming the scope it needs.
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId as string;
    const answer = await fetch(guarded, {
      method: "POST",
      headers: {
        authorization: `Bearer ${reader}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "wipe", arguments: {} } }),
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("www-authenticate")).toContain('scope="tools:destructive"');
    await client.close();
  });
});

describe("a 2025-11-25 session's own prompts and resources", () => {
  it("lists, gets and reads what was added after the server's own, tells the client, keeps it to the session and drops it again", async () => {
    const first = await session(open);
    const second = await session(open);
    const { client, heard } = first;
    expect(client.getServerCapabilities()?.prompts).toEqual({ listChanged: true });
    expect(client.getServerCapabilities()?.resources).toEqual({ listChanged: true, subscribe: true });
    expect(textOf(await client.callTool({ name: "add_prompt", arguments: { name: "brief" } }))).toBe("added brief");
    await until(() => heard.length === 3);
    expect(heard).toEqual(["prompts", "resources", "resources"]);
    expect((await client.listPrompts()).prompts).toEqual([
      { name: "standing" },
      { name: "brief", arguments: [{ name: "topic", required: true }] },
    ]);
    expect((await client.listResources()).resources).toEqual([
      { uri: "notes://readme", name: "Readme" },
      { uri: "notes://brief", name: "brief notes", mimeType: "text/plain" },
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      { uriTemplate: "pages://brief/{page}", name: "brief pages" },
    ]);
    expect((await client.getPrompt({ name: "brief", arguments: { topic: "tides" } })).messages).toEqual([
      { role: "user", content: { type: "text", text: "brief on tides" } },
    ]);
    expect((await client.readResource({ uri: "notes://brief" })).contents).toEqual([
      { uri: "notes://brief", mimeType: "text/plain", text: "notes of brief" },
    ]);
    expect((await client.readResource({ uri: "pages://brief/intro" })).contents).toEqual([
      { uri: "pages://brief/intro", text: "page intro" },
    ]);
    expect((await second.client.listPrompts()).prompts).toEqual([{ name: "standing" }]);
    await expect(second.client.readResource({ uri: "notes://brief" })).rejects.toThrow('Resource not found: "notes://brief"');
    expect(textOf(await client.callTool({ name: "add_prompt", arguments: { name: "brief" } }))).toBe("Prompt brief is already registered");
    expect(textOf(await client.callTool({ name: "drop_prompt", arguments: { name: "brief" } }))).toBe("[true,true,true]");
    await until(() => heard.length === 6);
    expect((await client.listPrompts()).prompts).toEqual([{ name: "standing" }]);
    await expect(client.getPrompt({ name: "brief", arguments: { topic: "tides" } })).rejects.toThrow('Unknown prompt: "brief"');
    expect(textOf(await client.callTool({ name: "drop_prompt", arguments: { name: "brief" } }))).toBe("[false,false,false]");
    expect(second.heard).toEqual([]);
    await first.client.close();
    await second.client.close();
  });
});

describe("on 2026-07-28", () => {
  it("has no session, so an external tool gets no session list", async () => {
    const client = new ClientV2({ name: "session-tools-test", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new TransportV2(open));
    expect(client.getServerCapabilities()?.tools).toEqual({});
    expect(await client.callTool({ name: "add_tool", arguments: { name: "later" } })).toEqual({
      _meta: { "io.modelcontextprotocol/serverInfo": INFO },
      content: [{ type: "text", text: "no session" }],
      isError: true,
    });
    await client.close();
  });
});
