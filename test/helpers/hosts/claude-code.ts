/**
 * Claude Code as an ordinary MCP client of our servers, configured as a user
 * configures it: the bundled Claude Code (the Claude Agent SDK's platform
 * package) run by `query()` through runClaude (./claude-agent.ts), against
 * the fake Messages API on loopback, in a temporary home, with one server in
 * `mcpServers`: `{ type: "http", url }` for Streamable HTTP, or
 * `{ type: "stdio", command, args }` starting test/fixtures/client-stdio.ts
 * (runCli's `mcp` command). Both carry `alwaysLoad: true`: without it Claude
 * Code keeps a configured server's tools behind its tool search, and the
 * model's first turn is offered none of them.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { McpHttpServerConfig, McpStdioServerConfig, Options } from "@anthropic-ai/claude-agent-sdk";
import { type MessagesRequest, toolResults } from "../fake-messages.ts";
import { stdioCommand } from "../mcp-wire.ts";
import { type ClaudeRun, runClaude } from "./claude-agent.ts";

/** The server's name in `mcpServers`: Claude Code names each tool `mcp__agntn__<tool>`. */
export const CLAUDE_CODE_SERVER = "agntn";

/**
 * The platform package's `claude` binary, which `query()` runs; a missing one stops the test in one line
 * (the SDK's own complaint would come later, from inside the first query).
 */
export function claudeCodeBinary(): string {
  const platformPackage = `@anthropic-ai/claude-agent-sdk-${process.platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = createRequire(require.resolve("@anthropic-ai/claude-agent-sdk")).resolve(`${platformPackage}/package.json`);
  } catch {
    throw new Error(`Claude Code cannot run: ${platformPackage} is not installed (npm install, without --omit=optional)`);
  }
  const binary = join(dirname(manifest), "claude");
  if (!existsSync(binary)) throw new Error(`Claude Code cannot run: ${platformPackage} has no claude binary at ${binary}`);
  return binary;
}

/** The HTTP server's entry in `mcpServers`. */
export function httpServer(url: URL | string, alwaysLoad = true): McpHttpServerConfig {
  return { type: "http", url: String(url), ...(alwaysLoad ? { alwaysLoad } : {}) };
}

/** The stdio server's entry: the fixture under `--conditions=agntn-source`, writing down its pipes to `record`. */
export function stdioServer(record: string): McpStdioServerConfig {
  return { type: "stdio", ...stdioCommand(record), alwaysLoad: true };
}

/** One call the model makes: the tool by the name the server lists, and its input. */
export type ServerCall = [tool: string, input: Record<string, unknown>];

export interface ClaudeCodeRun extends ClaudeRun {
  /** The model's first turn: the request that offered the server's tools (or the first request, if none did). */
  first: MessagesRequest | undefined;
  /** The `tool_result` blocks of the request that carried the calls' results back: what the model read, in order. */
  read: Array<Record<string, unknown>>;
}

/** Runs one query in which the model makes `calls` on the configured server (ids `toolu_1`, `toolu_2`, …) all in its first turn. */
export async function runClaudeCode(
  server: McpHttpServerConfig | McpStdioServerConfig,
  calls: readonly ServerCall[],
  options: Options = {},
): Promise<ClaudeCodeRun> {
  claudeCodeBinary();
  const run = await runClaude(
    calls.map(([tool, input]) => ({ name: `mcp__${CLAUDE_CODE_SERVER}__${tool}`, input })),
    { mcpServers: { [CLAUDE_CODE_SERVER]: server }, allowedTools: [`mcp__${CLAUDE_CODE_SERVER}`], ...options },
  );
  const offers = (request: MessagesRequest) => (request.tools ?? []).some((tool) => tool.name.startsWith("mcp__"));
  return {
    ...run,
    first: run.requests.find(offers) ?? run.requests[0],
    read: toolResults(run.requests.find((request) => toolResults(request).length > 0)),
  };
}
