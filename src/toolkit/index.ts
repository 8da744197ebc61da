/**
 * @agntn/tools/toolkit — serve a tool list through @nuxtjs/mcp-toolkit
 * (`defineMcpHandler({ tools })`), which runs on MCP SDK v1.
 *
 * Nothing here points into SDK v2: the entry imports the core, `callTool` and
 * `listTools` (which import only the core) and `zod`. Toolkit users run SDK v1
 * only, so the request context is typed by the few fields we read.
 */
import type { HostContext } from "../core/context.ts";
import type { PreparedTool } from "../core/define.ts";
import { failureText } from "../core/errors.ts";
import type { CallFacts } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyTool } from "../core/types.ts";
import { callEntry, errorResult, type McpCallResult, toolIndex } from "../protocol/call.ts";
import { callerOf, type TokenInfo } from "../protocol/caller.ts";
import { listTools, type McpToolAnnotations } from "../protocol/list.ts";
import { askThroughElicitation, type ToolkitElicitation } from "./elicitation.ts";
import { logSender, type ToolkitLogger } from "./log.ts";
import { progressSender } from "./progress.ts";
import { sampleThroughRequest } from "./sampling.ts";
import { type ZodStandIn, zodStandIn } from "./zod-standin.ts";

export type { ToolkitElicitation } from "./elicitation.ts";
export type { ToolkitLogger } from "./log.ts";
export type { ZodStandIn } from "./zod-standin.ts";

/**
 * The fields of SDK v1's `RequestHandlerExtra` a call uses (the toolkit's
 * `McpRequestExtra` fits it). Typed here so the entry needs no SDK types.
 */
export interface ToolkitRequestExtra {
  signal: AbortSignal;
  /** Set only when the toolkit runs with sessions; stateless answers are plain JSON, with no room for notifications. */
  sessionId?: string;
  requestId?: string | number;
  _meta?: { progressToken?: string | number; [key: string]: unknown };
  /** The verified token, when the route checked one (the module's `auth`). */
  authInfo?: TokenInfo;
  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
  sendRequest(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: ZodStandIn,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

/** One tool as `defineMcpHandler({ tools })` takes it. */
export interface ToolkitTool {
  name: string;
  title: string;
  description: string;
  annotations: McpToolAnnotations;
  inputSchema: ZodStandIn;
  outputSchema?: ZodStandIn;
  _meta?: Record<string, unknown>;
  handler(args: unknown, extra: ToolkitRequestExtra): Promise<McpCallResult>;
}

export interface ToolkitToolsOptions {
  /**
   * The toolkit's `useMcpElicitation`. With it, a client that declared form
   * elicitation gets `ask`; without it, or on a stateless route, `ask` is
   * `undefined` and the call answers at once.
   */
  elicitation?: () => ToolkitElicitation;
  /**
   * The toolkit's `useMcpLogger`. With it, a call on a route with sessions
   * gets `log`, sent through the logger's `notify`, which honours the
   * client's `logging/setLevel`; without it, `log` is `undefined`.
   */
  logger?: () => { notify: ToolkitLogger };
  /**
   * The toolkit's `useMcpServer`, read for the capabilities the client
   * declared at `initialize`. With it, a client that declared sampling gets
   * `sample`; without it, `sample` is `undefined`.
   */
  server?: () => { server: unknown };
  /**
   * The verified access token of the current request, for a route that
   * checks tokens in its own middleware (the Nuxt module's `auth` does):
   * the tool then sees the caller as `context.auth`. SDK v1's own
   * `extra.authInfo` is used when the transport set it.
   */
  authInfo?: () => TokenInfo | undefined;
}

const TOOLKIT_OPTIONS = ["elicitation", "logger", "server", "authInfo"] as const;

/**
 * The tool definitions for `defineMcpHandler({ tools })`. Each entry lists
 * what `listTools` lists (icons stay home: the toolkit never passes them on)
 * and answers through the same call path as the SDK v2 server, so the texts
 * match the stdio server word for word. Duplicate names and broken tools
 * throw here. No server name is needed: each handler answers one known tool,
 * and the toolkit answers unknown names itself.
 */
export function toToolkitTools(tools: readonly AnyTool[], options: ToolkitToolsOptions = {}): ToolkitTool[] {
  checkOptionKeys("toToolkitTools", options, TOOLKIT_OPTIONS);
  // Checks the list (duplicates, broken tools) before anything is served; each handler keeps its prepared tool.
  const index = toolIndex(tools);
  return listTools(tools).tools.map((listed): ToolkitTool => {
    const prepared = index.get(listed.name) as PreparedTool;
    const entry: ToolkitTool = {
      name: listed.name,
      title: listed.title,
      description: listed.description,
      annotations: { ...listed.annotations },
      inputSchema: zodStandIn(listed.inputSchema),
      handler: (args, extra) => answer(prepared, args, extra, options),
    };
    if (listed.outputSchema) entry.outputSchema = zodStandIn(listed.outputSchema);
    if (listed._meta) entry._meta = JSON.parse(JSON.stringify(listed._meta));
    return entry;
  });
}

/**
 * What the client declared at `initialize`, from the SDK v1 server behind the
 * toolkit's helper (`McpServer.server`, the low-level server the toolkit
 * itself reaches the same way); `undefined` if that ever moves.
 */
function clientCapabilities(helper: { server: unknown }): unknown {
  const sdk = (helper.server as { server?: { getClientCapabilities?(): unknown } } | undefined)?.server;
  return typeof sdk?.getClientCapabilities === "function" ? sdk.getClientCapabilities() : undefined;
}

/** What middleware may know of a call through the toolkit (SDK v1): the request id and the session, when it has one. */
function callFacts(extra: ToolkitRequestExtra): CallFacts {
  const facts: CallFacts = { host: "toolkit", method: "tools/call" };
  if (extra.requestId !== undefined) facts.requestId = extra.requestId;
  if (extra.sessionId) facts.sessionId = extra.sessionId;
  if (extra._meta) facts.meta = extra._meta;
  return facts;
}

async function answer(
  entry: PreparedTool,
  args: unknown,
  extra: ToolkitRequestExtra,
  options: ToolkitToolsOptions,
): Promise<McpCallResult> {
  const context: HostContext = { signal: extra.signal, call: callFacts(extra) };
  const progress = progressSender(extra);
  if (progress) context.progress = progress;
  try {
    const token = extra.authInfo ?? options.authInfo?.();
    if (token) context.auth = callerOf(token);
    if (options.elicitation) {
      const ask = askThroughElicitation(options.elicitation(), extra);
      if (ask) context.ask = ask;
    }
    if (options.logger) {
      const log = logSender(options.logger, extra);
      if (log) context.log = log;
    }
    if (options.server) {
      const sample = sampleThroughRequest(clientCapabilities(options.server()), extra);
      if (sample) context.sample = sample;
    }
  } catch (error) {
    // Without Nitro's asyncContext the composables cannot find the request. Every call says so (the
    // message names the flag) instead of running half-wired or leaving a question hanging.
    return errorResult(failureText(entry.name, error));
  }
  return callEntry(entry, args, context);
}
