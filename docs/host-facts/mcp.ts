/**
 * The MCP panel: `createMcpServer` serving the tool, a real SDK v2 client
 * listing it and calling it over the in-memory pair. Its resources-and-prompts
 * fact asks a server built by each face that runs in this process
 * (`createMcpServer` in memory, `createMcpHttpHandler` and h3's
 * `registerMcpRoute` over their `fetch`) whether it serves them.
 */
import type { AnyTool } from "@agntn/tools";
import { registerMcpRoute } from "@agntn/tools/h3";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { H3 } from "h3";
import { measureOverMcp } from "./mcp-client.ts";
import {
  CATALOG_PROBE,
  CONTENT_PROBE,
  catalogServed,
  type HostIntro,
  peerRange,
  propertyNames,
  toDisplayJson,
  type UnnumberedPanel,
} from "./panels.ts";

/** The panel header's host: its name in the site's navigation, and what it is. */
const INTRO: HostIntro = {
  name: "MCP",
  blurb: "The Model Context Protocol: any MCP client, from a chat app to an editor, lists the tools and calls them over stdio or HTTP.",
};

const INFO = { name: "docs", version: "1.0.0" };

/**
 * An SDK v2 client of an HTTP face, through the face's own `fetch`: nothing
 * listens on a port. A `Request` made here has no `Host` header (a server
 * reads it off the socket), so it is set as a client on the loopback sends it.
 */
async function overFetch(face: string, fetch: (request: Request) => Promise<Response>): Promise<void> {
  const client = new Client({ name: "docs-panel", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: (url, init) => {
      const request = new Request(url, init);
      request.headers.set("host", new URL(request.url).host);
      return fetch(request);
    },
  });
  await client.connect(transport);
  try {
    await catalogServed(face, client);
  } finally {
    await client.close();
  }
}

/**
 * Each MCP face given the probe's resource and prompt, asked by a client:
 * it declares both capabilities and lists both. The Nuxt route is this
 * package's HTTP handler too, inside a Nuxt app that cannot be built here;
 * test/nuxt-conformance.test.ts runs the conformance suite's resources,
 * prompts and completion scenarios against a built one
 * (`agntnTools.resources` and `agntnTools.prompts`).
 */
async function catalogFact(tool: AnyTool): Promise<string> {
  const server = createMcpServer(INFO, [tool], CATALOG_PROBE);
  const client = new Client({ name: "docs-panel", version: "1.0.0" });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    await catalogServed("createMcpServer", client);
  } finally {
    await client.close();
    await server.close();
  }
  const handler = createMcpHttpHandler(INFO, [tool], CATALOG_PROBE);
  try {
    await overFetch("createMcpHttpHandler", (request) => handler.fetch(request));
  } finally {
    await handler.close();
  }
  const app = new H3();
  const route = registerMcpRoute(app, INFO, [tool], CATALOG_PROBE);
  try {
    await overFetch("h3's registerMcpRoute", (request) => Promise.resolve(app.fetch(request)));
  } finally {
    await route.close();
  }
  return "yes: createMcpServer, createMcpHttpHandler, h3 and the Nuxt route serve them";
}

export async function mcpPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const catalog = await catalogFact(tool);
  const server = createMcpServer(INFO, [tool, CONTENT_PROBE]);
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
      catalog,
    };
  } finally {
    await client.close();
    await server.close();
  }
}
