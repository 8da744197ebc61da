/**
 * The host matrix's toolkit row: the entries toToolkitTools builds, registered
 * on SDK v1's McpServer the way @nuxtjs/mcp-toolkit registers them (as
 * test/toolkit.test.ts does, without a Nuxt build), called by the SDK v1
 * client over SDK v1's in-memory pair.
 */
import { toolsFor } from "@agntn/tools";
import { toToolkitTools } from "@agntn/tools/toolkit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

export interface ToolkitDriver {
  call(id: string): Promise<unknown>;
  /** The tool names `tools/list` answers. */
  names(): Promise<string[]>;
  close(): Promise<void>;
}

export async function openToolkit(fixture: MatrixFixture = MATRIX): Promise<ToolkitDriver> {
  const server = new McpServer(fixture.MATRIX_SERVER);
  for (const { name, handler, ...config } of toToolkitTools(await toolsFor(fixture.tools))) {
    server.registerTool(name, { ...config, _meta: { ...config._meta } }, handler as never);
  }
  const client = new Client({ name: "matrix-client", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    async call(id) {
      const { tool, args } = callOf(fixture, id);
      return client.callTool({ name: tool, arguments: args });
    },
    async names() {
      return (await client.listTools()).tools.map((tool) => tool.name);
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}
