/**
 * @agntn/tools/nuxt and @agntn/tools/toolkit as a user runs them: the
 * playground and a second fixture app are built with `nuxi build`, their
 * `.output/server/index.mjs` started on loopback ports, and called by the SDK
 * v2 client and the SDK v1 client over Streamable HTTP. The module's route is
 * this package's own handler, so every answer there must equal what
 * `callTool` gives for the same call, listing included; on the toolkit's
 * named route (SDK v1 behind toToolkitTools) the differences are pinned.
 */

import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import type { AnyTool } from "@agntn/tools";
import { callTool, listTools } from "@agntn/tools/mcp";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools as demoTools } from "../playground/server/tools.ts";
import { listTools as coreListing } from "../src/protocol/list.ts";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { tools as fixtureTools } from "./fixtures/nuxt-tools.ts";

const PLAYGROUND = join(root, "playground");
const FIXTURE = join(root, "test/fixtures/nuxt-app");
const NO_STATE_KEY =
  "[@agntn/tools] No NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY is set: on MCP 2026-07-28 the state of a pending question travels unsigned, so the server cannot enforce its expiry, nor that it belongs to this call and this caller (each answer in it is still checked against its question). Set it (32 bytes or more, e.g. `openssl rand -base64 32`) to the same value on every instance.";

type Reply = { action: "accept"; content: Record<string, unknown> } | { action: "decline" } | { action: "cancel" };
type Result = Record<string, unknown>;

/** A client of either SDK, reduced to what the tests need. */
interface TestClient {
  serverVersion(): unknown;
  listTools(): Promise<{ tools: Result[] }>;
  callTool(
    name: string,
    args?: Record<string, unknown>,
    options?: { onprogress?: (p: unknown) => void; signal?: AbortSignal },
  ): Promise<Result>;
  close(): Promise<void>;
}

interface ClientOptions {
  /** Declare form elicitation; each form is answered by the next reply (cancel when none is left). */
  replies?: () => Reply[];
  /** Every form the person saw, in order. */
  forms?: unknown[];
  /** Replaces the reply logic: gets the form and the signal of the elicitation request. */
  onForm?: (params: unknown, signal: AbortSignal) => Promise<Reply>;
}

function answerFor(options: ClientOptions) {
  return async (params: unknown, signal: AbortSignal): Promise<Reply> => {
    options.forms?.push(params);
    if (options.onForm) return options.onForm(params, signal);
    const next = options.replies?.().shift();
    return next ?? { action: "cancel" };
  };
}

async function connectV2(url: URL, options: ClientOptions = {}): Promise<TestClient> {
  const elicits = options.replies !== undefined || options.onForm !== undefined;
  const client = new ClientV2({ name: "nuxt-test-v2", version: "1.0.0" }, { capabilities: elicits ? { elicitation: { form: {} } } : {} });
  if (elicits) {
    const answer = answerFor(options);
    client.setRequestHandler("elicitation/create", async (request, ctx) => (await answer(request.params, ctx.mcpReq.signal)) as never);
  }
  await client.connect(new TransportV2(url));
  return {
    serverVersion: () => client.getServerVersion(),
    listTools: async () => (await client.listTools()) as unknown as { tools: Result[] },
    callTool: async (name, args, callOptions = {}) =>
      (await client.callTool({ name, ...(args === undefined ? {} : { arguments: args }) }, callOptions)) as Result,
    close: () => client.close(),
  };
}

async function connectV1(url: URL, options: ClientOptions = {}): Promise<TestClient> {
  const elicits = options.replies !== undefined || options.onForm !== undefined;
  const client = new ClientV1({ name: "nuxt-test-v1", version: "1.0.0" }, { capabilities: elicits ? { elicitation: {} } : {} });
  if (elicits) {
    const answer = answerFor(options);
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => (await answer(request.params, extra.signal)) as never);
  }
  await client.connect(new TransportV1(url));
  return {
    serverVersion: () => client.getServerVersion(),
    listTools: async () => (await client.listTools()) as unknown as { tools: Result[] },
    callTool: async (name, args, callOptions = {}) =>
      (await client.callTool({ name, ...(args === undefined ? {} : { arguments: args }) }, undefined, callOptions)) as Result,
    close: () => client.close(),
  };
}

