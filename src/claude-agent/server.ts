/**
 * Tool definitions as an in-process MCP server for the Claude Agent SDK:
 * `query({ options: { mcpServers: { [name]: toClaudeAgentServer(info, tools) } } })`.
 *
 * The SDK's own `tool()` takes a Zod shape, so instead of converting schemas
 * the tools are served as MCP tools, the way Claude Code reads every MCP
 * server: the JSON Schema every host lists, MCP's hints from the effect
 * (`readOnlyHint`, `destructiveHint`, which Claude Code's permission modes
 * read), and every call answered through the same call path as the MCP host,
 * so the model reads the same texts (a failure is `isError: true`). The
 * config is the SDK's `{ type: "sdk", name, instance }`, the instance an MCP
 * SDK v1 `McpServer` (what the Claude Agent SDK connects in process), with
 * `tools/list` and `tools/call` answered here instead of through its `tool()`.
 *
 * Given a `createToolList` list instead of an array, the server follows it:
 * each `tools/list` and `tools/call` reads the list as it is then, a call
 * keeps the definition it started with, and each change reaches the
 * connected client (Claude Code) as `notifications/tools/list_changed`. A
 * tool's `visibleTo` is asked with `undefined` (an in-process server has no
 * token, so no caller): a tool it does not show is neither listed nor
 * callable, and its call gets the unknown-name answer.
 */
import type { McpSdkServerConfigWithInstance } from "@anthropic-ai/claude-agent-sdk";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { PreparedTool } from "../core/define.ts";
import { failureText, ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyPrompt } from "../core/prompts.ts";
import type { AnyResource } from "../core/resources.ts";
import { describeValue, quote, sanitizeLine } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import { checkChanges, isToolList, type ToolList } from "../core/tool-list.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { visibleNow, visibleTools } from "../core/visibility.ts";
import { callEntry, errorResult, toolIndex, unknownToolResult } from "../protocol/call.ts";
import { catalogOption } from "../protocol/catalog.ts";
import { listTools, type McpTool } from "../protocol/list.ts";
import { catalogCapabilities, serveCatalog } from "./catalog.ts";
import { type CallExtra, callContext } from "./requests.ts";

export interface ClaudeAgentServerOptions {
  /**
   * List every tool in the model's first prompt instead of behind Claude
   * Code's tool search (each tool's `_meta["anthropic/alwaysLoad"]`); Claude
   * Code then waits for the server before the first turn.
   */
  alwaysLoad?: boolean;
  /** The longest a call may run, in milliseconds (the config's `timeout`; Claude Code ignores values below 1000). */
  timeout?: number;
  /** Resources and resource templates to serve (`defineResource`). */
  resources?: readonly AnyResource[];
  /** Prompts to serve (`definePrompt`). */
  prompts?: readonly AnyPrompt[];
}

/** What `toClaudeAgentServer` returns: the SDK's in-process server config. */
export type ClaudeAgentServer = McpSdkServerConfigWithInstance;

const ALWAYS_LOAD = "anthropic/alwaysLoad";

function checkInfo(info: unknown): asserts info is Pick<ServerInfo, "name" | "version"> {
  if (!isRecord(info) || typeof info.name !== "string" || info.name === "" || typeof info.version !== "string") {
    throw new ToolDefinitionError(
      "toClaudeAgentServer: info must be { name, version }, the server's name (the tools read mcp__<name>__<tool> in Claude Code) and version",
    );
  }
}

