/**
 * Middleware around a resource's read (`resources/read`) and a prompt's get
 * (`prompts/get`), with real clients on every MCP face: `createMcpServer`
 * with the SDK v2 client over the in-memory pair (2025-11-25),
 * `createMcpHttpHandler` on loopback with the SDK v1 client (2025-11-25) and
 * the SDK v2 client (2026-07-28), and `toClaudeAgentServer` with the SDK v1
 * client over SDK v1's in-memory pair. What a middleware is handed, what the
 * client gets back and every refusal are literals; `telemetry()` is read
 * through the OpenTelemetry SDK's in-memory exporters.
 */
import {
  type AnyPrompt,
  type AnyResource,
  type CallOutcome,
  definePrompt,
  defineResource,
  defineTool,
  type Middleware,
  outcomeOf,
  Type,
  withMiddleware,
} from "@agntn/tools";
import { toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { telemetry } from "@agntn/tools/otel";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import type { Span } from "@opentelemetry/api";
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { serve } from "srvx";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { failure } from "./helpers/json-rpc-failure.ts";

const INFO = { name: "handbook", version: "1.0.0" };

/** How many times each definition's function ran. */
const runs = { readme: 0, page: 0, summary: 0 };

const readme = defineResource({
  name: "Readme",
  title: "The Readme",
  uri: "docs://readme",
  description: "The project's readme.",
  mimeType: "text/markdown",
  cache: { ttlMs: 60_000, scope: "public" },
  read: () => {
    runs.readme++;
    return "# Readme\n";
  },
});

const page = defineResource({
  name: "Page",
  uriTemplate: "docs://pages/{slug}",
  mimeType: "text/plain",
  read: ({ slug }) => {
    runs.page++;
    if (slug === "gone") throw new Error("the page is gone\u001b[31m\nforged line");
    return [{ text: `page ${slug}` }, { blob: new Uint8Array([1, 2, 3]), mimeType: "application/octet-stream" }];
  },
});

const summary = definePrompt({
  name: "summary",
  title: "Summary",
  description: "Asks for a summary of a topic.",
  arguments: Type.Object(
    { topic: Type.String(), words: Type.Optional(Type.String({ pattern: "^[0-9]+$" })) },
    { additionalProperties: false },
  ),
  get: ({ topic, words }) => {
    runs.summary++;
    return {
      description: `A summary of ${topic}`,
      messages: [
        { role: "user", content: `Summarize ${topic}${words ? ` in ${words} words` : ""}.` },
        { role: "assistant", content: "Here is the summary:" },
      ],
    };
  },
});

/** What each definition answers, as every client gets it. */
const README = [{ uri: "docs://readme", mimeType: "text/markdown", text: "# Readme\n" }];
const INTRO = [
  { uri: "docs://pages/intro", mimeType: "text/plain", text: "page intro" },
  { uri: "docs://pages/intro", mimeType: "application/octet-stream", blob: "AQID" },
];
const SUMMARY = {
  description: "A summary of tides",
  messages: [
    { role: "user", content: { type: "text", text: "Summarize tides in 50 words." } },
    { role: "assistant", content: { type: "text", text: "Here is the summary:" } },
  ],
};

beforeEach(() => {
  runs.readme = 0;
  runs.page = 0;
  runs.summary = 0;
});

type FaceName =
  | "createMcpServer, SDK v2 in memory"
  | "createMcpHttpHandler, SDK v1 on 2025"
  | "createMcpHttpHandler, SDK v2 on 2026"
  | "toClaudeAgentServer";
const FACES: FaceName[] = [
  "createMcpServer, SDK v2 in memory",
  "createMcpHttpHandler, SDK v1 on 2025",
  "createMcpHttpHandler, SDK v2 on 2026",
  "toClaudeAgentServer",
];

/** One face with one client connected; every request is the client's own. */
interface Opened {
  read(uri: string, meta?: Record<string, unknown>): Promise<Record<string, unknown>>;
  get(name: string, args: Record<string, string>, meta?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** The 2025 HTTP session, where there is one. */
  sessionId(): string | undefined;
  close(): Promise<void>;
}

interface Catalog {
  resources: AnyResource[];
  prompts: AnyPrompt[];
}

/** The catalog with `middleware` around each read and get (bare with none). */
function catalogWith(...middleware: Middleware[]): Catalog {
  const resources = [readme, page];
  const prompts = [summary];
  if (middleware.length === 0) return { resources, prompts };
  return { resources: withMiddleware(resources, ...middleware), prompts: withMiddleware(prompts, ...middleware) };
}

type AnyClient = Client | ClientV1;

function opened(client: AnyClient, close: () => Promise<void>, sessionId: () => string | undefined = () => undefined): Opened {
  return {
    read: (uri, meta) => client.readResource({ uri, ...(meta ? { _meta: meta } : {}) }) as Promise<Record<string, unknown>>,
    get: (name, args, meta) =>
      client.getPrompt({ name, arguments: args, ...(meta ? { _meta: meta } : {}) }) as Promise<Record<string, unknown>>,
    sessionId,
    close,
  };
}

/** Serves `catalog` on a face and connects its client; `token` goes out as a bearer token on HTTP. */
async function open(
  face: FaceName,
  catalog: Catalog,
  options: { token?: string; auth?: Parameters<typeof createMcpHttpHandler>[2] } = {},
): Promise<Opened> {
  if (face === "createMcpServer, SDK v2 in memory") {
    const server = createMcpServer(INFO, [], catalog);
    const client = new Client({ name: "probe", version: "1.0.0" });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    return opened(client, async () => {
      await client.close();
      await server.close();
    });
  }
  if (face === "toClaudeAgentServer") {
    const server = toClaudeAgentServer(INFO, [], catalog);
    const client = new ClientV1({ name: "claude-code", version: "1.0.0" });
    const [clientSide, serverSide] = MemoryV1.createLinkedPair();
    await Promise.all([server.instance.connect(serverSide), client.connect(clientSide)]);
    return opened(client, async () => {
      await client.close();
      await server.instance.close();
    });
  }
  const handler = createMcpHttpHandler(INFO, [], { ...catalog, ...options.auth });
  const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
  await server.ready();
  const url = new URL("/mcp", server.url);
  const requestInit = options.token ? { headers: { authorization: `Bearer ${options.token}` } } : undefined;
  const stop = async () => {
    await handler.close();
    await server.close(true);
  };
  if (face === "createMcpHttpHandler, SDK v1 on 2025") {
    const client = new ClientV1({ name: "v1", version: "1.0.0" });
    const transport = new HttpV1(url, requestInit ? { requestInit } : {});
    await client.connect(transport);
    return opened(
      client,
      async () => {
        await client.close();
        await stop();
      },
      () => transport.sessionId,
    );
  }
  const client = new Client({ name: "v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } } as never);
  await client.connect(new StreamableHTTPClientTransport(url, requestInit ? { requestInit } : {}));
  return opened(client, async () => {
    await client.close();
    await stop();
  });
}

/** The refusal a face's client reads: SDK v1's client puts "MCP error <code>: " before the server's message, SDK v2's does not. */
function refusal(face: FaceName, code: number, message: string): { code: number; message: string } {
  const v1 = face === "createMcpHttpHandler, SDK v1 on 2025" || face === "toClaudeAgentServer";
  return { code, message: v1 ? `MCP error ${code}: ${message}` : message };
}

/** A middleware that keeps a plain copy of each call it is handed. */
function recorder(): { seen: Array<Record<string, unknown>>; middleware: Middleware } {
  const seen: Array<Record<string, unknown>> = [];
  return {
    seen,
    middleware: (call, next) => {
      seen.push({ ...call });
      return next();
    },
  };
}

/** What each face's own facts are, for the call views below: its host, revision, first request id and session. */
const FACTS: Record<FaceName, { host: string; revision: string | undefined; firstId: number }> = {
  "createMcpServer, SDK v2 in memory": { host: "mcp", revision: "2025-11-25", firstId: 1 },
  "createMcpHttpHandler, SDK v1 on 2025": { host: "mcp", revision: "2025-11-25", firstId: 1 },
  // 2026-07-28 has no initialize: the first request the client sends is the read.
  "createMcpHttpHandler, SDK v2 on 2026": { host: "mcp", revision: "2026-07-28", firstId: 0 },
  toClaudeAgentServer: { host: "claude-agent", revision: undefined, firstId: 1 },
};

describe.each(FACES)("%s", (face) => {
  let face$: Opened | undefined;
  afterEach(async () => {
    await face$?.close();
    face$ = undefined;
  });
  const start = async (catalog: Catalog) => {
    face$ = await open(face, catalog);
    return face$;
  };
  const { host, revision, firstId } = FACTS[face];

  it("hands a middleware the read of a fixed resource, a template's read and a prompt's get, each as a call view", async () => {
    const { seen, middleware } = recorder();
    const client = await start(catalogWith(middleware));
    const meta = { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" };
    expect((await client.read("docs://readme")).contents).toEqual(README);
    expect((await client.read("docs://pages/intro", meta)).contents).toEqual(INTRO);
    expect(await client.get("summary", { topic: "tides", words: "50" })).toMatchObject(SUMMARY);
    const session = client.sessionId();
    const common = { host, caller: undefined, sessionId: session, revision };
    expect(seen.map((call) => call.signal)).toEqual([expect.any(AbortSignal), expect.any(AbortSignal), expect.any(AbortSignal)]);
    expect(seen.map(({ signal: _, ...call }) => call)).toStrictEqual([
      {
        kind: "resource",
        tool: { name: "Readme", title: "The Readme", description: "The project's readme.", effect: "read" },
        input: {},
        uri: "docs://readme",
        method: "resources/read",
        requestId: firstId,
        meta: undefined,
        ...common,
      },
      {
        kind: "resource",
        tool: { name: "Page", title: "Page", description: "", effect: "read" },
        input: { slug: "intro" },
        uri: "docs://pages/intro",
        method: "resources/read",
        requestId: firstId + 1,
        meta,
        ...common,
      },
      {
        kind: "prompt",
        tool: { name: "summary", title: "Summary", description: "Asks for a summary of a topic.", effect: "read" },
        input: { topic: "tides", words: "50" },
        uri: undefined,
        method: "prompts/get",
        requestId: firstId + 2,
        meta: undefined,
        ...common,
      },
    ]);
    // Read-only, as a tool call's view is.
    for (const call of seen) {
      expect(Object.isFrozen(call.tool)).toBe(true);
      expect(Object.isFrozen(call.input)).toBe(true);
    }
    if (face === "createMcpHttpHandler, SDK v1 on 2025") expect(session).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("runs two middleware in the order given, and a wrapped list's new middleware outside", async () => {
    const order: string[] = [];
    const step =
      (name: string): Middleware =>
      async (call, next) => {
        order.push(`${name} in ${call.kind}`);
        const outcome = await next();
        order.push(`${name} out ${outcome.ok ? "ok" : outcome.kind}`);
        return outcome;
      };
    const inner = catalogWith(step("a"), step("b"));
    const client = await start({
      resources: withMiddleware(inner.resources, step("outer")),
      prompts: withMiddleware(inner.prompts, step("outer")),
    });
    await client.read("docs://readme");
    await client.get("summary", { topic: "tides" });
    expect(order).toEqual([
      "outer in resource",
      "a in resource",
      "b in resource",
      "b out ok",
      "a out ok",
      "outer out ok",
      "outer in prompt",
      "a in prompt",
      "b in prompt",
      "b out ok",
      "a out ok",
      "outer out ok",
    ]);
    expect(runs).toEqual({ readme: 1, page: 0, summary: 1 });
  });

  it("sends an answer passed on untouched exactly as the same catalog without middleware does", async () => {
    const bare = await open(face, catalogWith());
    try {
      const chained = await start(
        catalogWith(
          (_call, next) => next(),
          async (_call, next) => await next(),
        ),
      );
      const bareRead = await bare.read("docs://readme");
      expect(await chained.read("docs://readme")).toStrictEqual(bareRead);
      expect(bareRead.contents).toEqual(README);
      // The resource's own caching hint reaches a 2026 client through the chain too.
      if (face === "createMcpHttpHandler, SDK v2 on 2026") expect(bareRead).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
      expect(await chained.read("docs://pages/intro")).toStrictEqual(await bare.read("docs://pages/intro"));
      const bareGet = await bare.get("summary", { topic: "tides", words: "50" });
      expect(await chained.get("summary", { topic: "tides", words: "50" })).toStrictEqual(bareGet);
      expect(bareGet).toMatchObject(SUMMARY);
    } finally {
      await bare.close();
    }
  });

  it("refuses a read and a get a middleware answers with outcomeOf and isError: -32603 with its text, the definition never run", async () => {
    const client = await start(
      catalogWith((call) =>
        outcomeOf(call, {
          content: [{ type: "text", text: `No ${call.kind} ${call.uri ?? call.tool.name} for you today.` }],
          isError: true,
        }),
      ),
    );
    expect(await failure(client.read("docs://readme"))).toEqual(refusal(face, -32603, "No resource docs://readme for you today."));
    expect(await failure(client.read("docs://pages/intro"))).toEqual(
      refusal(face, -32603, "No resource docs://pages/intro for you today."),
    );
    expect(await failure(client.get("summary", { topic: "tides" }))).toEqual(refusal(face, -32603, "No prompt summary for you today."));
    expect(runs).toEqual({ readme: 0, page: 0, summary: 0 });
  });

  it("answers a throw in a middleware, or in the definition, with the entry's failure line, cleaned (-32603)", async () => {
    const client = await start(
      catalogWith(async (call, next) => {
        if (call.uri === "docs://readme" || call.kind === "prompt") throw new Error("the quota store is down\u001b[2J\nforged line");
        return next();
      }),
    );
    expect(await failure(client.read("docs://readme"))).toEqual(
      refusal(face, -32603, "Readme failed: the quota store is down forged line"),
    );
    expect(await failure(client.get("summary", { topic: "tides" }))).toEqual(
      refusal(face, -32603, "summary failed: the quota store is down forged line"),
    );
    expect(await failure(client.read("docs://pages/gone"))).toEqual(refusal(face, -32603, "Page failed: the page is gone forged line"));
    expect(runs).toEqual({ readme: 0, page: 1, summary: 0 });
  });

  it("runs the chain for bad prompt arguments: input undefined, next() answers the refusal, get never runs, the client gets -32602", async () => {
    const seen: Array<{ input: unknown; outcome: CallOutcome }> = [];
    const client = await start(
      catalogWith(async (call, next) => {
        const outcome = await next();
        seen.push({ input: call.input, outcome });
        return outcome;
      }),
    );
    const lines = [
      'Invalid arguments: unknown property "tone"; takes topic, words',
      "Invalid arguments at /: must have required properties topic",
      'Invalid arguments at /words: must match pattern "^[0-9]+$"',
    ];
    expect(await failure(client.get("summary", { words: "many", tone: "kind" }))).toEqual(refusal(face, -32602, lines.join("\n")));
    expect(seen).toEqual([
      { input: undefined, outcome: { ok: false, kind: "input", text: lines.join("\n"), lines, issues: expect.any(Array) } },
    ]);
    expect(runs.summary).toBe(0);
  });

  it("reads a middleware's own answer: a text block as text/plain at the URI read, image bytes as a blob, a resource block as it is", async () => {
    const client = await start(
      catalogWith((call, next) => {
        if (call.kind === "prompt") return outcomeOf(call, { content: [{ type: "text", text: "Answered by the middleware." }] });
        if (call.uri === "docs://readme") return outcomeOf(call, { content: [{ type: "text", text: "cached readme" }] });
        if (call.uri === "docs://pages/logo") {
          return outcomeOf(call, {
            content: [
              { type: "image", data: "iVBORw==", mimeType: "image/png" },
              { type: "resource", resource: { uri: "docs://pages/logo.txt", mimeType: "text/plain", text: "a logo" } },
            ],
          });
        }
        return next();
      }),
    );
    expect((await client.read("docs://readme")).contents).toEqual([
      { uri: "docs://readme", mimeType: "text/plain", text: "cached readme" },
    ]);
    expect((await client.read("docs://pages/logo")).contents).toEqual([
      { uri: "docs://pages/logo", mimeType: "image/png", blob: "iVBORw==" },
      { uri: "docs://pages/logo.txt", mimeType: "text/plain", text: "a logo" },
    ]);
    expect((await client.get("summary", { topic: "tides" })).messages).toEqual([
      { role: "user", content: { type: "text", text: "Answered by the middleware." } },
    ]);
    expect(runs).toEqual({ readme: 0, page: 0, summary: 0 });
  });

  it("sends a changed answer as changed, even when the middleware keeps the read's or get's details beside it", async () => {
    const shout: Middleware = async (call, next) => {
      const outcome = await next();
      if (!outcome.ok) return outcome;
      const content = outcome.content.map((block) => (block.type === "text" ? { ...block, text: block.text.toUpperCase() } : block));
      return outcomeOf(call, { content, details: outcome.details });
    };
    const client = await start(catalogWith(shout));
    expect((await client.get("summary", { topic: "tides" })).messages).toEqual([
      { role: "user", content: { type: "text", text: "SUMMARIZE TIDES." } },
      { role: "user", content: { type: "text", text: "HERE IS THE SUMMARY:" } },
    ]);
    // A read's items are resource blocks, which the middleware left alone.
    expect((await client.read("docs://pages/intro")).contents).toEqual(INTRO);
  });

  it("refuses a middleware's read answer holding a resource_link (-32603), which no read can carry", async () => {
    const client = await start(
      catalogWith((call) => outcomeOf(call, { content: [{ type: "resource_link", uri: "docs://elsewhere", name: "elsewhere" }] })),
    );
    expect(await failure(client.read("docs://readme"))).toEqual(
      refusal(face, -32603, "Readme failed: a middleware answered a read with a resource_link block, which no read holds"),
    );
  });

  it("sends an outcome kept from an earlier next() as that read or get made it (a cache), the definition run once", async () => {
    const kept = new Map<string, CallOutcome>();
    const cache: Middleware = async (call, next) => {
      const key = JSON.stringify([call.kind, call.uri, call.tool.name, call.input]);
      const hit = kept.get(key);
      if (hit) return hit;
      const outcome = await next();
      if (outcome.ok) kept.set(key, outcome);
      return outcome;
    };
    const client = await start(catalogWith(cache));
    const first = await client.get("summary", { topic: "tides", words: "50" });
    expect(await client.get("summary", { topic: "tides", words: "50" })).toStrictEqual(first);
    expect(first).toMatchObject(SUMMARY);
    const read = await client.read("docs://pages/intro");
    expect(await client.read("docs://pages/intro")).toStrictEqual(read);
    expect(read.contents).toEqual(INTRO);
    expect(runs).toEqual({ readme: 0, page: 1, summary: 1 });
  });

  it("hands a read's and a get's success to the middleware: resource blocks, the text items' text, the messages' blocks", async () => {
    const outcomes: CallOutcome[] = [];
    const client = await start(
      catalogWith(async (_call, next) => {
        const outcome = await next();
        outcomes.push(outcome);
        return outcome;
      }),
    );
    await client.read("docs://pages/intro");
    await client.get("summary", { topic: "tides", words: "50" });
    expect(outcomes.map((outcome) => outcome.ok && { content: outcome.content, text: outcome.text, details: outcome.details })).toEqual([
      { content: INTRO.map((item) => ({ type: "resource", resource: item })), text: "page intro", details: { contents: INTRO } },
      {
        content: SUMMARY.messages.map((message) => message.content),
        text: "Summarize tides in 50 words.\nHere is the summary:",
        details: SUMMARY,
      },
    ]);
  });
});

describe("the caller, on a handler with authorization", () => {
  const resource = new URL("http://127.0.0.1/mcp");
  const auth = {
    auth: {
      resource,
      authorizationServers: ["https://issuer.example"],
      verifier: {
        verifyAccessToken: async (token: string) => ({
          token,
          clientId: "notes-app",
          scopes: ["tools:read"],
          expiresAt: 4_102_444_800,
          resource,
          extra: { claims: { sub: token, iss: "https://issuer.example" } },
        }),
      },
    },
  };

  it.each(["createMcpHttpHandler, SDK v1 on 2025", "createMcpHttpHandler, SDK v2 on 2026"] as const)(
    "%s: a read and a get see the verified caller, frozen",
    async (face) => {
      const { seen, middleware } = recorder();
      const client = await open(face, catalogWith(middleware), { token: "ada", auth });
      try {
        await client.read("docs://readme");
        await client.get("summary", { topic: "tides" });
      } finally {
        await client.close();
      }
      const caller = {
        clientId: "notes-app",
        scopes: ["tools:read"],
        claims: { sub: "ada", iss: "https://issuer.example" },
        subject: "ada",
        expiresAt: 4_102_444_800,
      };
      expect(seen.map((call) => [call.kind, call.caller])).toStrictEqual([
        ["resource", caller],
        ["prompt", caller],
      ]);
      expect(Object.isFrozen(seen[0]?.caller)).toBe(true);
    },
  );
});

describe("a tool's view", () => {
  it("is read without any chain: neither the tool's middleware nor the catalog's sees it", async () => {
    const { seen, middleware } = recorder();
    const charted = defineTool({
      name: "chart_bars",
      title: "Chart Bars",
      description: "Draws bars.",
      effect: "read",
      input: Type.Object({}),
      ui: { file: new URL("./fixtures/app-views/bars.html", import.meta.url) },
      execute: () => ({ content: [{ type: "text", text: "bars" }] }),
    });
    const server = createMcpServer(INFO, withMiddleware([charted], middleware), catalogWith(middleware));
    const client = new Client({ name: "probe", version: "1.0.0" });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const view = await client.readResource({ uri: "ui://chart_bars/view.html" });
      expect(view.contents.map((item) => [item.uri, item.mimeType])).toEqual([["ui://chart_bars/view.html", "text/html;profile=mcp-app"]]);
      expect(seen).toEqual([]);
      await client.readResource({ uri: "docs://readme" });
      expect(seen.map((call) => [call.kind, call.uri])).toEqual([["resource", "docs://readme"]]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

/* telemetry() */

const spans = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const clientTracer = new BasicTracerProvider().getTracer("client");

/** A client span's W3C trace context, as a client puts it into `params._meta`. */
function traceMeta(span: Span): { traceparent: string } {
  const { traceId, spanId } = span.spanContext();
  return { traceparent: `00-${traceId}-${spanId}-01` };
}

/** One finished span, reduced to what the conventions fix. */
function shape(span: ReadableSpan | undefined) {
  return {
    name: span?.name,
    kind: span?.kind,
    attributes: span?.attributes,
    status: span?.status,
    parent: span?.parentSpanContext?.spanId,
    traceId: span?.spanContext().traceId,
  };
}

describe("telemetry() around reads and gets", () => {
  afterEach(() => {
    spans.reset();
  });

  it.each([
    ["createMcpServer, SDK v2 in memory", { "mcp.protocol.version": "2025-11-25" }, ["1", "2"]],
    ["createMcpHttpHandler, SDK v2 on 2026", { "mcp.protocol.version": "2026-07-28" }, ["0", "1"]],
    ["toClaudeAgentServer", {}, ["1", "2"]],
  ] as const)(
    "%s: resources/read and prompts/get <prompt>, kind SERVER, under the client's span from _meta",
    async (face, version, ids) => {
      const client = await open(face, catalogWith(telemetry({ tracerProvider })));
      const host = face === "toClaudeAgentServer" ? "claude-agent" : "mcp";
      const step = clientTracer.startSpan("agent step");
      try {
        expect((await client.read("docs://pages/intro", traceMeta(step))).contents).toEqual(INTRO);
        expect(await client.get("summary", { topic: "tides", words: "50" }, traceMeta(step))).toMatchObject(SUMMARY);
      } finally {
        step.end();
        await client.close();
      }
      const { spanId: parent, traceId } = step.spanContext();
      expect(spans.getFinishedSpans().map(shape)).toEqual([
        {
          name: "resources/read",
          kind: 1,
          attributes: {
            "mcp.method.name": "resources/read",
            ...version,
            "agntn.host": host,
            "mcp.resource.uri": "docs://pages/intro",
            "jsonrpc.request.id": ids[0],
          },
          status: { code: 0 },
          parent,
          traceId,
        },
        {
          name: "prompts/get summary",
          kind: 1,
          attributes: {
            "gen_ai.prompt.name": "summary",
            "mcp.method.name": "prompts/get",
            ...version,
            "agntn.host": host,
            "jsonrpc.request.id": ids[1],
          },
          status: { code: 0 },
          parent,
          traceId,
        },
      ]);
    },
  );

  it("marks failures with error.type the JSON-RPC code: a throw -32603, bad arguments -32602, a middleware's isError -32603", async () => {
    const refuse: Middleware = (call, next) =>
      call.uri === "docs://readme" ? outcomeOf(call, { content: [{ type: "text", text: "Not now." }], isError: true }) : next();
    const client = await open("createMcpServer, SDK v2 in memory", catalogWith(telemetry({ tracerProvider }), refuse));
    try {
      await failure(client.read("docs://pages/gone"));
      await failure(client.get("summary", { topic: "tides", words: "many" }));
      await failure(client.read("docs://readme"));
    } finally {
      await client.close();
    }
    expect(
      spans.getFinishedSpans().map((span) => ({
        name: span.name,
        error: span.attributes["error.type"],
        failure: span.attributes["agntn.tool.failure"],
        status: span.status,
      })),
    ).toEqual([
      {
        name: "resources/read",
        error: "-32603",
        failure: "thrown",
        status: { code: 2, message: "Page failed: the page is gone forged line" },
      },
      {
        name: "prompts/get summary",
        error: "-32602",
        failure: "input",
        status: { code: 2, message: 'Invalid arguments at /words: must match pattern "^[0-9]+$"' },
      },
      { name: "resources/read", error: "-32603", failure: "returned", status: { code: 2, message: "Not now." } },
    ]);
  });

  it("keeps arguments and answers of reads and gets off the span, even with recordArguments and recordResults", async () => {
    const client = await open(
      "createMcpServer, SDK v2 in memory",
      catalogWith(telemetry({ tracerProvider, recordArguments: true, recordResults: true })),
    );
    try {
      await client.read("docs://pages/intro");
      await client.get("summary", { topic: "tides" });
    } finally {
      await client.close();
    }
    expect(spans.getFinishedSpans().map((span) => Object.keys(span.attributes).filter((key) => key.startsWith("gen_ai.tool")))).toEqual([
      [],
      [],
    ]);
  });

  it("records reads and gets in mcp.server.operation.duration only, without the URI; the tool metrics stay for tool calls", async () => {
    const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });
    const meterProvider = new MeterProvider({ readers: [reader] });
    const client = await open("createMcpServer, SDK v2 in memory", catalogWith(telemetry({ meterProvider })));
    try {
      await client.read("docs://readme");
      await client.read("docs://pages/intro");
      await client.get("summary", { topic: "tides" });
      await failure(client.read("docs://pages/gone"));
      await failure(client.get("summary", {}));
    } finally {
      await client.close();
    }
    await reader.forceFlush();
    const metrics =
      exporter
        .getMetrics()
        .at(-1)
        ?.scopeMetrics.flatMap((scope) => scope.metrics) ?? [];
    expect(metrics.map((metric) => metric.descriptor.name)).toEqual(["mcp.server.operation.duration"]);
    const points = metrics[0]?.dataPoints.map((point) => ({
      attributes: point.attributes,
      count: (point.value as { count: number }).count,
    }));
    const read = { "mcp.method.name": "resources/read", "mcp.protocol.version": "2025-11-25" };
    const get = { "gen_ai.prompt.name": "summary", "mcp.method.name": "prompts/get", "mcp.protocol.version": "2025-11-25" };
    expect(points).toEqual([
      { attributes: read, count: 2 },
      { attributes: get, count: 1 },
      { attributes: { ...read, "error.type": "-32603" }, count: 1 },
      { attributes: { ...get, "error.type": "-32602" }, count: 1 },
    ]);
    await meterProvider.shutdown();
  });

  it("with no provider, records nothing and answers as the bare catalog does", async () => {
    const bare = await open("createMcpHttpHandler, SDK v1 on 2025", catalogWith());
    const quiet = await open("createMcpHttpHandler, SDK v1 on 2025", catalogWith(telemetry()));
    try {
      expect(await quiet.read("docs://readme")).toStrictEqual(await bare.read("docs://readme"));
      expect(await quiet.read("docs://pages/intro")).toStrictEqual(await bare.read("docs://pages/intro"));
      expect(await quiet.get("summary", { topic: "tides", words: "50" })).toStrictEqual(
        await bare.get("summary", { topic: "tides", words: "50" }),
      );
      expect(await failure(quiet.read("docs://pages/gone"))).toEqual(await failure(bare.read("docs://pages/gone")));
      expect(await failure(quiet.get("summary", {}))).toEqual({
        code: -32602,
        message: "MCP error -32602: Invalid arguments at /: must have required properties topic",
      });
    } finally {
      await Promise.all([bare.close(), quiet.close()]);
    }
    expect(spans.getFinishedSpans()).toEqual([]);
  });
});
