/**
 * The hostile-input suite: what an attacker (or a careless client) can send,
 * and what every face must answer. Each case is one finding of the
 * safe-by-default review; the HTTP ones run on both protocol revisions.
 */
import { request } from "node:http";
import { runCli } from "@agntn/tools/cli";
import { createMcpRoute, registerMcpRoute } from "@agntn/tools/h3";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { registerOmpTools } from "@agntn/tools/omp";
import { registerPiTools } from "@agntn/tools/pi";
import { toToolkitTools } from "@agntn/tools/toolkit";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { H3 } from "h3";
import { serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools as demoTools } from "./fixtures/demo-tools.ts";

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

/** A raw POST with chosen Host and Origin headers (fetch will not set Host). */
function rawPost(target: URL, headers: Record<string, string | undefined>, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: "POST", setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.setHeader("content-type", "application/json");
    req.setHeader("accept", "application/json, text/event-stream");
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) req.setHeader(name, value);
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const LEGACY_INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const MODERN_LIST = {
  jsonrpc: "2.0",
  id: 1,
  method: "tools/list",
  params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
};
const MODERN_HEADERS = { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" };

function refused(message: string): { status: number; body: string } {
  return { status: 403, body: JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message }, id: null }) };
}

describe.each([
  ["2025-11-25", LEGACY_INIT, {}],
  ["2026-07-28", MODERN_LIST, MODERN_HEADERS],
] as const)("DNS rebinding, on %s, with no options", (_revision, body, extra) => {
  const own = () => `127.0.0.1:${url.port}`;

  it.each([
    ["another host", "evil.example", 'Host "evil.example" is not allowed: add its name to allowedHosts'],
    [
      "a name that starts like localhost",
      "localhost.evil.example",
      'Host "localhost.evil.example" is not allowed: add its name to allowedHosts',
    ],
    ["localhost with a trailing dot", "localhost.", 'Host "localhost." is not allowed: add its name to allowedHosts'],
    ["an empty Host", "", "Host (none) is not allowed: add its name to allowedHosts"],
    ["a Host with user info", "localhost@evil.example", 'Host "localhost@evil.example" is not allowed: add its name to allowedHosts'],
  ])("refuses %s with 403 and one line naming the option", async (_case, host, message) => {
    expect(await rawPost(url, { ...extra, host }, body)).toEqual(refused(message));
  });

  it("refuses a page on another origin, even with an allowed Host", async () => {
    expect(await rawPost(url, { ...extra, host: own(), origin: "http://evil.example" }, body)).toEqual(
      refused('Origin "http://evil.example" is not allowed: add it to allowedOrigins'),
    );
    expect(await rawPost(url, { ...extra, host: own(), origin: "null" }, body)).toEqual(
      refused('Origin "null" is not allowed: add it to allowedOrigins'),
    );
  });

  it.each([
    ["another port of the same host", (port: string) => `http://127.0.0.1:${Number(port) + 1}`],
    ["another scheme", (port: string) => `https://127.0.0.1:${port}`],
    ["another local name", (port: string) => `http://localhost:${port}`],
    ["a path after the origin", (port: string) => `http://127.0.0.1:${port}/page`],
  ])("compares the whole origin: refuses %s", async (_case, origin) => {
    const given = origin(url.port);
    expect(await rawPost(url, { ...extra, host: own(), origin: given }, body)).toEqual(
      refused(`Origin "${given}" is not allowed: add it to allowedOrigins`),
    );
  });

  it.each([["127.0.0.1"], ["localhost"], ["LOCALHOST"], ["[::1]"]])("answers Host %s, with or without its own Origin", async (name) => {
    expect((await rawPost(url, { ...extra, host: `${name}:${url.port}` }, body)).status).toBe(200);
    const origin = `http://${name.toLowerCase()}:${url.port}`;
    expect((await rawPost(url, { ...extra, host: `${name}:${url.port}`, origin }, body)).status).toBe(200);
  });
});

describe("registerMcpRoute with no options, on h3", () => {
  it("refuses another host on both revisions and answers its own", async () => {
    const app = new H3();
    const route = registerMcpRoute(app, info, demoTools);
    const running = serve({ hostname: "127.0.0.1", port: 0, silent: true, fetch: (request) => app.fetch(request) });
    await running.ready();
    const target = new URL("/mcp", running.url);
    const message = 'Host "evil.example" is not allowed: add its name to allowedHosts';
    expect(await rawPost(target, { host: "evil.example" }, LEGACY_INIT)).toEqual(refused(message));
    expect(await rawPost(target, { ...MODERN_HEADERS, host: "evil.example" }, MODERN_LIST)).toEqual(refused(message));
    expect((await rawPost(target, { host: `localhost:${target.port}` }, LEGACY_INIT)).status).toBe(200);
    await route.close();
    await running.close(true);
  });
});