const CLIENTS = { "SDK v2 client": connectV2, "SDK v1 client": connectV1 } as const;

/** What `tools/list` on the toolkit shows for a tool: the core's listing (no views), plus what SDK v1 adds, minus icons. */
function toolkitListing(tools: readonly AnyTool[]): Result[] {
  return coreListing(tools).tools.map(({ icons: _icons, ...listed }) => {
    const shown: Result = {
      ...listed,
      inputSchema: { ...listed.inputSchema, $schema: "http://json-schema.org/draft-07/schema#" },
      execution: { taskSupport: "forbidden" },
      _meta: listed._meta ?? {},
    };
    if (listed.outputSchema) shown.outputSchema = { ...listed.outputSchema, $schema: "http://json-schema.org/draft-07/schema#" };
    return shown;
  });
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let playground: StartedApp;
let fixture: StartedApp;
const open: TestClient[] = [];

async function connect(kind: keyof typeof CLIENTS, url: URL, options?: ClientOptions): Promise<TestClient> {
  const client = await CLIENTS[kind](url, options);
  open.push(client);
  return client;
}

beforeAll(async () => {
  await Promise.all([buildApp(PLAYGROUND), buildApp(FIXTURE)]);
  [playground, fixture] = await Promise.all([startApp(PLAYGROUND), startApp(FIXTURE)]);
}, 600_000);

afterAll(async () => {
  for (const client of open) await client.close().catch(() => {});
  for (const server of [playground, fixture]) server?.stop();
});

const playgroundInfo = { name: "agntn-playground" };
const mcp = () => new URL("/mcp", playground.url);
const plain = () => new URL("/mcp/plain", fixture.url);
const plainTools = [...demoTools, ...fixtureTools];

describe.each(Object.keys(CLIENTS) as Array<keyof typeof CLIENTS>)("the playground's /mcp route, %s", (kind) => {
  it("announces the app's name and the version from package.json", async () => {
    const client = await connect(kind, mcp());
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    expect(client.serverVersion()).toEqual({ name: "agntn-playground", version: pkg.version });
  });

  it("lists the tools exactly as listTools does, text_stats' view named in its _meta (the route is this package's handler, not SDK v1)", async () => {
    const client = await connect(kind, mcp());
    const view = { ui: { resourceUri: "ui://text_stats/view.html" }, "ui/resourceUri": "ui://text_stats/view.html" };
    const expected = listTools(demoTools).tools.map((tool) => (tool.name === "text_stats" ? { ...tool, _meta: view } : tool));
    expect((await client.listTools()).tools).toEqual(expected);
  });

  it.each([
    { label: "success", name: "text_slug", args: { text: "Crème Brûlée, 2 ways" } },
    { label: "a returned isError", name: "text_slug", args: { text: "!!!" } },
    { label: "bad input, one line per problem", name: "text_slug", args: { text: "", separator: "+", extra: 1 } },
    { label: "missing arguments", name: "text_slug", args: undefined },
    { label: "structured content with an output schema", name: "text_stats", args: { text: "one two\nthree" } },
  ])("answers $label exactly as callTool", async ({ name, args }) => {
    const client = await connect(kind, mcp());
    expect(await client.callTool(name, args)).toEqual(await callTool(playgroundInfo, demoTools, name, args));
  });

  it("sends progress as notifications/progress when the call carries a token", async () => {
    const client = await connect(kind, mcp());
    const reports: unknown[] = [];
    const args = { text: "one two\nthree\nfour five six", chunk: 2 };
    const answer = await client.callTool("text_count", args, { onprogress: (report) => reports.push(report) });
    expect(answer).toEqual(await callTool(playgroundInfo, demoTools, "text_count", args));
    expect(reports).toEqual([
      { progress: 2, total: 3, message: "counted 2 of 3 lines" },
      { progress: 3, total: 3, message: "counted 3 of 3 lines" },
    ]);
  });

  const separatorForm = {
    mode: "form",
    message: "How should 2 file name(s) be written?",
    requestedSchema: {
      type: "object",
      properties: { separator: { type: "string", title: "Separator", enum: ["-", "_"] } },
      required: ["separator"],
    },
  };
  const applyForm = {
    mode: "form",
    message: "Apply these renames?\nMy File.TXT -> my_file_txt\nÉté.md -> ete_md",
    requestedSchema: { type: "object", properties: { apply: { type: "boolean", title: "Apply" } }, required: ["apply"] },
  };
  const names = ["My File.TXT", "Été.md"];

  it.each([
    {
      label: "answered",
      script: [
        { action: "accept", content: { separator: "_" } },
        { action: "accept", content: { apply: true } },
      ] as Reply[],
      forms: [separatorForm, applyForm],
      text: "Renamed:\nMy File.TXT -> my_file_txt\nÉté.md -> ete_md",
    },
    {
      label: "declined",
      script: [{ action: "decline" }] as Reply[],
      forms: [separatorForm],
      text: "Nothing renamed: the person chose decline.",
    },
    {
      label: "answered off the form, then asked again",
      script: [
        { action: "accept", content: { separator: "+" } },
        { action: "accept", content: {} },
        { action: "accept", content: { separator: "_" } },
        { action: "accept", content: { apply: "yes" } },
        { action: "accept", content: { apply: false } },
      ] as Reply[],
      forms: [separatorForm, separatorForm, separatorForm, applyForm, applyForm],
      text: "Nothing renamed: the person did not confirm.",
    },
  ])("asks the person through elicitation/create: $label", async ({ script, forms, text }) => {
    const replies = structuredClone(script);
    const seen: unknown[] = [];
    const client = await connect(kind, mcp(), { replies: () => replies, forms: seen });
    const answer = await client.callTool("files_rename", { names });
    expect(answer.content).toEqual([{ type: "text", text }]);
    expect(answer.isError).toBeUndefined();
    expect(seen).toEqual(forms);
  });

  it("gives up with an error after three replies that never fit", async () => {
    const seen: unknown[] = [];
    const client = await connect(kind, mcp(), { replies: () => [{ action: "accept", content: { separator: "?" } }], forms: seen });
    expect(await client.callTool("files_rename", { names })).toEqual({
      content: [{ type: "text", text: "files_rename failed: no reply fit the question after 3 tries" }],
      isError: true,
    });
    expect(seen).toEqual([separatorForm, separatorForm, separatorForm]);
  });

  it("answers at once with the tool's 'nobody to ask' path when the client has no elicitation", async () => {
    const client = await connect(kind, mcp());
    const answer = await client.callTool("files_rename", { names });
    expect(answer).toEqual(await callTool(playgroundInfo, demoTools, "files_rename", { names }));
    expect(answer).toEqual({
      content: [{ type: "text", text: "Nobody to ask: run this where a person can answer, or rename by hand." }],
      isError: true,
    });
  });

  it.each([
    { name: "nope", text: 'Unknown agntn-playground tool: "nope"' },
    { name: "toString", text: 'Unknown agntn-playground tool: "toString"' },
    { name: "__proto__", text: 'Unknown agntn-playground tool: "__proto__"' },
    { name: "\u001b[31mRED\nline", text: 'Unknown agntn-playground tool: "\\u001b[31mRED\\nline"' },
  ])("answers an unknown name ($name) as the stdio server does: quoted, escaped, one line", async ({ name, text }) => {
    const client = await connect(kind, mcp());
    expect(await client.callTool(name, {})).toEqual({ content: [{ type: "text", text }], isError: true });
    expect(await callTool(playgroundInfo, demoTools, name, {})).toEqual({ content: [{ type: "text", text }], isError: true });
  });
});

describe.each(Object.keys(CLIENTS) as Array<keyof typeof CLIENTS>)("a cancelled call on the playground, %s", (kind) => {
  it("takes its question back", async () => {
    let formSignal: AbortSignal | undefined;
    let forms = 0;
    const client = await connect(kind, mcp(), {
      onForm: (_params, signal) => {
        forms++;
        // The first form of the session is declined: SDK v1 clients ignore a cancel for request id 0.
        if (forms === 1) return Promise.resolve({ action: "decline" });
        formSignal = signal;
        return new Promise((resolve) => signal.addEventListener("abort", () => resolve({ action: "cancel" })));
      },
    });
    expect((await client.callTool("files_rename", { names: ["a"] })).content).toEqual([
      { type: "text", text: "Nothing renamed: the person chose decline." },
    ]);
    const controller = new AbortController();
    const call = client.callTool("files_rename", { names: ["a"] }, { signal: controller.signal });
    await until(async () => formSignal !== undefined, "the form");
    expect(formSignal?.aborted).toBe(false);
    controller.abort(new Error("the person closed the chat"));
    await expect(call).rejects.toThrow();
    await until(async () => formSignal?.aborted === true, "the form to be taken back");
    expect(formSignal?.aborted).toBe(true);
  });
});

describe.each(Object.keys(CLIENTS) as Array<keyof typeof CLIENTS>)("toToolkitTools on a named route (/mcp/plain), %s", (kind) => {
  const info = { name: "plain" };

  it("lists the tools as listTools does, plus what SDK v1 adds", async () => {
    const client = await connect(kind, plain());
    expect(client.serverVersion()).toEqual({ name: "plain", version: "1.0.0" });
    expect((await client.listTools()).tools).toEqual(toolkitListing(plainTools));
  });

  it.each([
    { label: "a throw", name: "fixture_throw", args: {}, text: "fixture_throw failed: disk full at /var/lib" },
    {
      label: "details that break the output schema",
      name: "fixture_mismatch",
      args: {},
      text: "fixture_mismatch returned details that don't match its output schema\nat /count: must be integer",
    },
    { label: "a success", name: "fixture_echo", args: { text: "hello" }, text: "hello" },
  ])("answers $label exactly as callTool", async ({ name, args, text }) => {
    const client = await connect(kind, plain());
    const answer = await client.callTool(name, args);
    expect(answer).toEqual(await callTool(info, plainTools, name, args));
    expect((answer.content as Array<{ text: string }>)[0]?.text).toBe(text);
  });

  it("lets the toolkit fill in an answer with no content blocks (a known difference)", async () => {
    const client = await connect(kind, plain());
    expect(await callTool(info, plainTools, "fixture_empty", { fail: false })).toEqual({ content: [], structuredContent: { n: 1 } });
    expect(await client.callTool("fixture_empty", { fail: false })).toEqual({
      content: [{ type: "text", text: '{"n":1}' }],
      structuredContent: { n: 1 },
    });
    expect(await callTool(info, plainTools, "fixture_empty", { fail: true })).toEqual({ content: [], isError: true });
    expect(await client.callTool("fixture_empty", { fail: true })).toEqual({
      content: [{ type: "text", text: "Tool execution failed" }],
      isError: true,
    });
  });

  it("hands the call's abort signal to execute", async () => {
    const client = await connect(kind, plain());
    const lastAbort = async () => ((await client.callTool("fixture_last_abort", {})).content as Array<{ text: string }>)[0]?.text;
    const controller = new AbortController();
    const call = client.callTool("fixture_wait", {}, { signal: controller.signal });
    await until(async () => (await lastAbort()) === "waiting", "fixture_wait to start");
    controller.abort(new Error("stop"));
    await expect(call).rejects.toThrow();
    await until(async () => (await lastAbort()) === "aborted", "the abort to reach execute");
    expect(await lastAbort()).toBe("aborted");
  });
});

describe("an app whose asyncContext is off (fixture /mcp)", () => {
  it("serves the app's tools beside the toolkit's own and leaves out the one whose name is taken", async () => {
    const client = await connect("SDK v2 client", new URL("/mcp", fixture.url));
    expect(client.serverVersion()).toEqual({ name: "agntn-fixture", version: "9.9.9" });
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toEqual([
      "fixture_echo",
      "list-pages",
      "fixture_throw",
      "fixture_mismatch",
      "fixture_wait",
      "fixture_last_abort",
      "fixture_empty",
    ]);
    expect(await client.callTool("fixture_echo", {})).toEqual({ content: [{ type: "text", text: "echo from the toolkit" }] });
    expect(await client.callTool("list-pages", {})).toEqual({ content: [{ type: "text", text: "/\n/guide" }] });
    const clash =
      '[@agntn/tools] The MCP route already serves a tool named "fixture_echo" (from server/mcp/tools or a layer such as Docus); the app\'s tool of that name is left out. Rename one of them.';
    expect(
      fixture
        .stderr()
        .split("\n")
        .filter((line) => line.includes("[@agntn/tools]")),
    ).toEqual([NO_STATE_KEY, clash]);
  });

  it("lists the toolkit's own tools to a 2026-07-28 client too, and answers them as the toolkit would", async () => {
    const modern = new ClientV2({ name: "modern", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await modern.connect(new TransportV2(new URL("/mcp", fixture.url)));
    expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const legacy = await connect("SDK v2 client", new URL("/mcp", fixture.url));
    expect((await modern.listTools()).tools.map((tool) => tool.name)).toEqual((await legacy.listTools()).tools.map((tool) => tool.name));
    const echo = await modern.callTool({ name: "fixture_echo", arguments: {} });
    expect({ content: echo.content, isError: echo.isError }).toEqual({
      content: [{ type: "text", text: "echo from the toolkit" }],
      isError: undefined,
    });
    const pages = await modern.callTool({ name: "list-pages", arguments: {} });
    expect(pages.content).toEqual([{ type: "text", text: "/\n/guide" }]);
    await modern.close();
  });

  it.each(Object.keys(CLIENTS) as Array<keyof typeof CLIENTS>)(
    "answers the app's tools as callTool does: they need no request context, %s",
    async (kind) => {
      const client = await connect(kind, new URL("/mcp", fixture.url), { replies: () => [] });
      const fixtureInfo = { name: "agntn-fixture" };
      for (const [name, args] of [
        ["fixture_throw", {}],
        ["fixture_mismatch", {}],
        ["fixture_last_abort", { bad: true }],
        ["fixture_empty", { fail: false }],
      ] as const) {
        expect(await client.callTool(name, args)).toEqual(await callTool(fixtureInfo, fixtureTools, name, args));
      }
    },
  );
});

describe("the playground's route", () => {
  it("speaks 2026-07-28 too: a client pinned to it connects and calls, an auto client negotiates it", async () => {
    for (const mode of [{ pin: "2026-07-28" } as const, "auto" as const]) {
      const client = new ClientV2({ name: "modern", version: "1.0.0" }, { versionNegotiation: { mode } });
      await client.connect(new TransportV2(mcp()));
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(demoTools.map((tool) => tool.name));
      const result = await client.callTool({ name: "text_slug", arguments: { text: "Scale Out" } });
      expect({ content: result.content, isError: result.isError }).toEqual({
        content: [{ type: "text", text: "scale-out" }],
        isError: undefined,
      });
      await client.close();
    }
  });

  /** A raw POST with a chosen Host header (fetch does not let a caller set Host). */
  function postWithHost(host: string, extra: Record<string, string> = {}): Promise<{ status: number; body: string }> {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "host-test", version: "1.0.0" } },
    });
    return new Promise((resolve, reject) => {
      const req = request(
        mcp(),
        {
          method: "POST",
          headers: {
            host,
            origin: `http://${host}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            ...extra,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  it("refuses a Host outside agntnTools.allowedHosts (DNS rebinding) and serves its own", async () => {
    expect(await postWithHost("evil.example.com")).toEqual({
      status: 403,
      body: JSON.stringify({
        jsonrpc: "2.0",
        error: {
          code: -32600,
          message: 'Host "evil.example.com" is not allowed: add its name to agntnTools.allowedHosts (or NUXT_AGNTN_TOOLS_ALLOWED_HOSTS)',
        },
        id: null,
      }),
    });
    const own = await postWithHost(mcp().host);
    expect(own.status).toBe(200);
    // A 2026-07-28 request is refused the same way, before the stateless path sees it.
    expect((await postWithHost("evil.example.com", { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" })).status).toBe(403);
    expect(own.body).toContain('"serverInfo":{"name":"agntn-playground"');
  });
});

describe("the browser bundle", () => {
  it("carries nothing of the tools or the adapter", () => {
    const dir = join(PLAYGROUND, ".output/public/_nuxt");
    const files = readdirSync(dir).filter((file) => file.endsWith(".js"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const code = readFileSync(join(dir, file), "utf8");
      for (const word of ["text_slug", "toToolkitTools", "agntn", "elicitation/create"])
        expect(code.includes(word), `${file}: ${word}`).toBe(false);
    }
  });
});
