/**
 * What a call on the in-process MCP server can give a tool, read from SDK
 * v1's handler context and from what the client (Claude Code) declared at
 * `initialize`: progress as `notifications/progress` when the call carries a
 * progress token, questions as `elicitation/create` when the client takes
 * forms (the Claude Agent SDK hands them to the app's `onElicitation`),
 * sampling as `sampling/createMessage` when the client declared sampling, and
 * log lines as `notifications/message`, filtered by the level the client set.
 * Each one the client cannot take stays `undefined` for the tool.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { HostContext } from "../core/context.ts";
import type { CallFacts } from "../core/middleware.ts";
import { supportsSampling } from "../core/sampling.ts";
import { isRecord } from "../core/schema.ts";
import { askByRequest } from "../protocol/ask.ts";
import { logNotifier } from "../protocol/log.ts";
import { progressNotifier } from "../protocol/progress.ts";
import { sampleByRequest } from "../protocol/sample.ts";

/** SDK v1's `RequestHandlerExtra` for a `tools/call`, as the fields read here. */
export interface CallExtra {
  signal: AbortSignal;
  requestId?: string | number;
  sessionId?: string;
  _meta?: { progressToken?: string | number; [key: string]: unknown };
  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
  sendRequest(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: typeof ResultSchema,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

/** Whether the client takes form questions (an empty `elicitation` object means forms). */
function takesForms(capabilities: unknown): boolean {
  const elicitation = isRecord(capabilities) ? capabilities.elicitation : undefined;
  return isRecord(elicitation) && ("form" in elicitation || !("url" in elicitation));
}

/** What middleware may know of a call on the in-process server: the method, the request id, the session and `_meta`. */
function callFacts(extra: CallExtra): CallFacts {
  const facts: CallFacts = { host: "claude-agent", method: "tools/call" };
  if (extra.requestId !== undefined) facts.requestId = extra.requestId;
  if (extra.sessionId) facts.sessionId = extra.sessionId;
  if (extra._meta) facts.meta = extra._meta;
  return facts;
}

/**
 * The host context of one call. Requests go out with a result schema that
 * lets any reply through: the core checks every answer itself, in its own words.
 */
export function callContext(instance: McpServer, extra: CallExtra): HostContext {
  const host: HostContext = { signal: extra.signal, host: extra, call: callFacts(extra) };
  const send = (method: string, params: object, signal: AbortSignal | undefined) =>
    extra.sendRequest({ method, params: { ...params } }, ResultSchema, signal ? { signal } : {});
  const progress = progressNotifier(extra._meta?.progressToken, (notification) => extra.sendNotification(notification));
  if (progress) host.progress = progress;
  const capabilities = instance.server.getClientCapabilities();
  if (takesForms(capabilities)) host.ask = askByRequest((params, signal) => send("elicitation/create", params, signal), extra.signal);
  if (supportsSampling(capabilities))
    host.sample = sampleByRequest((params, signal) => send("sampling/createMessage", params, signal), extra.signal);
  // SDK v1 drops a message below the level the client set with `logging/setLevel`.
  host.log = logNotifier((level, data, logger) => instance.server.sendLoggingMessage({ level, data, logger }, extra.sessionId));
  return host;
}
