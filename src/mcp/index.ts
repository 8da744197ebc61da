/**
 * @agntn/tools/mcp — serve a tool list over MCP on SDK v2: stdio, Streamable
 * HTTP or an in-memory pair, with OAuth on HTTP. It exports what a server's
 * author calls; the pieces the Nuxt module's runtime shares with it live in
 * ./internal.ts.
 */
export { callTool, type McpCallResult } from "../protocol/call.ts";
export type { HostList } from "../protocol/hosts.ts";
export type { McpTool, McpToolAnnotations } from "../protocol/list.ts";
export type { McpAuthOptions } from "./auth.ts";
export type { ExternalCallContext, ExternalTool } from "./external.ts";
export { createMcpHttpHandler, type McpHttpHandler, type McpHttpHandlerOptions } from "./http.ts";
export { createJwtVerifier, type JwtVerifierOptions } from "./jwt.ts";
export { listTools } from "./list.ts";
export { createMcpServer, type McpServerOptions } from "./server.ts";
export type { SessionToolList } from "./session-tools.ts";
export type { StateSealOptions } from "./state-seal.ts";
export type { TaskStorage } from "./tasks/memory.ts";
export { createTaskStore, type TaskStore, type TaskStoreOptions } from "./tasks/store.ts";
