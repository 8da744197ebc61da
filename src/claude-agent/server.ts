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
 */
import type { McpSdkServerConfigWithInstance } from "@anthropic-ai/claude-agent-sdk";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyPrompt } from "../core/prompts.ts";
import type { AnyResource } from "../core/resources.ts";
import { isRecord } from "../core/schema.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { callTool } from "../protocol/call.ts";
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

/** The listing, with Claude Code's always-load mark on every tool when asked. */
function listing(tools: readonly AnyTool[], alwaysLoad: boolean): { tools: McpTool[] } {
  const listed = listTools(tools);
  if (!alwaysLoad) return listed;
  return { tools: listed.tools.map((tool) => ({ ...tool, _meta: { ...tool._meta, [ALWAYS_LOAD]: true } })) };
}

/**
 * The server config for `mcpServers`. The info, the options and the whole
 * list are checked first: a duplicate name, a broken tool or a bad option
 * throws {@link ToolDefinitionError} naming `toClaudeAgentServer`.
 */
export function toClaudeAgentServer(
  info: Pick<ServerInfo, "name" | "version">,
  tools: readonly AnyTool[],
  options: ClaudeAgentServerOptions = {},
): ClaudeAgentServer {
  checkInfo(info);
  checkOptions(options);
  const listed = listing(tools, options.alwaysLoad === true);
  const catalog = catalogOption(options, "toClaudeAgentServer");
  const instance = new McpServer(
    { name: info.name, version: info.version },
    { capabilities: { tools: {}, logging: {}, ...catalogCapabilities(catalog) } },
  );
  serveCatalog(instance, catalog);
  instance.server.setRequestHandler(ListToolsRequestSchema, () => listed);
  instance.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callTool(info, tools, request.params.name, request.params.arguments, callContext(instance, extra as unknown as CallExtra)),
  );
  const config: ClaudeAgentServer = { type: "sdk", name: info.name, instance };
  if (options.timeout !== undefined) config.timeout = options.timeout;
  return config;
}
