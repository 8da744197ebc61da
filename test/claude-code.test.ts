/**
 * Claude Code 2.1.333 (the Claude Agent SDK 0.3.333's platform package) as an
 * ordinary MCP client of our servers, configured the way a user configures
 * it: `createMcpHttpHandler` on a loopback port as `{ type: "http", url }`,
 * and runCli's `mcp` command as `{ type: "stdio", command, args }`
 * (test/helpers/hosts/claude-code.ts). `query()` runs it headless against
 * the fake Messages API, in a temporary home. In one turn the model makes
 * every case's call at once; each case asserts what the model reads: the
 * `tool_result` blocks of the request that carries the results back. The
 * server side writes down what Claude Code sent (test/helpers/mcp-wire.ts).
 *
 * What Claude Code does as a client, on both transports:
 * - it speaks 2026-07-28 from the first message: a `server/discover` probe,
 *   then `tools/list` and `tools/call`, each carrying its name, version and
 *   capabilities in `_meta`; no `initialize`, so no session and nothing to
 *   end (no `DELETE` over HTTP); over stdio it ends the server with SIGINT,
 *   without closing its standard input first;
 * - over HTTP every request has `MCP-Protocol-Version: 2026-07-28` and
 *   `Mcp-Method` (`Mcp-Name` too, for a call);
 * - it declares `roots` (with `listChanged`) and `elicitation` (form and URL),
 *   not `sampling`; it answers a question through the SDK's `onElicitation`,
 *   and without one declines it;
 * - it checks no arguments itself: a call the tool refuses reaches the server,
 *   and the model reads our `Invalid arguments` lines;
 * - it keeps a configured server's tools behind its tool search unless the
 *   server's entry says `alwaysLoad: true` (the one setting a user needs);
 * - where a server declares `tools.listChanged` (one made from
 *   `createToolList`) it opens a `subscriptions/listen` stream and, told the
 *   list changed, lists it again.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import type { ElicitationRequest } from "@anthropic-ai/claude-agent-sdk";
import type { Server } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changingList, PNG, tools } from "./fixtures/client-tools.ts";
import { expectClientRow, stdioEnding } from "./helpers/client-row.ts";
import { toolResults } from "./helpers/fake-messages.ts";
import { type ClaudeCodeRun, httpServer, runClaudeCode, type ServerCall, stdioServer } from "./helpers/hosts/claude-code.ts";
import { serveWith } from "./helpers/loopback.ts";
import { type HttpRecorder, readStdioRecord, recordHttp, type StdioRecord, type WireMessage } from "./helpers/mcp-wire.ts";

/** Every case's call, made in the model's one turn: toolu_1 … toolu_5. */
const CALLS: ServerCall[] = [
  ["text_slug", { text: "Hello World" }],
  ["text_slug", { txt: "Hi" }],
  ["disk_check", {}],
  ["red_dot", {}],
  ["paint", {}],
];

/** The question the paint tool asks, as `onElicitation` receives it. */
const QUESTION: ElicitationRequest = {
  serverName: "agntn",
  message: "Which colour?",
  mode: "form",
  requestedSchema: { type: "object", properties: { colour: { type: "string", enum: ["red", "blue"] } }, required: ["colour"] },
};

/** What Claude Code sends in each request's `_meta`. */
const CLIENT_INFO = {
  name: "claude-code",
  title: "Claude Code",
  version: "2.1.333",
  description: "Anthropic's agentic coding tool",
  websiteUrl: "https://claude.com/claude-code",
};
const CLIENT_CAPABILITIES = { roots: { listChanged: true }, elicitation: { form: {}, url: {} } };

/** What the runs showed of the client, for its row on the Clients page. */
const facts: { http?: WireMessage[]; stdio?: StdioRecord; images?: boolean; answered?: boolean; relists?: boolean } = {};

/** The run in which `onElicitation` answers blue, and what it was asked. */
async function answeredRun(server: Parameters<typeof runClaudeCode>[0]): Promise<{ run: ClaudeCodeRun; asked: ElicitationRequest[] }> {
  const asked: ElicitationRequest[] = [];
  const run = await runClaudeCode(server, CALLS, {
    onElicitation: async (request) => {
      asked.push(request);
      return { action: "accept", content: { colour: "blue" } };
    },
  });
  return { run, asked };
}

