/**
 * @agntn/tools/toolkit — serve a tool list through @nuxtjs/mcp-toolkit
 * (`defineMcpHandler({ tools })`), which runs on MCP SDK v1.
 *
 * Nothing here points into SDK v2: the entry imports the core, `callTool` and
 * `listTools` (which import only the core) and `zod`. Toolkit users run SDK v1
 * only, so the request context is typed by the few fields we read.
 */
import { failureText, type HostContext } from "../core/invoke.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { callTool, errorResult, type McpCallResult } from "../mcp/call.ts";
import { listTools, type McpToolAnnotations } from "../mcp/list.ts";
import { askThroughElicitation, type ToolkitElicitation } from "./elicitation.ts";
import { progressSender } from "./progress.ts";
import { type ZodStandIn, zodStandIn } from "./zod-standin.ts";

export { MAX_ASKS } from "../mcp/ask.ts";
export type { ToolkitElicitation } from "./elicitation.ts";
export { checkStandIn, type ZodStandIn, zodStandIn } from "./zod-standin.ts";

/**
 * The fields of SDK v1's `RequestHandlerExtra` a call uses (the toolkit's
 * `McpRequestExtra` fits it). Typed here so the entry needs no SDK types.
 */
export interface ToolkitRequestExtra {
  signal: AbortSignal;
  /** Set only when the toolkit runs with sessions; stateless answers are plain JSON, with no room for notifications. */
  sessionId?: string;
  _meta?: { progressToken?: string | number; [key: string]: unknown };
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

export interface ToolkitOptions {
  /**
   * The toolkit's `useMcpElicitation`. With it, a client that declared form
   * elicitation gets `ask`; without it, or on a stateless route, `ask` is
   * `undefined` and the call answers at once.
   */
  elicitation?: () => ToolkitElicitation;
}

/**
 * The tool definitions for `defineMcpHandler({ tools })`. Each entry lists
 * what `listTools` lists (icons stay home: the toolkit never passes them on)
 * and answers through `callTool`, so the texts match the stdio server word
 * for word. Duplicate names and broken tools throw here.
 */
export function toToolkitTools(info: Pick<ServerInfo, "name">, tools: readonly AnyTool[], options: ToolkitOptions = {}): ToolkitTool[] {
  checkOptionKeys("toToolkitTools", options, ["elicitation"]);
  const serverInfo = { name: String(info.name) };
  return listTools(tools).tools.map((listed): ToolkitTool => {
    const entry: ToolkitTool = {
      name: listed.name,
      title: listed.title,
      description: listed.description,
      annotations: { ...listed.annotations },
      inputSchema: zodStandIn(listed.inputSchema),
      handler: (args, extra) => answer(serverInfo, tools, listed.name, args, extra, options),
    };
    if (listed.outputSchema) entry.outputSchema = zodStandIn(listed.outputSchema);
    if (listed._meta) entry._meta = JSON.parse(JSON.stringify(listed._meta));
    return entry;
  });
}

async function answer(
  info: Pick<ServerInfo, "name">,
  tools: readonly AnyTool[],
  name: string,
  args: unknown,
  extra: ToolkitRequestExtra,
  options: ToolkitOptions,
): Promise<McpCallResult> {
  const context: HostContext = { signal: extra.signal };
  const progress = progressSender(extra);
  if (progress) context.progress = progress;
  if (options.elicitation) {
    let ask: HostContext["ask"];
    try {
      ask = askThroughElicitation(options.elicitation(), extra);
    } catch (error) {
      // Without Nitro's asyncContext the composable cannot find the request. Every call says so (the
      // message names the flag) instead of running half-wired or leaving a question hanging.
      return errorResult(failureText(name, error));
    }
    if (ask) context.ask = ask;
  }
  return callTool(info, tools, name, args, context);
}
