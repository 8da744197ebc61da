/**
 * Resources, templates, prompts and completions on the MCP faces: the SDK v2
 * client against `createMcpServer` (in-memory pair) and `createMcpHttpHandler`
 * (Streamable HTTP on loopback), each on 2025-11-25 and 2026-07-28, and the
 * SDK v1 client on 2025-11-25 over HTTP. Every answer and refusal is a literal.
 */
import { definePrompt, defineResource, defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer, type McpServerOptions } from "@agntn/tools/mcp";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure } from "./helpers/json-rpc-failure.ts";
import { type Connected, connect, MODES } from "./helpers/mcp-clients.ts";

const INFO = { name: "library", version: "1.0.0" };

const ping = defineTool({
  name: "ping",
  title: "Ping",
  description: "Answers pong.",
  effect: "read",
  input: Type.Object({}),
  execute: () => ({ content: [{ type: "text", text: "pong" }] }),
});

const readme = defineResource({
  name: "Readme",
  uri: "file:///readme.md",
  description: "The project's readme.",
  mimeType: "text/markdown",
  cache: { ttlMs: 60_000, scope: "public" },
  read: () => "# Library\n",
});

const logo = defineResource({
  name: "Logo",
  uri: "file:///logo.png",
  mimeType: "image/png",
  read: () => new Uint8Array([137, 80, 78, 71]),
});

const broken = defineResource({
  name: "Broken",
  uri: "file:///broken.txt",
  read: () => {
    throw new Error("disk gone\u001b[31m\nforged line");
  },
});

const BOOKS = ["dune", "emma", "ulysses"];

const books = defineResource({
  name: "Book",
  uriTemplate: "books://{id}/text",
  mimeType: "text/plain",
  list: () => BOOKS.slice(0, 2).map((id) => ({ uri: `books://${id}/text`, name: id })),
  complete: { id: (value) => BOOKS.filter((id) => id.startsWith(value)) },
  read: ({ id }) => {
    if (!BOOKS.includes(id)) throw new Error(`no book ${id}`);
    return `The text of ${id}.`;
  },
});

const review = definePrompt({
  name: "review",
  title: "Review",
  description: "Asks for a review of a book.",
  arguments: Type.Object(
    { book: Type.String({ description: "The book's id" }), tone: Type.Optional(Type.String({ enum: ["kind", "harsh"] })) },
    { additionalProperties: false },
  ),
  complete: { book: (value) => BOOKS.filter((id) => id.startsWith(value)) },
  get: ({ book, tone }) => `Review ${book}${tone ? `, ${tone}ly` : ""}.`,
});

const OPTIONS: McpServerOptions = {
  resources: [readme, logo, broken, books],
  prompts: [review],
  cacheHints: { "resources/list": { ttlMs: 5_000, scope: "public" } },
};