/** What the requests Claude Code sent say about it: the methods (sorted), and each distinct revision, clientInfo and capabilities. */
function describedBy(sent: WireMessage[]) {
  const metas = sent.filter((message) => message.method !== undefined).map((message) => message.params?._meta ?? {});
  const distinct = (key: string) => [...new Set(metas.map((meta) => JSON.stringify(meta[key])))].map((text) => JSON.parse(text ?? "null"));
  return {
    first: sent[0]?.method,
    methods: sent.map((message) => message.method ?? "(an answer)").sort(),
    revisions: distinct("io.modelcontextprotocol/protocolVersion"),
    clientInfo: distinct("io.modelcontextprotocol/clientInfo"),
    capabilities: distinct("io.modelcontextprotocol/clientCapabilities"),
  };
}

/** The `tools/call` messages for one tool, as sent. */
function callsOf(sent: WireMessage[], tool: string): WireMessage[] {
  return sent.filter((message) => message.method === "tools/call" && message.params?.name === tool);
}

/**
 * What the model read of one call: its block in the request that carried the results, without the cache breakpoint
 * Claude Code puts on whichever block comes last (the blocks come in the order the calls finished).
 */
function readOf(run: ClaudeCodeRun, id: string): Record<string, unknown> | undefined {
  const block = run.read.find((entry) => entry.tool_use_id === id);
  if (!block) return undefined;
  const { cache_control: _breakpoint, ...read } = block;
  return read;
}

/** The five cases, asserted alike for each transport from its answered run. */
function modelReads(of: () => { run: ClaudeCodeRun; asked: ElicitationRequest[]; sent: () => WireMessage[] }) {
  it("a valid call: the model is offered the tool as listed, and reads its text", () => {
    const { run, sent } = of();
    expect(run.first?.tools?.find((tool) => tool.name === "mcp__agntn__text_slug")).toEqual({
      name: "mcp__agntn__text_slug",
      description: "Turns a text into a lowercase URL slug.",
      input_schema: {
        type: "object",
        required: ["text"],
        properties: { text: { type: "string", minLength: 1, description: "The text to slug" } },
        additionalProperties: false,
      },
    });
    expect(callsOf(sent(), "text_slug").map((message) => message.params?.arguments)).toEqual([{ text: "Hello World" }, { txt: "Hi" }]);
    expect(readOf(run, "toolu_1")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [{ type: "text", text: "hello-world" }],
    });
  });

  it("a bad call reaches the server; the model reads our Invalid arguments lines, as an error", () => {
    expect(readOf(of().run, "toolu_2")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_2",
      content: 'Invalid arguments: unknown property "txt"; takes text\nInvalid arguments at /: must have required properties text',
      is_error: true,
    });
  });

  it("a throw: the model reads the tool's line, as an error", () => {
    expect(readOf(of().run, "toolu_3")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_3",
      content: "disk_check failed: disk full",
      is_error: true,
    });
  });

  it("an image: the model reads the text and the image block", () => {
    const read = readOf(of().run, "toolu_4");
    facts.images = JSON.stringify(read).includes(PNG);
    expect(read).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_4",
      content: [
        { type: "text", text: "a red dot" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
      ],
    });
  });

  it("a question: Claude Code hands it to onElicitation and sends the answer back; the model reads the tool's text", () => {
    const { run, asked, sent } = of();
    expect(asked).toEqual([QUESTION]);
    // 2026-07-28: the first call comes back input_required, and Claude Code calls again with the answer.
    expect(callsOf(sent(), "paint").map((message) => message.params?.inputResponses)).toEqual([
      undefined,
      { question: { action: "accept", content: { colour: "blue" } } },
    ]);
    expect(readOf(run, "toolu_5")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_5",
      content: [{ type: "text", text: "painted blue" }],
    });
    facts.answered = asked.length > 0;
  });

  it("the results come back in one request, a block per call, with Claude Code's cache breakpoint on the last block", () => {
    const { run } = of();
    expect(run.read.map((block) => block.tool_use_id).sort()).toEqual(["toolu_1", "toolu_2", "toolu_3", "toolu_4", "toolu_5"]);
    expect(run.read.map((block) => block.cache_control)).toEqual([undefined, undefined, undefined, undefined, { type: "ephemeral" }]);
  });
}

