/**
 * An MCP server for a tool list on SDK v2. Built on the low-level `Server`
 * (marked deprecated, still supported) rather than `McpServer`, whose lookup
 * reaches `Object.prototype` ("Tool toString disabled"), echoes hostile names
 * and glues validation problems into one line.
 */
import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  inputRequired,
  type ListToolsResult,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { HostContext } from "../core/context.ts";
import { failureText, ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { askByRequest } from "../protocol/ask.ts";
import { callEntry, errorResult, toolIndex, unknownToolResult } from "../protocol/call.ts";
import { listTools } from "../protocol/list.ts";
import { progressNotifier } from "../protocol/progress.ts";
import { callDigest, QUESTION_KEY, runRound } from "../protocol/replay.ts";
import { createStateSeal, type StateSealOptions } from "./state-seal.ts";

/**
 * A tool another framework owns (the Nuxt module uses it for the toolkit's
 * own tools): listed as given, answered by its own `call`. None of the core's
 * checks apply to it; its answer goes out as it returns it.
 */
export interface ExternalTool {
  /** The `tools/list` entry, `name` included. */
  listing: { name: string; [key: string]: unknown };
  /** Answers a call. A throw is answered as `<name> failed: <message>`. */
  call(args: unknown, context: ExternalCallContext): Promise<Record<string, unknown>>;
}

/** What an external tool gets beside its arguments: the fields of SDK v1's request extra that make sense per request. */
export interface ExternalCallContext {
  signal: AbortSignal;
  requestId: string | number;
  _meta?: Record<string, unknown>;
  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
}

export interface McpServerOptions extends StateSealOptions {
  /** Instructions a client may add to the model's context. */
  instructions?: string;
  /** Tools another framework answers, listed before the package's own. */
  external?: readonly ExternalTool[];
}

/** Whether a client declared form elicitation (an empty `elicitation` object means form). */
export function supportsForms(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  if (!elicitation || typeof elicitation !== "object") return false;
  return "form" in elicitation || !("url" in elicitation);
}

/**
 * Builds an unconnected SDK v2 server with one `tools/list` and one
 * `tools/call` handler for every tool. Connect it to stdio, Streamable HTTP or
 * an in-memory pair. Duplicate names and broken tools throw here.
 */
/** The keys `createMcpServer` takes. */
export const SERVER_OPTIONS = ["instructions", "external", "requestStateKey", "requestStateTtlSeconds"] as const;

export function createMcpServer(info: ServerInfo, tools: readonly AnyTool[], options: McpServerOptions = {}): Server {
  checkOptionKeys("createMcpServer", options, SERVER_OPTIONS);
  const own = toolIndex(tools);
  const external = externalIndex(options.external ?? [], own);
  const sealFor = createStateSeal(options);
  const serverInfo = JSON.parse(JSON.stringify(info)) as ServerInfo;
  const server = new Server(serverInfo, {
    capabilities: { tools: {} },
    ...(options.instructions ? { instructions: options.instructions } : {}),
  });
  const listed = listTools(tools);
  const listing = external.size === 0 ? listed : { tools: [...[...external.values()].map((t) => t.listing), ...listed.tools] };
  server.setRequestHandler("tools/list", async () => listing as ListToolsResult);
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const { name, arguments: args } = request.params;
    const foreign = external.get(name);
    if (foreign) return callExternal(foreign, args, ctx);
    const entry = own.get(name);
    if (!entry) return unknownToolResult(info, name);
    const base: HostContext = { signal: ctx.mcpReq.signal };
    // The answer matters more than a progress line: a failed notification is reported, and the call carries on.
    const progress = progressNotifier(
      ctx.mcpReq._meta?.progressToken,
      (n) => ctx.mcpReq.notify(n),
      (error) => server.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
    if (progress) base.progress = progress;
    // 2026-07-28 requests carry the client's capabilities; a 2025 connection declared them at initialize.
    const envelope = ctx.mcpReq.envelope as Record<string, ClientCapabilities | undefined> | undefined;
    const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities();
    if (!supportsForms(capabilities)) return callEntry(entry, args, base);
    if (!envelope) {
      // A 2025 connection: the question goes out as a real request and the call waits, so a client's
      // error comes back to the tool as a throw (cleaned in its failure line), not raw in an SDK text.
      // `send`, not `elicitInput`: the SDK would check the reply against the form itself, in its own words.
      const ask = askByRequest(
        (params, signal) => ctx.mcpReq.send({ method: "elicitation/create", params: { ...params } }, signal ? { signal } : {}),
        base.signal,
      );
      return callEntry(entry, args, { ...base, ask });
    }
    const round = {
      seal: sealFor(ctx),
      digest: await callDigest(name, args),
      requestState: ctx.mcpReq.requestState(),
      reply: ctx.mcpReq.inputResponses?.[QUESTION_KEY],
    };
    const outcome = await runRound(round, base.signal, (ask, signal) => callEntry(entry, args, { ...base, signal, ask }));
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

/** The external tools by name; a name the package's own list also has is refused, as any duplicate is. */
function externalIndex(external: readonly ExternalTool[], own: ReadonlyMap<string, unknown>): Map<string, ExternalTool> {
  const index = new Map<string, ExternalTool>();
  for (const tool of external) {
    const name = tool.listing.name;
    if (own.has(name) || index.has(name)) throw new ToolDefinitionError(`Duplicate tool name: ${JSON.stringify(name)}`);
    index.set(name, tool);
  }
  return index;
}

async function callExternal(tool: ExternalTool, args: unknown, ctx: ServerContext): Promise<CallToolResult> {
  const context: ExternalCallContext = {
    signal: ctx.mcpReq.signal,
    requestId: ctx.mcpReq.id,
    sendNotification: (notification) => ctx.mcpReq.notify(notification as never),
  };
  if (ctx.mcpReq._meta) context._meta = ctx.mcpReq._meta as Record<string, unknown>;
  try {
    // Its owner shaped the answer (the toolkit normalises its tools' returns); it goes out as given.
    return (await tool.call(args ?? {}, context)) as CallToolResult;
  } catch (error) {
    return errorResult(failureText(tool.listing.name, error));
  }
}
