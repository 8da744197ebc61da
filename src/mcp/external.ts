/**
 * Tools another framework owns, served beside the package's own (the Nuxt
 * module's route serves the toolkit's this way): listed as given and answered
 * by their own `call`. None of the core's checks apply to them, and their
 * answer goes out as they shape it; but a call passes the same scope check
 * (./auth.ts, by its annotations) and the same middleware as any other.
 */
import type { AuthInfo, CallToolResult, ClientCapabilities, ServerContext } from "@modelcontextprotocol/server";
import type { CallOutcome } from "../core/call.ts";
import { chainIdle } from "../core/chains.ts";
import { joinedText, readContent } from "../core/content.ts";
import type { HostContext } from "../core/context.ts";
import { failureText, ToolDefinitionError } from "../core/errors.ts";
import { type CalledTool, type Middleware, runChain } from "../core/middleware.ts";
import { prepareQuestion, prepareUrlQuestion } from "../core/questions.ts";
import type { LogLevel, ToolResult } from "../core/types.ts";
import { errorResult, mcpResult } from "../protocol/call.ts";
import { effectOfAnnotations } from "../protocol/scopes.ts";
import { supportsForms, supportsUrls } from "./elicitation.ts";
import type { SessionToolList } from "./session-tools.ts";

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
  /** The verified token of the request, when the HTTP face checks tokens. */
  authInfo?: AuthInfo;
  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
  /** Sends a `notifications/message` if the client's log level lets it through (`logging/setLevel` on 2025-11-25, the request's level on 2026-07-28). */
  log(level: LogLevel, data: unknown, logger?: string): Promise<void>;
  /** What the client declared: at `initialize` on 2025-11-25, in the request on 2026-07-28. */
  clientCapabilities?: ClientCapabilities;
  /**
   * Sends a request to the client (a question, a sampling request) and resolves with its raw reply: on a
   * 2025-11-25 connection only, where the server may ask and wait; absent on 2026-07-28, which has no channel for it.
   */
  sendRequest?(request: { method: string; params?: Record<string, unknown> }, signal?: AbortSignal): Promise<unknown>;
  /**
   * On 2026-07-28, where `sendRequest` is absent: asks the person a question the way this package's tools ask,
   * as `input_required` (the call runs again from its start with the reply). A form, or with `mode: "url"` a page
   * to open; each only in a mode the request's capabilities declare, else it throws one line. Resolves with the
   * reply as `elicitation/create` would: `{ action, content? }` for a form, checked against it first; `{ action }`
   * for a URL. Absent when the client declared no elicitation at all.
   */
  /**
   * On a 2025-11-25 session: the session's own list, to which the tool may add tools or from which it may remove
   * those it added (./session-tools.ts); absent on 2026-07-28 and without sessions.
   */
  session?: SessionToolList;
  elicit?(params: ElicitParams): Promise<Record<string, unknown>>;
}

/** A question an external tool asks: a form, or a page to open (`mode: "url"`). */
export type ElicitParams =
  | { mode?: "form"; message: string; requestedSchema: Record<string, unknown> }
  | { mode: "url"; message: string; url: string };

/** The refusal of a question in a mode the client did not declare in the request's capabilities. */
function undeclaredMode(mode: "form" | "url"): string {
  return mode === "url"
    ? "The client did not declare URL elicitation (elicitation.url) in this request's capabilities, so this URL question cannot be asked"
    : "The client did not declare form elicitation in this request's capabilities, so this form cannot be asked";
}

/** The external tools by name; a name the package's own list also has is refused, as any duplicate is. */
export function externalIndex(external: readonly ExternalTool[], own: ReadonlyMap<string, unknown>): Map<string, ExternalTool> {
  const index = new Map<string, ExternalTool>();
  for (const tool of external) {
    const name = tool.listing.name;
    if (own.has(name) || index.has(name)) throw externalClash(name);
    index.set(name, tool);
  }
  return index;
}

/** Refuses a tool of the package's own named like one of the external tools (`index`, by name). */
export function refuseExternalName(index: ReadonlyMap<string, ExternalTool>, name: string): void {
  if (index.has(name)) throw externalClash(name);
}

function externalClash(name: string): ToolDefinitionError {
  return new ToolDefinitionError(`Duplicate tool name: ${JSON.stringify(name)}`);
}

