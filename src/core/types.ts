import type { Static, TSchema } from "typebox";
import type { JsonSchema } from "./schema.ts";

/** What a tool does to the world: hosts turn it into hints, approval tiers and confirmations. */
export type Effect = "read" | "write" | "destructive";

/** Hints for a client about a block: who it is for, how much it matters, when it last changed. */
export interface ContentAnnotations {
  audience?: Array<"user" | "assistant">;
  /** 0 (least important) to 1 (most). */
  priority?: number;
  /** An ISO 8601 time. */
  lastModified?: string;
}

/** What every block may carry beside its kind's own fields; both pass through to MCP clients as given. */
export interface BlockExtras {
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

export interface TextContent extends BlockExtras {
  type: "text";
  text: string;
}

/** An image: `data` is standard base64, `mimeType` an `image/…` type. */
export interface ImageContent extends BlockExtras {
  type: "image";
  data: string;
  mimeType: string;
}

/** A sound: `data` is standard base64, `mimeType` an `audio/…` type. */
export interface AudioContent extends BlockExtras {
  type: "audio";
  data: string;
  mimeType: string;
}

/** A pointer to a resource the client may fetch; nothing of it is sent. */
export interface ResourceLink extends BlockExtras {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** In bytes. */
  size?: number;
  icons?: Icon[];
}

export interface TextResourceContents {
  uri: string;
  mimeType?: string;
  text: string;
  _meta?: Record<string, unknown>;
}

export interface BlobResourceContents {
  uri: string;
  mimeType?: string;
  /** Standard base64. */
  blob: string;
  _meta?: Record<string, unknown>;
}

/** A resource sent whole, as text or as a base64 blob. */
export interface EmbeddedResource extends BlockExtras {
  type: "resource";
  resource: TextResourceContents | BlobResourceContents;
}

/** One block of a result's content: every kind MCP has. */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** What `execute` returns: content for the model, details for programs, `isError` for a failure the model should read. */
export interface ToolResult<Details = unknown> {
  content: ContentBlock[];
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

/** Log levels, least to most severe (syslog's, as MCP uses them). */
export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/** What a sampling message may hold: text, an image or a sound. */
export type SampleContent = TextContent | ImageContent | AudioContent;

export interface SampleMessage {
  role: "user" | "assistant";
  content: SampleContent | SampleContent[];
}

/** A request for the client's model, shaped after MCP's `sampling/createMessage`. */
export interface SampleRequest {
  messages: SampleMessage[];
  /** The most tokens the model may answer with: a whole number above 0. */
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: {
    hints?: Array<{ name?: string }>;
    costPriority?: number;
    speedPriority?: number;
    intelligencePriority?: number;
  };
  /** Provider-specific fields, passed on as given. */
  metadata?: Record<string, unknown>;
}

/** The model's answer. `text` joins its text blocks, for the common case of one text reply. */
export interface SampleResult {
  role: "assistant";
  content: SampleContent[];
  text: string;
  /** The model that answered, as the client names it. */
  model: string;
  /** `endTurn`, `stopSequence`, `maxTokens` or the client's own word. */
  stopReason?: string;
}

/**
 * Who is calling, as an HTTP host's authorization read it from the access
 * token. A tool can act per user with it; the token itself is never passed
 * on (a tool must not forward a token meant for this server).
 */
export interface Caller {
  /** The token's subject (`sub`): the person or service it speaks for, when the token names one. */
  subject?: string;
  /** The OAuth client the token was issued to. */
  clientId: string;
  /** The scopes the token grants. */
  scopes: string[];
  /** The token's claims as the verifier read them (a JWT's payload for `createJwtVerifier`). */
  claims: Record<string, unknown>;
  /** When the token expires, in seconds since the epoch. */
  expiresAt?: number;
}

/** What `execute` gets beside its input. Each part is `undefined` where the host cannot give it. */
export interface ToolContext {
  signal?: AbortSignal;
  progress?: (message: string, update?: ProgressUpdate) => void;
  ask?: <S extends TSchema>(question: Question<S>) => Promise<Answer<Static<S>>>;
  /**
   * Logs to the host's log channel (MCP `notifications/message`, the command
   * line's stderr). The message is cleaned to one line; `data` is any JSON
   * value. Levels below the client's chosen level are dropped by the host.
   */
  log?: (level: LogLevel, message: string, data?: unknown) => void;
  /** Asks the client's model for a completion (MCP sampling). */
  sample?: (request: SampleRequest) => Promise<SampleResult>;
  /** The authorized caller, on an HTTP host with `auth`. */
  auth?: Caller;
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

/** Who may call a tool with a view: `"model"`, the agent; `"app"`, the view (MCP Apps' `visibility`). */
export type ToolAudience = "model" | "app";

/** A browser feature a view asks its host for (MCP Apps' `permissions`); a host may refuse it. */
export type ViewPermission = "camera" | "microphone" | "geolocation" | "clipboardWrite";

/**
 * Origins a view may reach beyond its own document (MCP Apps' `csp`). Each
 * entry is an origin such as `https://api.example.com`; a subdomain wildcard
 * (`https://*.example.com`) is allowed. Left out, the view may reach nothing.
 */
export interface ViewCsp {
  /** fetch, XHR and WebSocket (`connect-src`). */
  connectDomains?: string[];
  /** Scripts, styles, images, fonts and media. */
  resourceDomains?: string[];
  /** Nested frames (`frame-src`). */
  frameDomains?: string[];
  /** The document's base URI (`base-uri`). */
  baseUriDomains?: string[];
}

/**
 * A tool's view (the MCP Apps extension, `io.modelcontextprotocol/ui`): an
 * HTML document a client that renders apps shows in a sandboxed frame when
 * the tool is called, with the call's input and result. Every other host
 * answers with the tool's text, as without a view.
 */
export interface ToolUi {
  /** The view as one HTML document. */
  html?: string;
  /**
   * The view's file instead: a path (absolute, or from the working directory)
   * or a `file:` URL such as `new URL("./view.html", import.meta.url)`. MCP
   * servers read it once, when they are made. In a Nuxt app, give the URL
   * form: the module bundles the file (`.html`, or a Vue `.vue` component)
   * into one document at build time.
   */
  file?: string | URL;
  csp?: ViewCsp;
  permissions?: ViewPermission[];
  /** A dedicated origin for the view, in the form the host documents (MCP Apps' `domain`). */
  domain?: string;
  /** Whether the view would like a border and background from the host. */
  prefersBorder?: boolean;
  /**
   * Who may call this tool. Default both. `["app"]`: only views call it; an
   * MCP client that renders apps keeps it from its model, and one that does
   * not is not shown it at all.
   */
  visibility?: ToolAudience[];
}

/** Whether a tool may run as an MCP task: see {@link ToolDefinition.task}. */
export type TaskSupport = "optional" | "required";

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
  /** A view for clients that render MCP Apps; every host answers with the text as before. */
  ui?: ToolUi;
  /**
   * Who sees this tool: called with the caller (`undefined` where no token was checked) whenever a list is made for
   * one. Only `true` lists it; `false`, anything else, or a throw hides it, and a hidden tool answers a call exactly as
   * an unknown name does. Left out, everyone sees it.
   */
  visibleTo?: (caller: Caller | undefined) => boolean | Promise<boolean>;
  /**
   * May this tool run as an MCP task (the `io.modelcontextprotocol/tasks` extension, 2026-07-28)? `"optional"`: a
   * client that declared the extension gets a task handle and polls for the answer; others get the answer at once.
   * `"required"`: such a client gets a task, and a 2026 client without the extension gets the spec's
   * missing-capability error. Left out, the tool always answers at once. Every other host runs it as a plain call.
   */
  task?: TaskSupport;
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
