/**
 * An MCP server for a tool list on SDK v2. Built on the low-level `Server`
 * (marked deprecated, still supported) rather than `McpServer`, whose lookup
 * reaches `Object.prototype` ("Tool toString disabled"), echoes hostile names
 * and glues validation problems into one line.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  inputRequired,
  type ListToolsResult,
  type ScopeChallengeHandler,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { checkInput, runTool } from "../core/call.ts";
import type { HostContext } from "../core/context.ts";
import { failureText } from "../core/errors.ts";
import type { CallFacts, Middleware } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyPrompt } from "../core/prompts.ts";
import type { AnyResource } from "../core/resources.ts";
import { supportsSampling } from "../core/sampling.ts";
import { checkChanges, isToolList, type ToolList, toolsNow } from "../core/tool-list.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import type { VisibilityReport } from "../core/visibility.ts";
import { askByRequest } from "../protocol/ask.ts";
import { type CacheHints, checkCacheHints, type WireHints } from "../protocol/cache-hints.ts";
import { callEntry, errorResult, type McpCallResult, mcpResult, toolIndex, unknownToolResult } from "../protocol/call.ts";
import { callerOf, principalOf } from "../protocol/caller.ts";
import { catalogOption } from "../protocol/catalog.ts";
import { catalogParts, indexOf } from "../protocol/catalog-answers.ts";
import { declaredBy, withoutAddedArguments } from "../protocol/client-quirks.ts";
import { logNotifier } from "../protocol/log.ts";
import { progressNotifier } from "../protocol/progress.ts";
import { callDigest, QUESTION_KEY, type RoundOutcome, runRound } from "../protocol/replay.ts";
import { sampleByRequest } from "../protocol/sample.ts";
import { effectOfAnnotations } from "../protocol/scopes.ts";
import { type Catalog, EMPTY_CATALOG, type ForeignCatalog, type ServedContext, type ServedResource } from "../protocol/served.ts";
import type { EffectOf } from "./auth.ts";
import { catalogCapabilities, hinted, serveCatalog } from "./catalog.ts";
import { DualEraServer, LEGACY_REVISIONS } from "./discover.ts";
import { supportsForms, supportsUrls } from "./elicitation.ts";
import { callExternal, type ExternalTool, externalIndex, refuseExternalName } from "./external.ts";
import { busOption, FollowedResources, type ServerEventBus } from "./resource-updates.ts";
import type { SessionTools } from "./session-tools.ts";
import { checkStateSealOptions, createStateSeal, type StateSealOptions } from "./state-seal.ts";
import { createTask, serveTaskMethods, TASKS_CAPABILITY, taskMode } from "./tasks/serve.ts";
import { type TaskBook, type TaskStore, taskBookOf } from "./tasks/store.ts";
import { APPS_CAPABILITY, rendersApps, type Views, viewsOf } from "./views.ts";
import { type Hiding, hidingOf, type OutOfScope } from "./visible.ts";

export interface McpServerOptions extends StateSealOptions {
  /** Instructions a client may add to the model's context. */
  instructions?: string;
  /** Tools another framework answers, listed before the package's own. */
  external?: readonly ExternalTool[];
  /** Resources and resource templates to serve (`defineResource`). */
  resources?: readonly AnyResource[];
  /** Prompts to serve (`definePrompt`). */
  prompts?: readonly AnyPrompt[];
  /**
   * 2026-07-28 caching hints per list (and for every read, under a resource's own `cache`): `{ ttlMs, scope }`.
   * Without one a 2026 answer says `ttlMs: 0`, `private`: never reused, never shared.
   */
  cacheHints?: CacheHints;
  /**
   * Where resource updates are announced (`publish({ kind: "resource_updated", uri })`, the SDK's `ServerEventBus`):
   * with one, clients may follow resources (`resources/subscribe` on 2025-11-25, `subscriptions/listen` on 2026-07-28).
   * The HTTP faces make one of their own when none is given and announce through `notify`.
   */
  bus?: ServerEventBus;
  /**
   * Where tools with `task` keep their tasks (`createTaskStore`): a 2026-07-28 client that declares the Tasks
   * extension gets a handle and polls for the answer. Default: a memory store of this server, made when a tool has `task`.
   */
  tasks?: TaskStore;
}

/** The keys `createMcpServer` takes. */
export const SERVER_OPTIONS = [
  "instructions",
  "external",
  "resources",
  "prompts",
  "cacheHints",
  "bus",
  "requestStateKey",
  "requestStateTtlSeconds",
  "tasks",
] as const;

