/**
 * A tool list that changes while the server runs (`createToolList`): the
 * list's own rules, then a real SDK v2 client on every MCP face and revision
 * (an in-memory pair and Streamable HTTP on loopback, 2025-11-25 and
 * 2026-07-28) hearing `tools/list_changed` (on its 2025 session's stream, or
 * its 2026 `subscriptions/listen`), listing what was added, calling it, and
 * getting the unknown-tool line once it is removed. A call already running
 * finishes on the definition it started with; an added tool is held to the
 * token's scopes like any other.
 */
import { type AnyTool, createToolList, defineTool, ToolDefinitionError, Type } from "@agntn/tools";
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { serve } from "srvx";
import { afterEach, describe, expect, it } from "vitest";
import { type Connected, connect, MODES } from "./helpers/mcp-clients.ts";

const INFO = { name: "plugins", version: "1.0.0" };

function textTool(name: string, text: string, effect: "read" | "write" = "read"): AnyTool {
  return defineTool({
    name,
    title: name,
    description: `Answers ${text}.`,
    effect,
    input: Type.Object({}, { additionalProperties: false }),
    execute: () => ({ content: [{ type: "text", text }] }),
  });
}

const textOf = (result: unknown) => (result as { content: Array<{ text: string }> }).content.map((block) => block.text).join("\n");

describe("createToolList", () => {
  it("adds, replaces and removes, each change a new frozen list", () => {
    const list = createToolList([textTool("alpha", "a")]);
    const first = list.tools;
    list.add(textTool("beta", "b"));
    expect(list.tools.map((tool) => tool.name)).toEqual(["alpha", "beta"]);
    expect(first.map((tool) => tool.name)).toEqual(["alpha"]);
    expect(Object.isFrozen(list.tools)).toBe(true);
    list.replace(textTool("alpha", "a2"));
    expect(list.tools.map((tool) => tool.description)).toEqual(["Answers a2.", "Answers b."]);
    expect(list.remove("alpha")).toBe(true);
    expect(list.remove("alpha")).toBe(false);
    expect(list.tools.map((tool) => tool.name)).toEqual(["beta"]);
  });

  it("refuses a duplicate, a broken tool, a replacement of nothing and a view, each in one line, and stays as it was", () => {
    const list = createToolList([textTool("alpha", "a")]);
    const heard: string[] = [];
    list.subscribe(() => heard.push("changed"));
    expect(() => list.add(textTool("alpha", "again"))).toThrow('Duplicate tool name "alpha": every tool in a list needs its own name');
    expect(() => list.add({ ...textTool("beta", "b"), effect: "maybe" } as never)).toThrow(
      'beta: effect must be "read", "write" or "destructive", got "maybe"',
    );
    expect(() => list.replace(textTool("gamma", "g"))).toThrow('No tool named "gamma" to replace; add it instead');
    expect(() => list.add({ ...textTool("viewer", "v"), ui: { html: "<p>hi</p>" } } as never)).toThrow(
      '"viewer" cannot be added while the server runs: it has a view (ui), whose resource would not reach clients already connected; put it in the starting list',
    );
    expect(list.tools.map((tool) => tool.name)).toEqual(["alpha"]);
    expect(heard).toEqual([]);
  });

  it("a listener that throws stops neither the change nor the other listeners", () => {
    const list = createToolList();
    const heard: string[] = [];
    list.subscribe(() => {
      throw new Error("broken listener");
    });
    list.subscribe(() => heard.push(list.tools.map((tool) => tool.name).join()));
    list.add(textTool("alpha", "a"));
    expect(heard).toEqual(["alpha"]);
  });
});

const open: Connected[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((one) => one.close()));
});