describe("Claude Code over Streamable HTTP", { timeout: 60_000 }, () => {
  let handler: McpHttpHandler;
  let server: Server;
  let url: URL;
  let recorder: HttpRecorder;
  let answered: { run: ClaudeCodeRun; asked: ElicitationRequest[]; exchanges: HttpRecorder["exchanges"] };

  /** A fresh record for each run. */
  function record(): HttpRecorder {
    recorder = recordHttp((request) => handler.fetch(request));
    return recorder;
  }

  beforeAll(async () => {
    handler = createMcpHttpHandler({ name: "claude-code-test", version: "1.0.0" }, tools);
    ({ server, url } = await serveWith(() => (request) => recorder.fetch(request)));
    const { exchanges } = record();
    answered = { ...(await answeredRun(httpServer(url))), exchanges };
  });

  afterAll(async () => {
    await handler?.close();
    await server?.close(true);
  });

  modelReads(() => ({ ...answered, sent: () => answered.exchanges.flatMap((exchange) => (exchange.sent ? [exchange.sent] : [])) }));

  it("names itself, speaks 2026-07-28 from the first request, declares roots and elicitation, and opens no session to end", () => {
    const sent = answered.exchanges.flatMap((exchange) => (exchange.sent ? [exchange.sent] : []));
    expect(describedBy(sent)).toEqual({
      first: "server/discover",
      methods: ["server/discover", "tools/call", "tools/call", "tools/call", "tools/call", "tools/call", "tools/call", "tools/list"],
      revisions: ["2026-07-28"],
      clientInfo: [CLIENT_INFO],
      capabilities: [CLIENT_CAPABILITIES],
    });
    // The HTTP face names every revision its URL serves, the 2025 ones after 2026-07-28 (src/mcp/discover.ts); Claude Code picks 2026-07-28.
    expect(answered.exchanges[0]?.answered.map((message) => message.result?.supportedVersions)).toEqual([
      ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"],
    ]);
    // Each call carries Claude Code's own id for it and a progress token.
    expect(Object.keys(callsOf(sent, "text_slug")[0]?.params?._meta ?? {}).sort()).toEqual([
      "claudecode/toolUseId",
      "io.modelcontextprotocol/clientCapabilities",
      "io.modelcontextprotocol/clientInfo",
      "io.modelcontextprotocol/protocolVersion",
      "progressToken",
    ]);
    expect(callsOf(sent, "text_slug")[0]?.params?._meta?.["claudecode/toolUseId"]).toBe("toolu_1");
    // Only POSTs: no GET stream, no DELETE at exit; and no 2025 session was ever opened.
    expect(
      answered.exchanges
        .map((exchange) => ({
          request: `${exchange.method} ${exchange.sent?.method}`,
          status: exchange.status,
          version: exchange.headers["mcp-protocol-version"],
          method: exchange.headers["mcp-method"],
          name: exchange.headers["mcp-name"] ?? "(none)",
        }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      { request: "POST server/discover", status: 200, version: "2026-07-28", method: "server/discover", name: "(none)" },
      { request: "POST tools/call", status: 200, version: "2026-07-28", method: "tools/call", name: "disk_check" },
      { request: "POST tools/call", status: 200, version: "2026-07-28", method: "tools/call", name: "paint" },
      { request: "POST tools/call", status: 200, version: "2026-07-28", method: "tools/call", name: "paint" },
      { request: "POST tools/call", status: 200, version: "2026-07-28", method: "tools/call", name: "red_dot" },
      { request: "POST tools/call", status: 200, version: "2026-07-28", method: "tools/call", name: "text_slug" },
      { request: "POST tools/call", status: 200, version: "2026-07-28", method: "tools/call", name: "text_slug" },
      { request: "POST tools/list", status: 200, version: "2026-07-28", method: "tools/list", name: "(none)" },
    ]);
    expect([...new Set(answered.exchanges.map((exchange) => exchange.headers["user-agent"]))]).toEqual([
      "claude-code/2.1.333 (sdk-ts, agent-sdk/0.3.333)",
    ]);
    expect(handler.sessions).toBe(0);
    facts.http = sent;
  });

  it("a question with no onElicitation is declined: the model reads the tool's text for a decline", async () => {
    const { exchanges } = record();
    const run = await runClaudeCode(httpServer(url), [["paint", {}]]);
    expect(
      callsOf(
        exchanges.flatMap((exchange) => (exchange.sent ? [exchange.sent] : [])),
        "paint",
      ).map((message) => message.params?.inputResponses),
    ).toEqual([undefined, { question: { action: "decline" } }]);
    expect(run.read).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_1",
        content: [{ type: "text", text: "not painted (decline)" }],
        cache_control: { type: "ephemeral" },
      },
    ]);
  });

  it("without alwaysLoad the tools wait behind tool search: the first turn is offered none of them, only their names", async () => {
    record();
    const run = await runClaudeCode(httpServer(url, false), []);
    const offered = (run.requests[0]?.tools ?? []).map((tool) => tool.name);
    expect({ mcp: offered.filter((name) => name.startsWith("mcp__")), toolSearch: offered.includes("ToolSearch") }).toEqual({
      mcp: [],
      toolSearch: true,
    });
    const texts = (run.requests[0]?.messages ?? []).flatMap((message) =>
      typeof message.content === "string" ? [message.content] : message.content.map((block) => String(block.text ?? "")),
    );
    const deferred = texts.find((text) => text.includes("The following deferred tools are now available via ToolSearch."));
    expect(deferred?.split("\n").filter((line) => line.startsWith("mcp__"))).toEqual([
      "mcp__agntn__disk_check",
      "mcp__agntn__paint",
      "mcp__agntn__red_dot",
      "mcp__agntn__text_slug",
    ]);
  });
});

