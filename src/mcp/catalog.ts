/**
 * Resources, resource templates, prompts and completions on an SDK v2
 * `Server`: the list, read, get and complete handlers for a catalog
 * (../protocol/served.ts), whoever defined its entries (this package's
 * `defineResource`/`definePrompt`, tools' views), then for what another
 * framework answers (the toolkit's, on the Nuxt route). The answers
 * themselves come from ../protocol/catalog-answers.ts, which the Claude Agent
 * SDK's server shares; here they meet SDK v2: its errors, its scope check
 * and the 2026-07-28 caching hints (a list or a read answers with the hint
 * the server or the entry was given, else the SDK's safe default, `ttlMs: 0`,
 * `private`; 2025-11-25 answers never carry them).
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type ScopeChallengeHandler,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { Middleware } from "../core/middleware.ts";
import { sanitizeLine } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import type { WireHint, WireHints } from "../protocol/cache-hints.ts";
import {
  answered,
  catalogParts,
  complete,
  completesRef,
  failureOf,
  indexOf,
  listResources,
  notFound,
  readResource,
  unknownPrompt,
} from "../protocol/catalog-answers.ts";
import { calledEntry, chained, chainedGet, chainedRead } from "../protocol/catalog-chain.ts";
import type {
  Catalog,
  ForeignCatalog,
  ForeignMethod,
  PromptListing,
  ReadAnswer,
  ServedContext,
  ServedResource,
  ServedTemplate,
} from "../protocol/served.ts";
import type { FollowedResources } from "./resource-updates.ts";
import type { SessionTools } from "./session-tools.ts";

/** Whether the connection or request speaks 2026-07-28, where answers carry caching hints. */
function modern(server: Server, ctx: ServerContext): boolean {
  return ctx.mcpReq.envelope !== undefined || (server.getNegotiatedProtocolVersion() ?? "") >= "2026-07-28";
}

/** An answer with its hint on 2026-07-28 (a field the answer sets itself is kept). */
export function hinted<T extends object>(server: Server, ctx: ServerContext, answer: T, hint: WireHint | undefined): T {
  if (!hint || !modern(server, ctx)) return answer;
  return { ...hint, ...answer };
}

/**
 * The capabilities a catalog adds to the server's: `resources`, `prompts`, `completions`, each only when there is
 * something; `listChanged` on a session whose lists another framework may change (./session-tools.ts); `subscribe`
 * where a client can follow a resource (./resource-updates.ts).
 */
export function catalogCapabilities(
  catalog: Catalog,
  foreign?: ForeignCatalog,
  changing = false,
  subscribe = false,
): Record<string, object> {
  const parts = catalogParts(catalog);
  const capabilities: Record<string, object> = {};
  const list = changing ? { listChanged: true } : {};
  if (parts.resources || foreign?.resources) capabilities.resources = subscribe ? { ...list, subscribe: true } : list;
  if (parts.prompts || foreign?.prompts) capabilities.prompts = list;
  if (parts.completions || foreign?.completions) capabilities.completions = {};
  return capabilities;
}

/** A refusal in SDK v2's terms: an unknown URI as its `ResourceNotFoundError`, anything else a `ProtocolError` of the same code. */
function sdkError(error: unknown, name: string): ProtocolError {
  if (error instanceof ProtocolError) return error;
  const failure = failureOf(name, error);
  if (failure.uri !== undefined) return new ResourceNotFoundError(failure.uri, failure.message);
  return new ProtocolError(failure.code, failure.message);
}

/** Runs an answer, its refusal turned into SDK v2's error. */
function answering<T>(name: string, run: () => Promise<T>): Promise<T> {
  return answered(run, (error) => sdkError(error, name));
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
  /** The chain around the foreign catalog's reads and gets (the catalog's own entries carry theirs, from `withMiddleware`). */
  middleware?: readonly Middleware[] | undefined;
  /** A 2025-11-25 session's own additions, listed after the rest and read or got after the catalog's own. */
  session?: SessionTools | undefined;
  /** The URIs a 2025-11-25 connection follows: with it, `resources/subscribe` and `resources/unsubscribe` are answered. */
  followed?: FollowedResources | undefined;
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
    if (code === undefined || error instanceof ProtocolError) throw sdkError(error, name);
    const message = String((error as { message?: unknown }).message ?? "");
    // SDK v1 prefixes its own code to the message (`MCP error -32602: …`); the code travels in the answer already.
    throw new ProtocolError(code, sanitizeLine(message.replace(/^MCP error -?\d+: /, "")));
  }
}

