/**
 * The Telemetry page's examples (docs/examples/telemetry-*.ts), run for real
 * against an OTLP/HTTP receiver on loopback that decodes what arrives: the
 * page's server and client as two processes, each exporting its own spans to
 * the endpoint OTEL_EXPORTER_OTLP_ENDPOINT names, the server's span joining
 * the client's trace; and the Nuxt app's middleware list through the core's
 * call path with the facts and `_meta` an MCP host gives, and around the
 * Resources page's catalog for a read and a get. The page shows each file as
 * it is, and its attribute table names every attribute that arrives.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { withMiddleware } from "@agntn/tools";
import { callTool, createMcpServer } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changelog, explain, guide } from "../docs/examples/resources-catalog.ts";
import { tools } from "../docs/examples/tools.ts";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const page = readFileSync(join(root, "docs/content/1.guide/09.telemetry.md"), "utf8");

/** A span as an OTLP/HTTP JSON export carries it, with the scope that made it. */
interface Exported {
  scope: string;
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  status: { code?: number; message?: string };
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
}

/** Listens on loopback and decodes every OTLP/HTTP JSON trace export it is sent. */
async function otlpReceiver() {
  const spans: Exported[] = [];
  const paths: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      paths.push(request.url ?? "");
      const decoded = JSON.parse(body) as {
        resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: Omit<Exported, "scope">[] }> }>;
      };
      for (const resource of decoded.resourceSpans) {
        for (const scope of resource.scopeSpans) for (const span of scope.spans) spans.push({ scope: scope.scope.name, ...span });
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, spans, paths, close: () => server.close() };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 15_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port free on loopback a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const attributesOf = (span: Exported | undefined) =>
  Object.fromEntries((span?.attributes ?? []).map(({ key, value }) => [key, value.stringValue]));

/** The attribute names of the page's attribute table. */
const documented = [...page.matchAll(/^\| `([a-z_.]+)` +\|/gm)].map((match) => match[1]);

describe("the page shows the examples as they are", () => {
  it.each(["telemetry-otlp.ts", "telemetry-client.ts", "telemetry-nuxt.ts"])("%s", (name) => {
    const text = readFileSync(join(root, "docs/examples", name), "utf8").trimEnd();
    expect(page).toContain(`\`\`\`ts [${name}]\n${text}\n\`\`\``);
  });

  it("shows the trace picture test/helpers/trace-screenshot.ts makes", () => {
    expect(page).toContain("](/telemetry-trace.png)");
    expect(readFileSync(join(root, "docs/public/telemetry-trace.png")).subarray(1, 4).toString()).toBe("PNG");
  });
});

describe("telemetry-otlp.ts and telemetry-client.ts, two processes exporting to one receiver", () => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let server: ChildProcess | undefined;
  let serverLog = "";

  beforeAll(async () => {
    receiver = await otlpReceiver();
  });
  afterAll(() => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
    receiver.close();
  });

  it("the server's tools/call span continues the client's agent step, and both arrive when each process ends", async () => {
    const port = await freePort();
    const env = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint };
    server = spawn(process.execPath, ["--conditions=agntn-source", "docs/examples/telemetry-otlp.ts"], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk: Buffer) => {
      serverLog += chunk.toString("utf8");
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      serverLog += chunk.toString("utf8");
    });
    const mcp = `http://127.0.0.1:${port}/mcp`;
    let up = false;
    for (let tries = 0; !up && tries < 300; tries++) {
      up = await fetch(mcp, { method: "GET" }).then(
        () => true,
        () => new Promise((resolve) => setTimeout(() => resolve(false), 50)) as Promise<boolean>,
      );
    }
    expect(up, serverLog).toBe(true);

    const client = await run(process.execPath, ["--conditions=agntn-source", "docs/examples/telemetry-client.ts"], {
      cwd: root,
      env: { ...env, MCP_URL: mcp },
      timeout: 30_000,
    });
    const traceId = /^trace ([0-9a-f]{32})$/.exec(client.stdout.trim())?.[1];
    expect(client.stderr).toBe("");
    expect(traceId).toBeDefined();
    // The client sent its span as it shut its provider down; the server's waits in its batch until SIGTERM.
    await until(() => receiver.spans.some((span) => span.scope === "my-agent"), "the client's span");
    expect(receiver.spans.filter((span) => span.scope === "@agntn/tools")).toEqual([]);
    const exited = new Promise<number | null>((resolve) => server?.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    await until(() => receiver.spans.length >= 2, "the server's span");

    expect(receiver.paths).toEqual(["/v1/traces", "/v1/traces"]);
    const step = receiver.spans.find((span) => span.scope === "my-agent");
    const call = receiver.spans.find((span) => span.scope === "@agntn/tools");
    expect(step).toMatchObject({ name: "agent step", traceId });
    expect(call).toMatchObject({ name: "tools/call text_slug", kind: 2, traceId, parentSpanId: step?.spanId, status: { code: 0 } });
    const attributes = attributesOf(call);
    expect(attributes).toEqual({
      "gen_ai.tool.name": "text_slug",
      "gen_ai.operation.name": "execute_tool",
      "mcp.method.name": "tools/call",
      "mcp.protocol.version": expect.stringMatching(/^20\d\d-\d\d-\d\d$/),
      "mcp.session.id": expect.any(String),
      "jsonrpc.request.id": expect.any(String),
      "agntn.host": "mcp",
    });
    for (const key of Object.keys(attributes)) expect(documented).toContain(key);
  }, 60_000);
});

