/**
 * The hostile-input suite: what an attacker (or a careless client) can send,
 * and what every face must answer. Each case is one finding of the
 * safe-by-default review; the HTTP ones run on both protocol revisions.
 */
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools as demoTools } from "../playground/server/tools.ts";

const info = { name: "hostile", version: "1.0.0" };
const handler = createMcpHttpHandler(info, demoTools);
const server = serve({ hostname: "127.0.0.1", port: 0, silent: true, fetch: (request) => handler.fetch(request) });
let url: URL;

beforeAll(async () => {
  await server.ready();
  url = new URL("/mcp", server.url);
});

afterAll(async () => {
  await handler.close();
  await server.close(true);
});

const HOSTILE = "\u001b[31mred\u001b[0m\nsecond line\u202Eevil\u2028";

describe("a client's error in answer to a question, on 2025-11-25", () => {
  it("reaches the tool's failure line cleaned, one line, no escape codes", async () => {
    const client = new Client({ name: "hostile", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler("elicitation/create", async () => {
      throw new Error(HOSTILE);
    });
    await client.connect(new StreamableHTTPClientTransport(url));
    const result = await client.callTool({ name: "files_rename", arguments: { names: ["a"] } });
    expect(result).toEqual({ content: [{ type: "text", text: "files_rename failed: red second line evil" }], isError: true });
    await client.close();
  });
});
