/** What `tools/call` answers. Never throws: every failure is an `isError` text a model can read. */

import { type CallOutcome, runTool } from "../core/call.ts";
import type { HostContext } from "../core/context.ts";
import { indexTools, type PreparedTool } from "../core/define.ts";
import { failureText } from "../core/errors.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import type { AnyTool, ContentBlock, ServerInfo } from "../core/types.ts";
import { visibleNow } from "../core/visibility.ts";

/** A `tools/call` result as it goes on the wire. */
export interface McpCallResult {
  content: ContentBlock[];
  structuredContent?: unknown;
  isError?: true;
  [key: string]: unknown;
}

const indexes = new WeakMap<readonly AnyTool[], { length: number; index: Map<string, PreparedTool> }>();

/** The name index of a list, built once per list so a call costs the same for 10 tools or 10,000. */
export function toolIndex(tools: readonly AnyTool[]): Map<string, PreparedTool> {
  const cached = indexes.get(tools);
  if (cached && cached.length === tools.length) return cached.index;
  const index = indexTools(tools);
  indexes.set(tools, { length: tools.length, index });
  return index;
}

export function errorResult(text: string): McpCallResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** The answer to a call of a name no tool has; the name is quoted and escaped so it stays one line. */
export function unknownToolResult(info: Pick<ServerInfo, "name">, name: unknown): McpCallResult {
  return errorResult(`Unknown ${sanitizeLine(info.name)} tool: ${quote(typeof name === "string" ? name : String(name))}`);
}

/**
 * An outcome as MCP answers it: the text blocks, plus `structuredContent` for
 * tools with an output schema; a returned `isError` goes out as returned; any
 * other failure is its one text with `isError`.
 */
export function mcpResult(outcome: CallOutcome): McpCallResult {
  if (outcome.ok)
    return outcome.structured ? { content: outcome.content, structuredContent: outcome.details } : { content: outcome.content };
  if (outcome.kind === "returned") return { content: outcome.content, isError: true };
  return errorResult(outcome.text);
}

/** Calls a prepared tool the way the MCP server does. */
export function callEntry(entry: PreparedTool, args: unknown, context: HostContext = {}): Promise<McpCallResult> {
  // Not async: a call is on the hot path of every server, and each async layer costs a turn of the microtask queue.
  return runTool(entry, { args }, context).then(mcpResult);
}

/**
 * Calls a tool by name the way the MCP server does: bad input gets the core's
 * lines, a throw gets `<tool> failed: <message>`, a returned `isError` goes
 * out as returned, and details go out as `structuredContent` only for tools
 * with an `output` schema, after they pass it.
 */
export function callTool(
  info: Pick<ServerInfo, "name">,
  tools: readonly AnyTool[],
  name: string,
  args: unknown,
  context: HostContext = {},
): Promise<McpCallResult> {
  let entry: PreparedTool | undefined;
  try {
    entry = toolIndex(tools).get(name);
  } catch (error) {
    return Promise.resolve(errorResult(failureText(String(info.name), error)));
  }
  if (!entry) return Promise.resolve(unknownToolResult(info, name));
  const found = entry;
  // A tool hidden from the caller (`visibleTo`) answers as an unknown name, as every MCP face answers it.
  const seen = visibleNow(found.tool, context.auth);
  if (seen === true) return callEntry(found, args, context);
  if (seen === false) return Promise.resolve(unknownToolResult(info, name));
  return seen.then((shown) => (shown ? callEntry(found, args, context) : unknownToolResult(info, name)));
}