describe("telemetry-nuxt.ts, the route's middleware list", () => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;

  beforeAll(async () => {
    receiver = await otlpReceiver();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  afterAll(() => {
    receiver.close();
  });

  it("traces a call as the route's host hands it, under the client's span from _meta, and exports it over OTLP/HTTP", async () => {
    vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint);
    vi.stubEnv("OTEL_BSP_SCHEDULE_DELAY", "20");
    const { middleware } = await import("../docs/examples/telemetry-nuxt.ts");
    const traced = withMiddleware(tools, ...middleware);
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const parent = "00f067aa0ba902b7";
    const facts = {
      host: "mcp",
      method: "tools/call",
      requestId: 7,
      revision: "2026-07-28",
      meta: { traceparent: `00-${traceId}-${parent}-01` },
    };
    const ok = await callTool({ name: "app" }, traced, "text_slug", { text: "Hello World" }, { call: facts });
    const bad = await callTool({ name: "app" }, traced, "text_slug", { txt: "Hello World" }, { call: { ...facts, requestId: 8 } });
    expect(ok).toEqual({ content: [{ type: "text", text: "hello-world" }] });
    expect(bad.isError).toBe(true);
    await until(() => receiver.spans.length >= 2, "two spans");
    expect(receiver.spans.map(({ name, kind, traceId, parentSpanId, status }) => ({ name, kind, traceId, parentSpanId, status }))).toEqual([
      { name: "tools/call text_slug", kind: 2, traceId, parentSpanId: parent, status: { code: 0 } },
      {
        name: "tools/call text_slug",
        kind: 2,
        traceId,
        parentSpanId: parent,
        status: { code: 2, message: (bad.content as { text: string }[])[0]?.text },
      },
    ]);
    expect(attributesOf(receiver.spans[1])).toEqual({
      "gen_ai.tool.name": "text_slug",
      "gen_ai.operation.name": "execute_tool",
      "mcp.method.name": "tools/call",
      "mcp.protocol.version": "2026-07-28",
      "jsonrpc.request.id": "8",
      "agntn.host": "mcp",
      "error.type": "tool_error",
      "agntn.tool.failure": "input",
    });
    for (const key of Object.keys(attributesOf(receiver.spans[1]))) expect(documented).toContain(key);
  }, 30_000);

  it("traces a read and a refused get of the app's resources and prompts the same way, every attribute on the page", async () => {
    vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint);
    vi.stubEnv("OTEL_BSP_SCHEDULE_DELAY", "20");
    const { middleware } = await import("../docs/examples/telemetry-nuxt.ts");
    const server = createMcpServer({ name: "app", version: "1.0.0" }, tools, {
      resources: withMiddleware([changelog, guide], ...middleware),
      prompts: withMiddleware([explain], ...middleware),
    });
    const client = new Client({ name: "agent", version: "1.0.0" });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const traceId = "5bf92f3577b34da6a3ce929d0e0e4737";
    const parent = "10f067aa0ba902b8";
    const _meta = { traceparent: `00-${traceId}-${parent}-01` };
    const before = receiver.spans.length;
    const refusal =
      "Invalid arguments at /: must have required properties slug\nInvalid arguments at /level: must be one of beginner, expert";
    try {
      expect((await client.readResource({ uri: "docs://guides/install", _meta })).contents).toEqual([
        { uri: "docs://guides/install", mimeType: "text/plain", text: "Run npm install, then npm start." },
      ]);
      await expect(client.getPrompt({ name: "explain_guide", arguments: { level: "guru" }, _meta })).rejects.toMatchObject({
        code: -32602,
        message: refusal,
      });
    } finally {
      await client.close();
      await server.close();
    }
    await until(() => receiver.spans.length >= before + 2, "two more spans");
    const spans = receiver.spans.slice(before);
    expect(spans.map(({ name, kind, traceId, parentSpanId, status }) => ({ name, kind, traceId, parentSpanId, status }))).toEqual([
      { name: "resources/read", kind: 2, traceId, parentSpanId: parent, status: { code: 0 } },
      { name: "prompts/get explain_guide", kind: 2, traceId, parentSpanId: parent, status: { code: 2, message: refusal } },
    ]);
    expect(spans.map(attributesOf)).toEqual([
      {
        "mcp.method.name": "resources/read",
        "mcp.protocol.version": "2025-11-25",
        "agntn.host": "mcp",
        "mcp.resource.uri": "docs://guides/install",
        "jsonrpc.request.id": "1",
      },
      {
        "gen_ai.prompt.name": "explain_guide",
        "mcp.method.name": "prompts/get",
        "mcp.protocol.version": "2025-11-25",
        "agntn.host": "mcp",
        "jsonrpc.request.id": "2",
        "error.type": "-32602",
        "agntn.tool.failure": "input",
      },
    ]);
    for (const key of spans.flatMap((span) => Object.keys(attributesOf(span)))) expect(documented).toContain(key);
  }, 30_000);
});
