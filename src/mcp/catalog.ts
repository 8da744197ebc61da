/**
 * Resources, resource templates, prompts and completions on an SDK v2
 * `Server`: the list, read, get and complete handlers for a catalog
 * (../protocol/served.ts), whoever defined its entries (this package's
 * `defineResource`/`definePrompt`, the toolkit's definitions on the Nuxt
 * route, tools' views).
 *
 * - URIs and names come from clients: every lookup is a `Map`.
 * - A fixed URI wins over a template; templates are tried in the order given.
 * - An unknown URI is the SDK's `ResourceNotFoundError` (`-32602` with the
 *   URI in `data`); an unknown prompt or a bad argument is `-32602` too, each
 *   in one clean line; a throw in a definition is `-32603` with the usual
 *   `<name> failed: <message>` line, cleaned. No stack reaches a client.
 * - 2026-07-28 caching hints: a list or a read answers with the hint the
 *   server or the entry was given, and otherwise with the SDK's safe default
 *   (`ttlMs: 0`, `private`). 2025-11-25 answers never carry them.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type ScopeChallengeHandler,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { failureText, ToolDefinitionError } from "../core/errors.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import {
  type Catalog,
  type CompletionAnswer,
  type ForeignCatalog,
  type ForeignMethod,
  type PromptListing,
  type ReadAnswer,
  type ResourceListing,
  type ServedContext,
  type ServedPrompt,
  ServedRefusal,
  type ServedResource,
  type ServedTemplate,
} from "../protocol/served.ts";

/** A 2026-07-28 caching hint, as the spec names its two fields on the wire. */
interface WireHint {
  ttlMs?: number;
  cacheScope?: "public" | "private";
}

/** A caching hint as this package takes it, the same shape `defineResource`'s `cache` has. */
export interface CacheHint {
  ttlMs?: number;
  scope?: "public" | "private";
}

/** The methods whose answers may carry a hint. */
export const CACHEABLE = ["tools/list", "resources/list", "resources/templates/list", "resources/read", "prompts/list"] as const;
export type CacheableMethod = (typeof CACHEABLE)[number];
export type CacheHints = Partial<Record<CacheableMethod, CacheHint>>;
/** The hints checked, in the wire's names. */
export type WireHints = Partial<Record<CacheableMethod, WireHint>>;

/** Checks a `cacheHints` option: known methods only, `ttlMs` a whole number ≥ 0, `scope` one of the two. */
export function checkCacheHints(value: unknown, where: string): WireHints | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new ToolDefinitionError(`${where}: cacheHints must be an object keyed by method`);
  const hints: WireHints = {};
  for (const [method, hint] of Object.entries(value)) {
    if (!(CACHEABLE as readonly string[]).includes(method)) {
      throw new ToolDefinitionError(`${where}: cacheHints: unknown method ${quote(method)}; the methods are ${CACHEABLE.join(", ")}`);
    }
    hints[method as CacheableMethod] = checkCacheHint(hint, `${where}: cacheHints[${quote(method)}]`);
  }
  return hints;
}

/** One hint, checked (only `ttlMs` and `scope`, each valid), in the wire's names. */
function checkCacheHint(hint: unknown, where: string): WireHint {
  if (!isRecord(hint)) throw new ToolDefinitionError(`${where} must be an object with ttlMs and scope`);
  for (const key of Object.keys(hint)) {
    if (key !== "ttlMs" && key !== "scope") throw new ToolDefinitionError(`${where}: unknown key ${quote(key)}; the keys are ttlMs, scope`);
  }
  const { ttlMs, scope: cacheScope } = hint;
  if (ttlMs !== undefined && (typeof ttlMs !== "number" || !Number.isSafeInteger(ttlMs) || ttlMs < 0)) {
    throw new ToolDefinitionError(`${where}: ttlMs must be a whole number of milliseconds, 0 or more`);
  }
  if (cacheScope !== undefined && cacheScope !== "public" && cacheScope !== "private") {
    throw new ToolDefinitionError(`${where}: scope must be "public" or "private"`);
  }
  return { ...(ttlMs === undefined ? {} : { ttlMs }), ...(cacheScope === undefined ? {} : { cacheScope }) } as WireHint;
}

