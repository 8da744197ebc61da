/**
 * @agntn/tools — define a tool once, serve it on every host.
 * The core runs anywhere JavaScript runs: it imports no `node:*` module.
 * It exports what a tool's author or a custom host calls, and the types those
 * name; the helpers hosts share among themselves stay in src/core.
 */
export type { Static, TObject, TSchema } from "typebox";
export * as Type from "typebox/type";
export type { CallFailure, CallOutcome, CallSuccess } from "./core/call.ts";
export { joinedText } from "./core/content.ts";
export type { LogEntry, ProgressReport } from "./core/context.ts";
export { defineTool } from "./core/define.ts";
export { type InputIssue, ToolDefinitionError, ToolInputError, ToolResultError } from "./core/errors.ts";
export { failureText, type HostContext, invokeTool, type ValidationResult, validateInput } from "./core/invoke.ts";
export {
  type CalledTool,
  type CallFacts,
  type Middleware,
  type Next,
  outcomeOf,
  type ToolCall,
  withMiddleware,
} from "./core/middleware.ts";
export {
  type AnyPrompt,
  definePrompt,
  type PromptConfig,
  type PromptContext,
  type PromptMessage,
  type PromptResult,
} from "./core/prompts.ts";
export type { Choice, Form, FormField, PreparedQuestion } from "./core/questions.ts";
export {
  type AnyResource,
  type CacheHint,
  type CompleteContext,
  type Completer,
  defineResource,
  type ReadResult,
  type ResourceConfig,
  type ResourceContents,
  type ResourceContext,
  type ResourceEntry,
  type ResourceTemplateConfig,
  type TemplateVariables,
} from "./core/resources.ts";
export type { PreparedSample, SampleParams } from "./core/sampling.ts";
export { quote, sanitizeLine, sanitizeText } from "./core/sanitize.ts";
export { type JsonSchema, toJsonSchema } from "./core/schema.ts";
export { type StandardIssue, type ToolStandardSchema, toStandardSchema } from "./core/standard-schema.ts";
export { createToolList, type ToolList } from "./core/tool-list.ts";
export type {
  Answer,
  AnyTool,
  AudioContent,
  BlobResourceContents,
  BlockExtras,
  Caller,
  CliHints,
  ContentAnnotations,
  ContentBlock,
  Effect,
  EmbeddedResource,
  Icon,
  ImageContent,
  InputOf,
  LogLevel,
  ProgressUpdate,
  Question,
  ResourceLink,
  ResultDetails,
  SampleContent,
  SampleMessage,
  SampleRequest,
  SampleResult,
  ServerInfo,
  TextContent,
  TextResourceContents,
  ToolConfig,
  ToolContext,
  ToolDefinition,
  ToolResult,
} from "./core/types.ts";
export { type ToolsForOptions, toolsFor, type VisibilityReport } from "./core/visibility.ts";
