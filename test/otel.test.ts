/**
 * `telemetry()` against the real OpenTelemetry SDK: spans and metrics read
 * from in-memory exporters, and once through the OTLP/HTTP exporter into a
 * receiver on loopback that decodes what arrived. A client span made on the
 * SDK v2 client's side travels in `params._meta`, and the server's span
 * continues its trace: over an in-memory pair, over Streamable HTTP on both
 * revisions, and over stdio from a child process.
 */
import { createServer, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type AnyTool, invokeTool, withMiddleware } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { telemetry } from "@agntn/tools/otel";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { context, type Span, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { serve } from "srvx";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { otelTools } from "./fixtures/otel-tools.ts";

const INFO = { name: "otel", version: "1.0.0" };
const spans = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 60_000 });
const meterProvider = new MeterProvider({ readers: [reader] });
const traced = withMiddleware(otelTools, telemetry({ tracerProvider, meterProvider }));

/** The client side: its own provider, whose spans the server should continue. */
const clientSpans = new InMemorySpanExporter();
const clientTracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(clientSpans)] }).getTracer("client");

afterEach(() => {
  spans.reset();
  clientSpans.reset();
});

/** A client span's W3C trace context, as a client puts it into `params._meta`. */
function traceMeta(span: Span): { traceparent: string; tracestate: string } {
  const { traceId, spanId } = span.spanContext();
  return { traceparent: `00-${traceId}-${spanId}-01`, tracestate: "vendor=client" };
}

/** One finished span, reduced to what the conventions fix. */
function shape(span: ReadableSpan) {
  return {
    name: span.name,
    kind: span.kind,
    attributes: span.attributes,
    status: span.status,
    parent: span.parentSpanContext?.spanId,
    traceId: span.spanContext().traceId,
  };
}

