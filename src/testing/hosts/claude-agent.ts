/**
 * The Claude Agent SDK host, driven for real: `query()` runs the Claude Code
 * CLI the SDK bundles, pointed at a stand-in Messages API on loopback
 * (./anthropic-messages.ts) with a dummy key, the tools served in this process
 * by `toClaudeAgentServer`. The stand-in's model makes every call at once, in
 * its first turn, and says "done" once it has read the results. Claude Code
 * runs in a temporary home and working directory, with no settings files and
 * no session saved. A call answers with the `tool_result` Claude Code
 * recorded for it (its content and `is_error`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AnyTool, toolsFor } from "@agntn/tools";
import { toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { type Options, query, type SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { HostOptions, HostSession, TestCall } from "../types.ts";
import { type FakeBlock, type FakeMessagesApi, fakeMessagesApi, textTurn, toolResults } from "./anthropic-messages.ts";
import { callOf } from "./call.ts";
import { isNote } from "./read.ts";

/** One call the model makes: Claude Code's name for the tool (`mcp__<server>__<tool>`) and the input. */
export type ClaudeCall = { name: string; input: Record<string, unknown> };

export interface ClaudeRun {
  /** The tool results Claude Code recorded, by call id, as its SDK messages carry them. */
  results: Map<string, Record<string, unknown>>;
  /** The requests the stand-in API received. */
  requests: FakeMessagesApi["requests"];
  /** Every message `query()` yielded. */
  messages: SDKMessage[];
}

/** The stand-in's model: every call in the agent's first turn, "done" once it reads results (and for any side request). */
function scriptedModel(calls: readonly ClaudeCall[]) {
  const blocks: FakeBlock[] = calls.map((call, k) => ({ type: "tool_use", id: `toolu_${k + 1}`, name: call.name, input: call.input }));
  return fakeMessagesApi((request) => {
    // Claude Code may ask the model for side work (a title, a summary): only a request offering MCP tools is the agent's turn.
    const offered = (request.tools ?? []).some((tool) => tool.name.startsWith("mcp__"));
    if (!offered || toolResults(request).length > 0) return textTurn("done");
    return { content: blocks, stop_reason: "tool_use" };
  });
}

/** The `tool_result` blocks of the user messages `query()` yielded, by their call id. */
function recordedResults(messages: readonly SDKMessage[]): Map<string, Record<string, unknown>> {
  const results = new Map<string, Record<string, unknown>>();
  for (const message of messages) {
    if (message.type !== "user" || typeof message.message.content === "string") continue;
    for (const block of message.message.content as unknown as Array<Record<string, unknown>>) {
      if (block.type === "tool_result") results.set(String(block.tool_use_id), block);
    }
  }
  return results;
}

/**
 * Claude Code's whole environment for a headless run: a home and config folder of its own, the fake API with a dummy
 * key, and nothing sent but model requests.
 */
export function claudeCodeEnv(home: string, apiUrl: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: "test-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
  };
}

/** Runs one query in which the model makes `calls` (ids `toolu_1`, `toolu_2`, …); `options` are added to query()'s. */
export async function runClaude(calls: ClaudeCall[], options: Options): Promise<ClaudeRun> {
  const api = await scriptedModel(calls);
  const home = mkdtempSync(join(tmpdir(), "agntn-claude-"));
  let stream: ReturnType<typeof query> | undefined;
  try {
    const messages: SDKMessage[] = [];
    stream = query({
      prompt: "Use the tools.",
      options: {
        model: "claude-test",
        maxTurns: 3,
        cwd: home,
        settingSources: [],
        persistSession: false,
        env: claudeCodeEnv(home, api.url),
        ...options,
      },
    });
    for await (const message of stream) messages.push(message);
    return { results: recordedResults(messages), requests: [...api.requests], messages };
  } finally {
    // The CLI may still be writing its config as it winds down: end it before its home goes.
    stream?.close();
    await api.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** The key of the server in `mcpServers`, as Claude Code spells it in its tool names. */
const serverKey = (options: HostOptions): string => options.server.name.replace(/[^A-Za-z0-9_-]/g, "_");

/** Claude Code starts in seconds: one query makes every call at once, in one turn, and each call reads its own result. */
export async function open(options: HostOptions): Promise<HostSession> {
  const key = serverKey(options);
  const server = toClaudeAgentServer(options.server, await toolsFor(options.tools), { alwaysLoad: true });
  const ids = Object.keys(options.calls);
  const calls = ids.map((id) => {
    const { tool, args = {} } = callOf(options, id);
    return { name: `mcp__${key}__${tool}`, input: args };
  });
  const run = await runClaude(calls, { mcpServers: { [key]: server }, allowedTools: [`mcp__${key}`] });
  return {
    async call(id) {
      const result = run.results.get(`toolu_${ids.indexOf(id) + 1}`);
      if (!result) throw new Error(`Claude Code recorded no result for ${id}`);
      const { tool_use_id: _id, type: _type, ...read } = result;
      return read;
    },
    async close() {},
  };
}

// ─── Reading an answer ───────────────────────────────────────────────────────

/**
 * Claude Code's own lines for media: a binary block saved to a file
 * (`[Audio from matrix] Binary content (audio/wav, 44 bytes) saved to …`) or
 * not kept (`[Binary content (…) was not kept: …]`), a resource link
 * (`[Resource link: dot.png] file:///…`) and an embedded resource's heading
 * (`[Resource from matrix at …] …`).
 */
const CLAUDE_NOTE = /^\[(?:[^\]\n]*\] Binary content \(|Binary content \(|Resource link: |Resource from )/;

/** The text blocks of a result, Claude Code's notes and the core's left out. */
function blockTexts(blocks: readonly unknown[]): string {
  const texts: string[] = [];
  for (const block of blocks) {
    const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
    if (type === "text" && typeof text === "string" && !isNote(text) && !CLAUDE_NOTE.test(text)) texts.push(text);
  }
  return texts.join("\n");
}

/** Whether the called tool declares an output schema (looked up in the options' tools as they are now). */
function hasOutputSchema(call: TestCall, options: HostOptions): boolean {
  const tools: readonly AnyTool[] = Array.isArray(options.tools) ? options.tools : (options.tools as { tools: readonly AnyTool[] }).tools;
  return tools.find((tool) => tool.name === call.tool)?.output !== undefined;
}

/** A JSON object, parsed; `undefined` for any other text. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claude Code's framing: `is_error` marks a failure; the content is one string or a list of blocks, where an image
 * stays a block and Claude Code words the other media itself (those lines are left out). When the tool has an
 * output schema, a success carries structuredContent, and Claude Code hands the model that, as JSON, instead of
 * the text: the answer then says so (`shown: "details"`), its text is that JSON and its details the parsed object.
 */
export function answerOf(raw: unknown, call: TestCall, options: HostOptions): { text: string; isError: boolean; details?: unknown } {
  const { content, is_error } = raw as { content?: unknown; is_error?: unknown };
  const isError = is_error === true;
  if (typeof content !== "string") return { text: blockTexts(Array.isArray(content) ? content : []), isError };
  const details = !isError && hasOutputSchema(call, options) ? jsonObject(content) : undefined;
  if (details === undefined) return { text: content, isError };
  // `shown` is to join HostAnswer's type; until then the answer is widened to carry it.
  const shown: { text: string; isError: boolean; details: unknown; shown: "details" } = {
    text: content,
    isError,
    details,
    shown: "details",
  };
  return shown;
}
