/**
 * The `mcp` command: the same tools served over MCP on standard input and
 * output, for an MCP client that starts this program. `serveStdio` answers
 * both protocol revisions (2025 `initialize` and 2026 per-request envelopes).
 * Loaded only when the command runs, so `--help` never loads the SDK.
 *
 * Exit codes: 0 when the client closes standard input; 1 when the connection
 * cannot go on, a message over the SDK's 10 MiB line limit or a closed
 * standard output (the client went away), each said once on stderr.
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { ToolDefinitionError } from "../core/errors.ts";
import { sanitizeLine } from "../core/sanitize.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { createMcpServer } from "../mcp/server.ts";
import { bundleViews } from "../views/index.ts";

/** Why the connection ends early, from the error the SDK's stdio transport reports before it closes itself. */
function fatal(error: Error): string | undefined {
  if (/ReadBuffer exceeded maximum size/.test(error.message)) return "a message is longer than the 10 MiB a line may hold; stopping";
  if ((error as NodeJS.ErrnoException).code === "EPIPE" || (error as NodeJS.ErrnoException).code === "ERR_STREAM_DESTROYED") {
    return "standard output closed (the client went away); stopping";
  }
  return undefined;
}

/** Serves until the client closes standard input; resolves with the exit code. */
export async function serveMcp(info: ServerInfo, given: readonly AnyTool[]): Promise<number> {
  const name = sanitizeLine(info.name);
  // Views that load files beside them (or Vue components) are bundled into one document each before anything is
  // served (a host can fetch nothing beside it), and the first server is made before the first message: a view
  // that cannot be bundled or read stops the command with its one line, instead of failing every request.
  let tools: readonly AnyTool[] = given;
  let ready: ReturnType<typeof createMcpServer> | undefined;
  try {
    tools = await bundleViews(given);
    ready = createMcpServer(info, tools);
  } catch (error) {
    if (!(error instanceof ToolDefinitionError)) throw error;
    process.stderr.write(`${name} mcp: ${error.message}\n`);
    return 1;
  }
  let finish: (code: number) => void = () => {};
  const finished = new Promise<number>((resolve) => {
    finish = resolve;
  });
  let stopped = false;
  // stdout carries the protocol; problems go to stderr, one clean line each, and nothing after the end.
  const report = (error: Error) => {
    if (stopped) return;
    const why = fatal(error);
    if (why !== undefined) {
      stopped = true;
      process.stderr.write(`${name} mcp: ${why}\n`);
      finish(1);
      return;
    }
    process.stderr.write(`${name} mcp: ${sanitizeLine(error.message) || "error"}\n`);
  };
  // Whatever a closed pipe still raises after the transport let go of it is no news.
  process.stdout.on("error", () => {});
  // The SDK's stdio transport adds an `error` and a `drain` listener for each answer waiting on a full pipe;
  // a client that reads slowly can have many in flight, which is no leak. Lift the warning's bound for them.
  process.stdout.setMaxListeners(0);
  process.stdin.once("end", () => finish(0));
  process.stdin.once("close", () => finish(0));
  const handle = serveStdio(
    () => {
      const server = ready ?? createMcpServer(info, tools);
      ready = undefined;
      server.onerror = report;
      return server;
    },
    { onerror: report },
  );
  const code = await finished;
  stopped = true;
  await handle.close();
  process.stdin.destroy();
  return code;
}
