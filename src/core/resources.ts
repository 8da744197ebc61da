/**
 * defineResource: a resource at one fixed URI, or a family of them under an
 * RFC 6570 URI template, defined once and checked now, the way defineTool
 * checks a tool. A key nobody takes, a value of the wrong type, a template
 * that cannot parse: each throws a {@link ToolDefinitionError} with one line
 * naming the resource and the key. What a server makes of a definition (the
 * listing, the read answer) is in src/protocol/catalog.ts.
 */
import { jsonCopy, NOT_JSON } from "./content.ts";
import { ToolDefinitionError } from "./errors.ts";
import { quote, sanitizeLine } from "./sanitize.ts";
import { isRecord } from "./schema.ts";
import type { ContentAnnotations, Icon, ToolContext } from "./types.ts";
import { type ParsedUriTemplate, parseUriTemplate, uriTextProblem } from "./uri-template.ts";

/** What a resource's (or a prompt's) functions get from the host: the call's signal, the caller, and log and progress where the host has them. */
export type ResourceContext = Pick<ToolContext, "signal" | "auth" | "log" | "progress">;

/** What a completer gets: the resource's context, and the other variables (or arguments) the client has filled in so far. */
export type CompleteContext = ResourceContext & { readonly arguments: Readonly<Record<string, string>> };

/** Values for a variable (or a prompt argument), from what the user typed so far. MCP shows at most 100. */
export type Completer = (value: string, context: CompleteContext) => readonly string[] | Promise<readonly string[]>;

/** A hint for caches in front of the server: how long a read stays fresh, and whether it may be shared between callers. */
export interface CacheHint {
  /** Milliseconds, a whole number, 0 or more. */
  ttlMs: number;
  /** `public`: the same for every caller; `private`: for this caller only. */
  scope: "public" | "private";
}

/** One item of a read's answer: text or bytes; `uri` defaults to the URI read, `mimeType` to the definition's. */
export type ResourceContents = ({ text: string; blob?: undefined } | { blob: Uint8Array; text?: undefined }) & {
  uri?: string;
  mimeType?: string;
};

/** What `read` returns: text, bytes, one item with a MIME type, or several items. */
export type ReadResult =
  | string
  | Uint8Array
  | { text: string; mimeType?: string }
  | { blob: Uint8Array; mimeType?: string }
  | readonly ResourceContents[];

/** A concrete resource a template lists (`resources/list`). `meta` is sent as `_meta`. */
export interface ResourceEntry {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: ContentAnnotations;
  icons?: Icon[];
  meta?: Record<string, unknown>;
}

/** The keys both forms take. */
interface ResourceBase {
  /** Free text shown to people: one line, 1 to 128 characters. */
  name: string;
  title?: string;
  description?: string;
  /** The MIME type of what a read answers, when the items do not say. */
  mimeType?: string;
  annotations?: ContentAnnotations;
  icons?: Icon[];
  /** Sent as the listing's `_meta`. */
  meta?: Record<string, unknown>;
  /** No hint when left out. */
  cache?: CacheHint;
}

/** A resource at one fixed URI. */
export interface ResourceConfig extends ResourceBase {
  /** An absolute URI with a scheme (`file:///notes.txt`, `config://app`). */
  uri: string;
  /** In bytes, when known before reading. */
  size?: number;
  read(context: ResourceContext): ReadResult | Promise<ReadResult>;
}

type Operator = "+" | "#" | "." | "/" | ";" | "?" | "&";
type ExpressionsOf<T extends string> = T extends `${string}{${infer E}}${infer Rest}` ? E | ExpressionsOf<Rest> : never;
type SpecsOf<E extends string> = E extends `${Operator}${infer List}` ? List : E;
type Split<S extends string> = S extends `${infer Head},${infer Rest}` ? Head | Split<Rest> : S;
type NameOf<S extends string> = S extends `${infer N}*` ? N : S extends `${infer N}:${string}` ? N : S;
/** A lone, unexploded `{id}` or `{+path}`: every match holds it. */
type Always<E extends string> = E extends `${Exclude<Operator, "+">}${string}`
  ? never
  : SpecsOf<E> extends infer S extends string
    ? S extends `${string},${string}` | `${string}*`
      ? never
      : NameOf<S>
    : never;
type Exploded<E extends string> = Split<SpecsOf<E>> extends infer S extends string ? (S extends `${infer N}*` ? N : never) : never;
type NamesOf<E extends string> = Split<SpecsOf<E>> extends infer S extends string ? NameOf<S> : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The variables a read gets for a template: a lone `{id}` or `{+path}` as a
 * string always there; an exploded one (`{/path*}`) as an optional array;
 * any other as an optional string.
 */