/** Whether the connection or request speaks 2026-07-28, where answers carry caching hints. */
function modern(server: Server, ctx: ServerContext): boolean {
  return ctx.mcpReq.envelope !== undefined || (server.getNegotiatedProtocolVersion() ?? "") >= "2026-07-28";
}

/** An answer with its hint on 2026-07-28 (a field the answer sets itself is kept). */
export function hinted<T extends object>(server: Server, ctx: ServerContext, answer: T, hint: WireHint | undefined): T {
  if (!hint || !modern(server, ctx)) return answer;
  return { ...hint, ...answer };
}

/** What one server serves beside tools, indexed. */
interface Index {
  fixed: Map<string, ServedResource>;
  templates: readonly ServedTemplate[];
  templatesByUri: Map<string, ServedTemplate>;
  prompts: Map<string, ServedPrompt>;
}

const indexes = new WeakMap<Catalog, Index>();

/** The catalog indexed, once per catalog (a handler builds a server per request from the same one). */
function indexOf(catalog: Catalog): Index {
  let index = indexes.get(catalog);
  if (!index) {
    index = buildIndex(catalog);
    indexes.set(catalog, index);
  }
  return index;
}

function buildIndex(catalog: Catalog): Index {
  const fixed = new Map<string, ServedResource>();
  for (const resource of catalog.resources) {
    if (fixed.has(resource.listing.uri)) throw new ToolDefinitionError(`Duplicate resource URI: ${quote(resource.listing.uri)}`);
    fixed.set(resource.listing.uri, resource);
  }
  const templatesByUri = new Map<string, ServedTemplate>();
  for (const template of catalog.templates) {
    const text = template.listing.uriTemplate;
    if (templatesByUri.has(text)) throw new ToolDefinitionError(`Duplicate resource template: ${quote(text)}`);
    templatesByUri.set(text, template);
  }
  const prompts = new Map<string, ServedPrompt>();
  for (const prompt of catalog.prompts) {
    if (prompts.has(prompt.listing.name)) throw new ToolDefinitionError(`Duplicate prompt name: ${quote(prompt.listing.name)}`);
    prompts.set(prompt.listing.name, prompt);
  }
  return { fixed, templates: catalog.templates, templatesByUri, prompts };
}

/** The capabilities a catalog adds to the server's: `resources`, `prompts`, `completions`, each only when there is something. */
export function catalogCapabilities(catalog: Catalog, foreign?: ForeignCatalog): Record<string, object> {
  const capabilities: Record<string, object> = {};
  if (catalog.resources.length > 0 || catalog.templates.length > 0 || foreign?.resources) capabilities.resources = {};
  if (catalog.prompts.length > 0 || foreign?.prompts) capabilities.prompts = {};
  if (catalog.templates.some((t) => t.complete) || catalog.prompts.some((p) => p.complete) || foreign?.completions) {
    capabilities.completions = {};
  }
  return capabilities;
}

