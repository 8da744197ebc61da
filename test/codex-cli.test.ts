/**
 * The Codex CLI 0.169.1 (`@openai/codex`), run headless with `codex exec`
 * against the fake Responses API on loopback, as an ordinary MCP client of
 * our servers, configured as a user configures it in `config.toml`:
 * createMcpHttpHandler on a loopback port (`url`), and runCli's `mcp`
 * command over stdio (`command`, `args`), through
 * test/helpers/hosts/codex-cli.ts. Each case runs the CLI once and asserts
 * what the model reads (the `function_call_output` the CLI sends back) and
 * what the server saw (every request over HTTP, the pipes over stdio).
 *
 * What Codex does as a client:
 * - it offers the model a server's tools in a namespace, `mcp__agntn`, each
 *   under its own name, with the listed schema less `minLength`; the model
 *   calls `text_slug` with `namespace: "mcp__agntn"`;
 * - it offers 2025-06-18 at `initialize` (no `server/discover`), then sends
 *   `MCP-Protocol-Version` on every request, opens the standalone GET
 *   stream, puts a progress token on `tools/list` and each `tools/call`
 *   (beside its own ids for the call and the turn), and ends its session
 *   with `DELETE` as it exits, without waiting for it (on a loaded machine
 *   the exit sometimes wins, and the session is left to expire); over stdio it declares an experimental `codex/auth-change`
 *   as well, and at exit closes standard input and sends SIGTERM at once,
 *   then kills the server, often before it has noted either;
 * - it declares elicitation (form and URL), and no roots, no sampling and no
 *   MCP Apps extension; headless, it declines every question at once;
 * - with its `mcp_2026_07_28` feature (off by default) it speaks 2026-07-28
 *   from a `server/discover` on, with no session, and declines a question
 *   in the call's `inputResponses`;
 * - it checks no arguments itself: a misspelt one reaches the server, and the
 *   model reads our `Invalid arguments` lines;
 * - the model reads a tool's content as input items after a line of Codex's
 *   own with the call's wall time; an image comes as an `input_image` data
 *   URL; nothing tells the model a result was an error but its text.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import type { Server } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changingList, PNG, tools } from "./fixtures/client-tools.ts";
import { expectClientRow } from "./helpers/client-row.ts";
import { CODEX_NAMESPACE, type CodexRun, FINAL_TEXT, runCodex } from "./helpers/hosts/codex-cli.ts";
import { serveWith } from "./helpers/loopback.ts";
import { type HttpExchange, readStdioRecord, recordHttp, type WireMessage } from "./helpers/mcp-wire.ts";

/** What the runs showed of the client, for its row on the Clients page. */
const facts: {
  http?: HttpExchange[];
  modern?: HttpExchange[];
  stdioEndings?: string[];
  images?: boolean;
  declined?: boolean;
  relists?: boolean;
} = {};

/** What Codex sends as `clientInfo`, at `initialize` or in each request's `_meta`. */
const CLIENT_INFO = { name: "codex-mcp-client", title: "Codex", version: "0.169.1" };

/** What Codex declares it can do: form and URL questions, nothing else (no roots, no sampling, no extensions). */
const CLIENT_CAPABILITIES = { elicitation: { form: {}, url: {} } };

/** The `initialize` Codex sends over HTTP. */
const INITIALIZE = { protocolVersion: "2025-06-18", capabilities: CLIENT_CAPABILITIES, clientInfo: CLIENT_INFO };

/** Over stdio it adds an experimental capability of its own. */
const STDIO_INITIALIZE = { ...INITIALIZE, capabilities: { ...CLIENT_CAPABILITIES, experimental: { "codex/auth-change": {} } } };

/** The keys of a `tools/call`'s `_meta`: Codex's own ids for the call and its turn, and a progress token. */
const CALL_META_KEYS = ["callId", "itemId", "progressToken", "sessionId", "threadId", "windowId", "x-codex-turn-metadata"];

/** The question the paint tool asks, as it goes out in `elicitation/create`. */
const QUESTION = {
  mode: "form",
  message: "Which colour?",
  requestedSchema: { type: "object", properties: { colour: { type: "string", enum: ["red", "blue"] } }, required: ["colour"] },
};