export type TemplateVariables<T extends string> = string extends T
  ? Readonly<Record<string, string | string[] | undefined>>
  : Simplify<
      { readonly [K in Always<ExpressionsOf<T>>]: string } & { readonly [K in Exploded<ExpressionsOf<T>>]?: string[] } & {
        readonly [K in Exclude<NamesOf<ExpressionsOf<T>>, Always<ExpressionsOf<T>> | Exploded<ExpressionsOf<T>>>]?: string;
      }
    >;

/** Resources whose URIs fit an RFC 6570 template (`file:///{+path}`, `users://{id}/posts{?page}`). */
export interface ResourceTemplateConfig<T extends string = string> extends ResourceBase {
  uriTemplate: T;
  read(variables: TemplateVariables<T>, context: ResourceContext): ReadResult | Promise<ReadResult>;
  /** The concrete resources this template can enumerate, added to `resources/list`. */
  list?(context: ResourceContext): readonly ResourceEntry[] | Promise<readonly ResourceEntry[]>;
  /** A completer per variable of the template. */
  complete?: { readonly [K in keyof TemplateVariables<T>]?: Completer };
}

/** Any resource or template, whatever its variables. */
// biome-ignore lint/suspicious/noExplicitAny: a list of resources holds many templates.
export type AnyResource = ResourceConfig | ResourceTemplateConfig<any>;

/** What the library keeps of a checked definition: plain JSON copies of its free-form fields, the parsed template, the completers. */
export type PreparedResource = PreparedFixed | PreparedTemplate;

interface PreparedCommon {
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly mimeType: string | undefined;
  readonly annotations: ContentAnnotations | undefined;
  readonly icons: Icon[] | undefined;
  readonly meta: Record<string, unknown> | undefined;
  readonly cache: CacheHint | undefined;
}

export interface PreparedFixed extends PreparedCommon {
  readonly kind: "fixed";
  readonly definition: ResourceConfig;
  readonly uri: string;
  readonly size: number | undefined;
}

export interface PreparedTemplate extends PreparedCommon {
  readonly kind: "template";
  readonly definition: ResourceTemplateConfig;
  readonly template: ParsedUriTemplate;
  /** Keyed by variable name: a Map, so `__proto__` is a name like any other. */
  readonly completers: ReadonlyMap<string, Completer>;
}

const COMMON_KEYS = ["name", "title", "description", "mimeType", "annotations", "icons", "meta", "cache", "read"] as const;
const FIXED_KEYS = ["uri", "size", ...COMMON_KEYS] as const;
const TEMPLATE_KEYS = ["uriTemplate", ...COMMON_KEYS, "list", "complete"] as const;
const ANNOTATION_KEYS = ["audience", "priority", "lastModified"] as const;
const CACHE_KEYS = ["ttlMs", "scope"] as const;
const AUDIENCES: ReadonlySet<unknown> = new Set(["user", "assistant"]);
/** A MIME type as RFC 6838 names it, with optional parameters: the rule content.ts applies to a block's `mimeType`. */
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(?:[ \t]*;[\x20-\x7e]*)?$/i;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** An ISO 8601 date and time with a zone (RFC 3339), as MCP's `lastModified` is written. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

const prepared = new WeakMap<object, PreparedResource>();

/**
 * Defines a resource once, for every MCP host: with `uri`, one fixed
 * resource; with `uriTemplate`, every resource whose URI fits the template.
 * Checked now: a definition that could never work throws a
 * {@link ToolDefinitionError} naming the resource and the key.
 */
export function defineResource<const T extends string>(config: ResourceTemplateConfig<T>): ResourceTemplateConfig<T>;
export function defineResource(config: ResourceConfig): ResourceConfig;
export function defineResource(config: AnyResource): AnyResource {
  prepareResource(config);
  return config;
}

/** Checks a resource (once) and returns what a server needs. Throws {@link ToolDefinitionError}. */
export function prepareResource(resource: AnyResource): PreparedResource {
  if (typeof resource !== "object" || resource === null) {
    throw new ToolDefinitionError(`A resource must be an object, got ${resource === null ? "null" : typeof resource}`);
  }
  const cached = prepared.get(resource);
  if (cached) return cached;
  const entry = checkResource(resource as unknown as Record<string, unknown>);
  prepared.set(resource, entry);
  return entry;
}

/** Whether a resource name is one clean line of 1 to 128 characters: what `sanitizeLine` leaves as it is. */
function isResourceName(name: unknown): name is string {
  return typeof name === "string" && name.length > 0 && name.length <= 128 && sanitizeLine(name) === name;
}