/**
 * A foreign read or get, through the server's chain when it has one. The
 * middleware sees the URI (a read) or the prompt's name as the entry's name:
 * the foreign catalog's listings are not looked up for one call.
 */
async function askForeignChained(
  foreign: ForeignCatalog,
  method: "resources/read" | "prompts/get",
  params: Record<string, unknown>,
  context: ServedContext,
  name: string,
  chain: readonly Middleware[] | undefined,
): Promise<Record<string, unknown>> {
  if (!chained(chain)) return askForeign(foreign, method, params, context, name);
  const called = calledEntry(name, undefined, undefined);
  const ask = () => askForeign(foreign, method, params, context, name) as Promise<never>;
  try {
    if (method === "resources/read") return (await chainedRead(chain, called, name, {}, context, ask)) as never;
    const args = isRecord(params.arguments) ? params.arguments : {};
    return (await chainedGet(chain, called, { ok: true, value: args }, context, ask)) as never;
  } catch (error) {
    throw sdkError(error, name);
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

/** A read of what a session added, as `readResource` answers for the catalog's own; `undefined` when it added nothing there. */
async function sessionRead(
  session: SessionTools,
  uri: string,
  context: ServedContext,
  middleware: readonly Middleware[] | undefined,
): Promise<{ entry: ServedResource | ServedTemplate; result: ReadAnswer } | undefined> {
  const found = session.read(uri);
  if (!found) return undefined;
  const entry = "resource" in found ? found.resource : found.template;
  const read = () => ("resource" in found ? found.resource.read(uri, context) : found.template.read(uri, found.variables, context));
  try {
    // Another framework's resource, like a foreign one: the server's chain runs around its read.
    const result = chained(middleware)
      ? await chainedRead(
          middleware,
          calledEntry(entry.listing.name, entry.listing.title, entry.listing.description),
          uri,
          "variables" in found ? found.variables : {},
          context,
          read,
        )
      : await read();
    return { entry, result };
  } catch (error) {
    throw sdkError(failureOf(entry.listing.name, error, uri), uri);
  }
}

/** Checks a catalog as a server will serve it (no URI, template or prompt name twice, views included); throws the first clash. */
export function checkCatalog(catalog: Catalog): void {
  indexOf(catalog);
}

/** Sets the resource, prompt and completion handlers a catalog needs on `server` (none for an empty part). */
export function serveCatalog(server: Server, serving: CatalogServing): void {
  const { catalog, foreign, hints = {}, contextOf, scopeCheck, middleware, session, followed } = serving;
  const index = indexOf(catalog);
  const parts = catalogParts(catalog);
  /** Refuses a read, get or completion above the token's scopes, where it is about to run. */
  const admit = async (request: unknown, ctx: ServerContext) => {
    if (!scopeCheck) return;
    const refused = await scopeCheck({ request: request as never, ...(ctx.http?.authInfo ? { authInfo: ctx.http.authInfo } : {}) });
    if (refused)
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, refused.errorDescription ?? "This request needs a scope the token lacks");
  };
  if (parts.resources || foreign?.resources) {
    const templateListings = index.templates.map((t) => t.listing);
    server.setRequestHandler("resources/list", async (_request, ctx) => {
      const context = () => contextOf(ctx, "resources/list");
      const resources = await listed(
        () => answering("resources/list", () => listResources(index, context)),
        foreign,
        foreign?.resources,
        "resources/list",
        "resources",
        context,
      );
      // Concatenated, never pushed: a list may be the catalog's own array, shared by every request.
      const all = session ? [...resources, ...session.resourceListings()] : resources;
      return hinted(server, ctx, { resources: all }, hints["resources/list"]) as never;
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
      const all = session ? [...resourceTemplates, ...session.templateListings()] : resourceTemplates;
      return hinted(server, ctx, { resourceTemplates: all }, hints["resources/templates/list"]) as never;
    });
    server.setRequestHandler("resources/read", async (request, ctx) => {
      if (scopeCheck) await admit(request, ctx);
      const uri = request.params.uri;
      const context = contextOf(ctx, "resources/read");
      let answer: Awaited<ReturnType<typeof readResource>>;
      try {
        answer = await readResource(index, uri, context);
      } catch (error) {
        throw sdkError(error, uri);
      }
      if (!answer && session) answer = await sessionRead(session, uri, context, middleware);
      if (!answer) {
        if (!foreign?.resources) throw sdkError(notFound(uri), uri);
        const theirs = await askForeignChained(foreign, "resources/read", { uri }, context, uri, middleware);
        return hinted(server, ctx, theirs, hints["resources/read"]) as never;
      }
      const own = answer.entry.cache;
      // The resource's own hint (2026-07-28 names its fields ttlMs and cacheScope) over the server's.
      const hint = own ? { ...hints["resources/read"], ttlMs: own.ttlMs, cacheScope: own.scope } : hints["resources/read"];
      return hinted(server, ctx, answer.result, hint) as never;
    });
    if (followed) {
      /** Whether this server serves `uri`: found without reading it (another framework's resources cannot be asked so). */
      const serves = (uri: string) =>
        index.fixed.has(uri) ||
        index.templates.some((template) => template.match(uri) !== undefined) ||
        session?.read(uri) !== undefined ||
        foreign?.resources === true;
      server.setRequestHandler("resources/subscribe", async (request, ctx) => {
        // Following a resource reads it: the same scope a read needs, checked where the subscription is made.
        if (scopeCheck) await admit(request, ctx);
        const { uri } = request.params;
        if (!serves(uri)) throw sdkError(notFound(uri), uri);
        const refused = followed.follow(uri);
        if (refused) throw new ProtocolError(ProtocolErrorCode.InvalidParams, refused);
        return {};
      });
      server.setRequestHandler("resources/unsubscribe", async (request) => {
        followed.unfollow(request.params.uri);
        return {};
      });
    }
  }
  if (parts.prompts || foreign?.prompts) {
    const promptListings: PromptListing[] = [...index.prompts.values()].map((p) => p.listing);
    server.setRequestHandler("prompts/list", async (_request, ctx) => {
      const context = () => contextOf(ctx, "prompts/list");
      const prompts = await listed(async () => promptListings, foreign, foreign?.prompts, "prompts/list", "prompts", context);
      const all = session ? [...prompts, ...session.promptListings()] : prompts;
      return hinted(server, ctx, { prompts: all }, hints["prompts/list"]) as never;
    });
    server.setRequestHandler("prompts/get", async (request, ctx) => {
      if (scopeCheck) await admit(request, ctx);
      const { name, arguments: args } = request.params;
      const context = contextOf(ctx, "prompts/get");
      const own = index.prompts.get(name);
      // A session's prompt is another framework's, like a foreign one: the server's chain runs around its get.
      const added = own ? undefined : session?.prompt(name);
      const prompt = own ?? added;
      if (prompt) {
        try {
          if (added && chained(middleware)) {
            const called = calledEntry(name, added.listing.title, added.listing.description);
            return (await chainedGet(middleware, called, { ok: true, value: args ?? {} }, context, () =>
              added.get(args, context),
            )) as never;
          }
          return (await prompt.get(args, context)) as never;
        } catch (error) {
          throw sdkError(error, name);
        }
      }
      if (foreign?.prompts)
        return (await askForeignChained(foreign, "prompts/get", { ...request.params }, context, name, middleware)) as never;
      throw sdkError(unknownPrompt(name), name);
    });
  }
  if (parts.completions || foreign?.completions) {
    server.setRequestHandler("completion/complete", async (request, ctx) => {
      await admit(request, ctx);
      const { ref, argument, context } = request.params;
      const base = contextOf(ctx, "completion/complete");
      const refName = ref.type === "ref/prompt" ? ref.name : ref.uri;
      if (!completesRef(index, ref) && foreign?.completions) {
        return (await askForeign(foreign, "completion/complete", { ...request.params }, base, refName)) as never;
      }
      // Added to the request's context, not spread from it: its facts are a getter a spread would lose.
      const extra = context?.arguments ? Object.assign(base, { arguments: context.arguments }) : base;
      return { completion: await answering(refName, () => complete(index, ref, argument, extra)) } as never;
    });
  }
}