/** A URI or name from a client, cut at 200 characters for an error line. */
function cut(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** A URI or name from a client, cut and quoted (hidden characters escaped) for an error line. */
function shown(value: unknown): string {
  return quote(cut(value));
}

/**
 * The SDK's own error for a URI nothing serves (`-32602`, `data.uri`): the
 * URI comes from the client, so both echoes are cut; the message quotes it
 * with hidden characters escaped, `data` holds it as one plain line.
 */
function notFound(uri: string, message = `Resource not found: ${shown(uri)}`): ResourceNotFoundError {
  return new ResourceNotFoundError(sanitizeLine(cut(uri)), message);
}

/** A throw from an entry as the client gets it: a refusal as it stands, anything else as the cleaned failure line. */
function protocolErrorOf(name: string, error: unknown, uri?: string): ProtocolError {
  if (error instanceof ServedRefusal) {
    if (error.kind === "resource-not-found" && uri !== undefined) return notFound(uri, sanitizeLine(error.message));
    return new ProtocolError(ProtocolErrorCode.InvalidParams, error.message.split("\n").map(sanitizeLine).join("\n"));
  }
  if (error instanceof ProtocolError) return error;
  return new ProtocolError(ProtocolErrorCode.InternalError, failureText(name, error));
}

/** The per-request facts a read, get or completion gets. */
export type ContextOf = (ctx: ServerContext, method: string) => ServedContext;

export interface CatalogServing {
  catalog: Catalog;
  /** With authorization: the scope check a read, get or completion passes where it runs (the HTTP face asked it before, too). */
  scopeCheck?: ScopeChallengeHandler | undefined;
  /** Resources and prompts another framework answers, asked after the catalog's own. */
  foreign?: ForeignCatalog | undefined;
  /** The server's hints, checked ({@link checkCacheHints}). */
  hints?: WireHints | undefined;
  contextOf: ContextOf;
}

/** A foreign answer, its errors turned into ours: a JSON-RPC code kept with its message cleaned, anything else the failure line. */
async function askForeign(
  foreign: ForeignCatalog,
  method: ForeignMethod,
  params: Record<string, unknown>,
  context: ServedContext,
  name: string,
): Promise<Record<string, unknown>> {
  try {
    return await foreign.answer(method, params, context);
  } catch (error) {
    const code = isRecord(error) && typeof error.code === "number" ? error.code : undefined;
    if (code === undefined || error instanceof ProtocolError) throw protocolErrorOf(name, error);
    const message = String((error as { message?: unknown }).message ?? "");
    // SDK v1 prefixes its own code to the message (`MCP error -32602: …`); the code travels in the answer already.
    throw new ProtocolError(code, sanitizeLine(message.replace(/^MCP error -?\d+: /, "")));
  }
}

/** A list: the catalog's own entries, then the foreign one's. */
async function listed<T>(
  own: () => Promise<T[]>,
  foreign: ForeignCatalog | undefined,
  part: boolean | undefined,
  method: ForeignMethod,
  key: string,
  context: () => ServedContext,
): Promise<T[]> {
  const mine = await own();
  if (!foreign || !part) return mine;
  const theirs = (await askForeign(foreign, method, {}, context(), method))[key];
  return Array.isArray(theirs) ? [...mine, ...(theirs as T[])] : mine;
}

/** Checks a catalog as a server will serve it (no URI, template or prompt name twice, views included); throws the first clash. */
export function checkCatalog(catalog: Catalog): void {
  indexOf(catalog);
}

/** Sets the resource, prompt and completion handlers a catalog needs on `server` (none for an empty part). */
export function serveCatalog(server: Server, serving: CatalogServing): void {
  const { catalog, foreign, hints = {}, contextOf, scopeCheck } = serving;
  const index = indexOf(catalog);
  /** Refuses a read, get or completion above the token's scopes, where it is about to run. */
  const admit = async (request: unknown, ctx: ServerContext) => {
    if (!scopeCheck) return;
    const refused = await scopeCheck({ request: request as never, ...(ctx.http?.authInfo ? { authInfo: ctx.http.authInfo } : {}) });
    if (refused)
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, refused.errorDescription ?? "This request needs a scope the token lacks");
  };
  const hasResources = index.fixed.size > 0 || index.templates.length > 0 || foreign?.resources === true;
  if (hasResources) {
    const fixedListings = [...index.fixed.values()].map((r) => r.listing);
    const templateListings = index.templates.map((t) => t.listing);
    server.setRequestHandler("resources/list", async (_request, ctx) => {
      const context = () => contextOf(ctx, "resources/list");
      const resources = await listed(
        async () => {
          const own: ResourceListing[] = [...fixedListings];
          for (const template of index.templates) {
            if (!template.list) continue;
            try {
              own.push(...(await template.list(context())));
            } catch (error) {
              throw protocolErrorOf(template.listing.name, error);
            }
          }
          return own;
        },
        foreign,
        foreign?.resources,
        "resources/list",
        "resources",
        context,
      );
      return hinted(server, ctx, { resources }, hints["resources/list"]) as never;
    });
    server.setRequestHandler("resources/templates/list", async (_request, ctx) => {
      const context = () => contextOf(ctx, "resources/templates/list");
      const resourceTemplates = await listed(
        async () => templateListings,
        foreign,
        foreign?.resources,
        "resources/templates/list",
        "resourceTemplates",
        context,
      );
      return hinted(server, ctx, { resourceTemplates }, hints["resources/templates/list"]) as never;
    });
    server.setRequestHandler("resources/read", async (request, ctx) => {
      await admit(request, ctx);
      const uri = request.params.uri;
      const context = contextOf(ctx, "resources/read");
      const answer = await readResource(index, uri, context);
      if (!answer) {
        if (!foreign?.resources) throw notFound(uri);
        return hinted(server, ctx, await askForeign(foreign, "resources/read", { uri }, context, uri), hints["resources/read"]) as never;
      }
      const own = answer.entry.cache;
      // The resource's own hint (2026-07-28 names its fields ttlMs and cacheScope) over the server's.
      const hint = own ? { ...hints["resources/read"], ttlMs: own.ttlMs, cacheScope: own.scope } : hints["resources/read"];
      return hinted(server, ctx, answer.result, hint) as never;
    });
  }
  if (index.prompts.size > 0 || foreign?.prompts) {
    const promptListings: PromptListing[] = [...index.prompts.values()].map((p) => p.listing);
    server.setRequestHandler("prompts/list", async (_request, ctx) => {
      const context = () => contextOf(ctx, "prompts/list");
      const prompts = await listed(async () => promptListings, foreign, foreign?.prompts, "prompts/list", "prompts", context);
      return hinted(server, ctx, { prompts }, hints["prompts/list"]) as never;
    });
    server.setRequestHandler("prompts/get", async (request, ctx) => {
      await admit(request, ctx);
      const { name, arguments: args } = request.params;
      const context = contextOf(ctx, "prompts/get");
      const prompt = index.prompts.get(name);
      if (!prompt) {
        if (foreign?.prompts) return (await askForeign(foreign, "prompts/get", { ...request.params }, context, name)) as never;
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${shown(name)}`);
      }
      try {
        return (await prompt.get(args, context)) as never;
      } catch (error) {
        throw protocolErrorOf(name, error);
      }
    });
  }
  if (catalog.templates.some((t) => t.complete) || catalog.prompts.some((p) => p.complete) || foreign?.completions) {
    server.setRequestHandler("completion/complete", async (request, ctx) => {
      await admit(request, ctx);
      const { ref, argument, context } = request.params;
      const base = contextOf(ctx, "completion/complete");
      const extra = { ...base, ...(context?.arguments ? { arguments: context.arguments } : {}) };
      const refName = ref.type === "ref/prompt" ? ref.name : ref.uri;
      const ours = ref.type === "ref/prompt" ? index.prompts.has(ref.name) : index.templatesByUri.has(ref.uri) || index.fixed.has(ref.uri);
      if (!ours && foreign?.completions)
        return (await askForeign(foreign, "completion/complete", { ...request.params }, base, refName)) as never;
      let answer: CompletionAnswer = { values: [] };
      try {
        if (ref.type === "ref/prompt") {
          const prompt = index.prompts.get(ref.name);
          if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${shown(ref.name)}`);
          if (prompt.complete) answer = await prompt.complete(argument.name, argument.value, extra);
        } else {
          const template = index.templatesByUri.get(ref.uri);
          // A fixed resource has nothing to complete; an unknown one is named as a read would name it.
          if (!template && !index.fixed.has(ref.uri)) throw notFound(ref.uri, `Unknown resource template: ${shown(ref.uri)}`);
          if (template?.complete) answer = await template.complete(argument.name, argument.value, extra);
        }
      } catch (error) {
        throw protocolErrorOf(refName, error);
      }
      return { completion: answer } as never;
    });
  }
}

/** A read: the fixed resource of that URI, else the first template that matches it; `entry` is which, for its hint. */
async function readResource(
  index: Index,
  uri: string,
  context: ServedContext,
): Promise<{ entry: ServedResource | ServedTemplate; result: ReadAnswer } | undefined> {
  const fixed = index.fixed.get(uri);
  if (fixed) {
    try {
      return { entry: fixed, result: await fixed.read(uri, context) };
    } catch (error) {
      throw protocolErrorOf(fixed.listing.name, error, uri);
    }
  }
  for (const template of index.templates) {
    const variables = template.match(uri);
    if (!variables) continue;
    try {
      return { entry: template, result: await template.read(uri, variables, context) };
    } catch (error) {
      throw protocolErrorOf(template.listing.name, error, uri);
    }
  }
  return undefined;
}