describe("Claude Code over stdio (runCli's mcp command)", { timeout: 60_000 }, () => {
  let dir: string;
  let answered: { run: ClaudeCodeRun; asked: ElicitationRequest[]; record: string };

  /** A fresh record file for one run. */
  function recordFile(name: string): string {
    const path = join(dir, `${name}.jsonl`);
    writeFileSync(path, "");
    return path;
  }

  /** The record once the server is gone: Claude Code's signal may land after query() has ended. */
  async function finished(path: string): Promise<StdioRecord> {
    await expect.poll(() => readStdioRecord(path).endings.length).toBeGreaterThan(0);
    return readStdioRecord(path);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "agntn-claude-code-"));
    const record = recordFile("answered");
    answered = { ...(await answeredRun(stdioServer(record))), record };
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  modelReads(() => ({ ...answered, sent: () => readStdioRecord(answered.record).sent }));

  it("names itself, speaks 2026-07-28 from the first message, declares roots and elicitation, and ends the server with SIGINT", async () => {
    const record = await finished(answered.record);
    expect(describedBy(record.sent)).toEqual({
      first: "server/discover",
      methods: ["server/discover", "tools/call", "tools/call", "tools/call", "tools/call", "tools/call", "tools/call", "tools/list"],
      revisions: ["2026-07-28"],
      clientInfo: [CLIENT_INFO],
      capabilities: [CLIENT_CAPABILITIES],
    });
    // runCli's mcp command answers `initialize` on the same pipe, so discover names the 2025 revisions after 2026-07-28 here too.
    expect(record.answered.find((message) => message.id === record.sent[0]?.id)?.result?.supportedVersions).toEqual([
      "2026-07-28",
      "2025-11-25",
      "2025-06-18",
      "2025-03-26",
      "2024-11-05",
      "2024-10-07",
    ]);
    // Standard input stays open: the signal is the first the server hears of the end.
    expect(record.endings).toEqual(["signal SIGINT"]);
    facts.stdio = record;
  });

  it("a question with no onElicitation is declined: the model reads the tool's text for a decline", async () => {
    const path = recordFile("declined");
    const run = await runClaudeCode(stdioServer(path), [["paint", {}]]);
    const record = await finished(path);
    expect(callsOf(record.sent, "paint").map((message) => message.params?.inputResponses)).toEqual([
      undefined,
      { question: { action: "decline" } },
    ]);
    expect(run.read).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_1",
        content: [{ type: "text", text: "not painted (decline)" }],
        cache_control: { type: "ephemeral" },
      },
    ]);
  });
});

