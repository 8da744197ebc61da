/**
 * Content kinds, logging and sampling through the MCP host, with the real SDK
 * v2 client in every way it is served: in memory and over HTTP, on 2025-11-25
 * and 2026-07-28.
 */
import { afterEach, describe, expect, test } from "vitest";
import { ALL_BLOCKS, contentTools } from "./fixtures/content-tools.ts";
import { type Connected, type ConnectOptions, connect, MODES, type Mode } from "./helpers/mcp-clients.ts";

const info = { name: "content", version: "1.0.0" };
const LOG_LEVEL = "io.modelcontextprotocol/logLevel";

let open: Connected | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function connected(mode: Mode, options: ConnectOptions = {}): Promise<Connected> {
  open = await connect(mode, info, contentTools, options);
  return open;
}

/** The tool's answer, without the SDK's own `_meta` envelope. */
function answer(result: Record<string, unknown>): Record<string, unknown> {
  const { _meta, ...rest } = result;
  return rest;
}

/** Log notifications as the client receives them. */
function logsOf(client: Connected["client"]): unknown[] {
  const seen: unknown[] = [];
  client.setNotificationHandler("notifications/message", (notification) => {
    seen.push(notification.params);
  });
  return seen;
}

describe.each(MODES)("MCP %s", (mode) => {
  const modern = mode.endsWith("2026");

  test("every content kind reaches the client block for block, annotations and _meta kept, stray keys dropped", async () => {
    const { client } = await connected(mode);
    const result = await client.callTool({ name: "content_all", arguments: {} });
    expect(answer(result)).toEqual({ content: [...ALL_BLOCKS, { type: "text", text: "end" }] });
  });

  test("malformed blocks get one line each under one heading", async () => {
    const { client } = await connected(mode);
    const result = await client.callTool({ name: "content_bad", arguments: {} });
    expect(answer(result)).toEqual({
      content: [
        {
          type: "text",
          text: [
            "content_bad returned a malformed result:",
            "content[0] (image): data is not base64",
            "content[1] (audio) needs a mimeType",
          ].join("\n"),
        },
      ],
      isError: true,
    });
  });

  test("log messages arrive as notifications/message at the client's level, cleaned, with the tool as logger", async () => {
    const { client } = await connected(mode);
    const seen = logsOf(client);
    // 2025: the level is the session's (logging/setLevel); 2026: each request names its own.
    if (!modern) await client.setLoggingLevel("info");
    const meta = modern ? { _meta: { [LOG_LEVEL]: "info" } } : {};
    const result = await client.callTool({ name: "content_log", arguments: {}, ...meta });
    expect(answer(result)).toEqual({ content: [{ type: "text", text: "logged" }] });
    expect(seen).toEqual([
      { level: "info", logger: "content_log", data: { message: "found items", data: { count: 2 } } },
      { level: "warning", logger: "content_log", data: "disk nearly full" },
      { level: "error", logger: "content_log", data: "gave up on one" },
    ]);
  });

  test(
    modern ? "a 2026 request that names no log level gets no log messages" : "a 2025 session that set no level gets every message",
    async () => {
      const { client } = await connected(mode);
      const seen = logsOf(client);
      await client.callTool({ name: "content_log", arguments: {} });
      expect(seen.map((params) => (params as { level: string }).level)).toEqual(modern ? [] : ["debug", "info", "warning", "error"]);
    },
  );

  test("sample asks the client's model with the tool's request, and the tool reads the replies", async () => {
    const asked: unknown[] = [];
    const { client } = await connected(mode, {
      sample: (params) => {
        asked.push(params);
        const first = asked.length === 1;
        return {
          role: "assistant",
          content: { type: "text", text: first ? "Paris" : "Still Paris" },
          model: "mock-model-1",
          ...(first ? {} : { stopReason: "maxTokens" }),
        };
      },
    });
    const result = await client.callTool({ name: "content_sample", arguments: { prompt: "Capital of France?" } });
    expect(answer(result)).toEqual({ content: [{ type: "text", text: "mock-model-1: Paris | Still Paris (maxTokens)" }] });
    const first = {
      messages: [{ role: "user", content: { type: "text", text: "Capital of France?" } }],
      maxTokens: 50,
      systemPrompt: "Be brief.",
    };
    const second = { messages: [{ role: "user", content: { type: "text", text: "Capital of France? (again)" } }], maxTokens: 10 };
    // 2026 re-runs the tool from the top each round; the first reply is replayed, never asked twice.
    expect(asked.map((params) => strip(params))).toEqual([first, second]);
  });

  test("a client that declared no sampling leaves sample undefined", async () => {
    const { client } = await connected(mode);
    const result = await client.callTool({ name: "content_sample", arguments: { prompt: "hi" } });
    expect(answer(result)).toEqual({ content: [{ type: "text", text: "no sampling here" }], isError: true });
  });
});

/** Sampling params as the tool built them (the SDK may add its own `_meta` on the wire). */
function strip(params: unknown): unknown {
  const { _meta, ...rest } = params as Record<string, unknown>;
  return rest;
}

describe.each(["memory-2025", "http-2025"] as const)("MCP %s: a reply that is not a sampling result", (mode) => {
  test("fails the call with one clean line; the tool never sees it", async () => {
    const { client } = await connected(mode, { sample: () => ({ role: "user", content: { type: "text", text: "x" }, model: "m" }) });
    const result = await client.callTool({ name: "content_sample", arguments: { prompt: "hi" } });
    expect(answer(result)).toEqual({
      content: [{ type: "text", text: "content_sample failed: the client's model answered with something that is not a sampling result" }],
      isError: true,
    });
  });

  test("a client that refuses the request fails the call with its message, cleaned", async () => {
    const { client } = await connected(mode, {
      sample: () => {
        throw new Error("user\u001b[2J declined\nsampling");
      },
    });
    const result = await client.callTool({ name: "content_sample", arguments: { prompt: "hi" } });
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    expect(result.isError).toBe(true);
    expect(text.startsWith("content_sample failed: ")).toBe(true);
    expect(text).toContain("user declined sampling");
    expect(text).not.toMatch(/[\u001b\n]/);
  });
});
