/**
 * @agntn/tools/mastra — serve tool definitions to Mastra (`@mastra/core` 1.x):
 * tools keyed by name for `new Agent({ tools })`, with `requireApproval` from
 * each tool's effect and progress and log lines on the tool's output stream.
 */
export type { MastraModelOutput, MastraToolOutput } from "./output.ts";
export { type MastraTool, type MastraToolsOptions, toMastraTools } from "./tools.ts";
export type { MastraStreamChunk } from "./writer.ts";
