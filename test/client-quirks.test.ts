/**
 * The table of arguments known clients add on their own
 * (src/protocol/client-quirks.ts), one test per row, through
 * createMcpHttpHandler on a loopback port with real SDK clients that name
 * themselves as the client does: SDK v1 on 2025-11-25 (`clientInfo` at
 * `initialize`) and SDK v2 pinned to 2026-07-28 (`clientInfo` in each
 * request's `_meta`). The row's argument is dropped only for that client and
 * only where the tool does not declare it; nothing else is loosened.
 */
import { defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler, type ExternalTool, type McpHttpHandler } from "@agntn/tools/mcp";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Server } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDED_ARGUMENTS } from "../src/protocol/client-quirks.ts";
import { serveWith } from "./helpers/loopback.ts";

const GEMINI = "gemini-cli-mcp-client";

const slug = defineTool({
  name: "text_slug",
  title: "Slug",
  description: "Turns text into a URL slug.",
  input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
  effect: "read",
  execute: ({ text }) => ({ content: [{ type: "text", text: text.toLowerCase().replace(/[^a-z0-9]+/g, "-") }] }),
});

/** A tool that declares the argument itself: it gets it as sent. */
const scheduler = defineTool({
  name: "schedule",
  title: "Schedule",
  description: "Says whether it was asked to wait.",
  input: Type.Object({ wait_for_previous: Type.Boolean() }, { additionalProperties: false }),
  effect: "read",
  execute: ({ wait_for_previous }) => ({ content: [{ type: "text", text: `wait: ${wait_for_previous}` }] }),
});

/** Another framework's tool (as the Nuxt route serves the toolkit's): it sees the arguments after the table. */
const external: ExternalTool = {
  listing: { name: "echo_args", inputSchema: { type: "object", properties: { text: { type: "string" } } } },
  async call(args) {
    return { content: [{ type: "text", text: JSON.stringify(args) }] };
  },
};

let handler: McpHttpHandler;
let server: Server;
let url: URL;

beforeAll(async () => {
  const served = await serveWith(() => {
    handler = createMcpHttpHandler({ name: "quirks", version: "1.0.0" }, [slug, scheduler], { external: [external] });
    return (request) => handler.fetch(request);
  });
  server = served.server;
  url = served.url;
});

afterAll(async () => {
  await handler.close();
  await server.close(true);
});

async function v1(name: string): Promise<Client> {
  const client = new Client({ name, version: "0.61.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

async function v2(name: string): Promise<ClientV2> {
  const client = new ClientV2({ name, version: "0.61.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new TransportV2(url));
  return client;
}

const textOf = (answer: unknown) => ((answer as { content: Array<{ text: string }> }).content[0] as { text: string }).text;

describe("the table", () => {
  it("has one row, Gemini CLI's wait_for_previous", () => {
    expect(ADDED_ARGUMENTS.map(({ client, argument }) => ({ client, argument }))).toEqual([
      { client: GEMINI, argument: "wait_for_previous" },
    ]);
  });
});

describe.each([
  ["2025-11-25 (SDK v1)", v1],
  ["2026-07-28 (SDK v2)", v2],
] as const)("Gemini CLI's wait_for_previous on %s", (_revision, connect) => {
  it("is dropped for Gemini CLI where the tool does not declare it: the tool answers", async () => {
    const client = await connect(GEMINI);
    const answer = await client.callTool({ name: "text_slug", arguments: { text: "Crème Brûlée", wait_for_previous: true } });
    expect(textOf(answer)).toBe("cr-me-br-l-e");
    expect(textOf(await client.callTool({ name: "echo_args", arguments: { text: "hi", wait_for_previous: false } }))).toBe('{"text":"hi"}');
    await client.close();
  });

  it("reaches a tool that declares it", async () => {
    const client = await connect(GEMINI);
    expect(textOf(await client.callTool({ name: "schedule", arguments: { wait_for_previous: true } }))).toBe("wait: true");
    await client.close();
  });

  it("is refused from any other client, and any other unknown key is refused from Gemini CLI too", async () => {
    const other = await connect("another-client");
    const refused = await other.callTool({ name: "text_slug", arguments: { text: "x", wait_for_previous: true } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe('Invalid arguments: unknown property "wait_for_previous"; takes text');
    expect(textOf(await other.callTool({ name: "echo_args", arguments: { wait_for_previous: true } }))).toBe('{"wait_for_previous":true}');
    await other.close();
    const gemini = await connect(GEMINI);
    const typo = await gemini.callTool({ name: "text_slug", arguments: { txt: "x", wait_for_previous: true } });
    expect(typo.isError).toBe(true);
    // Two lines, neither about wait_for_previous: the table took it out before the check.
    expect(textOf(typo)).toBe(
      'Invalid arguments: unknown property "txt"; takes text\nInvalid arguments at /: must have required properties text',
    );
    await gemini.close();
  });
});