/** What one server serves: the package's own tools, and tools another framework answers. */
export interface ToolSet {
  tools: readonly AnyTool[];
  external: readonly ExternalTool[];
  /** The middleware around each external tool's call (the package's own tools carry theirs, from `withMiddleware`). */
  middleware?: readonly Middleware[];
  /** Resources, templates and prompts served beside the tools. */
  catalog?: Catalog;
  /** Resources and prompts another framework answers (the toolkit's on the Nuxt route), after the catalog's. */
  foreign?: ForeignCatalog;
}

/** What a server built for an HTTP face with authorization needs beyond the public options. */
export interface BuildOptions extends Pick<McpServerOptions, "instructions" | "requestStateKey" | "requestStateTtlSeconds"> {
  /** The 2026-07-28 caching hints of lists and reads, checked (./catalog.ts). */
  cacheHints?: WireHints | undefined;
  /** The scope check a `tools/call` passes before it runs, from the `authInfo` the SDK hands it. */
  scopeCheck?: ScopeChallengeHandler;
  /** A 2025-11-25 session's own additions to the list (./session-tools.ts): only a session server has them. */
  session?: SessionTools;
  /** The tool list may change while this server runs (../core/tool-list.ts): it declares `tools.listChanged`. */
  toolsChange?: boolean;
  /** With `auth.hideOutOfScope`: the tools a token's scopes cannot call are hidden from its caller (./visible.ts). */
  outOfScope?: OutOfScope | undefined;
  /**
   * Resource subscriptions (./resource-updates.ts): with it the server declares `resources.subscribe`; with
   * `followed`, its client's `resources/subscribe` and `resources/unsubscribe` are answered and updates sent to it.
   */
  updates?: { followed?: FollowedResources };
  /** Where tasks live (./tasks/store.ts): with it the server declares the Tasks extension and answers `tasks/*`. */
  tasks?: TaskBook | undefined;
  /** The revisions the endpoint serves besides the modern ones, which its `server/discover` names too (./discover.ts). */
  alsoServed?: readonly string[];
}

const taskTools = new WeakMap<readonly AnyTool[], boolean>();

/** Whether a tool of the list may run as a task (worked out once per list). */
export function hasTaskTools(tools: readonly AnyTool[]): boolean {
  let known = taskTools.get(tools);
  if (known === undefined) {
    known = tools.some((tool) => tool.task !== undefined);
    taskTools.set(tools, known);
  }
  return known;
}

/**
 * Builds an unconnected SDK v2 server with one `tools/list` and one
 * `tools/call` handler for every tool. Connect it to stdio, Streamable HTTP or
 * an in-memory pair. Duplicate names and broken tools throw here.
 */
export function createMcpServer(info: ServerInfo, tools: readonly AnyTool[] | ToolList, options: McpServerOptions = {}): Server {
  checkOptionKeys("createMcpServer", options, SERVER_OPTIONS);
  checkStateSealOptions(options, "createMcpServer");
  const { external = [], resources, prompts, cacheHints, bus, tasks, ...rest } = options;
  const catalog = catalogOption(options, "createMcpServer");
  // A store of its own only where a tool may run as a task (or may come to, on a list that changes).
  const book = tasks !== undefined || isToolList(tools) || hasTaskTools(toolsNow(tools)) ? taskBookOf(tasks, "createMcpServer") : undefined;
  const followed = bus === undefined ? undefined : new FollowedResources(busOption(bus, "createMcpServer"));
  const list = isToolList(tools) ? tools : undefined;
  let set: ToolSet = { tools: toolsNow(tools), external, catalog };
  // The set as the list is now, made again at the first request after a change (not when the change is heard), so a
  // change costs the same whatever the list's length; the answers worked out for a set are kept until the next change.
  const setNow = () => {
    if (list && list.tools !== set.tools) set = { ...set, tools: list.tools };
    return set;
  };
  const server = buildServer(info, list ? setNow : set, {
    ...rest,
    cacheHints: checkCacheHints(cacheHints, "createMcpServer"),
    ...(followed ? { updates: { followed } } : {}),
    ...(list ? { toolsChange: true } : {}),
    ...(book ? { tasks: book } : {}),
    // Any transport that carries it answers `initialize` too (stdio's `serveStdio` serves both eras): discover says so.
    alsoServed: LEGACY_REVISIONS,
  });
  // On 2026-07-28 (stdio's `serveStdio`) the entry keeps the client's listen and passes on what it asked for.
  followed?.hearAll(() => server.transport !== undefined && (server.getNegotiatedProtocolVersion() ?? "") >= "2026-07-28");
  if (list) {
    // A change this server could not serve is refused: an incoming name one of its external tools holds (the list
    // itself refuses a view, so the views never grow). Only the incoming tool is looked at, in the external tools' Map.
    const held = servedTools(set).external;
    const stopChecking = checkChanges(list, (incoming) => refuseExternalName(held, incoming.name));
    // Heard while connected. A server that spoke with a client and is closed stops hearing (and checking) at the next
    // change, so a list that outlives many servers (one per stdio connection) keeps none of theirs.
    const stop = list.subscribe(() => {
      if (!server.transport) {
        if (server.getNegotiatedProtocolVersion() !== undefined) {
          stop();
          stopChecking();
        }
        return;
      }
      // Over stdio on 2026-07-28 the entry passes it to the client's listen stream; on 2025 it goes as it is.
      server.sendToolListChanged().catch((error: unknown) => server.onerror?.(error as Error));
    });
  }
  return server;
}

