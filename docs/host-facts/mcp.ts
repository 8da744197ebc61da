/**
 * The MCP panel: `createMcpServer` serving the tool, a real SDK v2 client
 * listing it and calling it over the in-memory pair.
 */
import type { AnyTool } from "@agntn/tools";
import { createMcpServer } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { measureOverMcp } from "./mcp-client.ts";
import { CONTENT_PROBE, type HostIntro, peerRange, propertyNames, toDisplayJson, type UnnumberedPanel } from "./panels.ts";

/** The panel header's host: its name in the site's navigation, and what it is. */
const INTRO: HostIntro = {
  name: "MCP",
  blurb: "The Model Context Protocol: any MCP client, from a chat app to an editor, lists the tools and calls them over stdio or HTTP.",
};

export async function mcpPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const server = createMcpServer({ name: "docs", version: "1.0.0" }, [tool, CONTENT_PROBE]);
  const client = new Client({ name: "docs-panel", version: "1.0.0" });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const { listed, failure, hints, content } = await measureOverMcp(client, tool);
    return {
      key: "mcp",
      header: INTRO,
      rows: [
        { label: "title", value: String(listed.title) },
        { label: "hints", value: hints, accent: true },
        { label: "inputSchema", value: propertyNames(listed.inputSchema) },
        { label: "failure", value: failure },
      ],
      registration: toDisplayJson(listed),
      fields: { name: "name", label: "title", schema: "inputSchema", effect: "annotations", prompt: null, run: null },
      import: 'import { createMcpServer } from "@agntn/tools/mcp";',
      peer: { name: "@modelcontextprotocol/server", range: peerRange("@modelcontextprotocol/server") },
      failure,
      content,
    };
  } finally {
    await client.close();
    await server.close();
  }
}
