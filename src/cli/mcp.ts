/**
 * The `mcp` command: the same tools served over MCP on standard input and
 * output, for an MCP client that starts this program. `serveStdio` answers
 * both protocol revisions (2025 `initialize` and 2026 per-request envelopes).
 * Loaded only when the command runs, so `--help` never loads the SDK.
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { sanitizeLine } from "../core/sanitize.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { createMcpServer } from "../mcp/server.ts";

/** Serves until the client closes standard input; resolves with the exit code. */
export async function serveMcp(info: ServerInfo, tools: readonly AnyTool[]): Promise<number> {
  // stdout carries the protocol; problems go to stderr, one clean line each.
  const report = (error: Error) => {
    process.stderr.write(`${sanitizeLine(info.name)} mcp: ${sanitizeLine(error.message) || "error"}\n`);
  };
  const ended = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  const handle = serveStdio(
    () => {
      const server = createMcpServer(info, tools);
      server.onerror = report;
      return server;
    },
    { onerror: report },
  );
  await ended;
  await handle.close();
  return 0;
}