/** The effect of each name a tool set serves: its own tools by `effect`, the others by their annotations. */
export function effectsOf(set: ToolSet): EffectOf {
  const own = toolIndex(set.tools);
  const external = externalIndex(set.external, own);
  return (name) =>
    own.get(name)?.tool.effect ?? (external.has(name) ? effectOfAnnotations(external.get(name)?.listing.annotations) : undefined);
}

/**
 * The hiding of each tool set a server serves (./visible.ts), made once per set; a 2025 session that another
 * framework adds tools to makes its own per request, since its names change with the session.
 */
export function hidingFor(outOfScope: OutOfScope | undefined, report: VisibilityReport): (set: ToolSet, session?: SessionTools) => Hiding {
  const made = new WeakMap<ToolSet, Hiding>();
  return (set, session) => {
    if (session && session.size > 0 && outOfScope) {
      const effects = effectsOf(set);
      return hidingOf(set.tools, (name) => effects(name) ?? session.effectOf(name), outOfScope, report);
    }
    let hiding = made.get(set);
    if (!hiding) {
      hiding = hidingOf(set.tools, outOfScope ? effectsOf(set) : () => undefined, outOfScope, report);
      made.set(set, hiding);
    }
    return hiding;
  };
}

/** What a server answers `tools/list` and `tools/call` from, worked out once per tool set. */
interface ServedTools {
  own: ReturnType<typeof toolIndex>;
  external: Map<string, ExternalTool>;
  views: Views;
  /** The list for a client that renders apps, and for one that does not (the same object when no tool is only for views). */
  forApps: { tools: unknown[] };
  forOthers: { tools: unknown[] };
}

const served = new WeakMap<ToolSet, ServedTools>();

function servedTools(set: ToolSet): ServedTools {
  let made = served.get(set);
  if (made) return made;
  const own = toolIndex(set.tools);
  const external = externalIndex(set.external, own);
  const views = viewsOf(set.tools);
  const foreign = [...external.values()].map((t) => t.listing);
  const withForeign = (listed: { tools: unknown[] }) => (foreign.length === 0 ? listed : { tools: [...foreign, ...listed.tools] });
  const forApps = withForeign(views.listedForApps);
  const forOthers = views.appOnly.size === 0 ? forApps : withForeign(views.listedForOthers);
  made = { own, external, views, forApps, forOthers };
  served.set(set, made);
  return made;
}

/**
 * The server for a tool set: what `createMcpServer` builds, and what each HTTP request or session gets. Given a
 * function, it asks it for the set at every `tools/list` and `tools/call` (a list that changes while a session or a
 * stdio connection lasts: ../core/tool-list.ts); resources, prompts and views are the starting set's.
 */
