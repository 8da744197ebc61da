/**
 * Connects a real SDK v2 client to a tool list in each way the MCP host is
 * served: an in-memory pair and Streamable HTTP on a loopback port, each on
 * both protocol revisions (2025-11-25 and 2026-07-28).
 */
import type { AnyTool, ServerInfo } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer, type McpServerOptions } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { serve } from "srvx";

export type Mode = "memory-2025" | "memory-2026" | "http-2025" | "http-2026";
export const MODES: Mode[] = ["memory-2025", "memory-2026", "http-2025", "http-2026"];

export type ElicitHandler = (params: { message: string; requestedSchema: unknown }) => Promise<unknown> | unknown;

export interface Connected {
  client: Client;
  /** Errors the server reported out of band (failed notifications and the like). */
  serverErrors: Error[];
  close(): Promise<void>;
}

export type SampleHandler = (params: Record<string, unknown>) => Promise<unknown> | unknown;

export interface ConnectOptions {
  /** Declare form elicitation and answer each form with this handler. */
  elicit?: ElicitHandler;
  /** Declare sampling and answer each `sampling/createMessage` with this handler. */
  sample?: SampleHandler;
  /** Manual multi round-trip on 2026: input_required comes back to the test. */
  manualRounds?: boolean;
  /** Options for the server (resources, prompts, cache hints, …), given to each face alike. */
  server?: McpServerOptions;
}

function makeClient(mode: Mode, options: ConnectOptions): Client {
  const modern = mode.endsWith("2026");
  const client = new Client({ name: "agntn-test", version: "1.0.0" }, {
    capabilities: { ...(options.elicit ? { elicitation: { form: {} } } : {}), ...(options.sample ? { sampling: {} } : {}) },
    ...(modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
    ...(options.manualRounds ? { inputRequired: { autoFulfill: false } } : {}),
  } as ConstructorParameters<typeof Client>[1]);
  const elicit = options.elicit;
  if (elicit) {
    client.setRequestHandler("elicitation/create", async (request) => (await elicit(request.params as never)) as never);
  }
  const sample = options.sample;
  if (sample) {
    client.setRequestHandler("sampling/createMessage", async (request) => (await sample(request.params as never)) as never);
  }
  return client;
}

export async function connect(mode: Mode, info: ServerInfo, tools: readonly AnyTool[], options: ConnectOptions = {}): Promise<Connected> {
  const serverErrors: Error[] = [];
  const client = makeClient(mode, options);
  if (mode === "memory-2025") {
    const server = createMcpServer(info, tools, options.server);
    server.onerror = (e) => serverErrors.push(e);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    return {
      client,
      serverErrors,
      close: async () => {
        await client.close();
        await server.close();
      },
    };
  }
  if (mode === "memory-2026") {
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    const handle = serveStdio(
      () => {
        const server = createMcpServer(info, tools, options.server);
        server.onerror = (e) => serverErrors.push(e);
        return server;
      },
      { transport: serverSide, onerror: (e) => serverErrors.push(e) },
    );
    await client.connect(clientSide);
    return {
      client,
      serverErrors,
      close: async () => {
        await client.close();
        await handle.close();
      },
    };
  }
  const handler = createMcpHttpHandler(info, tools, { ...options.server, onerror: (e) => serverErrors.push(e) });
  const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
  await server.ready();
  const url = new URL("/mcp", server.url);
  await client.connect(new StreamableHTTPClientTransport(url));
  return {
    client,
    serverErrors,
    close: async () => {
      await client.close();
      await handler.close();
      await server.close(true);
    },
  };
}