describe("allowedHosts and allowedOrigins", () => {
  async function serving(options: Record<string, unknown>): Promise<{ url: URL; close(): Promise<void> }> {
    const own = createMcpHttpHandler(info, demoTools, options);
    const running = serve({ hostname: "127.0.0.1", port: 0, silent: true, fetch: (request) => own.fetch(request) });
    await running.ready();
    return {
      url: new URL("/mcp", running.url),
      close: async () => {
        await own.close();
        await running.close(true);
      },
    };
  }

  it("serves the hosts it is given, and only those", async () => {
    const s = await serving({ allowedHosts: ["mcp.example.com"] });
    expect((await rawPost(s.url, { host: "mcp.example.com" }, LEGACY_INIT)).status).toBe(200);
    expect((await rawPost(s.url, { host: `127.0.0.1:${s.url.port}` }, LEGACY_INIT)).status).toBe(403);
    // The page's origin is the server's own only when scheme, host and port all match what the request reached.
    expect((await rawPost(s.url, { host: "mcp.example.com", origin: "http://mcp.example.com" }, LEGACY_INIT)).status).toBe(200);
    expect(await rawPost(s.url, { host: "mcp.example.com", origin: "https://mcp.example.com" }, LEGACY_INIT)).toEqual(
      refused('Origin "https://mcp.example.com" is not allowed: add it to allowedOrigins'),
    );
    await s.close();
  });

  it("lets in the origins it is given, whole, and no others", async () => {
    const s = await serving({ allowedOrigins: ["http://localhost:5173", "HTTPS://App.Example.com"] });
    const host = `127.0.0.1:${s.url.port}`;
    for (const origin of ["http://localhost:5173", "https://app.example.com", "https://app.example.com:443"]) {
      expect((await rawPost(s.url, { host, origin }, LEGACY_INIT)).status).toBe(200);
    }
    for (const origin of ["http://localhost:5174", "http://app.example.com", "https://app.example.com.evil.example"]) {
      expect(await rawPost(s.url, { host, origin }, LEGACY_INIT)).toEqual(
        refused(`Origin "${origin}" is not allowed: add it to allowedOrigins`),
      );
    }
    await s.close();
  });

  it('serves every host and origin with "any"', async () => {
    const s = await serving({ allowedHosts: "any", allowedOrigins: "any" });
    expect((await rawPost(s.url, { host: "evil.example", origin: "http://evil.example" }, LEGACY_INIT)).status).toBe(200);
    await s.close();
  });

  it.each([
    [{ allowedHosts: "localhost" }, 'createMcpHttpHandler: allowedHosts must be a list of host names or "any"'],
    [{ allowedHosts: [""] }, 'createMcpHttpHandler: allowedHosts must be a list of host names or "any"'],
    [{ allowedOrigins: "*" }, 'createMcpHttpHandler: allowedOrigins must be a list of origins like "https://app.example.com", or "any"'],
    [
      { allowedOrigins: ["app.example.com"] },
      'createMcpHttpHandler: allowedOrigins must list origins like "https://app.example.com" (scheme, host and port), got "app.example.com"',
    ],
    [
      { allowedOrigins: ["https://app.example.com/mcp"] },
      'createMcpHttpHandler: allowedOrigins must list origins like "https://app.example.com" (scheme, host and port), got "https://app.example.com/mcp"',
    ],
  ])("refuses %j at construction", (options, message) => {
    expect(() => createMcpHttpHandler(info, demoTools, options as never)).toThrow(message);
  });
});

