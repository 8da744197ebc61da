/**
 * The host matrix's MCP rows: createMcpServer on an in-memory pair, and
 * createMcpHttpHandler on a loopback port, each called by the real SDK v2
 * client. A call answers with the `tools/call` result exactly as the client
 * returns it, `_meta` included.
 */
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { serve } from "srvx";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

export type Revision = "2025-11-25" | "2026-07-28";

export interface McpDriver {
  call(id: string): Promise<unknown>;
  /** The tool names `tools/list` answers now. */
  names(): Promise<string[]>;
  close(): Promise<void>;
}

export function mcpClient(revision: Revision): Client {
  return new Client(
    { name: "matrix-client", version: "1.0.0" },
    revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {},
  );
}

/** Calls one case the way a client names a tool: `tools/call` with the case's name and arguments. */
export function callerOf(client: Client, fixture: MatrixFixture = MATRIX): McpDriver["call"] {
  return async (id) => {
    const { tool, args } = callOf(fixture, id);
    return client.callTool({ name: tool, arguments: args });
  };
}

/** The names of the tools a client is listed now. */
export function namesOf(client: Client): McpDriver["names"] {
  return async () => (await client.listTools()).tools.map((tool) => tool.name);
}

/** createMcpServer connected to the SDK v2 client over `InMemoryTransport.createLinkedPair()` (2025-11-25). */
export async function openMcpMemory(fixture: MatrixFixture = MATRIX): Promise<McpDriver> {
  const server = createMcpServer(fixture.MATRIX_SERVER, fixture.tools);
  const client = mcpClient("2025-11-25");
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    call: callerOf(client, fixture),
    names: namesOf(client),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The SDK v2 client connected over Streamable HTTP to `url` on the revision asked for; `stop` closes what serves it. */
export async function httpDriver(
  url: URL,
  revision: Revision,
  stop: () => Promise<void>,
  fixture: MatrixFixture = MATRIX,
): Promise<McpDriver> {
  const client = mcpClient(revision);
  await client.connect(new StreamableHTTPClientTransport(url));
  if (client.getNegotiatedProtocolVersion() !== revision) throw new Error(`negotiated ${client.getNegotiatedProtocolVersion()}`);
  return {
    call: callerOf(client, fixture),
    names: namesOf(client),
    close: async () => {
      await client.close();
      await stop();
    },
  };
}

/** createMcpHttpHandler served by srvx on 127.0.0.1, the SDK v2 client over Streamable HTTP on the revision asked for. */
export async function openMcpHttp(revision: Revision, fixture: MatrixFixture = MATRIX): Promise<McpDriver> {
  const handler = createMcpHttpHandler(fixture.MATRIX_SERVER, fixture.tools);
  const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
  await server.ready();
  return httpDriver(
    new URL("/mcp", server.url),
    revision,
    async () => {
      await handler.close();
      await server.close(true);
    },
    fixture,
  );
}
