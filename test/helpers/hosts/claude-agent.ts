/**
 * The host matrix's Claude Agent SDK row: the testing kit's host (src/testing/hosts/claude-agent.ts), where one
 * query of the bundled Claude Code makes every case's call. `runClaude` is the kit's too, for tests that drive
 * Claude Code with their own calls and options.
 */
import { MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

export { type ClaudeCall, type ClaudeRun, claudeCodeEnv, runClaude } from "../../../src/testing/hosts/claude-agent.ts";

export interface ClaudeDriver {
  call(id: string): Promise<unknown>;
  close(): Promise<void>;
}

/** Each case reads the `tool_result` Claude Code recorded for its call (content and `is_error`, without the id). */
export async function openClaudeAgent(fixture: MatrixFixture = MATRIX): Promise<ClaudeDriver> {
  const driver = await openKitHost("claude-agent", fixture);
  return { call: (id) => driver.call(id), close: () => driver.close() };
}
