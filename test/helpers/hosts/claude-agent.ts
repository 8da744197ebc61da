/**
 * The Claude Agent SDK, driven for real: `query()` runs the Claude Code CLI
 * the SDK bundles, pointed at the fake Messages API on loopback
 * (`ANTHROPIC_BASE_URL`, a dummy key), with the tools served in process by
 * `toClaudeAgentServer`. The fake's model makes the tool calls a test asks
 * for, all in its first turn, and says "done" once it has read the results.
 * Claude Code runs in a temporary home and working directory, with no
 * settings files and no session saved, and sends nothing but model requests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toolsFor } from "@agntn/tools";
import { toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { type Options, query, type SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { type FakeBlock, type FakeMessagesApi, fakeMessagesApi, textTurn, toolResults } from "../fake-messages.ts";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

/** One call the model makes: Claude Code's name for the tool (`mcp__<server>__<tool>`) and the input. */
export type ClaudeCall = { name: string; input: Record<string, unknown> };

export interface ClaudeRun {
  /** The tool results Claude Code recorded, by call id, as its SDK messages carry them. */
  results: Map<string, Record<string, unknown>>;
  /** The requests the fake API received. */
  requests: FakeMessagesApi["requests"];
  /** Every message `query()` yielded. */
  messages: SDKMessage[];
}

/** Runs one query in which the model makes `calls` (ids `toolu_1`, `toolu_2`, …). */
export async function runClaude(calls: ClaudeCall[], options: Options): Promise<ClaudeRun> {
  const blocks: FakeBlock[] = calls.map((call, k) => ({ type: "tool_use", id: `toolu_${k + 1}`, name: call.name, input: call.input }));
  const api = await fakeMessagesApi((request) => {
    // Claude Code may ask the model for side work (a title, a summary): only a request offering our tools is the agent's turn.
    const offered = (request.tools ?? []).some((tool) => tool.name.startsWith("mcp__"));
    if (!offered || toolResults(request).length > 0) return textTurn("done");
    return { content: blocks, stop_reason: "tool_use" };
  });
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
        env: {
          PATH: process.env.PATH ?? "",
          HOME: home,
          CLAUDE_CONFIG_DIR: join(home, ".claude"),
          ANTHROPIC_BASE_URL: api.url,
          ANTHROPIC_API_KEY: "test-key",
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
          DISABLE_AUTOUPDATER: "1",
        },
        ...options,
      },
    });
    for await (const message of stream) messages.push(message);
    const results = new Map<string, Record<string, unknown>>();
    for (const message of messages) {
      if (message.type !== "user" || typeof message.message.content === "string") continue;
      for (const block of message.message.content as unknown as Array<Record<string, unknown>>) {
        if (block.type === "tool_result") results.set(String(block.tool_use_id), block);
      }
    }
    return { results, requests: [...api.requests], messages };
  } finally {
    // The CLI may still be writing its config as it winds down: end it before its home goes.
    stream?.close();
    await api.close();
    rmSync(home, { recursive: true, force: true });
  }
}

export interface ClaudeDriver {
  call(id: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The matrix row. Claude Code starts in seconds, so one query makes every
 * case's call at once, in one turn, and each case reads its own result: the
 * `tool_result` Claude Code recorded (content and `is_error`, without the id).
 */
export async function openClaudeAgent(fixture: MatrixFixture = MATRIX): Promise<ClaudeDriver> {
  const server = toClaudeAgentServer(fixture.MATRIX_SERVER, await toolsFor(fixture.tools), { alwaysLoad: true });
  const calls = fixture.CASE_IDS.map((id) => ({ name: `mcp__matrix__${callOf(fixture, id).tool}`, input: callOf(fixture, id).args }));
  const run = await runClaude(calls, { mcpServers: { matrix: server }, allowedTools: ["mcp__matrix"] });
  return {
    async call(id) {
      const result = run.results.get(`toolu_${fixture.CASE_IDS.indexOf(id) + 1}`);
      if (!result) throw new Error(`Claude Code recorded no result for ${id}`);
      const { tool_use_id: _id, type: _type, ...read } = result;
      return read;
    },
    async close() {},
  };
}
