/**
 * @agntn/tools — define a tool once, serve it on every host.
 * The core runs anywhere JavaScript runs: it imports no `node:*` module.
 */
export type { Static, TObject, TSchema } from "typebox";
export * as Type from "typebox/type";
export type { CallFailure, CallOutcome, CallSuccess } from "./core/call.ts";
export { base64Bytes, blockNote, CONTENT_KINDS, formatBytes, isBase64, joinedText, withNotes } from "./core/content.ts";
export { LOG_LEVELS, type LogEntry } from "./core/context.ts";
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
export { type CalledTool, type Middleware, type Next, outcomeOf, type ToolCall, withMiddleware } from "./core/middleware.ts";
export { type Choice, choicesOf, type Form, type FormField, type PreparedQuestion, prepareQuestion } from "./core/questions.ts";
export { checkSampleReply, type PreparedSample, prepareSample, type SampleParams, supportsSampling } from "./core/sampling.ts";
export { describeValue, quote, sanitizeLine, sanitizeText } from "./core/sanitize.ts";
export { type JsonSchema, toJsonSchema } from "./core/schema.ts";
export { type StandardIssue, type ToolStandardSchema, toStandardSchema } from "./core/standard-schema.ts";
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
