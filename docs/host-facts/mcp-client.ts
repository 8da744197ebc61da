/**
 * What a panel measures through an MCP client, for the hosts that serve
 * tools over MCP: the MCP host itself (SDK v2 client) and the Claude Agent
 * SDK's in-process server (SDK v1 client, as Claude Code is to it). Both
 * clients list and call alike, so the measuring is written once.
 */
import type { AnyTool } from "@agntn/tools";
import { CONTENT_PROBE, contentLine, FAILING_CALLS, failureChannel, outcomeOf } from "./panels.ts";

/** A tool as `tools/list` lists it (the fields the panels read). */
export interface ListedTool {
  name: string;
  title?: string;
  inputSchema: unknown;
  annotations?: unknown;
}

/** The part of an MCP client (SDK v1 or v2) the panels use. */
export interface PanelClient {
  listTools(): Promise<{ tools: ListedTool[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<object>;
}

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/** The tool as listed, its hints set to true (without "Hint"), its failure channel and its content line. */
export async function measureOverMcp(client: PanelClient, tool: AnyTool) {
  const listed = (await client.listTools()).tools.find((entry) => entry.name === tool.name);
  if (!listed) throw new Error(`the client did not list ${tool.name}`);
  const call = (args: unknown) => () => client.callTool({ name: tool.name, arguments: args as Record<string, unknown> });
  const failure = failureChannel(await outcomeOf(call(FAILING_CALLS.badInput)), await outcomeOf(call(FAILING_CALLS.toolError)));
  const probed = await client.callTool({ name: CONTENT_PROBE.name, arguments: {} });
  const annotations = (listed.annotations ?? {}) as Record<string, unknown>;
  const hints = HINTS.filter((hint) => annotations[hint] === true).map((hint) => hint.replace(/Hint$/, ""));
  return { listed, failure, hints: hints.join(", "), content: contentLine((probed as { content?: unknown }).content) };
}
