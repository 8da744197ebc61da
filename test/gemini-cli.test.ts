/**
 * Gemini CLI 0.61 (`@google/gemini-cli`), run headless with `gemini -p`
 * against the fake Gemini API on loopback, calls tools served by
 * createMcpHttpHandler over Streamable HTTP (test/helpers/hosts/gemini-cli.ts).
 * Each case asserts what the model reads: the parts of the request in which
 * the CLI sends the function's response back. The server side records what
 * the CLI sent: its requests, the revision it negotiated, the arguments of
 * each call.
 *
 * What Gemini CLI does that the rest of the suite's clients do not:
 * - it adds a boolean `wait_for_previous` to every tool's schema and forwards
 *   it in `tools/call` (the server drops it for this client, where the tool
 *   does not declare it: src/protocol/client-quirks.ts);
 * - it offers 2025-06-18 at `initialize`, then sends no
 *   `MCP-Protocol-Version` header and never ends its session (no `DELETE`);
 * - it checks arguments against the listed schema itself, so a misspelt one
 *   never reaches the server.
 */
import { createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import type { Server } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskTool as diskCheck, PNG, dotTool as redDot, slugTool as slug } from "./fixtures/client-tools.ts";
import type { GeminiPart } from "./helpers/fake-gemini.ts";
import { FINAL_TEXT, GEMINI_MODEL, type GeminiRun, runGemini } from "./helpers/hosts/gemini-cli.ts";
import { serveWith } from "./helpers/loopback.ts";

/** What the server saw during one run of the CLI. */
interface Seen {
  /** Each request as it came: `METHOD` and, for a POST, its JSON-RPC method. */
  requests: string[];
  /** The `MCP-Protocol-Version` header of each request that had one. */
  versionHeaders: string[];
  /** `initialize`: the client's `clientInfo` and the revision it offered. */
  initialize: Array<{ clientInfo: unknown; protocolVersion: unknown }>;
  /** The revision each `initialize` answer named. */
  negotiated: unknown[];
  /** The `arguments` of each `tools/call`. */
  calls: unknown[];
}

let handler: McpHttpHandler;
let server: Server;
let url: URL;
let seen: Seen = nothingSeen();

function nothingSeen(): Seen {
  return { requests: [], versionHeaders: [], initialize: [], negotiated: [], calls: [] };
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
  if (message.method === "tools/call") seen.calls.push(message.params?.arguments);
  const response = await handler.fetch(request);
  if (message.method === "initialize") {
    seen.initialize.push({ clientInfo: message.params?.clientInfo, protocolVersion: message.params?.protocolVersion });
    seen.negotiated.push(resultOf(await response.clone().text())?.protocolVersion);
  }
  return response;
}

beforeAll(async () => {
  handler = createMcpHttpHandler({ name: "gemini-cli-test", version: "1.0.0" }, [slug, diskCheck, redDot]);
  ({ server, url } = await serveWith(() => recording));
});

afterAll(async () => {
  await handler?.close();
  await server?.close(true);
});

/** Runs the CLI once, with the server's record started afresh; the CLI must end well and print the model's last words. */
async function drive(tool: string, args: Record<string, unknown>): Promise<GeminiRun> {
  seen = nothingSeen();
  const run = await runGemini({ url, tool, args, timeoutMs: 45_000 });
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
    expect(seen.initialize).toEqual([{ clientInfo: { name: "gemini-cli-mcp-client", version: "0.61.0" }, protocolVersion: "2025-06-18" }]);
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
  });

  it("a misspelt argument never reaches the server: the model reads the CLI's own line", async () => {
    const run = await drive("text_slug", { txt: "Hello World" });
    expect(seen.calls).toEqual([]);
    expect(withoutIds(run.read)).toEqual([
      { functionResponse: { name: "mcp_agntn_text_slug", response: { error: "params must have required property 'text'" } } },
    ]);
  });
});
