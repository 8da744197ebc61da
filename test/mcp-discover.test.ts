/**
 * `server/discover` (2026-07-28) on the HTTP faces, which serve both eras on
 * one URL: the answer names 2026-07-28 and then every 2025-era revision the
 * same URL accepts at `initialize`, and capabilities that say what this
 * endpoint serves, no more. Raw JSON-RPC over fetch for the exact bodies, the
 * SDK v2 client for what a client keeps of them, on a real loopback server.
 */
import { createToolList, definePrompt, defineResource, Type } from "@agntn/tools";
import { createMcpRoute } from "@agntn/tools/h3";
import { createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { H3, serve as serveH3 } from "h3";
import { type Server, serve } from "srvx";
import { afterAll, describe, expect, it } from "vitest";
import { reportTool as report, shoutTool as shout } from "./fixtures/nuxt-registry/server/agent/tools.ts";
import { post2026 } from "./helpers/raw-2026.ts";

const MODERN = "2026-07-28";
const EVERY_REVISION = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"];
const INFO = { name: "discover-demo", version: "2.1.0" };

const readme = defineResource({ name: "Readme", uri: "file:///readme.md", mimeType: "text/markdown", read: () => "# Hi\n" });
const review = definePrompt({
  name: "review",
  description: "Asks for a review.",
  arguments: Type.Object({ topic: Type.String() }),
  get: ({ topic }) => `Review ${topic}.`,
});

const started: Array<{ close(): Promise<unknown> }> = [];

afterAll(async () => {
  for (const one of started.reverse()) await one.close();
});

/** A handler served on loopback at /mcp (srvx, as a fetch handler is served on Node, Bun or Deno). */
async function serveHandler(handler: McpHttpHandler): Promise<URL> {
  const server: Server = serve({ port: 0, hostname: "127.0.0.1", silent: true, fetch: (request) => handler.fetch(request) });
  await server.ready();
  started.push(handler, server);
  return new URL("/mcp", server.url);
}

/** An `initialize` naming `revision`: the revision the answer agreed to. */
async function initializeAt(url: URL, revision: string): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: "old-client", version: "1.0.0" } },
    }),
  });
  const text = await response.text();
  const data = text.split("\n").find((line) => line.startsWith("data: "));
  const message = JSON.parse(data ? data.slice(6) : text) as { result?: { protocolVersion?: string } };
  return message.result?.protocolVersion;
}

describe("createMcpHttpHandler answers server/discover", () => {
  it("with 2026-07-28 and every 2025-era revision it serves, tools and logging, and who it is", async () => {
    const url = await serveHandler(createMcpHttpHandler(INFO, [shout]));
    expect(await post2026(url, "server/discover", 7)).toEqual({
      status: 200,
      body: {
        jsonrpc: "2.0",
        id: 7,
        result: {
          resultType: "complete",
          supportedVersions: EVERY_REVISION,
          capabilities: { tools: {}, logging: {} },
          ttlMs: 0,
          cacheScope: "private",
          _meta: { "io.modelcontextprotocol/serverInfo": { name: "discover-demo", version: "2.1.0" } },
        },
      },
    });
  });

  it("names only revisions the same URL really accepts: each 2025-era one is agreed to at initialize", async () => {
    const url = await serveHandler(createMcpHttpHandler(INFO, [shout]));
    const agreed: unknown[] = [];
    for (const revision of EVERY_REVISION.slice(1)) agreed.push(await initializeAt(url, revision));
    expect(agreed).toEqual(EVERY_REVISION.slice(1));
  });

  it("adds resources, prompts and the Tasks extension only where the endpoint serves them", async () => {
    const url = await serveHandler(createMcpHttpHandler(INFO, [shout, report], { resources: [readme], prompts: [review] }));
    const { body } = (await post2026(url, "server/discover", 1)) as { body: { result: Record<string, unknown> } };
    expect(body.result.supportedVersions).toEqual(EVERY_REVISION);
    expect(body.result.capabilities).toEqual({
      tools: {},
      logging: {},
      resources: { subscribe: true },
      prompts: {},
      extensions: { "io.modelcontextprotocol/tasks": {} },
    });
  });

  it("says tools.listChanged for a list that changes while it runs", async () => {
    const list = createToolList([shout]);
    const url = await serveHandler(createMcpHttpHandler(INFO, list));
    const { body } = (await post2026(url, "server/discover", 1)) as { body: { result: Record<string, unknown> } };
    expect(body.result.capabilities).toEqual({ tools: { listChanged: true }, logging: {} });
  });

  it("is what the SDK v2 client keeps when it connects on 2026-07-28, and a 2025-11-25 client still connects", async () => {
    const url = await serveHandler(createMcpHttpHandler(INFO, [shout], { instructions: "Shout politely." }));
    const modern = new Client({ name: "modern", version: "1.0.0" }, { versionNegotiation: { mode: { pin: MODERN } } });
    await modern.connect(new StreamableHTTPClientTransport(url));
    started.push(modern);
    expect(modern.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(modern.getDiscoverResult()).toEqual({
      resultType: "complete",
      supportedVersions: EVERY_REVISION,
      capabilities: { tools: {}, logging: {} },
      instructions: "Shout politely.",
      ttlMs: 0,
      cacheScope: "private",
      _meta: { "io.modelcontextprotocol/serverInfo": { name: "discover-demo", version: "2.1.0" } },
    });
    expect(modern.getServerVersion()).toEqual({ name: "discover-demo", version: "2.1.0" });
    const legacy = new Client({ name: "legacy", version: "1.0.0" });
    await legacy.connect(new StreamableHTTPClientTransport(url));
    started.push(legacy);
    expect(legacy.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    expect((await legacy.listTools()).tools.map((tool) => tool.name)).toEqual(["text_shout"]);
  });

  it("says the same without sessions, where 2025 requests are answered one by one", async () => {
    const url = await serveHandler(createMcpHttpHandler(INFO, [shout], { sessions: false }));
    const { body } = (await post2026(url, "server/discover", 1)) as { body: { result: Record<string, unknown> } };
    expect([body.result.supportedVersions, body.result.capabilities]).toEqual([EVERY_REVISION, { tools: {}, logging: {} }]);
  });
});

describe("h3's createMcpRoute answers server/discover", () => {
  it("as createMcpHttpHandler does", async () => {
    const app = new H3();
    const route = createMcpRoute(INFO, [shout]);
    app.all("/mcp", route);
    const server = serveH3(app, { port: 0, hostname: "127.0.0.1", silent: true });
    await server.ready();
    started.push(route, server);
    const { body } = (await post2026(new URL("/mcp", server.url), "server/discover", 3)) as { body: { result: Record<string, unknown> } };
    expect([body.result.supportedVersions, body.result.capabilities]).toEqual([EVERY_REVISION, { tools: {}, logging: {} }]);
  });
});
