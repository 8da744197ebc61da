/**
 * @agntn/tools/google — serve tool definitions to Google GenAI
 * (`@google/genai`): one callable tool for automatic function calling.
 */
export type { GoogleFunctionResponse } from "./content.ts";
export { type GoogleToolOptions, toGoogleTool } from "./tool.ts";