/** The line Codex puts before a tool's content, with the call's wall time (4 decimals). */
const WALL_TIME = /^Wall time: \d+\.\d{4} seconds\nOutput:$/;

/** What the model read of the call, with the wall time in Codex's first line (a clock reading) replaced by `<s>`. */
function readOf(run: CodexRun): unknown {
  if (!Array.isArray(run.read)) return run.read;
  return run.read.map((item, index) =>
    index === 0 && typeof item.text === "string" && WALL_TIME.test(item.text) ? { ...item, text: "Wall time: <s> seconds\nOutput:" } : item,
  );
}

/** The model's text input items, the first being Codex's wall-time line. */
function texts(...lines: string[]): Array<{ type: "input_text"; text: string }> {
  return ["Wall time: <s> seconds\nOutput:", ...lines].map((text) => ({ type: "input_text", text }));
}

/** The `tools/call` messages for one tool, as sent. */
function callsOf(sent: WireMessage[], tool: string): WireMessage[] {
  return sent.filter((message) => message.method === "tools/call" && message.params?.name === tool);
}

/** An HTTP request as `METHOD` and, for a POST, its JSON-RPC method. */
function requestOf(exchange: HttpExchange | undefined): string {
  return exchange ? `${exchange.method} ${exchange.sent?.method ?? ""}`.trim() : "(none)";
}

/** One run of the CLI and what the server saw of it: each message the CLI sent, and each the server sent it. */
interface Driven {
  run: CodexRun;
  sent: () => WireMessage[];
  answered: () => WireMessage[];
}

type Drive = (tool: string, args: Record<string, unknown>) => Promise<Driven>;

/** The five cases, asserted alike for each transport. */
function modelReads(drive: Drive) {
  it("a valid call: the model is offered the tool in Codex's namespace, less minLength, and reads its text", async () => {
    const { run, sent } = await drive("text_slug", { text: "Hello World" });
    expect(run.requests[0]?.tools?.find((tool) => tool.name === CODEX_NAMESPACE)).toEqual({
      type: "namespace",
      name: "mcp__agntn",
      description: "Tools in the mcp__agntn namespace.",
      tools: [
        {
          type: "function",
          name: "disk_check",
          description: "Checks the disk.",
          strict: false,
          parameters: { type: "object", properties: {}, additionalProperties: false },
        },
        {
          type: "function",
          name: "paint",
          description: "Asks the person which colour to paint with.",
          strict: false,
          parameters: { type: "object", properties: {}, additionalProperties: false },
        },
        {
          type: "function",
          name: "red_dot",
          description: "Draws a red dot.",
          strict: false,
          parameters: { type: "object", properties: {}, additionalProperties: false },
        },
        {
          type: "function",
          name: "text_slug",
          description: "Turns a text into a lowercase URL slug.",
          strict: false,
          parameters: {
            type: "object",
            properties: { text: { type: "string", description: "The text to slug" } },
            required: ["text"],
            additionalProperties: false,
          },
        },
      ],
    });
    expect(callsOf(sent(), "text_slug").map((message) => message.params?.arguments)).toEqual([{ text: "Hello World" }]);
    expect(readOf(run)).toEqual(texts("hello-world"));
    // The call the model made, as the CLI sends it back beside its output.
    expect(run.requests[1]?.input.filter((item) => item.type === "function_call")).toEqual([
      {
        type: "function_call",
        id: "fc_1",
        name: "text_slug",
        namespace: "mcp__agntn",
        arguments: '{"text":"Hello World"}',
        call_id: "call_1",
        status: "completed",
      },
    ]);
  });

  it("a bad call reaches the server; the model reads our Invalid arguments lines", async () => {
    const { run, sent } = await drive("text_slug", { txt: "Hi" });
    expect(callsOf(sent(), "text_slug").map((message) => message.params?.arguments)).toEqual([{ txt: "Hi" }]);
    expect(readOf(run)).toEqual(
      texts('Invalid arguments: unknown property "txt"; takes text\nInvalid arguments at /: must have required properties text'),
    );
  });

  it("a throw: the model reads the tool's line", async () => {
    const { run } = await drive("disk_check", {});
    expect(readOf(run)).toEqual(texts("disk_check failed: disk full"));
  });

  it("an image: the model reads the text and the image as a data URL", async () => {
    const { run } = await drive("red_dot", {});
    expect(readOf(run)).toEqual([
      ...texts("a red dot"),
      { type: "input_image", image_url: `data:image/png;base64,${PNG}`, detail: "high" },
    ]);
    facts.images = true;
  });

  it("a question: Codex declines it at once, headless; the model reads the tool's text for a decline", async () => {
    const { run, sent, answered } = await drive("paint", {});
    await expect.poll(() => answered().filter((message) => message.method === "elicitation/create").length).toBe(1);
    const question = answered().find((message) => message.method === "elicitation/create");
    expect(question?.params).toEqual(QUESTION);
    expect(callsOf(sent(), "paint").map((message) => message.params?.arguments)).toEqual([{}]);
    expect(sent().filter((message) => message.id === question?.id && message.method === undefined)).toEqual([
      { jsonrpc: "2.0", id: question?.id, result: { action: "decline" } },
    ]);
    expect(readOf(run)).toEqual(texts("not painted (decline)"));
    facts.declined = true;
  });
}

