/**
 * Tools with views (MCP Apps) on every MCP face this package builds:
 * createMcpServer over the SDK's in-memory pair, createMcpHttpHandler and
 * h3's registerMcpRoute on loopback ports, each called by the real SDK v2
 * client on both revisions, once declaring the extension
 * (`io.modelcontextprotocol/ui`) and once not. The built Nuxt route is
 * tested the same way in test/nuxt-apps.test.ts.
 */

import { registerMcpRoute } from "@agntn/tools/h3";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { H3, serve as serveH3 } from "h3";
import { serve } from "srvx";
import { afterAll, describe, expect, it } from "vitest";
import { APP_SERVER, barsTool, cardTool, refreshTool, seen, tools } from "./fixtures/app-tools.ts";
import { describeViews, type Face, httpFace, newClient } from "./helpers/app-faces.ts";

async function memoryFace(): Promise<Face> {
  const servers: ReturnType<typeof createMcpServer>[] = [];
  return {
    async connect(_revision, apps) {
      const server = createMcpServer(APP_SERVER, tools);
      servers.push(server);
      const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = newClient("2025-11-25", apps);
      await client.connect(clientSide);
      return client;
    },
    async stop() {
      for (const server of servers) await server.close();
    },
  };
}

async function handlerFace(): Promise<Face> {
  const handler = createMcpHttpHandler(APP_SERVER, tools);
  const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
  await server.ready();
  return httpFace(new URL("/mcp", server.url), async () => {
    await handler.close();
    await server.close(true);
  });
}

async function h3Face(): Promise<Face> {
  const app = new H3();
  const route = registerMcpRoute(app, APP_SERVER, tools);
  const server = serveH3(app, { port: 0, hostname: "127.0.0.1", silent: true });
  await server.ready();
  return httpFace(new URL("/mcp", server.url), async () => {
    await route.close();
    await server.close(true);
  });
}

describeViews([
  { face: "createMcpServer, in-memory pair", revision: "2025-11-25", start: memoryFace },
  { face: "createMcpHttpHandler", revision: "2025-11-25", start: handlerFace },
  { face: "createMcpHttpHandler", revision: "2026-07-28", start: handlerFace },
  { face: "h3 registerMcpRoute", revision: "2025-11-25", start: h3Face },
  { face: "h3 registerMcpRoute", revision: "2026-07-28", start: h3Face },
]);

describe("a server with views refuses, at start-up, a view it cannot serve", () => {
  const info = { name: "broken", version: "1.0.0" };
  const withFile = (file: string | URL) => ({ ...barsTool, ui: { file } });

  it.each([
    ["a file that is not there", "/nowhere/view.html", 'app_bars: ui.file "/nowhere/view.html" could not be read (ENOENT)'],
    ["a directory", new URL("./fixtures/app-views/", import.meta.url), "could not be read (EISDIR)"],
    [
      "a Vue component",
      new URL("./fixtures/app-views/Card.vue", import.meta.url),
      "is a Vue component: bundle it into one document first (await bundleViews(tools) from @agntn/tools/views, or its esbuild or Vite plugin)",
    ],
  ])("%s: one line from createMcpServer and createMcpHttpHandler", (_case, file, line) => {
    expect(() => createMcpServer(info, [withFile(file)])).toThrow(line);
    expect(() => createMcpHttpHandler(info, [withFile(file)])).toThrow(line);
  });

  it("reads a file once per definition, however many servers serve it", () => {
    const once = withFile(new URL("./fixtures/app-views/bars.html", import.meta.url));
    createMcpServer(info, [once]);
    createMcpServer(info, [once, cardTool]);
    expect(createMcpServer(info, [refreshTool])).toBeDefined();
  });
});

describe("a server without views", () => {
  it("declares neither resources nor the extension, and lists tools as before", async () => {
    const server = createMcpServer(APP_SERVER, [{ ...cardTool, ui: undefined }]);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = newClient("2025-11-25", true);
    await client.connect(clientSide);
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.resources).toBeUndefined();
    expect(capabilities?.extensions).toBeUndefined();
    expect((await client.listTools()).tools[0]?._meta).toEqual({ "example.com/owner": "tests" });
    await client.close();
    await server.close();
  });
});

describe("a view's call passes the same authorization as any call", () => {
  let stop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await stop?.();
  });

  /** createMcpHttpHandler with `auth`: the token names its scopes (`reader` reads, `writer` writes). */
  async function guarded(): Promise<URL> {
    const verifier = {
      verifyAccessToken: async (token: string) => ({
        token,
        clientId: `${token}-client`,
        scopes: token === "writer" ? ["tools:write"] : ["tools:read"],
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
        resource: new URL(resource),
      }),
    };
    const handler = createMcpHttpHandler(APP_SERVER, tools, {
      auth: { verifier, resource: "http://127.0.0.1/mcp", authorizationServers: ["https://issuer.example.com"] },
      allowedHosts: "any",
    });
    const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
    await server.ready();
    stop = async () => {
      await handler.close();
      await server.close(true);
    };
    return new URL("/mcp", server.url);
  }
  const resource = "http://127.0.0.1/mcp";

  it.each(["2025-11-25", "2026-07-28"] as const)(
    "on %s: a read-only token cannot run the writing tool only views call; a writing one can, and the middleware sees its caller",
    async (revision) => {
      const url = await guarded();
      const as = async (token: string) => {
        const client = newClient(revision, true);
        await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
        return client;
      };
      seen.length = 0;
      const reader = await as("reader");
      await expect(reader.callTool({ name: "app_refresh", arguments: {} })).rejects.toThrow(/^Insufficient scope: required "tools:write"/);
      expect((await reader.readResource({ uri: "ui://app_card/view.html" })).contents).toHaveLength(1);
      const writer = await as("writer");
      expect((await writer.callTool({ name: "app_refresh", arguments: {} })).content).toEqual([{ type: "text", text: "refreshed" }]);
      expect(seen).toEqual(["app_refresh on mcp for writer-client"]);
      await reader.close();
      await writer.close();
      await stop?.();
      stop = undefined;
    },
  );
});
