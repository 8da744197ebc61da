/**
 * Gemini CLI 0.61 (`@google/gemini-cli`), run headless with `gemini -p`
 * against the fake Gemini API on loopback, calls tools served by
 * createMcpHttpHandler over Streamable HTTP and by runCli's `mcp` command over
 * stdio (test/helpers/hosts/gemini-cli.ts). Each case asserts what the model
 * reads: the parts of the request in which the CLI sends the function's
 * response back. The server side records what the CLI sent: its requests,
 * the revision it negotiated, its capabilities, the arguments of each call.
 * The last case writes what the runs showed into the CLI's row on the
 * Clients page (test/helpers/client-row.ts).
 *
 * What Gemini CLI does that the rest of the suite's clients do not:
 * - it adds a boolean `wait_for_previous` to every tool's schema and forwards
 *   it in `tools/call` (the server drops it for this client, where the tool
 *   does not declare it: src/protocol/client-quirks.ts);
 * - it offers 2025-06-18 at `initialize`, then sends no
 *   `MCP-Protocol-Version` header and never ends its session (no `DELETE`;
 *   over stdio it ends the server with SIGTERM);
 * - it declares roots only: no elicitation, so a tool has nobody to ask;
 * - it checks arguments against the listed schema itself, so a misspelt one
 *   never reaches the server;
 * - told `tools/list_changed`, it lists the tools again;
 * - headless, it offers the model no tool of a server without `trust: true`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMcpHttpHandler, type ExternalTool, type McpHttpHandler } from "@agntn/tools/mcp";
import type { Server } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG, tools } from "./fixtures/client-tools.ts";
import { expectClientRow, stdioEnding } from "./helpers/client-row.ts";
import type { GeminiPart } from "./helpers/fake-gemini.ts";
import { FINAL_TEXT, GEMINI_MODEL, type GeminiRun, runGemini } from "./helpers/hosts/gemini-cli.ts";
import { serveWith } from "./helpers/loopback.ts";
import { readStdioRecord, recordHttp, type StdioRecord } from "./helpers/mcp-wire.ts";

/** What the runs showed of the client, for its row on the Clients page. */
const facts: { http?: Seen; stdio?: StdioRecord; images?: boolean; relisted?: boolean; untrustedOffersNone?: boolean } = {};

/** What the server saw during one run of the CLI. */
interface Seen {
  /** Each request as it came: `METHOD` and, for a POST, its JSON-RPC method. */
  requests: string[];
  /** The `MCP-Protocol-Version` header of each request that had one. */
  versionHeaders: string[];
  /** `initialize`: the client's `clientInfo`, the revision it offered and its capabilities. */
  initialize: Array<{ clientInfo: unknown; protocolVersion: unknown; capabilities: unknown }>;
  /** The revision each `initialize` answer named. */
  negotiated: unknown[];
  /** The `arguments` of each `tools/call`. */
  calls: unknown[];
  /** The `_meta` of each `tools/call` (a progress token would be here). */
  callMeta: unknown[];
}

let handler: McpHttpHandler;
let server: Server;
let url: URL;
let seen: Seen = nothingSeen();

function nothingSeen(): Seen {
  return { requests: [], versionHeaders: [], initialize: [], negotiated: [], calls: [], callMeta: [] };
}

/** The JSON-RPC result in a response body, sent as JSON or as one server-sent event. */
function resultOf(text: string): { protocolVersion?: unknown } | undefined {
  const data = text.startsWith("{")
    ? text
    : text
        .split("\n")
        .find((line) => line.startsWith("data: "))
        ?.slice(6);
  return data ? (JSON.parse(data) as { result?: { protocolVersion?: unknown } }).result : undefined;
}

/** Records what the CLI sends, then hands the request on. */
async function recording(request: Request): Promise<Response> {
  const version = request.headers.get("mcp-protocol-version");
  if (version !== null) seen.versionHeaders.push(version);
  const message =
    request.method === "POST" ? (JSON.parse(await request.clone().text()) as { method?: string; params?: Record<string, unknown> }) : {};
  seen.requests.push(message.method ? `${request.method} ${message.method}` : request.method);
  if (message.method === "tools/call") {
    seen.calls.push(message.params?.arguments);
    seen.callMeta.push(message.params?._meta);
  }
  const response = await handler.fetch(request);
  if (message.method === "initialize") {
    seen.initialize.push({
      clientInfo: message.params?.clientInfo,
      protocolVersion: message.params?.protocolVersion,
      capabilities: message.params?.capabilities,
    });
    seen.negotiated.push(resultOf(await response.clone().text())?.protocolVersion);
  }
  return response;
}