function checkResource(resource: Record<string, unknown>): PreparedResource {
  const { name } = resource;
  if (!isResourceName(name)) {
    const shown = typeof name === "string" ? quote(name) : String(typeof name);
    throw new ToolDefinitionError(
      `Resource name ${shown} must be one line of 1-128 characters, without control characters or leading, trailing or doubled spaces`,
    );
  }
  const hasUri = resource.uri !== undefined;
  const isTemplate = resource.uriTemplate !== undefined;
  const where = `${isTemplate ? "Resource template" : "Resource"} ${quote(name)}`;
  const fail = (problem: string): never => {
    throw new ToolDefinitionError(`${where}: ${problem}`);
  };
  if (hasUri && isTemplate) fail("give uri (one fixed resource) or uriTemplate (a family of them), not both");
  if (!hasUri && !isTemplate) fail("needs uri (one fixed resource) or uriTemplate (a family of them)");
  const keys: readonly string[] = isTemplate ? TEMPLATE_KEYS : FIXED_KEYS;
  for (const key of Object.keys(resource)) {
    if (!keys.includes(key)) fail(`unknown key ${quote(key)}; a resource ${isTemplate ? "template " : ""}takes ${keys.join(", ")}`);
  }
  const common = checkCommon(resource, fail);
  if (typeof resource.read !== "function") fail("read must be a function");
  if (!isTemplate) {
    const uri = checkUri(resource.uri, fail);
    const size = resource.size;
    if (size !== undefined && !(typeof size === "number" && Number.isSafeInteger(size) && size >= 0)) {
      fail("size must be a whole number of bytes");
    }
    return { kind: "fixed", definition: resource as unknown as ResourceConfig, uri, size: size as number | undefined, ...common };
  }
  const template = checkTemplate(resource.uriTemplate, fail);
  if (resource.list !== undefined && typeof resource.list !== "function") fail("list must be a function");
  const completers = checkCompleters(resource.complete, template.variables, "variable", "the template", fail);
  return { kind: "template", definition: resource as unknown as ResourceTemplateConfig, template, completers, ...common };
}

function checkUri(uri: unknown, fail: (problem: string) => never): string {
  if (typeof uri !== "string") return fail(`uri must be a string, got ${kindOf(uri)}`);
  const problem = uriTextProblem(uri);
  if (problem?.startsWith('"{"')) fail(`uri ${shownUri(uri)} holds "{": a URI with variables goes in uriTemplate`);
  if (problem) fail(`uri ${shownUri(uri)} is not a URI: ${problem}`);
  if (!SCHEME.test(uri)) fail(`uri ${shownUri(uri)} is not an absolute URI with a scheme (like "file:///notes.txt")`);
  return uri;
}

function checkTemplate(text: unknown, fail: (problem: string) => never): ParsedUriTemplate {
  if (typeof text !== "string") return fail(`uriTemplate must be a string, got ${kindOf(text)}`);
  let template: ParsedUriTemplate;
  try {
    template = parseUriTemplate(text);
  } catch (error) {
    return fail((error as Error).message);
  }
  if (!SCHEME.test(text)) fail(`uriTemplate ${shownUri(text)} must start with a scheme (like "file:///{path}")`);
  if (template.variables.length === 0) fail(`uriTemplate ${shownUri(text)} has no variables: give a fixed URI as uri`);
  return template;
}

