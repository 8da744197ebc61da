/**
 * Questions from tools another framework answers (`external`, as the Nuxt
 * route serves the toolkit's) on MCP 2026-07-28, through
 * createMcpHttpHandler on a loopback port and the SDK v2 client pinned to
 * that revision: a form or a URL rides `input_required`, the client is asked
 * through its `elicitation/create` handler and the tool runs again from its
 * start with the reply; a mode the request's capabilities do not declare is
 * refused in one line.
 */
import { createMcpHttpHandler, type ExternalTool, type McpHttpHandler } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { type Server, serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const VERIFY = { mode: "url", message: "Open the verification page", url: "https://example.com/verify" } as const;

/** Counts its runs: a question answered on 2026-07-28 runs the tool again from its start. */
let runs = 0;

const tools: ExternalTool[] = [
  {
    listing: { name: "verify", inputSchema: { type: "object", properties: { url: { type: "string" } } } },
    async call(args, context) {
      runs++;
      const { url } = args as { url?: string };
      if (!context.elicit) return { content: [{ type: "text", text: "no questions here" }] };
      const reply = await context.elicit({ ...VERIFY, ...(url === undefined ? {} : { url }) });
      return { content: [{ type: "text", text: JSON.stringify(reply) }] };
    },
  },
  {
    listing: { name: "name_form", inputSchema: { type: "object", properties: {} } },
    async call(_args, context) {
      if (!context.elicit) return { content: [{ type: "text", text: "no questions here" }] };
      const reply = await context.elicit({
        message: "Your name?",
        requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      });
      return { content: [{ type: "text", text: JSON.stringify(reply) }] };
    },
  },
];

let handler: McpHttpHandler;
let server: Server;
let url: URL;

beforeAll(async () => {
  handler = createMcpHttpHandler({ name: "external-questions", version: "1.0.0" }, [], {
    external: tools,
    requestStateKey: "k".repeat(32),
  });
  const answering = handler;
  server = serve({ port: 0, hostname: "127.0.0.1", silent: true, fetch: (request) => answering.fetch(request) });
  await server.ready();
  url = new URL("/mcp", server.url);
});

afterAll(async () => {
  await handler.close();
  await server.close(true);
});

/** A 2026-07-28 client declaring `elicitation` as given, answering each question with the next reply and recording it. */
async function client(
  elicitation: { form?: Record<string, never>; url?: Record<string, never> } | undefined,
  replies: unknown[] = [{ action: "accept" }],
) {
  const asked: unknown[] = [];
  const made = new Client(
    { name: "external-questions-test", version: "1.0.0" },
    { capabilities: elicitation ? { elicitation } : {}, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  if (elicitation) {
    made.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params);
      return (replies.shift() ?? { action: "cancel" }) as never;
    });
  }
  await made.connect(new StreamableHTTPClientTransport(url));
  return { client: made, asked };
}

const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text;

describe("a URL question from an external tool on 2026-07-28", () => {
  it("reaches a client that declared elicitation.url as input_required, and the tool runs again with its reply", async () => {
    const { client: c, asked } = await client({ url: {} });
    runs = 0;
    const result = await c.callTool({ name: "verify", arguments: {} });
    expect(text(result)).toBe('{"action":"accept"}');
    expect(result.isError).toBeUndefined();
    expect(asked).toEqual([{ mode: "url", message: "Open the verification page", url: "https://example.com/verify" }]);
    expect(runs).toBe(2);
    await c.close();
  });

  it("passes a decline on as it came", async () => {
    const { client: c } = await client({ form: {}, url: {} }, [{ action: "decline" }]);
    expect(text(await c.callTool({ name: "verify", arguments: {} }))).toBe('{"action":"decline"}');
    await c.close();
  });

  it("is refused in one line when the request's capabilities declare forms only", async () => {
    const { client: c, asked } = await client({ form: {} });
    const result = await c.callTool({ name: "verify", arguments: {} });
    expect(result).toMatchObject({ isError: true });
    expect(text(result)).toBe(
      "verify failed: The client did not declare URL elicitation (elicitation.url) in this request's capabilities, so this URL question cannot be asked",
    );
    expect(asked).toEqual([]);
    await c.close();
  });

  it("is refused in one line when its URL is not http or https", async () => {
    const { client: c, asked } = await client({ url: {} });
    const result = await c.callTool({ name: "verify", arguments: { url: "javascript:alert(1)" } });
    expect(text(result)).toBe('verify: a URL question needs an http or https URL, not "javascript"');
    expect(asked).toEqual([]);
    await c.close();
  });

  it("leaves a client that declared no elicitation without a way to ask", async () => {
    const { client: c } = await client(undefined);
    expect(text(await c.callTool({ name: "verify", arguments: {} }))).toBe("no questions here");
    await c.close();
  });
});

describe("a form from an external tool on 2026-07-28", () => {
  it("reaches a client that declared forms, its reply checked", async () => {
    const { client: c, asked } = await client({ form: {} }, [{ action: "accept", content: { name: "Ada" } }]);
    expect(text(await c.callTool({ name: "name_form", arguments: {} }))).toBe('{"action":"accept","content":{"name":"Ada"}}');
    expect(asked).toEqual([
      {
        mode: "form",
        message: "Your name?",
        requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      },
    ]);
    await c.close();
  });

  it("is refused in one line when the request's capabilities declare URLs only", async () => {
    const { client: c, asked } = await client({ url: {} });
    const result = await c.callTool({ name: "name_form", arguments: {} });
    expect(text(result)).toBe(
      "name_form failed: The client did not declare form elicitation in this request's capabilities, so this form cannot be asked",
    );
    expect(asked).toEqual([]);
    await c.close();
  });
});
