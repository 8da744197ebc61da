import { defineTool, ToolDefinitionError, Type } from "@agntn/tools";
import { callTool, createMcpHttpHandler, createMcpServer, listTools } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { describe, expect, test } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { progressTool } from "./fixtures/mcp-tools.ts";

const info = {
  name: "edges",
  version: "2.0.0",
  title: "Edge Cases",
  description: "A server card with every field.",
  icons: [{ src: "https://example.com/icon.svg", mimeType: "image/svg+xml", sizes: ["any"] }],
  websiteUrl: "https://example.com/edges",
};

const iconTool = defineTool({
  name: "card_show",
  title: "Show Card",
  description: "Shows a card.",
  effect: "destructive",
  idempotent: true,
  openWorld: true,
  icons: [{ src: "https://example.com/card.png", mimeType: "image/png", sizes: ["48x48"] }],
  meta: { ui: { resourceUri: "ui://card" }, "openai/extensions": { widget: true } },
  input: Type.Object({}),
  execute: () => ({ content: [{ type: "text", text: "shown" }] }),
});

describe("listing", () => {
  test("icons and _meta only when set, hints from effect, idempotent and openWorld", () => {
    const [card, slug] = listTools([iconTool, slugTool]).tools;
    expect(card).toEqual({
      name: "card_show",
      title: "Show Card",
      description: "Shows a card.",
      inputSchema: { type: "object", properties: {} },
      annotations: { title: "Show Card", readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
      icons: [{ src: "https://example.com/card.png", mimeType: "image/png", sizes: ["48x48"] }],
      _meta: { ui: { resourceUri: "ui://card" }, "openai/extensions": { widget: true } },
    });
    expect(slug).not.toHaveProperty("icons");
    expect(slug).not.toHaveProperty("_meta");
    expect(slug).not.toHaveProperty("outputSchema");
  });

  test("the server card goes out as written", async () => {
    const server = createMcpServer(info, [iconTool]);
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "t", version: "1" });
    await server.connect(a);
    await client.connect(b);
    expect(client.getServerVersion()).toEqual(info);
    expect((await client.listTools()).tools[0]?.icons).toEqual(iconTool.icons);
    await client.close();
  });
});

describe("duplicate names are refused on every entry point", () => {
  const twin = { ...slugTool };
  test.each([
    ["createMcpServer", () => createMcpServer(info, [slugTool, twin])],
    ["createMcpHttpHandler", () => createMcpHttpHandler(info, [slugTool, twin])],
    ["listTools", () => listTools([slugTool, twin])],
  ])("%s throws ToolDefinitionError", (_name, start) => {
    expect(start).toThrow(ToolDefinitionError);
    expect(start).toThrow('Duplicate tool name "text_slug": every tool in a list needs its own name');
  });

  test("callTool, which never throws, answers with the same line", async () => {
    expect(await callTool(info, [slugTool, twin], "text_slug", { text: "x" })).toEqual({
      content: [{ type: "text", text: 'Duplicate tool name "text_slug": every tool in a list needs its own name' }],
      isError: true,
    });
  });
});

test("a progress notification that fails to send goes to server.onerror, and the answer still arrives", async () => {
  const server = createMcpServer(info, [progressTool]);
  const errors: Error[] = [];
  server.onerror = (e) => errors.push(e);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  // A transport whose progress notifications fail, as a broken pipe would.
  const send = serverSide.send.bind(serverSide);
  serverSide.send = async (message, options) => {
    if ("method" in message && message.method === "notifications/progress") throw new Error("pipe broken");
    return send(message, options);
  };
  await server.connect(serverSide);
  const client = new Client({ name: "t", version: "1" });
  await client.connect(clientSide);
  const seen: unknown[] = [];
  const result = await client.callTool({ name: "fixture_progress", arguments: {} }, { onprogress: (p) => seen.push(p) });
  expect(result.content).toEqual([{ type: "text", text: "progress: sent" }]);
  expect(seen).toEqual([]);
  await expect.poll(() => errors.map((e) => e.message)).toEqual(["pipe broken", "pipe broken", "pipe broken"]);
  await client.close();
});