describe.each(MODES)("resources and prompts, SDK v2 client, %s", (mode) => {
  const modern = mode.endsWith("2026");
  let connected: Connected;

  beforeAll(async () => {
    connected = await connect(mode, INFO, [ping], { server: OPTIONS });
  });
  afterAll(async () => {
    await connected.close();
  });

  it("declares resources, prompts and completions", () => {
    expect(connected.client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {}, completions: {}, tools: {} });
  });

  it("lists the fixed resources, then what each template lists, with the list's hint on 2026", async () => {
    const listed = await connected.client.listResources();
    expect(listed.resources).toEqual([
      { uri: "file:///readme.md", name: "Readme", description: "The project's readme.", mimeType: "text/markdown" },
      { uri: "file:///logo.png", name: "Logo", mimeType: "image/png" },
      { uri: "file:///broken.txt", name: "Broken" },
      { uri: "books://dune/text", name: "dune", mimeType: "text/plain" },
      { uri: "books://emma/text", name: "emma", mimeType: "text/plain" },
    ]);
    if (modern) expect(listed).toMatchObject({ ttlMs: 5_000, cacheScope: "public" });
    else expect(listed).not.toHaveProperty("ttlMs");
  });

  it("lists the templates", async () => {
    const listed = await connected.client.listResourceTemplates();
    expect(listed.resourceTemplates).toEqual([{ uriTemplate: "books://{id}/text", name: "Book", mimeType: "text/plain" }]);
    if (modern) expect(listed).toMatchObject({ ttlMs: 0, cacheScope: "private" });
  });

  it("reads text with the resource's own hint on 2026, and bytes in base64", async () => {
    const text = await connected.client.readResource({ uri: "file:///readme.md" });
    expect(text.contents).toEqual([{ uri: "file:///readme.md", mimeType: "text/markdown", text: "# Library\n" }]);
    if (modern) expect(text).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
    const bytes = await connected.client.readResource({ uri: "file:///logo.png" });
    expect(bytes.contents).toEqual([{ uri: "file:///logo.png", mimeType: "image/png", blob: "iVBORw==" }]);
  });

  it("reads through a template", async () => {
    const read = await connected.client.readResource({ uri: "books://ulysses/text" });
    expect(read.contents).toEqual([{ uri: "books://ulysses/text", mimeType: "text/plain", text: "The text of ulysses." }]);
  });

  it("answers an unknown URI, a failing read and a hostile URI with one clean line each", async () => {
    expect(await failure(connected.client.readResource({ uri: "file:///nope" }))).toEqual({
      code: -32602,
      message: 'Resource not found: "file:///nope"',
    });
    expect(await failure(connected.client.readResource({ uri: "books://moby/text" }))).toEqual({
      code: -32603,
      message: "Book failed: no book moby",
    });
    expect(await failure(connected.client.readResource({ uri: "file:///broken.txt" }))).toEqual({
      code: -32603,
      message: "Broken failed: disk gone forged line",
    });
    expect(await failure(connected.client.readResource({ uri: "x://\u001b[2J\nfake" }))).toEqual({
      code: -32602,
      message: 'Resource not found: "x://\\u001b[2J\\nfake"',
    });
  });

  it("lists and gets a prompt", async () => {
    expect((await connected.client.listPrompts()).prompts).toEqual([
      {
        name: "review",
        title: "Review",
        description: "Asks for a review of a book.",
        arguments: [
          { name: "book", description: "The book's id", required: true },
          { name: "tone", required: false },
        ],
      },
    ]);
    const got = await connected.client.getPrompt({ name: "review", arguments: { book: "emma", tone: "kind" } });
    expect(got.messages).toEqual([{ role: "user", content: { type: "text", text: "Review emma, kindly." } }]);
  });

  it("refuses bad arguments with the core's lines, and an unknown prompt with one line", async () => {
    expect(await failure(connected.client.getPrompt({ name: "review", arguments: { tone: "rude", extra: "x" } }))).toEqual({
      code: -32602,
      message: [
        'Invalid arguments: unknown property "extra"; takes book, tone',
        "Invalid arguments at /: must have required properties book",
        "Invalid arguments at /tone: must be one of kind, harsh",
      ].join("\n"),
    });
    expect(await failure(connected.client.getPrompt({ name: "__proto__" }))).toEqual({
      code: -32602,
      message: 'Unknown prompt: "__proto__"',
    });
  });

  it("completes a template variable and a prompt argument", async () => {
    expect(
      await connected.client.complete({ ref: { type: "ref/resource", uri: "books://{id}/text" }, argument: { name: "id", value: "e" } }),
    ).toMatchObject({ completion: { values: ["emma"] } });
    expect(
      await connected.client.complete({ ref: { type: "ref/prompt", name: "review" }, argument: { name: "book", value: "u" } }),
    ).toMatchObject({ completion: { values: ["ulysses"] } });
    expect(
      await connected.client.complete({ ref: { type: "ref/prompt", name: "review" }, argument: { name: "tone", value: "" } }),
    ).toMatchObject({ completion: { values: [] } });
  });
});