describe.each(MODES)("a changing list, %s", (mode) => {
  const modern = mode.endsWith("2026");

  async function connected(list: ReturnType<typeof createToolList>) {
    const one = await connect(mode, INFO, list as never);
    open.push(one);
    const heard: string[] = [];
    one.client.setNotificationHandler("notifications/tools/list_changed", () => {
      heard.push("tools/list_changed");
    });
    if (modern) {
      const listen = await one.client.listen({ toolsListChanged: true });
      expect(listen.honoredFilter).toEqual({ toolsListChanged: true });
    }
    return { client: one.client, heard };
  }

  it("declares tools.listChanged, tells the client of each change, and serves the list as it is now", async () => {
    const list = createToolList([textTool("alpha", "a")]);
    const { client, heard } = await connected(list);
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["alpha"]);
    list.add(textTool("beta", "b"));
    await expect.poll(() => heard.length).toBe(1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["alpha", "beta"]);
    expect(textOf(await client.callTool({ name: "beta", arguments: {} }))).toBe("b");
    list.remove("beta");
    await expect.poll(() => heard.length).toBe(2);
    const { content, isError } = await client.callTool({ name: "beta", arguments: {} });
    expect({ content, isError }).toEqual({ content: [{ type: "text", text: 'Unknown plugins tool: "beta"' }], isError: true });
  });

  it("a call already running finishes on the definition it started with; the next call gets the new one", async () => {
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running: () => void = () => {};
    const isRunning = new Promise<void>((resolve) => {
      running = resolve;
    });
    const slow = defineTool({
      name: "slow",
      title: "Slow",
      description: "Answers the first version, slowly.",
      effect: "read",
      input: Type.Object({}, { additionalProperties: false }),
      execute: async () => {
        running();
        await started;
        return { content: [{ type: "text", text: "version 1" }] };
      },
    });
    const list = createToolList([slow]);
    const { client } = await connected(list);
    const call = client.callTool({ name: "slow", arguments: {} });
    await isRunning;
    list.replace(textTool("slow", "version 2"));
    release();
    expect(textOf(await call)).toBe("version 1");
    expect(textOf(await client.callTool({ name: "slow", arguments: {} }))).toBe("version 2");
  });
});

describe("a changing list on createMcpHttpHandler", () => {
  it("refuses a change the handler could not serve: a name one of its external tools holds", () => {
    const list = createToolList([textTool("alpha", "a")]);
    const handler = createMcpHttpHandler(INFO, list, {
      external: [{ listing: { name: "beta", inputSchema: { type: "object" } }, call: async () => ({ content: [] }) }],
    });
    expect(() => list.add(textTool("beta", "b"))).toThrow(new ToolDefinitionError('Duplicate tool name: "beta"'));
    expect(list.tools.map((tool) => tool.name)).toEqual(["alpha"]);
    void handler.close();
  });

  it("holds an added tool to the token's scopes, on a session opened before it was added", async () => {
    const list = createToolList([textTool("alpha", "a")]);
    let handler: ReturnType<typeof createMcpHttpHandler> | undefined;
    const server = serve({
      port: 0,
      hostname: "127.0.0.1",
      silent: true,
      fetch: (request) => (handler as NonNullable<typeof handler>).fetch(request),
    });
    await server.ready();
    const url = new URL("/mcp", server.url);
    handler = createMcpHttpHandler(INFO, list, {
      auth: {
        verifier: {
          verifyAccessToken: async (token: string) => ({
            token,
            clientId: "reader",
            scopes: ["tools:read"],
            resource: url,
            expiresAt: Math.floor(Date.now() / 1000) + 3600,
          }),
        },
        resource: url,
        authorizationServers: ["https://issuer.example"],
      },
    });
    const client = new ClientV1({ name: "reader", version: "1.0.0" });
    try {
      await client.connect(new HttpV1(url, { requestInit: { headers: { authorization: "Bearer reader-token" } } }));
      list.add(textTool("wipe", "wiped", "write"));
      const refused = await client.callTool({ name: "wipe", arguments: {} }).then(
        () => "answered",
        (error: Error) => error.message,
      );
      expect(refused).toBe(
        'Streamable HTTP error: Error POSTing to endpoint: {"error":"insufficient_scope","error_description":"Calling wipe needs the scope tools:write"}',
      );
      expect(textOf(await client.callTool({ name: "alpha", arguments: {} }))).toBe("a");
    } finally {
      await client.close();
      await handler.close();
      await server.close(true);
    }
  });
});

describe("the MCP page's plugin example", () => {
  it("loadPlugin adds the plugin's tool: an open session hears of it, lists it and calls it; loading it twice is refused", async () => {
    const { handler, list, loadPlugin } = await import("../docs/examples/mcp-plugins.ts");
    const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
    await server.ready();
    const client = new ClientV1({ name: "plugins", version: "1.0.0" });
    const heard: string[] = [];
    try {
      await client.connect(new HttpV1(new URL("/mcp", server.url)));
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        heard.push("tools/list_changed");
      });
      const before = (await client.listTools()).tools.map((tool) => tool.name);
      const plugin = new URL("../docs/examples/mcp-plugin-echo.ts", import.meta.url);
      await loadPlugin(plugin);
      await expect.poll(() => heard).toEqual(["tools/list_changed"]);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([...before, "echo"]);
      expect(textOf(await client.callTool({ name: "echo", arguments: { text: "hello" } }))).toBe("hello");
      await expect(loadPlugin(plugin)).rejects.toThrow('Duplicate tool name "echo": every tool in a list needs its own name');
      expect(list.tools.filter((tool) => tool.name === "echo").length).toBe(1);
    } finally {
      await client.close();
      await handler.close();
      await server.close(true);
    }
  });
});