export function buildServer(info: ServerInfo, given: ToolSet | (() => ToolSet), options: BuildOptions = {}): Server {
  const setNow = typeof given === "function" ? given : () => given;
  const set = setNow();
  const { views } = servedTools(set);
  const catalog = withViews(set.catalog ?? EMPTY_CATALOG, views);
  const sealFor = createStateSeal(options);
  const serverInfo = JSON.parse(JSON.stringify(info)) as ServerInfo;
  // A session whose tool set holds another framework's tools may see its lists change (./session-tools.ts; ./http.ts
  // gives one to such a session only).
  const live = options.session;
  const serverOptions: ConstructorParameters<typeof Server>[1] = {
    // Logging is declared so `logging/setLevel` works on 2025 connections; tools log through `context.log`.
    capabilities: {
      tools: live || options.toolsChange ? { listChanged: true } : {},
      logging: {},
      ...catalogCapabilities(catalog, set.foreign, live !== undefined, options.updates !== undefined),
      ...(views.any || options.tasks
        ? { extensions: { ...(views.any ? APPS_CAPABILITY : {}), ...(options.tasks ? TASKS_CAPABILITY : {}) } }
        : {}),
    },
    ...(options.instructions ? { instructions: options.instructions } : {}),
  };
  const server = options.alsoServed
    ? new DualEraServer(serverInfo, serverOptions, options.alsoServed)
    : new Server(serverInfo, serverOptions);
  const { scopeCheck } = options;
  const toolsHint = options.cacheHints?.["tools/list"];
  const report = (error: unknown) => server.onerror?.(error instanceof Error ? error : new Error(String(error)));
  const hiding = hidingFor(options.outOfScope, report);
  if (live) {
    const index = indexOf(catalog);
    const parts = catalogParts(catalog);
    const notify = {
      tools: () => server.sendToolListChanged(),
      resources: () => server.sendResourceListChanged(),
      prompts: () => server.sendPromptListChanged(),
    };
    live.serving = {
      toolTaken: (name) => {
        const now = servedTools(setNow());
        return now.own.has(name) || now.external.has(name);
      },
      promptTaken: (name) => index.prompts.has(name),
      resourceTaken: (key) => index.fixed.has(key) || index.templatesByUri.has(key),
      resources: parts.resources || set.foreign?.resources === true,
      prompts: parts.prompts || set.foreign?.prompts === true,
      changed: (list) => {
        notify[list]().catch((error: unknown) => server.onerror?.(error as Error));
      },
    };
  }
  server.setRequestHandler("tools/list", async (_request, ctx) => {
    const now = setNow();
    const { forApps, forOthers } = servedTools(now);
    let listed = forOthers === forApps || rendersApps(clientCapabilities(server, ctx)) ? forApps : forOthers;
    if (live && live.size > 0) listed = { tools: [...listed.tools, ...live.listings()] };
    const hides = hiding(now, live);
    if (!hides.personal) return (toolsHint ? hinted(server, ctx, listed, toolsHint) : listed) as ListToolsResult;
    // A list that depends on the caller is never shared: private whatever the server's hint says of its scope.
    const shown = await hides.filter(listed, ctx.http?.authInfo);
    return hinted(server, ctx, shown, { ...toolsHint, cacheScope: "private" }) as ListToolsResult;
  });
  const followed = options.updates?.followed;
  if (followed) {
    followed.deliver = (uri) => {
      // Sent only while connected: a closed connection's client hears nothing, and its followed URIs go with it.
      if (server.transport === undefined) return;
      server.sendResourceUpdated({ uri }).catch(report);
    };
  }
  serveCatalog(server, {
    catalog,
    foreign: set.foreign,
    scopeCheck: options.scopeCheck,
    hints: options.cacheHints,
    middleware: set.middleware,
    ...(live ? { session: live } : {}),
    ...(followed ? { followed } : {}),
    contextOf: (ctx, method) => servedContext(server, ctx, method, report),
  });
  const book = options.tasks;
  if (book) serveTaskMethods(server, book);
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const { name } = request.params;
    // The set as it is now: the call keeps these definitions to the end, whatever changes while it runs.
    const callSet = setNow();
    const { own, external, views } = servedTools(callSet);
    // A tool hidden from this caller is unknown to it, before a scope check could name the scope it needs.
    // Awaited only when a predicate answers later: a plain call pays no extra turn of the microtask queue.
    const hidden = hiding(callSet, live).hidden(name, ctx.http?.authInfo);
    if (hidden === true || (hidden !== false && (await hidden))) return unknownToolResult(info, name);
    // Where the call is dispatched: whatever read the request before, no call runs above the token's scopes.
    if (scopeCheck) {
      const refused = await scopeCheck({ request: request as never, ...(ctx.http?.authInfo ? { authInfo: ctx.http.authInfo } : {}) });
      if (refused) return errorResult(refused.errorDescription ?? "This call needs a scope the token lacks");
    }
    // A tool only views may call does not exist for a client that shows no views: not listed to it, not callable by it.
    if (views.appOnly.has(name) && !rendersApps(clientCapabilities(server, ctx))) return unknownToolResult(info, name);
    const authInfo = ctx.http?.authInfo;
    const foreign = external.get(name) ?? live?.get(name);
    const entry = foreign ? undefined : own.get(name);
    if (!foreign && !entry) return unknownToolResult(info, name);
    // What a known client adds to every call on its own is dropped where the tool does not declare it (one table).
    const declares = declaredBy(foreign ? foreign.listing.inputSchema : entry?.input);
    const args = withoutAddedArguments(clientName(server, ctx), request.params.arguments, declares);
    const capabilities = clientCapabilities(server, ctx);
    const forms = supportsForms(capabilities);
    // Another framework's tool may also ask a URL question (./external.ts checks each question's mode); ours ask forms.
    const asks = forms || (foreign !== undefined && supportsUrls(capabilities));
    const envelope = ctx.mcpReq.envelope;
    let run: (host: HostContext) => Promise<McpCallResult>;
    let base: HostContext;
    let sampling = false;
    if (foreign) {
      // Another framework's tool sends its own notifications and, on 2025-11-25, its own requests (./external.ts).
      base = { signal: ctx.mcpReq.signal, call: callFacts(server, ctx) };
      if (authInfo) base.auth = callerOf(authInfo);
      run = (host) => callExternal(foreign, args, ctx, callSet.middleware, host, capabilities, live) as Promise<McpCallResult>;
      if (!asks || !envelope) return run(base);
    } else {
      const found = entry as NonNullable<typeof entry>;
      // The answer matters more than a progress or log line: a failed notification is reported, and the call carries on.
      base = {
        signal: ctx.mcpReq.signal,
        log: logNotifier((level, data, logger) => ctx.mcpReq.log(level, data, logger), report),
        call: callFacts(server, ctx),
      };
      if (authInfo) base.auth = callerOf(authInfo);
      const progress = progressNotifier(ctx.mcpReq._meta?.progressToken, (n) => ctx.mcpReq.notify(n), report);
      if (progress) base.progress = progress;
      sampling = supportsSampling(capabilities);
      run = (host) => callEntry(found, args, host);
      // Bad arguments are answered at once, as a plain call answers them: no task is made for a call that cannot run.
      const checked = book && taskMode(found.tool.task, ctx, name) === "task" ? checkInput(found, args) : undefined;
      if (book && checked?.ok) {
        // The work outlives this request: its own signal (tasks/cancel), progress as the status message, questions as
        // input requests. What it logs is not sent: the extension carries no notifications of a task's run.
        const { signal: _request, progress: _notified, log: _sent, ...kept } = base;
        const call = { ...(kept.call as CallFacts) };
        // The arguments were checked just now: the run takes them as accepted, not checked a second time.
        const accepted = { accepted: checked.value };
        return createTask(book, ctx, name, {
          run: (host, taskId) => runTool(found, accepted, { ...kept, ...host, call: { ...call, taskId } }).then(mcpResult),
          asks: forms,
          samples: sampling,
          report,
        });
      }
      if (!forms && !sampling) return run(base);
      if (!envelope) return run({ ...base, ...pushedAsks(ctx, forms, sampling) });
    }
    // 2026-07-28: a question or a sampling request ends this round with `input_required`; the call runs again with the reply.
    const round = {
      seal: sealFor(ctx),
      // Bound to the caller: one user's pending question can never be answered with another's token.
      digest: await callDigest(name, args, principalOf(authInfo)),
      requestState: ctx.mcpReq.requestState(),
      responses: ctx.mcpReq.inputResponses,
    };
    let outcome: RoundOutcome<McpCallResult>;
    try {
      outcome = await runRound(round, base.signal, (ask, signal, sample) => {
        const host: HostContext = { ...base, signal };
        if (asks) host.ask = ask;
        if (sampling) host.sample = sample;
        return run(host);
      });
    } catch (error) {
      return errorResult(failureText(name, error));
    }
    if (outcome.kind === "done") return outcome.result;
    const pending = outcome.request;
    const embedded =
      pending.key !== QUESTION_KEY
        ? inputRequired.createMessage(pending.params as never)
        : pending.form.url !== undefined
          ? inputRequired.elicitUrl({ message: pending.form.message, url: pending.form.url })
          : inputRequired.elicit({ message: pending.form.message, requestedSchema: pending.form.requestedSchema as never });
    return inputRequired({ inputRequests: { [pending.key]: embedded }, requestState: outcome.requestState });
  });
  return server;
}