describe("Codex CLI 0.169.1 over Streamable HTTP", { timeout: 60_000 }, () => {
  let handler: McpHttpHandler;
  /** One loopback server per run, all in front of the one handler, so a request a run sends late lands in its own record. */
  const servers: Server[] = [];

  beforeAll(() => {
    handler = createMcpHttpHandler({ name: "codex-cli-test", version: "1.0.0" }, tools);
  });

  afterAll(async () => {
    await handler?.close();
    await Promise.all(servers.map((server) => server.close(true)));
  });

  /** Runs the CLI once against a server of its own; the CLI must end well, print the model's last words and reach nothing else. */
  async function driveHttp(
    tool: string,
    args: Record<string, unknown>,
    enable?: string[],
  ): Promise<Driven & { exchanges: HttpExchange[] }> {
    const { exchanges, fetch } = recordHttp((request) => handler.fetch(request));
    const { server, url } = await serveWith(() => fetch);
    servers.push(server);
    const run = await runCodex({ server: { url }, tool, args, ...(enable ? { enable } : {}) });
    expect({ exit: run.exit, stdout: run.stdout, other: run.other }, run.stderr).toEqual({ exit: 0, stdout: `${FINAL_TEXT}\n`, other: [] });
    return {
      run,
      exchanges,
      sent: () => exchanges.flatMap((exchange) => (exchange.sent ? [exchange.sent] : [])),
      answered: () => exchanges.flatMap((exchange) => exchange.answered),
    };
  }

  /**
   * A run whose DELETE reached the server. Codex sends it as it exits and does not wait for it: on a loaded machine
   * the exit sometimes wins, and the session is left to the idle expiry. So each run gets a moment for a late DELETE,
   * and the CLI runs again (three runs at most) if none came.
   */
  async function driveUntilDeleted(tool: string, args: Record<string, unknown>): Promise<Driven & { exchanges: HttpExchange[] }> {
    for (let runs = 1; ; runs++) {
      const driven = await driveHttp(tool, args);
      const deleted = () => driven.exchanges.some((exchange) => exchange.method === "DELETE");
      for (let waited = 0; !deleted() && waited < 2_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      if (deleted() || runs === 3) return driven;
    }
  }

  modelReads(driveHttp);

  it("names itself, takes 2025-06-18, declares elicitation and no MCP Apps extension, sends progress tokens, and ends its session with DELETE", async () => {
    const { exchanges, sent } = await driveUntilDeleted("text_slug", { text: "Release Notes 2" });
    // Each request with its MCP-Protocol-Version header. The standalone GET stream opens while the tools are
    // listed: the order of those two varies, the set does not.
    expect(exchanges.map((exchange) => [requestOf(exchange), exchange.headers["mcp-protocol-version"] ?? "(none)"]).sort()).toEqual([
      ["DELETE", "2025-06-18"],
      ["GET", "2025-06-18"],
      ["POST initialize", "(none)"],
      ["POST notifications/initialized", "2025-06-18"],
      ["POST tools/call", "2025-06-18"],
      ["POST tools/list", "2025-06-18"],
    ]);
    // The DELETE comes last and ends the session (an unknown one would get 404).
    expect({ request: requestOf(exchanges.at(-1)), status: exchanges.at(-1)?.status }).toEqual({ request: "DELETE", status: 200 });
    // No 2026 probe: the one revision offered is 2025-06-18, and the server takes it.
    const initialize = exchanges.find((exchange) => exchange.sent?.method === "initialize");
    expect(initialize?.sent?.params).toEqual(INITIALIZE);
    expect(initialize?.answered.map((message) => message.result?.protocolVersion)).toEqual(["2025-06-18"]);
    expect([...new Set(exchanges.map((exchange) => exchange.headers["user-agent"]))]).toEqual(["codex-mcp-client/0.169.1"]);
    // A progress token on the listing and on each call; the call also carries the model's call id and item id.
    expect(sent().find((message) => message.method === "tools/list")?.params).toEqual({ _meta: { progressToken: 0 } });
    const meta = callsOf(sent(), "text_slug")[0]?.params?._meta ?? {};
    expect(Object.keys(meta).sort()).toEqual(CALL_META_KEYS);
    expect({ callId: meta.callId, itemId: meta.itemId, progressToken: meta.progressToken }).toEqual({
      callId: "call_1",
      itemId: "fc_1",
      progressToken: 1,
    });
    facts.http = exchanges;
  });

  it("with its mcp_2026_07_28 feature on, it speaks 2026-07-28 from a server/discover, opens no session, and declines a question in inputResponses", async () => {
    const { run, exchanges, sent } = await driveHttp("paint", {}, ["mcp_2026_07_28"]);
    expect(exchanges.map(requestOf)).toEqual(["POST server/discover", "POST tools/list", "POST tools/call", "POST tools/call"]);
    expect([...new Set(exchanges.map((exchange) => exchange.headers["mcp-protocol-version"]))]).toEqual(["2026-07-28"]);
    expect(sent()[0]?.params?._meta).toEqual({
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
      "io.modelcontextprotocol/clientCapabilities": CLIENT_CAPABILITIES,
    });
    expect(callsOf(sent(), "paint").map((message) => message.params?.inputResponses)).toEqual([
      undefined,
      { question: { action: "decline" } },
    ]);
    expect(readOf(run)).toEqual(texts("not painted (decline)"));
    facts.modern = exchanges;
  });

  it("a call that adds a tool to a createToolList list: the CLI is told tools/list_changed and does not list the tools again", async () => {
    const list = changingList();
    const changing = createMcpHttpHandler({ name: "codex-changing", version: "1.0.0" }, list);
    const { exchanges, fetch } = recordHttp((request) => changing.fetch(request));
    const { server, url } = await serveWith(() => fetch);
    servers.push(server);
    try {
      const run = await runCodex({ server: { url }, tool: "add_tool", args: {} });
      expect(readOf(run)).toEqual(texts("added late_tool"));
      // The notification reached it on the session's GET stream; a second tools/list would have come at once.
      await expect
        .poll(() => exchanges.find((exchange) => exchange.method === "GET")?.answered.map((message) => message.method))
        .toEqual(["notifications/tools/list_changed"]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(exchanges.filter((exchange) => exchange.sent?.method === "tools/list").length).toBe(1);
      facts.relists = false;
    } finally {
      await changing.close();
    }
  });
});

describe("Codex CLI 0.169.1 over stdio (runCli's mcp command)", { timeout: 60_000 }, () => {
  let dir: string;
  let runs = 0;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "agntn-codex-stdio-"));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs the CLI once with a fresh record file. The record is whole when the CLI has exited: the server wrote down
   * each message before it was answered, and Codex has killed the server by then.
   */
  async function driveStdio(tool: string, args: Record<string, unknown>): Promise<Driven & { endings: () => string[] }> {
    const record = join(dir, `run-${++runs}.jsonl`);
    writeFileSync(record, "");
    const run = await runCodex({ server: { record }, tool, args });
    expect({ exit: run.exit, stdout: run.stdout, other: run.other }, run.stderr).toEqual({ exit: 0, stdout: `${FINAL_TEXT}\n`, other: [] });
    return {
      run,
      sent: () => readStdioRecord(record).sent,
      answered: () => readStdioRecord(record).answered,
      endings: () => readStdioRecord(record).endings,
    };
  }

  modelReads(driveStdio);

  it("names itself, takes 2025-06-18, declares elicitation and no MCP Apps extension, sends progress tokens, and ends the server with stdin closed, SIGTERM and a kill", async () => {
    const { sent, answered, endings } = await driveStdio("text_slug", { text: "Release Notes 2" });
    expect(sent().map((message) => message.method ?? "(an answer)")).toEqual([
      "initialize",
      "notifications/initialized",
      "tools/list",
      "tools/call",
    ]);
    expect(sent()[0]?.params).toEqual(STDIO_INITIALIZE);
    expect(answered().find((message) => message.id === sent()[0]?.id)?.result?.protocolVersion).toBe("2025-06-18");
    expect(sent()[2]?.params).toEqual({ _meta: { progressToken: 0 } });
    const meta = callsOf(sent(), "text_slug")[0]?.params?._meta ?? {};
    expect(Object.keys(meta).sort()).toEqual(CALL_META_KEYS);
    expect(meta.progressToken).toBe(1);
    // At exit Codex closes standard input and sends SIGTERM in the same moment, then kills the server outright: the
    // record notes whichever of the two the server heard first, or both, or neither (the kill can come before Node
    // runs a handler). Nothing else ends it.
    expect(["signal SIGTERM", "stdin end"]).toEqual(expect.arrayContaining(endings()));
    facts.stdioEndings = endings();
  });
});

