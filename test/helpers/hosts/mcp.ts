/**
 * The host matrix's MCP rows, through the testing kit (src/testing/hosts/mcp.ts):
 * createMcpServer on an in-memory pair, and createMcpHttpHandler reached by the
 * real SDK v2 client. A call answers with the `tools/call` result exactly as the
 * client returns it, `_meta` included. The built Nuxt app, which the kit has no
 * face for, is reached the same way over a loopback port (httpDriver).
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { callOf, MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

export type Revision = "2025-11-25" | "2026-07-28";

export interface McpDriver {
  call(id: string): Promise<unknown>;
  /** The tool names `tools/list` answers now. */
  names(): Promise<string[]>;
  close(): Promise<void>;
}

async function kitDriver(name: "mcp" | `mcp-http@${Revision}`, fixture: MatrixFixture): Promise<McpDriver> {
  const driver = await openKitHost(name, fixture);
  return { ...driver, names: async () => (await driver.names()) ?? [] };
}

/** createMcpServer connected to the SDK v2 client over `InMemoryTransport.createLinkedPair()` (2025-11-25). */
export const openMcpMemory = (fixture: MatrixFixture = MATRIX): Promise<McpDriver> => kitDriver("mcp", fixture);

/** createMcpHttpHandler, the SDK v2 client over Streamable HTTP on the revision asked for. */
export const openMcpHttp = (revision: Revision, fixture: MatrixFixture = MATRIX): Promise<McpDriver> =>
  kitDriver(`mcp-http@${revision}`, fixture);

/** The SDK v2 client connected over Streamable HTTP to `url` on the revision asked for; `stop` closes what serves it. */
export async function httpDriver(
  url: URL,
  revision: Revision,
  stop: () => Promise<void>,
  fixture: MatrixFixture = MATRIX,
): Promise<McpDriver> {
  const client = new Client(
    { name: "matrix-client", version: "1.0.0" },
    revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(url));
  if (client.getNegotiatedProtocolVersion() !== revision) throw new Error(`negotiated ${client.getNegotiatedProtocolVersion()}`);
  return {
    async call(id) {
      const { tool, args } = callOf(fixture, id);
      return client.callTool({ name: tool, arguments: args });
    },
    names: async () => (await client.listTools()).tools.map((tool) => tool.name),
    close: async () => {
      await client.close();
      await stop();
    },
  };
}