function checkOptions(options: ClaudeAgentServerOptions): void {
  checkOptionKeys("toClaudeAgentServer", options, ["alwaysLoad", "timeout", "resources", "prompts"]);
  if (options.alwaysLoad !== undefined && typeof options.alwaysLoad !== "boolean") {
    throw new ToolDefinitionError("toClaudeAgentServer: alwaysLoad must be a boolean");
  }
  if (options.timeout !== undefined && !(typeof options.timeout === "number" && Number.isFinite(options.timeout) && options.timeout > 0)) {
    throw new ToolDefinitionError("toClaudeAgentServer: timeout must be a number of milliseconds above 0");
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The always-load listing made from each plain one, so a list read again and again is marked once. */
const marked = new WeakMap<{ tools: McpTool[] }, { tools: McpTool[] }>();

/** The listing, with Claude Code's always-load mark on every tool when asked. */
function listing(tools: readonly AnyTool[], alwaysLoad: boolean): { tools: McpTool[] } {
  const listed = listTools(tools);
  if (!alwaysLoad) return listed;
  let withMark = marked.get(listed);
  if (!withMark) {
    withMark = { tools: listed.tools.map((tool) => ({ ...tool, _meta: { ...tool._meta, [ALWAYS_LOAD]: true } })) };
    marked.set(listed, withMark);
  }
  return withMark;
}

/**
 * The listing of tools a server is given or a list changes to, checked: a tool the list accepts may still not go on
 * the wire (a `meta` holding a BigInt or a cycle), and is refused in one line naming it instead of failing each
 * `tools/list` later.
 */
function listable(tools: readonly AnyTool[], alwaysLoad: boolean): void {
  try {
    listing(tools, alwaysLoad);
  } catch (error) {
    if (error instanceof ToolDefinitionError) throw error;
    const culprit = tools.find((tool) => {
      try {
        listTools([tool]);
        return false;
      } catch {
        return true;
      }
    });
    const named = culprit === undefined ? "a tool" : quote(culprit.name);
    throw new ToolDefinitionError(
      `toClaudeAgentServer: ${named} cannot be listed (${sanitizeLine(describeValue(error)) || "no message"}); its meta and icons must be plain JSON`,
    );
  }
}

/**
 * Stops a list's hold on a config once the config is gone: the list keeps only a weak reference to the server, so a
 * list that outlives many configs (one per query) neither keeps them alive nor keeps their listeners.
 */
const released = new FinalizationRegistry<() => void>((stop) => stop());

/**
 * Follows a changing list: each change is checked against what this server can list before it takes effect, and
 * told to the connected client. The config may be handed to one query after another (each connects the same
 * instance), so it keeps following the list between connections and only tells a client that is there.
 */
function follow(list: ToolList, instance: McpServer, alwaysLoad: boolean): void {
  // Only the tool coming in is checked: the rest of the list was listable before, and still is.
  const stopChecking = checkChanges(list, (incoming) => listable([incoming], alwaysLoad));
  const server = new WeakRef(instance.server);
  const stopHearing = list.subscribe(() => {
    const now = server.deref();
    if (now?.transport === undefined) return;
    now.sendToolListChanged().catch((error: unknown) => now.onerror?.(asError(error)));
  });
  released.register(instance, () => {
    stopChecking();
    stopHearing();
  });
}

/**
 * The server config for `mcpServers`. The info, the options and the whole
 * list are checked first: a duplicate name, a broken tool or a bad option
 * throws {@link ToolDefinitionError} naming `toClaudeAgentServer`. Given a
 * `createToolList` list, the server serves it as it is at each request.
 */
export function toClaudeAgentServer(
  info: Pick<ServerInfo, "name" | "version">,
  tools: readonly AnyTool[] | ToolList,
  options: ClaudeAgentServerOptions = {},
): ClaudeAgentServer {
  checkInfo(info);
  checkOptions(options);
  if (!isToolList(tools) && !Array.isArray(tools)) {
    throw new ToolDefinitionError("toClaudeAgentServer: tools must be an array of tools or a createToolList list");
  }
  const alwaysLoad = options.alwaysLoad === true;
  const list = isToolList(tools) ? tools : undefined;
  // An array is copied, so the server serves the tools it was given even if the app's array changes later.
  const fixed = list ? undefined : Object.freeze([...(tools as readonly AnyTool[])]);
  const now = () => list?.tools ?? (fixed as readonly AnyTool[]);
  // Built now so a broken tool or a name twice throws here, not at the client's first tools/list.
  listable(now(), alwaysLoad);
  const catalog = catalogOption(options, "toClaudeAgentServer");
  const instance = new McpServer(
    { name: info.name, version: info.version },
    // SDK v1's McpServer declares `tools.listChanged` whenever it serves tools; a fixed list simply never sends one.
    { capabilities: { tools: { listChanged: true }, logging: {}, ...catalogCapabilities(catalog) } },
  );
  // SDK v1's own error channel: an app sets `config.instance.server.onerror` to hear a broken predicate or a lost notification.
  const report = (error: unknown) => instance.server.onerror?.(asError(error));
  serveCatalog(instance, catalog);
  instance.server.setRequestHandler(ListToolsRequestSchema, async () => {
    // No token reaches an in-process server: each predicate is asked with no caller.
    return listing(await visibleTools(now(), undefined, report), alwaysLoad);
  });
  instance.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    let entry: PreparedTool | undefined;
    try {
      // The list as it is now: the call keeps this definition to the end, whatever changes while it runs.
      entry = toolIndex(now()).get(name);
    } catch (error) {
      return errorResult(failureText(String(info.name), error));
    }
    // A tool its predicate hides answers as a name no tool has, so a call cannot tell the two apart.
    if (!entry || !(await visibleNow(entry.tool, undefined, report))) return unknownToolResult(info, name);
    return callEntry(entry, request.params.arguments, callContext(instance, extra as unknown as CallExtra));
  });
  if (list) follow(list, instance, alwaysLoad);
  const config: ClaudeAgentServer = { type: "sdk", name: info.name, instance };
  if (options.timeout !== undefined) config.timeout = options.timeout;
  return config;
}