describe("a reply built to overflow the question state, on 2026-07-28", () => {
  const META =
    '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}}';

  /** One files_rename call as raw JSON text, so it can carry what no client's JSON.stringify would write; the answer as text. */
  async function rawCall(args: string, extra = ""): Promise<string> {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        ...MODERN_HEADERS,
        "mcp-method": "tools/call",
        "mcp-name": "files_rename",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"files_rename","arguments":${args},${META}${extra}}}`,
    });
    return response.text();
  }

  /** One round of the question flow; its result. */
  async function round(extra: string): Promise<Record<string, unknown>> {
    const text = await rawCall('{"names":["a b.txt"]}', extra);
    const data = text.startsWith("{") ? text : (text.split("\n").find((line) => line.startsWith("data: ")) ?? "").slice(6);
    return (JSON.parse(data) as { result: Record<string, unknown> }).result;
  }

  function reply(state: unknown, answer: string, junk = ""): string {
    return `,"inputResponses":{"question":{"action":"accept","content":${answer}${junk}}},"requestState":${JSON.stringify(state)}`;
  }

  it("answers arguments nested 100,000 deep with a clean refusal, never a stack-overflow text", async () => {
    const text = await rawCall(`{"names":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    expect(text).not.toContain("call stack");
    expect(text).toContain("Invalid arguments at /names/0: must be string");
  });

  it.each([
    ["an extra field nested 100,000 deep", `,"junk":${"[".repeat(100_000)}${"]".repeat(100_000)}`],
    ["an extra field of 1 MB", `,"junk":"${"x".repeat(1_000_000)}"`],
  ])("is never stored: %s beside a fitting answer keeps the flow going with a small state", async (_case, junk) => {
    const first = await round("");
    expect(first.resultType).toBe("input_required");
    const second = (await round(reply(first.requestState, '{"separator":"_"}', junk))) as {
      inputRequests?: { question?: { params: { message: string } } };
      requestState: string;
    };
    expect(second.inputRequests?.question?.params.message).toBe("Apply these renames?\na b.txt -> a_b_txt");
    expect(second.requestState.length).toBeLessThan(1000);
    const done = await round(reply(second.requestState, '{"apply":true}'));
    expect(done.content).toEqual([{ type: "text", text: "Renamed:\na b.txt -> a_b_txt" }]);
  });
});

describe("options checked when given: a misspelt key never turns a protection off", () => {
  const typo = (where: string, key: string, keys: string) => `${where}: unknown option "${key}"; the options are ${keys}`;
  const SERVER = "instructions, external, resources, prompts, cacheHints, bus, requestStateKey, requestStateTtlSeconds, tasks";
  const HTTP = `${SERVER}, allowedHosts, allowedOrigins, sessions, sessionIdleMs, maxSessions, maxSessionsPerCaller, onerror, auth`;

  it.each([
    [
      "createMcpServer",
      () => createMcpServer(info, demoTools, { instruction: "x" } as never),
      typo("createMcpServer", "instruction", SERVER),
    ],
    [
      "createMcpHttpHandler",
      () => createMcpHttpHandler(info, demoTools, { allowedHost: ["example.com"] } as never),
      typo("createMcpHttpHandler", "allowedHost", HTTP),
    ],
    [
      "createMcpRoute",
      () => createMcpRoute(info, demoTools, { allowedOrigin: [] } as never),
      typo("createMcpRoute", "allowedOrigin", HTTP),
    ],
    [
      "registerMcpRoute",
      () => registerMcpRoute({ all: () => {} }, info, demoTools, { path: "/mcp" } as never),
      typo("registerMcpRoute", "path", `${HTTP}, route`),
    ],
    [
      "registerPiTools",
      () => registerPiTools({} as never, demoTools, { failures: "keep" } as never),
      typo("registerPiTools", "failures", "keepErrorResults, confirm, perTool, Text"),
    ],
    [
      "registerOmpTools",
      () => registerOmpTools({} as never, demoTools, { renderers: {} } as never),
      typo("registerOmpTools", "renderers", "loadMode, perTool, validation"),
    ],
    [
      "registerOmpTools, per tool",
      () => registerOmpTools({} as never, demoTools, { perTool: { text_slug: { render: () => [] } } } as never),
      typo('registerOmpTools: perTool["text_slug"]', "render", "loadMode, summary, facts, renderCall, renderResult"),
    ],
    [
      "toToolkitTools",
      () => toToolkitTools(demoTools, { elicit: () => ({}) } as never),
      typo("toToolkitTools", "elicit", "elicitation, logger, server, authInfo"),
    ],
    [
      "runCli",
      () => runCli({ name: "x", version: "1", description: "x", tools: demoTools, fallbak: "slug" } as never, []),
      typo("runCli", "fallbak", "name, version, description, tools, commands, default, fallback, mcp, bundle, expected, compileCache"),
    ],
    [
      "an options value that is not an object",
      () => createMcpHttpHandler(info, demoTools, "safe" as never),
      "createMcpHttpHandler: options must be an object",
    ],
  ])("%s refuses an unknown key, naming it and the accepted ones", async (_where, make, message) => {
    await expect(Promise.resolve().then(make)).rejects.toThrow(message);
  });

  it("treats a key named like an Object.prototype member as unknown", () => {
    expect(() => createMcpHttpHandler(info, demoTools, JSON.parse('{"__proto__": {"sessions": false}}'))).toThrow(
      'createMcpHttpHandler: unknown option "__proto__"',
    );
  });
});