describe("resources and prompts, SDK v1 client on 2025-11-25 over HTTP", () => {
  const handler = createMcpHttpHandler(INFO, [ping], OPTIONS);
  const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
  const client = new ClientV1({ name: "v1", version: "1.0.0" });

  beforeAll(async () => {
    await server.ready();
    await client.connect(new HttpV1(new URL("/mcp", server.url)));
  });
  afterAll(async () => {
    await client.close();
    await handler.close();
    await server.close(true);
  });

  it("lists, reads, gets and completes as the v2 client does", async () => {
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
      "file:///readme.md",
      "file:///logo.png",
      "file:///broken.txt",
      "books://dune/text",
      "books://emma/text",
    ]);
    expect(await client.readResource({ uri: "books://dune/text" })).toEqual({
      contents: [{ uri: "books://dune/text", mimeType: "text/plain", text: "The text of dune." }],
    });
    expect(await client.getPrompt({ name: "review", arguments: { book: "dune" } })).toEqual({
      messages: [{ role: "user", content: { type: "text", text: "Review dune." } }],
    });
    expect(
      (await client.complete({ ref: { type: "ref/resource", uri: "books://{id}/text" }, argument: { name: "id", value: "d" } })).completion
        .values,
    ).toEqual(["dune"]);
  });
});

describe("definitions and options checked when the server is made", () => {
  it("refuses a view URI and a resource URI that clash, an unknown hint method and a bad hint", () => {
    const clash = defineResource({ name: "Clash", uri: "file:///readme.md", read: () => "" });
    expect(() => createMcpServer(INFO, [], { resources: [readme, clash] })).toThrow(
      'createMcpServer: Duplicate resource URI "file:///readme.md": every fixed resource needs its own URI',
    );
    expect(() => createMcpServer(INFO, [], { cacheHints: { "tools/call": { ttlMs: 1 } } as never })).toThrow(
      'createMcpServer: cacheHints: unknown method "tools/call"; the methods are tools/list, resources/list, resources/templates/list, resources/read, prompts/list',
    );
    expect(() => createMcpHttpHandler(INFO, [], { cacheHints: { "prompts/list": { ttlMs: -1 } } })).toThrow(
      'createMcpHttpHandler: cacheHints["prompts/list"]: ttlMs must be a whole number of milliseconds, 0 or more',
    );
    expect(() => createMcpHttpHandler(INFO, [], { cacheHints: { "prompts/list": { scop: "public" } as never } })).toThrow(
      'createMcpHttpHandler: cacheHints["prompts/list"]: unknown key "scop"; the keys are ttlMs, scope',
    );
    expect(() => createMcpServer(INFO, [], { resources: "readme" as never })).toThrow(
      "createMcpServer: resources must be an array of resource definitions",
    );
  });
});

describe("authorization: listing needs a valid token, reading a resource, getting a prompt or completing needs the read scope", () => {
  // A verifier of its own: the token is the list of scopes it grants (`-` for none), for one resource.
  const resource = new URL("http://127.0.0.1/mcp");
  const handler = createMcpHttpHandler(INFO, [ping], {
    ...OPTIONS,
    auth: {
      resource,
      authorizationServers: ["https://issuer.example"],
      verifier: {
        verifyAccessToken: async (token: string) => ({
          token,
          clientId: "app",
          scopes: token === "-" ? [] : token.split("+"),
          expiresAt: Math.floor(Date.now() / 1000) + 600,
          resource,
        }),
      },
    },
  });
  const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
  const clients: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    await server.ready();
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await handler.close();
    await server.close(true);
  });

  /** A 2025-11-25 SDK v1 client holding a token. */
  async function withToken(token: string): Promise<ClientV1> {
    const client = new ClientV1({ name: "v1", version: "1.0.0" });
    clients.push(client);
    await client.connect(new HttpV1(new URL("/mcp", server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    return client;
  }

  it("lets a token without scopes list, and refuses its read, get and completion with 403 insufficient_scope", async () => {
    const client = await withToken("-");
    expect((await client.listResources()).resources).toHaveLength(5);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["review"]);
    for (const refused of [
      client.readResource({ uri: "file:///readme.md" }),
      client.getPrompt({ name: "review", arguments: { book: "dune" } }),
      client.complete({ ref: { type: "ref/prompt", name: "review" }, argument: { name: "book", value: "d" } }),
    ]) {
      await expect(refused).rejects.toThrow(/403|insufficient_scope/);
    }
  });

  it("answers the same requests for a token with the read scope", async () => {
    const client = await withToken("tools:read");
    expect((await client.readResource({ uri: "file:///readme.md" })).contents).toEqual([
      { uri: "file:///readme.md", mimeType: "text/markdown", text: "# Library\n" },
    ]);
    expect((await client.getPrompt({ name: "review", arguments: { book: "dune" } })).messages).toHaveLength(1);
  });
});
