/**
 * The MCP faces: createMcpServer on an in-memory pair (2025-11-25), and
 * createMcpHttpHandler reached through the real SDK v2 client over
 * Streamable HTTP, on the revision asked for. The client's `fetch` calls the
 * handler directly, so no port is opened; every byte still goes through the
 * handler's HTTP path. A call answers with the `tools/call` result exactly
 * as the client returns it.
 */
import { toolsFor } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import type { HostModule, HostOptions, HostSession } from "../types.ts";
import { callOf } from "./call.ts";
import { blockText } from "./read.ts";

export type Revision = "2025-11-25" | "2026-07-28";

/** The SDK v2 client, pinned to 2026-07-28 when asked (it offers 2025-11-25 by default). */
export function mcpClient(revision: Revision, capabilities: Record<string, unknown> = {}): Client {
  const pin = revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {};
  return new Client({ name: "agntn-testing", version: "1.0.0" }, { capabilities, ...pin });
}

/** The session of a connected client: `tools/call` for each named call, `tools/list` for the names. */
export function clientSession(client: Client, options: HostOptions, stop: () => Promise<void>): HostSession {
  return {
    async call(id) {
      const { tool, args = {} } = callOf(options, id);
      return client.callTool({ name: tool, arguments: args });
    },
    names: async () => (await client.listTools()).tools.map((tool) => tool.name),
    async close() {
      await client.close();
      await stop();
    },
  };
}

/** A `tools/call` result: its text blocks are the text, `structuredContent` the details. */
export function answerOf(raw: unknown): { text: string; isError: boolean; details?: unknown } {
  const result = raw as { content?: unknown[]; isError?: boolean; structuredContent?: unknown };
  const text = blockText(result.content ?? []);
  return result.structuredContent === undefined
    ? { text, isError: result.isError === true }
    : { text, isError: result.isError === true, details: result.structuredContent };
}

export const memory: HostModule = {
  async open(options) {
    const server = createMcpServer(options.server, options.tools);
    const client = mcpClient("2025-11-25");
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    return clientSession(client, options, () => server.close());
  },
  answerOf,
};

type FetchFunction = (request: Request) => Promise<Response> | Response;

/** Connects a client to a fetch function (a handler's, an app's) at `/mcp`, and checks the revision it got. */
export async function connectClient(client: Client, fetch: FetchFunction, revision: Revision): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
    // A Request made here has no Host header (the network layer adds it when sending): add the one a socket would carry.
    fetch: async (url, init) => {
      const headers = new Headers(init?.headers);
      headers.set("host", new URL(url).host);
      return fetch(new Request(url, { ...init, headers }));
    },
  });
  await client.connect(transport);
  const got = client.getNegotiatedProtocolVersion();
  if (got !== revision) throw new Error(`the client asked for MCP ${revision} and got ${got}`);
}

/** A host session of the client connected to a fetch function. */
export async function connectFetch(
  fetch: FetchFunction,
  revision: Revision,
  options: HostOptions,
  stop: () => Promise<void>,
): Promise<HostSession> {
  const client = mcpClient(revision);
  await connectClient(client, fetch, revision);
  return clientSession(client, options, stop);
}

export function http(revision: Revision): HostModule {
  return {
    async open(options) {
      const handler = createMcpHttpHandler(options.server, options.tools);
      return connectFetch(handler.fetch, revision, options, () => handler.close());
    },
    answerOf,
  };
}

/** The names of the tools the caller sees now, for hosts that read the list once. */
export const toolNames = async (options: HostOptions): Promise<string[]> => (await toolsFor(options.tools)).map((tool) => tool.name);
