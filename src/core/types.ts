import type { Static, TSchema } from "typebox";
import type { JsonSchema } from "./schema.ts";

/** What a tool does to the world: hosts turn it into hints, approval tiers and confirmations. */
export type Effect = "read" | "write" | "destructive";

export interface TextContent {
  type: "text";
  text: string;
}

/** What `execute` returns: text for the model, details for programs, `isError` for a failure the model should read. */
export interface ToolResult<Details = unknown> {
  content: TextContent[];
  details?: Details;
  isError?: boolean;
}

/** An icon as MCP lists it. */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: "light" | "dark";
}

/** A progress report: a bare line counts up by one; numbers must only grow. */
export interface ProgressUpdate {
  progress?: number;
  total?: number;
}

/** A question for the person: a flat `Type.Object` of strings, numbers, booleans and string enums. */
export interface Question<S extends TSchema = TSchema> {
  message: string;
  schema: S;
}

export type Answer<Content = Record<string, unknown>> =
  | { action: "accept"; content: Content }
  | { action: "decline" }
  | { action: "cancel" };

/** What `execute` gets beside its input. Each part is `undefined` where the host cannot give it. */
export interface ToolContext {
  signal?: AbortSignal;
  progress?: (message: string, update?: ProgressUpdate) => void;
  ask?: <S extends TSchema>(question: Question<S>) => Promise<Answer<Static<S>>>;
  /** The host's own context object (Pi's `ctx`, the CLI's `{ cli: true, json }`, …). */
  host?: unknown;
}

/** The static type of a schema: TypeBox 1.x infers; TypeBox 0.34 schemas carry `static`; anything else is a plain record. */
export type InputOf<S> = S extends TSchema ? Static<S> : S extends { static: infer T } ? T : Record<string, unknown>;

/** Hints for the command-line host. */
export interface CliHints {
  /** The command word; defaults to the tool name after its first `_`, with `_` as `-`. */
  command?: string;
  aliases?: string[];
  /** Properties read from bare words, in order. */
  positional?: string[];
  /** The last positional takes every remaining word. */
  rest?: boolean;
  /** One-letter flags: `{ limit: "n" }` gives `-n`. */
  short?: Record<string, string>;
  /** String properties that read all of standard input when given `-`. */
  stdin?: string[];
}

/** A tool as written once and served everywhere. */
export interface ToolDefinition<Input extends object = JsonSchema, Details = unknown> {
  name: string;
  title: string;
  description: string;
  effect: Effect;
  idempotent?: boolean;
  openWorld?: boolean;
  input: Input;
  output?: object;
  meta?: Record<string, unknown>;
  icons?: Icon[];
  /** One line for a prompt that lists tools (Pi's `promptSnippet`). */
  snippet?: string;
  /** Rules for using the tool well (Pi's `promptGuidelines`). */
  guidelines?: string[];
  cli?: CliHints;
  execute(input: InputOf<Input>, context: ToolContext): ToolResult<Details> | Promise<ToolResult<Details>>;
}

/**
 * What `defineTool` takes: a definition whose `execute` may return different
 * details in different branches; the definition's details type is their union.
 */
export type ToolConfig<Input extends object, Result extends ToolResult<unknown>> = Omit<ToolDefinition<Input>, "execute"> & {
  execute(input: InputOf<Input>, context: ToolContext): Result | Promise<Result>;
};

/** The details type of a result type (a union when branches return different details). */
export type ResultDetails<Result> = Result extends { details?: infer Details } ? Exclude<Details, undefined> : never;

/** Any tool, whatever its input and details. */
// biome-ignore lint/suspicious/noExplicitAny: a list of tools holds many different input types.
export type AnyTool = ToolDefinition<any, any>;

/** The name and version a server announces, plus what a client can show. */
export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  websiteUrl?: string;
}
