/**
 * @agntn/tools/ai — serve tool definitions to the Vercel AI SDK (`ai` 7).
 * Imports only `ai` and the core: no MCP SDK comes along.
 */
export type { AiToolOutput } from "./output.ts";
export type { AiSamplingOptions } from "./sampling.ts";
export { type AiTool, AiToolError, type AiToolSet, type AiToolsOptions, type DetailsOf, toAiTool, toAiTools } from "./tool.ts";
