/**
 * @agntn/tools/langchain — serve tool definitions to LangChain.js
 * (`@langchain/core` 1.x): structured tools for `createAgent`, and the
 * human-in-the-loop configuration built from the tools' effects.
 */
export { type InterruptOnEntry, type InterruptOnOptions, interruptOnFor, type LangChainDecision } from "./approval.ts";
export type { LangChainStreamChunk } from "./stream.ts";
export { LangChainToolError, type LangChainToolsOptions, toLangChainTools } from "./tools.ts";
