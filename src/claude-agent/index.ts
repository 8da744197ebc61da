/**
 * @agntn/tools/claude-agent — serve tool definitions to the Claude Agent SDK
 * (`@anthropic-ai/claude-agent-sdk`) as an in-process MCP server for
 * `mcpServers`, and a `canUseTool` callback built from the tools' effects.
 */
export { type ApprovalRequest, type CanUseToolOptions, canUseToolFor } from "./permissions.ts";
export { type ClaudeAgentServer, type ClaudeAgentServerOptions, toClaudeAgentServer } from "./server.ts";