describe("Claude Code and a list that changes (createToolList)", { timeout: 60_000 }, () => {
  it("it listens for list changes where the server declares them, and told tools/list_changed, lists the tools again", async () => {
    // The call answers once Claude Code has listed the tools again (ten seconds at most), so its query cannot end first.
    let relisted: () => void = () => {};
    const listedAgain = new Promise<void>((resolve) => {
      relisted = resolve;
    });
    const list = changingList(() => Promise.race([listedAgain, new Promise((resolve) => setTimeout(resolve, 10_000))]));
    const changing = createMcpHttpHandler({ name: "claude-code-changing", version: "1.0.0" }, list);
    const wire = recordHttp(async (request) => {
      const answer = await changing.fetch(request);
      if (list.tools.length > 1 && request.headers.get("mcp-method") === "tools/list") relisted();
      return answer;
    });
    const served = await serveWith(() => wire.fetch);
    try {
      const run = await runClaudeCode(httpServer(served.url), [["add_tool", {}]]);
      expect(run.read.map(({ cache_control: _breakpoint, ...read }) => read)).toEqual([
        { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "added late_tool" }] },
      ]);
      const listed = () =>
        wire.exchanges
          .filter((exchange) => exchange.sent?.method === "tools/list")
          .map((exchange) => ((exchange.answered[0]?.result?.tools ?? []) as Array<{ name: string }>).map((tool) => tool.name));
      await expect.poll(listed).toEqual([["add_tool"], ["add_tool", "late_tool"]]);
      // The model's next turn is offered the new tool, and told so after the results.
      const next = run.requests.find((request) => toolResults(request).length > 0);
      expect({
        offered: (next?.tools ?? []).map((tool) => tool.name).filter((name) => name.startsWith("mcp__")),
        told: next?.messages.at(-1),
      }).toEqual({
        offered: ["mcp__agntn__add_tool", "mcp__agntn__late_tool"],
        told: {
          role: "system",
          content: [
            { type: "text", text: "The following tools just became available and are ready to use:\nmcp__agntn__late_tool" },
            {
              type: "tool_addition",
              tool: { type: "tool_reference", name: "mcp__agntn__late_tool" },
              cache_control: { type: "ephemeral" },
            },
          ],
        },
      });
      // The listen stream is still open: its messages are written down as they arrive, so the read waits for them (a
      // loaded machine once read it before the first had been recorded).
      const listen = () => wire.exchanges.find((exchange) => exchange.sent?.method === "subscriptions/listen");
      await expect
        .poll(() => ({
          filter: listen()?.sent?.params?.notifications,
          heard: listen()?.answered.map((message) => message.method),
        }))
        .toEqual({
          filter: { toolsListChanged: true },
          heard: ["notifications/subscriptions/acknowledged", "notifications/tools/list_changed"],
        });
      facts.relists = true;
    } finally {
      await changing.close();
      await served.server.close(true);
    }
  });
});

describe("Claude Code's row on the Clients page", () => {
  it("is what the runs above showed", () => {
    const { http, stdio } = facts;
    expect([http, stdio, facts.images, facts.answered, facts.relists].every((fact) => fact !== undefined)).toBe(true);
    if (!http || !stdio) return;
    const seen = describedBy(http);
    const info = seen.clientInfo[0] as { version: string };
    const capabilities = seen.capabilities[0] as { elicitation?: Record<string, unknown>; extensions?: Record<string, unknown> };
    const calls = http.filter((message) => message.method === "tools/call");
    const methods = new Set(seen.methods);
    expectClientRow({
      key: "claude-code",
      client: "Claude Code",
      version: info.version,
      transports: "Streamable HTTP, stdio",
      revision: seen.revisions.join(", "),
      questions:
        facts.answered && capabilities.elicitation
          ? `yes: ${Object.keys(capabilities.elicitation).join(" and ")}; run headless, the Agent SDK's onElicitation answers (without one, declined)`
          : "no",
      progress: calls.every((message) => message.params?._meta?.progressToken !== undefined)
        ? "each call carries a progress token"
        : "no progress token",
      images: facts.images ? "yes: the image goes to the model inside the tool's result" : "no",
      views: capabilities.extensions?.["io.modelcontextprotocol/ui"] ? "yes" : "no: it does not declare the MCP Apps extension",
      listChanged: facts.relists
        ? "yes: where the server declares tools.listChanged it opens subscriptions/listen, lists the tools again when told, and tells the model which tools became available"
        : "no",
      endsSession: [methods.has("initialize") ? "opens a session" : "no session to end (2026-07-28)", stdioEnding(stdio.endings)].join(
        "; ",
      ),
      setting: "alwaysLoad: true on the server, or its tools wait behind tool search and the first turn is offered none",
    });
  });
});
