/**
 * @agntn/tools — define a tool once, serve it on every host.
 * The core runs anywhere JavaScript runs: it imports no `node:*` module.
 */
export type { Static, TObject, TSchema } from "typebox";
export * as Type from "typebox/type";
export { defineTool, indexTools, type PreparedTool, prepareTool } from "./core/define.ts";
export { type InputIssue, ToolDefinitionError, ToolInputError, ToolResultError } from "./core/errors.ts";
export {
  checkDetails,
  failureText,
  type HostContext,
  invokeTool,
  type ProgressReport,
  type ValidationResult,
  validateInput,
} from "./core/invoke.ts";
export { type Choice, choicesOf, type Form, type FormField, type PreparedQuestion, prepareQuestion } from "./core/questions.ts";
export { describeValue, quote, sanitizeLine, sanitizeText } from "./core/sanitize.ts";
export { type JsonSchema, toJsonSchema } from "./core/schema.ts";
export type {
  Answer,
  AnyTool,
  CliHints,
  Effect,
  Icon,
  InputOf,
  ProgressUpdate,
  Question,
  ResultDetails,
  ServerInfo,
  TextContent,
  ToolConfig,
  ToolContext,
  ToolDefinition,
  ToolResult,
} from "./core/types.ts";