function shownUri(text: string): string {
  return quote(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

/**
 * Checks a `complete` map: an object whose every key is one of `names` and
 * every value a function. Shared with definePrompt (`what` is "argument" there).
 */
export function checkCompleters(
  complete: unknown,
  names: readonly string[],
  what: "variable" | "argument",
  owner: string,
  fail: (problem: string) => never,
): Map<string, Completer> {
  const completers = new Map<string, Completer>();
  if (complete === undefined) return completers;
  if (!isRecord(complete)) return fail(`complete must be an object of functions, one per ${what}, got ${kindOf(complete)}`);
  for (const key of Object.keys(complete)) {
    if (!names.includes(key)) {
      const known = names.length === 0 ? `it has no ${what}s` : `its ${what}s are ${names.map(quote).join(", ")}`;
      fail(`complete names ${quote(key)}, which is not ${what === "argument" ? "an" : "a"} ${what} of ${owner}; ${known}`);
    }
    const completer = complete[key];
    if (typeof completer !== "function") fail(`complete[${quote(key)}] must be a function`);
    completers.set(key, completer as Completer);
  }
  return completers;
}

function checkCommon(resource: Record<string, unknown>, fail: (problem: string) => never): Omit<PreparedCommon, "name"> & { name: string } {
  const title = optionalText(resource, "title", fail);
  const description = optionalText(resource, "description", fail);
  const mimeType = resource.mimeType;
  if (mimeType !== undefined && !isMimeType(mimeType)) {
    fail(`mimeType must be a MIME type like "text/plain", got ${typeof mimeType === "string" ? quote(mimeType) : kindOf(mimeType)}`);
  }
  return {
    name: resource.name as string,
    title,
    description,
    mimeType: mimeType as string | undefined,
    annotations: checkAnnotations(resource.annotations, fail),
    icons: checkIcons(resource.icons, fail),
    meta: checkMeta(resource.meta, fail),
    cache: checkCache(resource.cache, fail),
  };
}

/** `title` or `description`: absent, or a non-empty string. Shared with definePrompt. */
export function optionalText(definition: Record<string, unknown>, key: "title" | "description", fail: (problem: string) => never) {
  const value = definition[key];
  if (value !== undefined && (typeof value !== "string" || value.trim() === "")) fail(`${key} must be a non-empty string`);
  return value as string | undefined;
}

/** Icons as tools take them, as a JSON copy. Shared with definePrompt. */
export function checkIcons(icons: unknown, fail: (problem: string) => never): Icon[] | undefined {
  if (icons === undefined) return undefined;
  if (!(Array.isArray(icons) && icons.every((icon) => isRecord(icon) && typeof icon.src === "string"))) {
    fail("icons must be an array of { src, mimeType?, sizes? }");
  }
  const copy = jsonCopy(icons as Icon[]);
  if (copy === undefined) fail(`icons ${NOT_JSON}`);
  return copy;
}

/** `meta`, sent as `_meta`: an object JSON can carry, as a JSON copy. Shared with definePrompt. */
export function checkMeta(meta: unknown, fail: (problem: string) => never): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  if (!isRecord(meta)) fail("meta must be an object");
  const copy = jsonCopy(meta as Record<string, unknown>);
  if (!isRecord(copy)) fail(`meta ${NOT_JSON}`);
  return copy;
}

/** Whether a text is a MIME type like `text/plain` or `image/png; q=1`. */
export function isMimeType(value: unknown): value is string {
  return typeof value === "string" && MIME.test(value);
}

/** Annotations as MCP defines them (audience, priority, lastModified), copied; any other key is refused. */
export function checkAnnotations(annotations: unknown, fail: (problem: string) => never): ContentAnnotations | undefined {
  if (annotations === undefined) return undefined;
  if (!isRecord(annotations)) return fail(`annotations must be an object, got ${kindOf(annotations)}`);
  for (const key of Object.keys(annotations)) {
    if (!(ANNOTATION_KEYS as readonly string[]).includes(key)) {
      fail(`unknown key ${quote(key)} in annotations; they take ${ANNOTATION_KEYS.join(", ")}`);
    }
  }
  const { audience, priority, lastModified } = annotations;
  const copy: ContentAnnotations = {};
  if (audience !== undefined) {
    if (!(Array.isArray(audience) && audience.every((a) => AUDIENCES.has(a))))
      fail('annotations.audience must list "user" and/or "assistant"');
    copy.audience = [...(audience as ContentAnnotations["audience"] & {})];
  }
  if (priority !== undefined) {
    if (!(typeof priority === "number" && priority >= 0 && priority <= 1)) fail("annotations.priority must be a number from 0 to 1");
    copy.priority = priority as number;
  }
  if (lastModified !== undefined) {
    if (!(typeof lastModified === "string" && ISO_TIME.test(lastModified) && !Number.isNaN(Date.parse(lastModified)))) {
      fail('annotations.lastModified must be an ISO 8601 time like "2025-01-12T15:00:58Z"');
    }
    copy.lastModified = lastModified as string;
  }
  return copy;
}

function checkCache(cache: unknown, fail: (problem: string) => never): CacheHint | undefined {
  if (cache === undefined) return undefined;
  if (!isRecord(cache)) return fail(`cache must be an object { ttlMs, scope }, got ${kindOf(cache)}`);
  for (const key of Object.keys(cache)) {
    if (!(CACHE_KEYS as readonly string[]).includes(key)) fail(`unknown key ${quote(key)} in cache; it takes ${CACHE_KEYS.join(", ")}`);
  }
  const { ttlMs, scope } = cache;
  if (!(typeof ttlMs === "number" && Number.isSafeInteger(ttlMs) && ttlMs >= 0)) {
    fail("cache.ttlMs must be a whole number of milliseconds, 0 or more");
  }
  if (scope !== "public" && scope !== "private") fail('cache.scope must be "public" or "private"');
  return { ttlMs: ttlMs as number, scope: scope as CacheHint["scope"] };
}

/** A value's kind for a problem line: `null`, `an array`, `a number`, `a Date`, `an ArrayBuffer`, `an object`. Never throws. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  if (typeof value !== "object") return `${/^[aeiou]/.test(typeof value) ? "an" : "a"} ${typeof value}`;
  let made: unknown;
  try {
    made = Object.getPrototypeOf(value)?.constructor?.name;
  } catch {
    // A proxy that throws on the look-up is still an object.
  }
  if (typeof made !== "string" || made === "" || made === "Object") return "an object";
  const shown = sanitizeLine(made);
  return `${/^[AEIOU]/i.test(shown) ? "an" : "a"} ${shown}`;
}
