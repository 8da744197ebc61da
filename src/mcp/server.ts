/**
 * An MCP server for a tool list on SDK v2. Built on the low-level `Server`
 * (marked deprecated, still supported) rather than `McpServer`, whose lookup
 * reaches `Object.prototype` ("Tool toString disabled"), echoes hostile names
 * and glues validation problems into one line.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  inputRequired,
  type ListToolsResult,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { HostContext, ProgressReport } from "../core/invoke.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { callTool, toolIndex, unknownToolResult } from "./call.ts";
import { listTools } from "./list.ts";
import { QUESTION_KEY, runRound } from "./replay.ts";

export interface McpServerOptions {
  /** Instructions a client may add to the model's context. */
  instructions?: string;
}

/** Whether a client declared form elicitation (an empty `elicitation` object means form). */
export function supportsForms(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  if (!elicitation || typeof elicitation !== "object") return false;
  return "form" in elicitation || !("url" in elicitation);
}

function progressSender(server: Server, ctx: ServerContext): HostContext["progress"] {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return undefined;
  return async (report: ProgressReport) => {
    const params: Record<string, unknown> = { progressToken: token, progress: report.progress, message: report.message };
    if (report.total !== undefined) params.total = report.total;
    try {
      await ctx.mcpReq.notify({ method: "notifications/progress", params });
    } catch (error) {
      // The answer matters more than a progress line: report, carry on.
      server.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  };
}

/**
 * Builds an unconnected SDK v2 server with one `tools/list` and one
 * `tools/call` handler for every tool. Connect it to stdio, Streamable HTTP or
 * an in-memory pair. Duplicate names and broken tools throw here.
 */
export function createMcpServer(info: ServerInfo, tools: readonly AnyTool[], options: McpServerOptions = {}): Server {
  toolIndex(tools);
  const serverInfo = JSON.parse(JSON.stringify(info)) as ServerInfo;
  const server = new Server(serverInfo, {
    capabilities: { tools: {} },
    ...(options.instructions ? { instructions: options.instructions } : {}),
  });
  server.setRequestHandler("tools/list", async () => listTools(tools) as ListToolsResult);
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const { name, arguments: args } = request.params;
    const base: HostContext = { signal: ctx.mcpReq.signal };
    const progress = progressSender(server, ctx);
    if (progress) base.progress = progress;
    const entry = toolIndex(tools).get(name);
    if (!entry) return unknownToolResult(info, name);
    // 2026-07-28 requests carry the client's capabilities; a 2025 connection declared them at initialize.
    const envelope = ctx.mcpReq.envelope as Record<string, ClientCapabilities | undefined> | undefined;
    const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities();
    if (!supportsForms(capabilities)) return callTool(info, tools, name, args, base);
    const outcome = await runRound(ctx.mcpReq.requestState(), ctx.mcpReq.inputResponses?.[QUESTION_KEY], base.signal, (ask, signal) =>
      callTool(info, tools, name, args, { ...base, signal, ask }),
    );
    if (outcome.kind === "done") return outcome.result;
    return inputRequired({
      inputRequests: {
        [QUESTION_KEY]: inputRequired.elicit({ message: outcome.form.message, requestedSchema: outcome.form.requestedSchema as never }),
      },
      requestState: outcome.requestState,
    });
  });
  return server;
}