describe("Codex CLI's row on the Clients page", () => {
  it("is what the runs above showed", () => {
    const { http, modern, stdioEndings } = facts;
    expect([http, modern, stdioEndings, facts.images, facts.declined, facts.relists].every((fact) => fact !== undefined)).toBe(true);
    if (!http || !modern || !stdioEndings) return;
    const initialize = http.find((exchange) => exchange.sent?.method === "initialize")?.sent?.params as {
      protocolVersion: string;
      capabilities: { elicitation?: Record<string, unknown>; extensions?: Record<string, unknown> };
      clientInfo: { version: string };
    };
    const modernRevision = modern[0]?.headers["mcp-protocol-version"];
    const calls = http.filter((exchange) => exchange.sent?.method === "tools/call");
    expectClientRow({
      key: "codex-cli",
      client: "Codex CLI",
      version: initialize.clientInfo.version,
      transports: "Streamable HTTP, stdio",
      revision: `${initialize.protocolVersion}; ${modernRevision} with its mcp_2026_07_28 feature on`,
      questions:
        initialize.capabilities.elicitation && facts.declined
          ? `declares ${Object.keys(initialize.capabilities.elicitation).join(" and ")}, but codex exec declines every question at once`
          : "no",
      progress: calls.every((exchange) => exchange.sent?.params?._meta?.progressToken !== undefined)
        ? "each call carries a progress token"
        : "no progress token",
      images: facts.images ? "yes: the image goes to the model as an input_image beside the tool's text" : "no",
      views: initialize.capabilities.extensions?.["io.modelcontextprotocol/ui"] ? "yes" : "no: it does not declare the MCP Apps extension",
      listChanged: facts.relists ? "yes" : "no: told tools/list_changed, codex exec does not list the tools again",
      endsSession: [
        http.some((exchange) => exchange.method === "DELETE")
          ? "HTTP: sends DELETE as it exits, without waiting for the answer"
          : "HTTP: never sends DELETE",
        "stdio: closes standard input and sends SIGTERM at once, then kills the server",
      ].join("; "),
      // Seen while this test was written: an optional server gets about a second to start, and once the first turn
      // went out before its tools were listed.
      setting: "required = true on the server in config.toml, so the first turn waits for its tools",
    });
  });
});
