/**
 * @agntn/tools/openai-agents — serve tool definitions to the OpenAI Agents
 * SDK (`@openai/agents`): function tools for `new Agent({ tools })`, with
 * `needsApproval` from each tool's effect.
 */
export { type OpenAiAgentsToolsOptions, toOpenAiAgentsTools } from "./tools.ts";