beforeAll(async () => {
  handler = createMcpHttpHandler({ name: "gemini-cli-test", version: "1.0.0" }, tools);
  ({ server, url } = await serveWith(() => recording));
});

afterAll(async () => {
  await handler?.close();
  await server?.close(true);
});

/** Runs the CLI once, with the server's record started afresh; the CLI must end well and print the model's last words. */
async function drive(tool: string, args: Record<string, unknown>): Promise<GeminiRun> {
  seen = nothingSeen();
  const run = await runGemini({ server: { url }, tool, args, timeoutMs: 45_000 });
  expect({ exit: run.exit, stdout: run.stdout, other: run.other }, run.stderr).toEqual({ exit: 0, stdout: `${FINAL_TEXT}\n`, other: [] });
  return run;
}

/** The parts the model read, without the call ids the CLI makes up (a clock reading in each). */
function withoutIds(parts: GeminiPart[]): GeminiPart[] {
  return parts.map((part) => {
    if (!part.functionResponse) return part;
    const { id: _id, ...rest } = part.functionResponse;
    return { functionResponse: rest };
  });
}

function idsOf(parts: GeminiPart[]): Array<string | undefined> {
  return parts.filter((part) => part.functionResponse).map((part) => part.functionResponse?.id);
}

describe("Gemini CLI 0.61 over Streamable HTTP", { timeout: 60_000 }, () => {
  it("a call carrying wait_for_previous: true, as the CLI's system prompt asks, gets the tool's own text", async () => {
    const run = await drive("text_slug", { text: "Hello World", wait_for_previous: true });
    // The CLI offered the model our schema with its own argument added, `additionalProperties: false` kept.
    const declaration = run.requests[0]?.tools
      ?.flatMap((tool) => tool.functionDeclarations ?? [])
      .find((entry) => entry.name === "mcp_agntn_text_slug");
    expect(declaration).toEqual({
      name: "mcp_agntn_text_slug",
      description: "Turns a text into a lowercase URL slug.",
      parametersJsonSchema: {
        type: "object",
        properties: {
          text: { type: "string", minLength: 1, description: "The text to slug" },
          wait_for_previous: {
            type: "boolean",
            description:
              "Set to true to wait for all previously requested tools in this turn to complete before starting. Set to false (or omit) to run in parallel. Use true when this tool depends on the output of previous tools.",
          },
        },
        required: ["text"],
        additionalProperties: false,
      },
    });
    // It forwards the argument as the model sent it.
    expect(seen.calls).toEqual([{ text: "Hello World", wait_for_previous: true }]);
    expect(withoutIds(run.read)).toEqual([
      { functionResponse: { name: "mcp_agntn_text_slug", response: { output: "<untrusted_context>\nhello-world\n</untrusted_context>" } } },
    ]);
    expect(idsOf(run.read)).toEqual([expect.stringMatching(/^mcp_agntn_text_slug_\d+_0$/)]);
  });

  it("a call without it gets the tool's text; the CLI names itself, takes 2025-06-18, sends no MCP-Protocol-Version and leaves its session open", async () => {
    const before = handler.sessions;
    const run = await drive("text_slug", { text: "Release Notes 2" });
    expect(seen.calls).toEqual([{ text: "Release Notes 2" }]);
    expect(withoutIds(run.read)).toEqual([
      {
        functionResponse: {
          name: "mcp_agntn_text_slug",
          response: { output: "<untrusted_context>\nrelease-notes-2\n</untrusted_context>" },
        },
      },
    ]);
    expect(run.requests.map((request) => `${request.method} ${request.model}`)).toEqual([
      `streamGenerateContent ${GEMINI_MODEL}`,
      `streamGenerateContent ${GEMINI_MODEL}`,
    ]);
    expect(seen.initialize).toEqual([
      {
        clientInfo: { name: "gemini-cli-mcp-client", version: "0.61.0" },
        protocolVersion: "2025-06-18",
        // Neither elicitation nor sampling nor the MCP Apps extension: roots only.
        capabilities: { roots: { listChanged: true } },
      },
    ]);
    // Each call asks for progress.
    expect(seen.callMeta).toEqual([{ progressToken: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    facts.http = { ...seen, requests: [...seen.requests] };
    expect(seen.negotiated).toEqual(["2025-06-18"]);
    expect(seen.versionHeaders).toEqual([]);
    // The standalone GET stream opens while the tools are listed: the order of those two varies, the set does not. No DELETE.
    expect([...seen.requests].sort()).toEqual([
      "GET",
      "POST initialize",
      "POST notifications/initialized",
      "POST tools/call",
      "POST tools/list",
    ]);
    expect(handler.sessions).toBe(before + 1);
  });

  it("a throw: the model reads the CLI's report around the tool's line", async () => {
    const run = await drive("disk_check", {});
    expect(seen.calls).toEqual([{}]);
    expect(withoutIds(run.read)).toEqual([
      {
        functionResponse: {
          name: "mcp_agntn_disk_check",
          response: {
            error:
              'MCP tool \'disk_check\' reported tool error for function call: {"name":"disk_check","args":{}} with response: [{"functionResponse":{"name":"disk_check","response":{"content":[{"type":"text","text":"disk_check failed: disk full"}],"isError":true}}}]',
          },
        },
      },
    ]);
  });

  it("an image: the model reads a line naming it, and the image as a part beside the response", async () => {
    const run = await drive("red_dot", {});
    expect(withoutIds(run.read)).toEqual([
      {
        functionResponse: {
          name: "mcp_agntn_red_dot",
          response: {
            output:
              "<untrusted_context>\na red dot\n</untrusted_context>\n[Tool 'red_dot' provided the following image data with mime-type: image/png]",
          },
        },
      },
      { inlineData: { data: PNG, mimeType: "image/png" } },
    ]);
    facts.images = run.read.some((part) => part.inlineData?.data === PNG);
  });

  it("a question: the CLI declares no elicitation, so the tool has nobody to ask and says so", async () => {
    const run = await drive("paint", {});
    expect(seen.calls).toEqual([{}]);
    expect(withoutIds(run.read)).toEqual([
      { functionResponse: { name: "mcp_agntn_paint", response: { output: "<untrusted_context>\nnobody to ask\n</untrusted_context>" } } },
    ]);
  });

  it("a misspelt argument never reaches the server: the model reads the CLI's own line", async () => {
    const run = await drive("text_slug", { txt: "Hello World" });
    expect(seen.calls).toEqual([]);
    expect(withoutIds(run.read)).toEqual([
      { functionResponse: { name: "mcp_agntn_text_slug", response: { error: "params must have required property 'text'" } } },
    ]);
  });
});

describe("Gemini CLI 0.61 over stdio (runCli's mcp command)", { timeout: 60_000 }, () => {
  it("a valid call gets the tool's text; the CLI offers 2025-06-18 and ends the server with SIGTERM, its standard input left open", async () => {
    const root = mkdtempSync(join(tmpdir(), "agntn-gemini-stdio-"));
    const record = join(root, "wire.jsonl");
    try {
      const run = await runGemini({ server: { record }, tool: "text_slug", args: { text: "Over Stdio" }, timeoutMs: 45_000 });
      expect({ exit: run.exit, stdout: run.stdout }, run.stderr).toEqual({ exit: 0, stdout: `${FINAL_TEXT}\n` });
      expect(withoutIds(run.read)).toEqual([
        {
          functionResponse: { name: "mcp_agntn_text_slug", response: { output: "<untrusted_context>\nover-stdio\n</untrusted_context>" } },
        },
      ]);
      const wire = readStdioRecord(record);
      expect(wire.sent.map((message) => message.method ?? "(an answer)")).toEqual([
        "initialize",
        "notifications/initialized",
        "tools/list",
        "tools/call",
      ]);
      expect(wire.sent[0]?.params).toEqual({
        protocolVersion: "2025-06-18",
        capabilities: { roots: { listChanged: true } },
        clientInfo: { name: "gemini-cli-mcp-client", version: "0.61.0" },
      });
      expect(wire.endings).toEqual(["signal SIGTERM"]);
      facts.stdio = wire;
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("Gemini CLI 0.61 and a list that changes", { timeout: 60_000 }, () => {
  it("a call that adds a tool to the session: told by tools/list_changed, the CLI lists the tools again", async () => {
    const late: ExternalTool = {
      listing: { name: "late_tool", description: "Added while the session runs.", inputSchema: { type: "object", properties: {} } },
      call: async () => ({ content: [{ type: "text", text: "late" }] }),
    };
    const adder: ExternalTool = {
      listing: { name: "add_tool", description: "Adds a tool to this session.", inputSchema: { type: "object", properties: {} } },
      call: async (_args, context) => {
        context.session?.add(late);
        return { content: [{ type: "text", text: context.session ? "added late_tool" : "no session" }] };
      },
    };
    const changing = createMcpHttpHandler({ name: "gemini-cli-changing", version: "1.0.0" }, tools, { external: [adder] });
    const wire = recordHttp((request) => changing.fetch(request));
    const served = await serveWith(() => wire.fetch);
    try {
      const run = await runGemini({ server: { url: served.url }, tool: "add_tool", args: {}, timeoutMs: 45_000 });
      expect({ exit: run.exit, stdout: run.stdout }, run.stderr).toEqual({ exit: 0, stdout: `${FINAL_TEXT}\n` });
      expect(withoutIds(run.read)).toEqual([
        {
          functionResponse: {
            name: "mcp_agntn_add_tool",
            response: { output: "<untrusted_context>\nadded late_tool\n</untrusted_context>" },
          },
        },
      ]);
      // The notification rides the session's GET stream; the CLI's second tools/list, and what it got, show it arrived.
      const listed = wire.exchanges
        .filter((exchange) => exchange.sent?.method === "tools/list")
        .map((exchange) => ((exchange.answered[0]?.result?.tools ?? []) as Array<{ name: string }>).map((tool) => tool.name));
      expect(listed).toEqual([
        ["add_tool", "text_slug", "disk_check", "red_dot", "paint"],
        ["add_tool", "text_slug", "disk_check", "red_dot", "paint", "late_tool"],
      ]);
      const lists = listed.length;
      facts.relisted = lists > 1;
    } finally {
      await changing.close();
      await served.server.close(true);
    }
  });
});

describe("Gemini CLI 0.61 without trust on the server", { timeout: 60_000 }, () => {
  it("a headless run lists the server's tools but offers the model none of them", async () => {
    seen = nothingSeen();
    const run = await runGemini({ server: { url }, tool: "text_slug", args: { text: "Untrusted" }, trust: false, timeoutMs: 45_000 });
    expect({ exit: run.exit, stdout: run.stdout }, run.stderr).toEqual({ exit: 0, stdout: `${FINAL_TEXT}\n` });
    const offered = run.requests.map((request) =>
      (request.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []).filter((entry) => entry.name.startsWith("mcp_")),
    );
    expect({ offered, calls: seen.calls, listed: seen.requests.includes("POST tools/list") }).toEqual({
      offered: [[]],
      calls: [],
      listed: true,
    });
    facts.untrustedOffersNone = offered.every((names) => names.length === 0);
  });
});

describe("Gemini CLI's row on the Clients page", () => {
  it("is what the runs above showed", () => {
    const http = facts.http;
    const stdio = facts.stdio;
    expect(http && stdio && facts.images !== undefined && facts.relisted !== undefined && facts.untrustedOffersNone !== undefined).toBe(
      true,
    );
    if (!http || !stdio) return;
    const init = http.initialize[0] as { clientInfo: { version: string }; protocolVersion: string; capabilities: Record<string, unknown> };
    const declares = (key: string) => key in init.capabilities;
    const extensions = init.capabilities.extensions as Record<string, unknown> | undefined;
    expectClientRow({
      key: "gemini-cli",
      client: "Gemini CLI",
      version: init.clientInfo.version,
      transports: "Streamable HTTP, stdio",
      revision: init.protocolVersion,
      questions: declares("elicitation") ? "yes" : "no: it declares no elicitation, so a tool's ask is undefined",
      progress: http.callMeta.every((meta) => (meta as { progressToken?: unknown } | undefined)?.progressToken !== undefined)
        ? "each call carries a progress token"
        : "no progress token",
      images: facts.images ? "yes: the image goes to the model beside the tool's text" : "no",
      views: extensions?.["io.modelcontextprotocol/ui"] ? "yes" : "no: it does not declare the MCP Apps extension",
      listChanged: facts.relisted ? "yes: it lists the tools again on tools/list_changed" : "no",
      endsSession: [
        http.requests.includes("DELETE") ? "HTTP: sends DELETE" : "HTTP: never sends DELETE (the idle expiry reclaims the session)",
        stdioEnding(stdio.endings),
      ].join("; "),
      setting: facts.untrustedOffersNone ? "trust: true on the server, or a headless run offers the model none of its tools" : "none",
    });
  });
});