/** An external tool's questions through the host's `ask`, each in a mode the client declared. */
function elicitBy(
  ask: NonNullable<HostContext["ask"]>,
  tool: string,
  capabilities: ClientCapabilities | undefined,
): NonNullable<ExternalCallContext["elicit"]> {
  return async (params) => {
    if (params.mode === "url") {
      if (!supportsUrls(capabilities)) throw new Error(undeclaredMode("url"));
      const answer = await ask(prepareUrlQuestion(tool, { message: params.message, url: params.url }));
      // A URL reply carries no content: the page is where the person answered.
      return { action: answer.action };
    }
    if (!supportsForms(capabilities)) throw new Error(undeclaredMode("form"));
    const answer = await ask(prepareQuestion(tool, { message: params.message, schema: params.requestedSchema as never }));
    return answer as Record<string, unknown>;
  };
}

/** The answer as its owner shaped it; a throw is the usual failure line. */
async function answer(
  tool: ExternalTool,
  args: unknown,
  ctx: ServerContext,
  capabilities: ClientCapabilities | undefined,
  host: HostContext,
  session: SessionToolList | undefined,
): Promise<CallToolResult> {
  const context: ExternalCallContext = {
    signal: host.signal ?? ctx.mcpReq.signal,
    requestId: ctx.mcpReq.id,
    sendNotification: (notification) => ctx.mcpReq.notify(notification as never),
    log: (level, data, logger) => ctx.mcpReq.log(level, data, logger),
  };
  if (capabilities) context.clientCapabilities = capabilities;
  if (session) context.session = session;
  if (!ctx.mcpReq.envelope) {
    context.sendRequest = (request, signal) =>
      ctx.mcpReq.send({ method: request.method, params: { ...request.params } } as never, signal ? { signal } : {});
  }
  const { ask } = host;
  if (ask) context.elicit = elicitBy(ask, tool.listing.name, capabilities);
  if (ctx.mcpReq._meta) context._meta = ctx.mcpReq._meta as Record<string, unknown>;
  if (ctx.http?.authInfo) context.authInfo = ctx.http.authInfo;
  try {
    return (await tool.call(args ?? {}, context)) as CallToolResult;
  } catch (error) {
    return errorResult(failureText(tool.listing.name, error));
  }
}

/** An MCP answer as a call outcome a middleware can read; `result` keeps the answer itself. */
function outcomeOfAnswer(result: ToolResult & { structuredContent?: unknown }): CallOutcome {
  const read = readContent(result.content);
  const content = read.ok ? read.blocks : [];
  const text = joinedText(content);
  const details = result.structuredContent;
  if (result.isError === true) return { ok: false, kind: "returned", text, content, details, result };
  return { ok: true, content, text, details, structured: details !== undefined, result };
}

/** The tool as a middleware sees it: its effect read from its annotations, as the scope check reads it. */
function calledToolOf(tool: ExternalTool): CalledTool {
  const { name, title, description, annotations } = tool.listing;
  return Object.freeze({
    name,
    title: typeof title === "string" ? title : name,
    description: typeof description === "string" ? description : "",
    effect: effectOfAnnotations(annotations),
  });
}

/**
 * A call of an external tool, through `chain` when there is one. A middleware
 * sees the arguments as sent (the tool's owner checks them when `next()`
 * runs it); the answer it passes on goes out as the owner shaped it.
 */
export async function callExternal(
  tool: ExternalTool,
  args: unknown,
  ctx: ServerContext,
  chain: readonly Middleware[] | undefined,
  host: HostContext,
  capabilities: ClientCapabilities | undefined,
  session?: SessionToolList,
): Promise<CallToolResult> {
  if (!chain || chain.length === 0 || chainIdle(chain)) return answer(tool, args, ctx, capabilities, host, session);
  let raw: CallToolResult | undefined;
  const outcome = await runChain(
    chain,
    {
      tool: calledToolOf(tool),
      checked: { ok: true, value: args ?? {} },
      run: async () => {
        raw = await answer(tool, args, ctx, capabilities, host, session);
        return outcomeOfAnswer(raw as never);
      },
      outcomeFor: (result) => outcomeOfAnswer(result),
    },
    host,
  );
  // Passed on untouched, the owner's answer goes out as it made it; anything else as MCP answers an outcome.
  return raw !== undefined && "result" in outcome && outcome.result === raw ? raw : (mcpResult(outcome) as CallToolResult);
}
