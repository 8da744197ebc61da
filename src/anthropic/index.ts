/**
 * @agntn/tools/anthropic — serve tool definitions to the Anthropic SDK's tool
 * runner (`client.beta.messages.toolRunner`), with failures as `is_error`
 * tool results in the core's words.
 */
export { type AnthropicToolsOptions, toAnthropicTools } from "./tools.ts";