async function memoryClient(tools: readonly AnyTool[]): Promise<Client> {
  const server = createMcpServer(INFO, tools);
  const client = new Client({ name: "otel-client", version: "1.0.0" });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

describe("a span per call on an MCP host, continuing the client's trace", () => {
  it("names it tools/call <tool>, kind SERVER, with the conventions' attributes and the client's span as parent", async () => {
    const client = await memoryClient(traced);
    const parent = clientTracer.startSpan("agent step");
    const answer = await client.callTool({ name: "otel_ok", arguments: { text: "hi" }, _meta: traceMeta(parent) });
    parent.end();
    expect(answer.content).toEqual([{ type: "text", text: "ok: hi" }]);
    const [span] = spans.getFinishedSpans();
    expect(shape(span as ReadableSpan)).toEqual({
      name: "tools/call otel_ok",
      kind: 1,
      attributes: {
        "gen_ai.tool.name": "otel_ok",
        "gen_ai.operation.name": "execute_tool",
        "mcp.method.name": "tools/call",
        "mcp.protocol.version": "2025-11-25",
        "agntn.host": "mcp",
        "jsonrpc.request.id": "1",
      },
      status: { code: 0 },
      parent: parent.spanContext().spanId,
      traceId: parent.spanContext().traceId,
    });
    // The client's tracestate travels on with its trace, as W3C Trace Context asks.
    expect(span?.parentSpanContext?.traceState?.get("vendor")).toBe("client");
    expect(span?.spanContext().traceState?.get("vendor")).toBe("client");
    await client.close();
  });

  it.each([
    ["otel_refuse", {}, "returned", "not today"],
    ["otel_throw", {}, "thrown", "otel_throw failed: the disk is full"],
    ["otel_malformed", {}, "result", "otel_malformed returned a malformed result: content must be an array of content blocks, got string"],
    ["otel_ok", { text: 1 }, "input", "Invalid arguments at /text: must be string"],
  ])("marks %s's failure (%j) with error.type, its kind and an error status", async (name, args, kind, text) => {
    const client = await memoryClient(traced);
    await client.callTool({ name, arguments: args });
    const [span] = spans.getFinishedSpans();
    expect(span?.attributes).toMatchObject({ "error.type": "tool_error", "agntn.tool.failure": kind });
    expect(span?.status).toEqual({ code: 2, message: text });
    await client.close();
  });

  it("records neither arguments nor answers unless asked, and both when asked", async () => {
    const client = await memoryClient(traced);
    await client.callTool({ name: "otel_ok", arguments: { text: "secret" } });
    expect(JSON.stringify(spans.getFinishedSpans()[0]?.attributes)).not.toContain("secret");
    spans.reset();
    const verbose = withMiddleware(otelTools, telemetry({ tracerProvider, recordArguments: true, recordResults: true }));
    const second = await memoryClient(verbose);
    await second.callTool({ name: "otel_ok", arguments: { text: "secret" } });
    expect(spans.getFinishedSpans()[0]?.attributes).toMatchObject({
      "gen_ai.tool.call.arguments": '{"text":"secret"}',
      "gen_ai.tool.call.result": "ok: secret",
    });
    await Promise.all([client.close(), second.close()]);
  });

  it("records the duration histogram and the calls counter with the span's attributes", async () => {
    const client = await memoryClient(traced);
    await client.callTool({ name: "otel_ok", arguments: { text: "a" } });
    await client.callTool({ name: "otel_refuse", arguments: {} });
    await reader.forceFlush();
    const exported =
      metricExporter
        .getMetrics()
        .at(-1)
        ?.scopeMetrics.flatMap((scope) => scope.metrics) ?? [];
    const byName = new Map(exported.map((metric) => [metric.descriptor.name, metric]));
    expect([...byName.keys()].sort()).toEqual(["agntn.tool.call.duration", "agntn.tool.calls", "mcp.server.operation.duration"]);
    const duration = byName.get("mcp.server.operation.duration");
    expect(duration?.descriptor.unit).toBe("s");
    const points = duration?.dataPoints.map((point) => point.attributes) ?? [];
    expect(points).toEqual(
      expect.arrayContaining([
        {
          "gen_ai.tool.name": "otel_ok",
          "gen_ai.operation.name": "execute_tool",
          "mcp.method.name": "tools/call",
          "mcp.protocol.version": "2025-11-25",
        },
        {
          "gen_ai.tool.name": "otel_refuse",
          "gen_ai.operation.name": "execute_tool",
          "mcp.method.name": "tools/call",
          "mcp.protocol.version": "2025-11-25",
          "error.type": "tool_error",
        },
      ]),
    );
    await client.close();
  });
});

describe("over Streamable HTTP", () => {
  const handler = createMcpHttpHandler(INFO, traced);
  const server = serve({ port: 0, hostname: "127.0.0.1", silent: true, fetch: (request) => handler.fetch(request) });
  beforeAll(() => server.ready());
  afterAll(async () => {
    await handler.close();
    await server.close(true);
  });

  it.each([
    ["2025-11-25", {}],
    ["2026-07-28", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
  ] as const)("continues the client's trace on %s, with the revision and (on 2025) the session", async (revision, options) => {
    const client = new Client({ name: "otel-http", version: "1.0.0" }, options as never);
    const transport = new StreamableHTTPClientTransport(new URL("/mcp", server.url));
    await client.connect(transport);
    const parent = clientTracer.startSpan("agent step");
    await client.callTool({ name: "otel_ok", arguments: { text: "hi" }, _meta: traceMeta(parent) });
    parent.end();
    const [span] = spans.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(span?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(span?.attributes["mcp.protocol.version"]).toBe(revision);
    expect(span?.attributes["mcp.session.id"]).toBe(revision === "2025-11-25" ? transport.sessionId : undefined);
    await client.close();
  });
});

describe("on a host without MCP", () => {
  it("names the span execute_tool <tool>, kind INTERNAL, under the active span", async () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    try {
      const parent = tracerProvider.getTracer("app").startSpan("job");
      await context.with(trace.setSpan(context.active(), parent), () => invokeTool(traced[0] as AnyTool, { text: "x" }));
      parent.end();
      const span = spans.getFinishedSpans().find((one) => one.name === "execute_tool otel_ok");
      expect(shape(span as ReadableSpan)).toEqual({
        name: "execute_tool otel_ok",
        kind: 0,
        attributes: { "gen_ai.tool.name": "otel_ok", "gen_ai.operation.name": "execute_tool", "agntn.host": "invoke" },
        status: { code: 0 },
        parent: parent.spanContext().spanId,
        traceId: parent.spanContext().traceId,
      });
    } finally {
      context.disable();
    }
  });

  it("records nothing, and answers the same, with no provider registered anywhere", async () => {
    const quiet = withMiddleware(otelTools, telemetry());
    expect(await invokeTool(quiet[0] as AnyTool, { text: "x" })).toEqual({ content: [{ type: "text", text: "ok: x" }] });
    expect(spans.getFinishedSpans()).toEqual([]);
  });

  it("asks for a provider on every call: one registered after the tools were made is traced, and none once it is gone", async () => {
    const quiet = withMiddleware(otelTools, telemetry());
    const names = () => spans.getFinishedSpans().map((span) => span.name);
    expect(await invokeTool(quiet[0] as AnyTool, { text: "before" })).toEqual({ content: [{ type: "text", text: "ok: before" }] });
    expect(names()).toEqual([]);
    trace.setGlobalTracerProvider(tracerProvider);
    try {
      expect(await invokeTool(quiet[0] as AnyTool, { text: "during" })).toEqual({ content: [{ type: "text", text: "ok: during" }] });
      expect(names()).toEqual(["execute_tool otel_ok"]);
    } finally {
      trace.disable();
    }
    expect(await invokeTool(quiet[0] as AnyTool, { text: "after" })).toEqual({ content: [{ type: "text", text: "ok: after" }] });
    expect(names()).toEqual(["execute_tool otel_ok"]);
  });

  it("with no provider, still runs the middleware beside it (only a chain of idle links is skipped)", async () => {
    const seen: unknown[] = [];
    const chained = withMiddleware(otelTools, telemetry(), (call, next) => {
      seen.push(call.input);
      return next();
    });
    expect(await invokeTool(chained[0] as AnyTool, { text: "x" })).toEqual({ content: [{ type: "text", text: "ok: x" }] });
    await expect(invokeTool(chained[0] as AnyTool, { text: 5 })).rejects.toThrow("Invalid arguments at /text: must be string");
    expect(seen).toEqual([{ text: "x" }, undefined]);
  });

  it("refuses a misspelt option", () => {
    expect(() => telemetry({ recordArgs: true } as never)).toThrow(
      'telemetry: unknown option "recordArgs"; the options are tracerProvider, meterProvider, recordArguments, recordResults',
    );
    expect(() => telemetry({ recordResults: "yes" } as never)).toThrow("telemetry: recordResults must be a boolean");
  });
});

/** What an OTLP/HTTP JSON export carries of one span. */
interface ExportedSpan {
  name: string;
  traceId: string;
  parentSpanId: string;
  status: unknown;
  attributes: Array<{ key: string; value: unknown }>;
}

/** A receiver on loopback that decodes every OTLP/HTTP JSON export it is sent. */
async function otlpReceiver(): Promise<{
  url: string;
  spans: ExportedSpan[];
  posts: Array<{ path?: string; type?: string }>;
  close(): void;
}> {
  const spans: ExportedSpan[] = [];
  const posts: Array<{ path?: string; type?: string }> = [];
  const receiver = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      posts.push({ path: request.url, type: request.headers["content-type"] });
      const decoded = JSON.parse(body) as {
        resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: ExportedSpan[] }> }>;
      };
      for (const resource of decoded.resourceSpans) {
        for (const scope of resource.scopeSpans) if (scope.scope.name === "@agntn/tools") spans.push(...scope.spans);
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/v1/traces`, spans, posts, close: () => receiver.close() };
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition() && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** An exported span reduced to its place in the trace and its status. */
const placed = (span: ExportedSpan | undefined) => ({
  name: span?.name,
  traceId: span?.traceId,
  parentSpanId: span?.parentSpanId,
  status: span?.status,
});

describe("over stdio, exported through OTLP/HTTP to a receiver on loopback", () => {
  it("the child's span arrives decoded, continuing the client's trace", async () => {
    const receiver = await otlpReceiver();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--conditions=agntn-source", fileURLToPath(new URL("./fixtures/otel-stdio.ts", import.meta.url))],
      env: { ...(process.env as Record<string, string>), OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.url },
    });
    const client = new Client({ name: "otel-stdio-client", version: "1.0.0" });
    await client.connect(transport);
    const parent = clientTracer.startSpan("agent step");
    await client.callTool({ name: "otel_throw", arguments: {}, _meta: traceMeta(parent) });
    parent.end();
    await until(() => receiver.spans.length > 0);
    await client.close();
    receiver.close();
    expect(receiver.posts[0]).toEqual({ path: "/v1/traces", type: "application/json" });
    const [span] = receiver.spans;
    expect(placed(span)).toEqual({
      name: "tools/call otel_throw",
      traceId: parent.spanContext().traceId,
      parentSpanId: parent.spanContext().spanId,
      status: { code: 2, message: "otel_throw failed: the disk is full" },
    });
    expect(span?.attributes).toEqual(
      expect.arrayContaining([
        { key: "mcp.method.name", value: { stringValue: "tools/call" } },
        { key: "error.type", value: { stringValue: "tool_error" } },
        { key: "agntn.tool.failure", value: { stringValue: "thrown" } },
      ]),
    );
  }, 30_000);
});

describe("on a built Nuxt app's route, with telemetry() as agntnTools.middleware", () => {
  const APP = join(root, "test/fixtures/nuxt-otel");
  let app: StartedApp | undefined;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;

  beforeAll(async () => {
    receiver = await otlpReceiver();
    await buildApp(APP);
    app = await startApp(APP, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.url });
  }, 600_000);

  afterAll(() => {
    app?.stop();
    receiver?.close();
  });

  it.each([
    ["2025-11-25", {}],
    ["2026-07-28", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
  ] as const)("continues the client's trace on %s, for the app's tool and the toolkit's own", async (revision, options) => {
    receiver.spans.length = 0;
    const client = new Client({ name: "otel-nuxt", version: "1.0.0" }, options as never);
    await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", (app as StartedApp).url)));
    const parent = clientTracer.startSpan("agent step");
    await client.callTool({ name: "otel_ok", arguments: { text: "hi" }, _meta: traceMeta(parent) });
    await client.callTool({ name: "otel-pages", arguments: {}, _meta: traceMeta(parent) });
    parent.end();
    await until(() => receiver.spans.length >= 2);
    await client.close();
    const ok = { traceId: parent.spanContext().traceId, parentSpanId: parent.spanContext().spanId, status: { code: 0 } };
    expect(receiver.spans.map(placed)).toEqual([
      { name: "tools/call otel_ok", ...ok },
      { name: "tools/call otel-pages", ...ok },
    ]);
    for (const span of receiver.spans) {
      expect(span.attributes).toEqual(expect.arrayContaining([{ key: "mcp.protocol.version", value: { stringValue: revision } }]));
    }
  });

  it.each([
    ["2025-11-25", {}],
    ["2026-07-28", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
  ] as const)("traces the reads and gets of the app's resources and prompts and the toolkit's own on %s", async (_revision, options) => {
    receiver.spans.length = 0;
    const client = new Client({ name: "otel-nuxt", version: "1.0.0" }, options as never);
    await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", (app as StartedApp).url)));
    const parent = clientTracer.startSpan("agent step");
    const _meta = traceMeta(parent);
    const texts = [
      await client.readResource({ uri: "docs://readme", _meta }),
      await client.readResource({ uri: "docs://pages/intro", _meta }),
      await client.readResource({ uri: "status://toolkit", _meta }),
    ].map((answer) => (answer.contents[0] as { text: string }).text);
    const got = [
      await client.getPrompt({ name: "otel_summary", arguments: { topic: "tides" }, _meta }),
      await client.getPrompt({ name: "otel_greeting", _meta }),
    ].map((answer) => (answer.messages[0] as { content: { text: string } }).content.text);
    const refused = await client.getPrompt({ name: "otel_summary", arguments: {}, _meta }).then(
      () => "answered",
      (error: { code?: number; message?: string }) => `${error.code} ${error.message}`,
    );
    parent.end();
    await until(() => receiver.spans.length >= 6);
    await client.close();
    expect(texts).toEqual(["# Readme", "page intro", "all green"]);
    expect(got).toEqual(["Summarize tides.", "Hello from the toolkit."]);
    expect(refused).toBe("-32602 Invalid arguments at /: must have required properties topic");
    const ok = { traceId: parent.spanContext().traceId, parentSpanId: parent.spanContext().spanId, status: { code: 0 } };
    expect(receiver.spans.map(placed)).toEqual([
      { name: "resources/read", ...ok },
      { name: "resources/read", ...ok },
      { name: "resources/read", ...ok },
      { name: "prompts/get otel_summary", ...ok },
      { name: "prompts/get otel_greeting", ...ok },
      {
        name: "prompts/get otel_summary",
        ...ok,
        status: { code: 2, message: "Invalid arguments at /: must have required properties topic" },
      },
    ]);
    const attribute = (span: ExportedSpan | undefined, key: string) =>
      (span?.attributes.find((one) => one.key === key)?.value as { stringValue?: string } | undefined)?.stringValue;
    expect(receiver.spans.map((span) => attribute(span, "mcp.resource.uri") ?? attribute(span, "gen_ai.prompt.name"))).toEqual([
      "docs://readme",
      "docs://pages/intro",
      "status://toolkit",
      "otel_summary",
      "otel_greeting",
      "otel_summary",
    ]);
    expect(attribute(receiver.spans[5], "error.type")).toBe("-32602");
  });

  it("serves what a toolkit tool adds to its 2025-11-25 session with useMcpServer(), traced like the rest; 2026-07-28 has no session to add to", async () => {
    receiver.spans.length = 0;
    const client = new Client({ name: "otel-nuxt", version: "1.0.0" });
    let heard = 0;
    client.setNotificationHandler("notifications/prompts/list_changed", () => {
      heard++;
    });
    await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", (app as StartedApp).url)));
    expect(client.getServerCapabilities()?.prompts).toEqual({ listChanged: true });
    const registered = await client.callTool({ name: "otel-register", arguments: {} });
    expect(registered.content).toEqual([{ type: "text", text: "registered" }]);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(["otel_summary", "otel_greeting", "otel_added"]);
    const parent = clientTracer.startSpan("agent step");
    const _meta = traceMeta(parent);
    const got = await client.getPrompt({ name: "otel_added", arguments: { topic: "tides" }, _meta });
    const read = await client.readResource({ uri: "notes://added", _meta });
    parent.end();
    expect(got.messages).toEqual([{ role: "user", content: { type: "text", text: "Added prompt on tides." } }]);
    expect(read.contents).toEqual([{ uri: "notes://added", mimeType: "text/plain", text: "added during the session" }]);
    await until(() => receiver.spans.length >= 3 && heard >= 1);
    expect(heard).toBe(1);
    await client.close();
    const ok = { traceId: parent.spanContext().traceId, parentSpanId: parent.spanContext().spanId, status: { code: 0 } };
    expect(receiver.spans.filter((span) => span.traceId === ok.traceId).map(placed)).toEqual([
      { name: "prompts/get otel_added", ...ok },
      { name: "resources/read", ...ok },
    ]);

    const modern = new Client({ name: "otel-nuxt", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await modern.connect(new StreamableHTTPClientTransport(new URL("/mcp", (app as StartedApp).url)));
    const refused = await modern.callTool({ name: "otel-register", arguments: {} });
    expect(refused.content).toEqual([
      {
        type: "text",
        text: "useMcpServer() can add or remove tools, prompts and resources only on a 2025-11-25 session, and this request has none (MCP 2026-07-28 has no sessions): anything added now would be gone with the request",
      },
    ]);
    expect(refused.isError).toBe(true);
    await modern.close();
  });
});