/** The client's capabilities: a 2026-07-28 request carries them; a 2025 connection declared them at initialize. */
/** The calling client's `clientInfo.name`: from the request's `_meta` on 2026-07-28, from `initialize` on 2025-11-25. */
function clientName(server: Server, ctx: ServerContext): string | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, { name?: unknown } | undefined> | undefined;
  const name = envelope?.[CLIENT_INFO_META_KEY]?.name ?? server.getClientVersion()?.name;
  return typeof name === "string" ? name : undefined;
}

function clientCapabilities(server: Server, ctx: ServerContext): ClientCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, ClientCapabilities | undefined> | undefined;
  return envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities();
}

const withViewsMade = new WeakMap<Catalog, WeakMap<Views, Catalog>>();

/**
 * The views (./views.ts) as fixed resources of the catalog, after its own:
 * served to every client, since one that renders no apps may still read a
 * resource. Made once per catalog and views.
 */
export function withViews(catalog: Catalog, views: Views): Catalog {
  if (views.resources.length === 0) return catalog;
  let byViews = withViewsMade.get(catalog);
  if (!byViews) {
    byViews = new WeakMap();
    withViewsMade.set(catalog, byViews);
  }
  let made = byViews.get(views);
  if (!made) {
    made = joinViews(catalog, views);
    byViews.set(views, made);
  }
  return made;
}

