/** @agntn/tools/mcp — serve a tool list over MCP on SDK v2: stdio, Streamable HTTP or an in-memory pair. */
export { callTool, type McpCallResult, unknownToolResult } from "../protocol/call.ts";
export { callerOf, principalOf, type TokenInfo } from "../protocol/caller.ts";
export { type HostList, type HostPolicy, hostnameOf, hostRefusal, hostSet, LOCAL_HOSTS } from "../protocol/hosts.ts";
export { listTools, type McpTool, type McpToolAnnotations } from "../protocol/list.ts";
export { DEFAULT_SCOPES, type EffectScopes, mayCall } from "../protocol/scopes.ts";
export { type AuthGate, createAuthGate, type McpAuthOptions } from "./auth.ts";
export type { ExternalCallContext, ExternalTool } from "./external.ts";
export { createMcpHttpHandler, type McpHttpHandler, type McpHttpHandlerOptions } from "./http.ts";
export { createJwtVerifier, type JwtVerifierOptions } from "./jwt.ts";
export { createMcpServer, type McpServerOptions, supportsForms } from "./server.ts";
export { type Closable, NEW_SESSION_MS, SessionTable } from "./sessions.ts";
export { checkStateSealOptions, DEFAULT_STATE_TTL_SECONDS, type StateSealOptions } from "./state-seal.ts";
