/**
 * What an MCP server serves beside tools: resources, resource templates and
 * prompts, in one shape whoever defined them. This package's own definitions
 * (`defineResource`, `definePrompt`) become these through ./catalog.ts; the
 * Nuxt route makes them from the toolkit's definitions; tools' views are
 * fixed resources too. The server (src/mcp/server.ts) lists and dispatches
 * them and knows nothing of where they came from.
 *
 * A `read`, `get` or `complete` answers, or throws a {@link ServedRefusal}
 * (its text goes to the client as it is: the entry wrote it, cleaned, in the
 * core's wording), or throws anything else (the server answers with the
 * usual cleaned failure line naming the entry).
 */
import type { HostContext } from "../core/context.ts";

/** The `resources/list` entry of a fixed resource. */
export interface ResourceListing {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Record<string, unknown>;
  icons?: unknown[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The `resources/templates/list` entry of a template. */
export interface TemplateListing {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Record<string, unknown>;
  icons?: unknown[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The `prompts/list` entry of a prompt. */
export interface PromptListing {
  name: string;
  title?: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
  icons?: unknown[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One item of a `resources/read` answer, as MCP sends it (`blob` in base64). */
export type ServedContents =
  | { uri: string; mimeType?: string; text: string; _meta?: Record<string, unknown> }
  | { uri: string; mimeType?: string; blob: string; _meta?: Record<string, unknown> };

/** A `resources/read` answer. */
export interface ReadAnswer {
  contents: ServedContents[];
  _meta?: Record<string, unknown>;
}

/** A `prompts/get` answer. */
export interface PromptAnswer {
  description?: string;
  messages: Array<{ role: "user" | "assistant"; content: Record<string, unknown> }>;
  _meta?: Record<string, unknown>;
}

/** A `completion/complete` answer's `completion`. */
export interface CompletionAnswer {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/**
 * What a read, get or completion gets from its host: the call's signal, the
 * caller, the call's facts (method, ids, revision) and, where the host has
 * them, log and progress.
 */
export type ServedContext = Pick<HostContext, "signal" | "auth" | "call" | "log" | "progress">;

/** Arguments a completion request names beside the one being completed (`context.arguments`). */
export type CompletionContext = { arguments?: Record<string, string> };

/** A hint for caches in front of the server: how long a read stays fresh, and whether callers may share it. */
export interface ServedCacheHint {
  ttlMs: number;
  scope: "public" | "private";
}

/** A resource at one fixed URI. */
export interface ServedResource {
  listing: ResourceListing;
  /** The definition's cache hint, when it gave one (catalog.ts); not part of the listing. */
  cache?: ServedCacheHint;
  read(uri: string, context: ServedContext): Promise<ReadAnswer>;
}

/** Resources whose URIs fit a template; the server asks each template in order and the first match reads. */
export interface ServedTemplate {
  listing: TemplateListing;
  /** The definition's cache hint for every read through this template, when it gave one. */
  cache?: ServedCacheHint;
  /** The variables of a URI this template matches, or `undefined`. */
  match(uri: string): Record<string, string | string[]> | undefined;
  read(uri: string, variables: Record<string, string | string[]>, context: ServedContext): Promise<ReadAnswer>;
  /** The resources this template adds to `resources/list`, when it can list them. */
  list?(context: ServedContext): Promise<ResourceListing[]>;
  /** Values for one of the template's variables, from what the user typed so far. */
  complete?(variable: string, value: string, context: CompletionContext & ServedContext): Promise<CompletionAnswer>;
}

/** A prompt. */
export interface ServedPrompt {
  listing: PromptListing;
  /** The messages for these arguments (strings, as MCP sends them; `undefined` when the client sent none). */
  get(args: Record<string, string> | undefined, context: ServedContext): Promise<PromptAnswer>;
  /** Values for one of the prompt's arguments, from what the user typed so far. */
  complete?(argument: string, value: string, context: CompletionContext & ServedContext): Promise<CompletionAnswer>;
}

/** Everything a server serves beside tools. */
export interface Catalog {
  resources: readonly ServedResource[];
  templates: readonly ServedTemplate[];
  prompts: readonly ServedPrompt[];
}

export const EMPTY_CATALOG: Catalog = Object.freeze({ resources: [], templates: [], prompts: [] });

/** Which JSON-RPC error a refusal is: an unknown resource, or bad params (an unknown prompt, a bad argument). */
export type RefusalKind = "resource-not-found" | "invalid-params";

/** A refusal whose text is the client's answer as it stands (already one clean line per problem). */
export class ServedRefusal extends Error {
  readonly kind: RefusalKind;
  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.name = "ServedRefusal";
    this.kind = kind;
  }
}

/** The methods a foreign catalog answers. */
export type ForeignMethod =
  | "resources/list"
  | "resources/templates/list"
  | "resources/read"
  | "prompts/list"
  | "prompts/get"
  | "completion/complete";

/**
 * Resources and prompts another framework answers whole (the toolkit's, on
 * the Nuxt route), asked after the catalog's own: its lists are added after
 * the catalog's, and a read, get or completion the catalog does not know is
 * handed to it. A throw that carries a JSON-RPC `code` is answered with that
 * code and its message cleaned; any other is the usual failure line.
 */
export interface ForeignCatalog {
  /** What it serves, for the server's capabilities. */
  resources: boolean;
  prompts: boolean;
  completions: boolean;
  answer(method: ForeignMethod, params: Record<string, unknown>, context: ServedContext): Promise<Record<string, unknown>>;
}