function joinViews(catalog: Catalog, views: Views): Catalog {
  const served: ServedResource[] = views.resources.map((listing) => ({
    listing: listing as ServedResource["listing"],
    read: async (uri) => views.reads.get(uri) as never,
  }));
  return { ...catalog, resources: [...catalog.resources, ...served] };
}

/**
 * What a resource read, a prompt or a completion gets of its request: signal, caller, facts and log. The facts are
 * made when first read (only a middleware reads them), so a plain read or get makes one object for its request.
 */
class ServedRequest implements ServedContext {
  readonly signal: AbortSignal;
  readonly log: NonNullable<ServedContext["log"]>;
  readonly auth?: ServedContext["auth"];
  readonly #server: Server;
  readonly #ctx: ServerContext;
  readonly #method: string;
  #call: CallFacts | undefined;

  constructor(server: Server, ctx: ServerContext, method: string, report: (error: unknown) => void) {
    this.signal = ctx.mcpReq.signal;
    this.log = logNotifier((level, data, logger) => ctx.mcpReq.log(level, data, logger), report);
    if (ctx.http?.authInfo) this.auth = callerOf(ctx.http.authInfo);
    this.#server = server;
    this.#ctx = ctx;
    this.#method = method;
  }

  get call(): CallFacts {
    this.#call ??= callFacts(this.#server, this.#ctx, this.#method);
    return this.#call;
  }
}

function servedContext(server: Server, ctx: ServerContext, method: string, report: (error: unknown) => void): ServedContext {
  return new ServedRequest(server, ctx, method, report);
}

/** What middleware may know of an MCP call: the method, the ids, the revision in force and the request's `_meta`. */
function callFacts(server: Server, ctx: ServerContext, method = "tools/call"): CallFacts {
  const facts: CallFacts = { host: "mcp", method, requestId: ctx.mcpReq.id };
  const { sessionId } = ctx as { sessionId?: string };
  if (sessionId) facts.sessionId = sessionId;
  const revision = server.getNegotiatedProtocolVersion();
  if (revision) facts.revision = revision;
  if (ctx.mcpReq._meta) facts.meta = ctx.mcpReq._meta as Record<string, unknown>;
  return facts;
}

/**
 * A 2025 connection: questions and sampling go out as real requests and the
 * call waits, so a client's error comes back to the tool as a throw (cleaned
 * in its failure line), not raw in an SDK text. `send`, not `elicitInput` or
 * `requestSampling`: the SDK would check the reply itself, in its own words.
 */
function pushedAsks(ctx: ServerContext, forms: boolean, sampling: boolean): Pick<HostContext, "ask" | "sample"> {
  const signal = ctx.mcpReq.signal;
  const send = (method: "elicitation/create" | "sampling/createMessage", params: object, abort: AbortSignal | undefined) =>
    ctx.mcpReq.send({ method, params: { ...params } } as never, abort ? { signal: abort } : {});
  const asks: Pick<HostContext, "ask" | "sample"> = {};
  if (forms) asks.ask = askByRequest((params, abort) => send("elicitation/create", params, abort), signal);
  if (sampling) asks.sample = sampleByRequest((params, abort) => send("sampling/createMessage", params, abort), signal);
  return asks;
}
