/**
 * Streamable HTTP for both protocol revisions from one web-standard `fetch`,
 * and the one path every HTTP face takes (`createMcpHttpHandler`, h3's
 * `registerMcpRoute`, the Nuxt module's route). Each step runs once per request and
 * hands on what it found; nothing reads the request a second time:
 *
 * 1. Host and Origin (./../protocol/hosts.ts), before anything is read;
 * 2. with `auth`, the protected resource metadata, then the token;
 * 3. the body, read once within its bound (./request.ts);
 * 4. the route: 2026-07-28 requests go to the SDK's `createMcpHandler`
 *    (stateless, questions ride `input_required`); 2025-11-25 clients get
 *    real sessions, because their questions are server→client requests whose
 *    replies arrive on a later POST (the SDK's stateless fallback would forget
 *    the client's capabilities and could never ask). Sessions live in this
 *    process's memory, owned by the caller that opened them (./sessions.ts);
 * 5. dispatch, with the scope check where the call runs (./auth.ts).
 */
import {
  type AuthInfo,
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  type JSONRPCRequest,
  type ScopeChallengeHandler,
  type Server,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { checkOptionKeys } from "../core/options.ts";
import { isRecord } from "../core/schema.ts";
import { checkChanges, isToolList, type ToolList, toolsNow } from "../core/tool-list.ts";
import type { AnyTool, Effect, ServerInfo } from "../core/types.ts";
import { checkCacheHints } from "../protocol/cache-hints.ts";
import { toolIndex } from "../protocol/call.ts";
import { principalOf } from "../protocol/caller.ts";
import { catalogOption } from "../protocol/catalog.ts";
import { type HostList, type HostPolicy, hostListOption, hostRefusal, hostSet, LOCAL_HOSTS, originListOption } from "../protocol/hosts.ts";
import { jsonRpcError } from "../protocol/json-rpc-error.ts";
import { mayCall } from "../protocol/scopes.ts";
import { sessionLimits } from "../protocol/session-limits.ts";
import { createAuthGate, type McpAuthOptions } from "./auth.ts";
import { checkCatalog } from "./catalog.ts";
import { LEGACY_REVISIONS } from "./discover.ts";
import { externalIndex, refuseExternalName } from "./external.ts";
import { legacyHeaderMismatch, readMessage } from "./request.ts";
import { busOption, FollowedResources, notifierOf, type ResourceNotifier } from "./resource-updates.ts";
import {
  buildServer,
  effectsOf,
  hasTaskTools,
  hidingFor,
  type McpServerOptions,
  SERVER_OPTIONS,
  type ToolSet,
  withViews,
} from "./server.ts";
import { SessionTools } from "./session-tools.ts";
import { SessionTable } from "./sessions.ts";
import { checkStateSealOptions } from "./state-seal.ts";
import { answerPoll } from "./tasks/poll.ts";
import { isTaskRequest, taskServer } from "./tasks/serve.ts";
import { type TaskBook, taskBookOf } from "./tasks/store.ts";
import { viewsOf } from "./views.ts";

export interface McpHttpHandlerOptions extends McpServerOptions {
  /**
   * Host names the `Host` header may name (DNS-rebinding protection). Default:
   * this machine's names, `localhost`, `127.0.0.1` and `[::1]`. A public
   * server lists its own names; `"any"` answers every host (only behind a
   * proxy that checks them).
   */
  allowedHosts?: HostList;
  /**
   * Origins a browser page may call from, whole (`https://app.example.com`:
   * scheme, host and port), besides the server's own origin, which is always
   * allowed. `"any"` lets every page in. A request without `Origin` (not a
   * browser) is judged by its Host alone.
   */
  allowedOrigins?: HostList;
  /** A 2025 session unused this long is closed. Default 30 minutes; one that made no request after `initialize`, 30 seconds. */
  sessionIdleMs?: number;
  /** The most 2025 sessions kept at once; a new one takes the place of one of the caller holding the most. Default 1000. */
  maxSessions?: number;
  /** With `auth`: the most 2025 sessions one caller may hold; its next one takes the place of its own oldest. Default 100. */
  maxSessionsPerCaller?: number;
  /**
   * `false` answers every 2025-11-25 request on its own, with nothing kept
   * between requests, for hosts that run many short-lived instances
   * (serverless functions, workers, replicas without affinity). Plain calls
   * and progress work there; questions need the 2026-07-28 revision. Default
   * `true`: 2025 clients get sessions in this process's memory.
   */
  sessions?: boolean;
  /** Out-of-band errors (a failed notification, a transport error). */
  onerror?: (error: Error) => void;
  /**
   * OAuth 2.1 resource-server authorization: every request needs a valid
   * access token minted for `auth.resource`, each tool call the scope of its
   * effect, and the protected resource metadata is served at its well-known
   * path. Without it, anyone who reaches the URL may call every tool.
   */
  auth?: McpAuthOptions;
}

export interface McpHttpHandler {
  fetch(request: Request): Promise<Response>;
  /** Closes every open session and the modern handler. */
  close(): Promise<void>;
  /** Number of open 2025 sessions (for health checks and tests). */
  readonly sessions: number;
  /** With `auth`: the paths of the protected resource metadata, which `fetch` also answers (route them here too). */
  readonly metadataPaths?: readonly string[];
  /** Announces a resource's change to every client following it, on both revisions (through `bus` when one was given). */
  readonly notify: ResourceNotifier;
}

/** The keys `createMcpHttpHandler` takes. */
export const HTTP_OPTIONS = [
  ...SERVER_OPTIONS,
  "allowedHosts",
  "allowedOrigins",
  "sessions",
  "sessionIdleMs",
  "maxSessions",
  "maxSessionsPerCaller",
  "onerror",
  "auth",
] as const;

/** The tools one request is served, found from the request (the Nuxt route resolves the toolkit's per request). */
export type ToolSource = (request: Request) => ToolSet | Promise<ToolSet>;

/** How a face names itself and spells the options, for the lines that refuse a request or an option. */
export interface OptionNames {
  /** What the user called (`createMcpHttpHandler`, `registerMcpRoute`, …): every refused option's line starts with it. */
  where: string;
  allowedHosts: string;
  allowedOrigins: string;
}

/** The names of a face the user builds with a function of its own name. */
export function ownNames(where: string): OptionNames {
  return { where, allowedHosts: "allowedHosts", allowedOrigins: "allowedOrigins" };
}

/**
 * Serves a tool list over Streamable HTTP as a `fetch(request) → response` function (h3, srvx, Bun, Deno, workers).
 * Given a `createToolList` list, it serves the list as it is at each request and tells clients when it changes.
 */
export function createMcpHttpHandler(
  info: ServerInfo,
  tools: readonly AnyTool[] | ToolList,
  options: McpHttpHandlerOptions = {},
): McpHttpHandler {
  return httpHandler(info, tools, options, "createMcpHttpHandler");
}

/** `createMcpHttpHandler` for a face of another name (h3's), which its refusals then name. */
export function httpHandler(
  info: ServerInfo,
  tools: readonly AnyTool[] | ToolList,
  options: McpHttpHandlerOptions,
  where: string,
): McpHttpHandler {
  checkOptionKeys(where, options, HTTP_OPTIONS);
  const { external = [], resources: _resources, prompts: _prompts, ...rest } = options;
  const catalog = catalogOption(options, where);
  /** The set for the tools as they are now, checked: a broken tool, a duplicate name or a view file that cannot be read throws. */
  const setOf = (now: readonly AnyTool[]): ToolSet => {
    const made: ToolSet = { tools: now, external, catalog };
    toolIndex(now);
    effectsOf(made);
    checkCatalog(withViews(catalog, viewsOf(now)));
    return made;
  };
  // Checked now: a broken list throws here, not on the first request.
  let set = setOf(toolsNow(tools));
  if (!isToolList(tools)) return serveHttp(info, () => set, rest, ownNames(where));
  const list = tools;
  // The set as the list is now, made again at the first request after a change rather than when the change is heard:
  // a change then costs the same whatever the list's length. Its parts were checked as they came in (below).
  const now = () => {
    if (list.tools !== set.tools) set = { tools: list.tools, external, catalog };
    return set;
  };
  const held = externalIndex(external, new Map());
  return serveHttp(info, now, rest, ownNames(where), {
    now,
    subscribe(changed) {
      // A change this handler could not serve is refused: an incoming name one of its external tools holds (the list
      // itself refuses a view, so the views never grow). Only the incoming tool is looked at, in a Map by name.
      const stopChecking = checkChanges(list, (incoming) => refuseExternalName(held, incoming.name));
      const stopHearing = list.subscribe(changed);
      return () => {
        stopChecking();
        stopHearing();
      };
    },
  });
}

/** A tool list that changes while the handler runs (./../core/tool-list.ts), as the handler follows it. */
export interface LiveToolSet {
  /** The set as it is now. */
  now(): ToolSet;
  /** Calls `changed` after each change; returns the function that stops it. */
  subscribe(changed: () => void): () => void;
}

/** What one request carries past the read: the message, once, and the caller its token named. */
interface ReadRequest {
  request: Request;
  message: unknown;
  auth: AuthInfo | undefined;
}

/** A 2025 session, as the table keeps it. */
interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  close(): Promise<void>;
}

/** The handler as a host that serves other endpoints beside it (the Nuxt module's named toolkit handlers) uses it. */
export interface RouteHandler extends McpHttpHandler {
  /** The Host and Origin check, then the token: the refusal to send, or the caller (`undefined` without `auth`). */
  admit(request: Request): Promise<Response | AuthInfo | undefined>;
  /** With `auth`: the refusal text for a call of this effect above the caller's scopes; `undefined` when it may run. */
  effectRefusal(effect: Effect, auth: AuthInfo | undefined): string | undefined;
}

/**
 * The handler behind every HTTP face: `tools` gives each request (or, on
 * 2025, each session at `initialize`) the tools it is served; `names` spells
 * the options as the face's users write them.
 */
export function serveHttp(
  info: ServerInfo,
  tools: ToolSource,
  options: Omit<McpHttpHandlerOptions, "external" | "resources" | "prompts">,
  names: OptionNames,
  live?: LiveToolSet,
): RouteHandler {
  const onerror = options.onerror ?? (() => {});
  const reportError = (error: unknown) => onerror(error instanceof Error ? error : new Error(String(error)));
  const policy = hostPolicy(options, names);
  const gate = options.auth === undefined ? undefined : createAuthGate(options.auth, names.where);
  const serverOptions = {
    ...pick(options, ["instructions", "requestStateKey", "requestStateTtlSeconds"] as const),
    cacheHints: checkCacheHints(options.cacheHints, names.where),
  };
  // Checked now, so a short key fails here rather than on the first question.
  checkStateSealOptions(serverOptions, names.where);
  const stateless = options.sessions === false;
  // Resource updates: 2026 listen streams hear them through the SDK's entry, 2025 sessions through their own set.
  const bus = busOption(options.bus, names.where, onerror);
  // A list that changes: each change goes on the bus, which 2026 listen streams and open 2025 sessions both hear.
  const stopFollowing = live?.subscribe(() => bus.publish({ kind: "tools_list_changed" }));
  // The server's identity as results carry it in their `_meta`, for the task polls answered here (./tasks/poll.ts).
  const identity = JSON.parse(JSON.stringify(info)) as ServerInfo;
  const sessions = new SessionTable<Session>(sessionLimits(options, names.where), onerror);
  // One task store for every request (each 2026 request gets a server of its own): the one given, or a memory one
  // made when a set first holds a tool that may run as a task.
  const givenBook = options.tasks === undefined ? undefined : taskBookOf(options.tasks, names.where);
  let ownBook: TaskBook | undefined;
  const bookFor = (set: ToolSet): TaskBook | undefined => {
    if (givenBook || !hasTaskTools(set.tools)) return givenBook;
    ownBook ??= taskBookOf(undefined, names.where);
    return ownBook;
  };

  // Who sees which tool (./visible.ts): the scope checks below give no challenge for a tool hidden from the caller.
  const outOfScope = gate?.outOfScope;
  const hiding = hidingFor(outOfScope, onerror);
  // One scope check per tool set (a handler with a fixed list makes it once).
  const checks = new WeakMap<ToolSet, ScopeChallengeHandler>();
  const scopeCheckOf = (set: ToolSet): ScopeChallengeHandler | undefined => {
    if (!gate) return undefined;
    const known = checks.get(set);
    if (known) return known;
    const check = gate.scopeCheck(effectsOf(set), hiding(set).hidden);
    checks.set(set, check);
    return check;
  };

  /**
   * A server for one request's tool set, with the scope check at its `tools/call` when tokens are checked. A 2026
   * one declares `resources.subscribe` (the entry serves `subscriptions/listen`); a 2025 one without a session cannot.
   */
  const serverFor = (set: ToolSet, modernEra: boolean): Server => {
    const scopeCheck = scopeCheckOf(set);
    const server = buildServer(info, set, {
      ...serverOptions,
      ...(scopeCheck ? { scopeCheck } : {}),
      ...(outOfScope ? { outOfScope } : {}),
      ...(modernEra ? { updates: {} } : {}),
      // Declared on 2026 only: a 2025 client without a session has no stream to hear a change on.
      ...(live && modernEra ? { toolsChange: true } : {}),
      // Tasks are a 2026-07-28 extension (./tasks/serve.ts says why 2025 answers at once).
      ...(modernEra ? { tasks: bookFor(set) } : {}),
      // This URL answers `initialize` too: `server/discover` names the 2025 revisions after 2026-07-28 (./discover.ts).
      ...(modernEra ? { alsoServed: LEGACY_REVISIONS } : {}),
    });
    server.onerror = onerror;
    return server;
  };

  // The SDK's factory finds the request's tool set by the request it is handed (the very object passed to `fetch`).
  const setOf = new WeakMap<Request, ToolSet>();
  // And whether it is a `tasks/*` request, which gets a server of the task methods alone (./tasks/serve.ts).
  const taskPolls = new WeakSet<Request>();
  const modern = createMcpHandler(
    (ctx) => {
      const set = ctx.requestInfo ? setOf.get(ctx.requestInfo as Request) : undefined;
      if (!set) throw new Error("@agntn/tools: no tool set for this request");
      const book = ctx.era === "modern" && taskPolls.has(ctx.requestInfo as Request) ? bookFor(set) : undefined;
      if (book) {
        const server = taskServer(info, book);
        server.onerror = onerror;
        return server;
      }
      return serverFor(set, ctx.era === "modern");
    },
    { legacy: stateless ? "stateless" : "reject", onerror, bus },
  );

  const openSession = async (read: ReadRequest): Promise<Response> => {
    const owner = principalOf(read.auth);
    const set = await tools(read.request);
    // The session's own list: another framework's tool may add to it while the session runs (./session-tools.ts).
    // Its check then asks the session's additions too, so an added tool is scope-checked like any other.
    const session = set.external.length > 0 ? new SessionTools() : undefined;
    // A list that changes is read afresh at each request of the session, and so is its scope check.
    const setNow = live ? () => live.now() : () => set;
    let scopeCheck = scopeCheckOf(set);
    if (gate && live && !session) {
      // The set's own check, made once per version of the list (scopeCheckOf keeps it by set).
      scopeCheck = (challenge) => scopeCheckOf(setNow())?.(challenge);
    } else if (gate && live && session) {
      scopeCheck = (challenge) => {
        const now = setNow();
        const effects = effectsOf(now);
        return gate.scopeCheck((name) => effects(name) ?? session.effectOf(name), hiding(now, session).hidden)(challenge);
      };
    } else if (gate && session) {
      const effects = effectsOf(set);
      scopeCheck = gate.scopeCheck(
        (name) => effects(name) ?? session.effectOf(name),
        (name, authInfo) => hiding(set, session).hidden(name, authInfo),
      );
    }
    const followed = new FollowedResources(bus);
    const server = buildServer(info, live ? setNow : set, {
      ...serverOptions,
      ...(scopeCheck ? { scopeCheck } : {}),
      ...(session ? { session } : {}),
      ...(live ? { toolsChange: true } : {}),
      ...(outOfScope ? { outOfScope } : {}),
      updates: { followed },
    });
    server.onerror = onerror;
    // Told the list changed, the session's client hears tools/list_changed on its stream.
    const stopHearing = live
      ? bus.subscribe((event) => {
          if (event.kind === "tools_list_changed" && server.transport) server.sendToolListChanged().catch(onerror);
        })
      : undefined;
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      // The owner is the caller whose `initialize` opened it; the id is recorded only now that it exists.
      onsessioninitialized: (id) => sessions.add(id, { transport, close: () => transport.close() }, owner),
      onsessionclosed: (id) => sessions.forget(id),
    });
    transport.onclose = () => {
      followed.close();
      stopHearing?.();
      if (transport.sessionId) sessions.forget(transport.sessionId);
    };
    // The SDK asks it of every message it is about to dispatch on this session: a call above the scopes gets 403.
    if (scopeCheck) transport.setScopeChallengeResolver(scopeCheck);
    await server.connect(transport);
    return transport.handleRequest(read.request, sdkOptions(read));
  };

  /** A 2025 request with sessions: on the session its id names, if it is the caller's, or opening one. */
  const legacy = async (read: ReadRequest): Promise<Response> => {
    const id = read.request.headers.get("mcp-session-id");
    if (id !== null) {
      const session = sessions.use(id, principalOf(read.auth));
      if (!session) return jsonRpcError(404, -32001, "Session not found");
      return session.transport.handleRequest(read.request, sdkOptions(read));
    }
    if (read.request.method === "POST" && isInitializeRequest(read.message)) return openSession(read);
    // A stream outside a session is not offered: 405, as the spec lets a server answer a GET it has no stream for.
    if (read.request.method === "GET")
      return jsonRpcError(405, -32000, "Method not allowed. Use POST for MCP requests.", { allow: "POST" });
    return jsonRpcError(400, -32000, "Bad Request: a 2025-11-25 client must initialize first or send its Mcp-Session-Id");
  };

  /** With `auth`, the 403 a request's call above the caller's scopes gets (the check the server's `tools/call` makes again). */
  const scopeRefusal = async (read: ReadRequest, set: ToolSet): Promise<Response | undefined> => {
    const scopeCheck = scopeCheckOf(set);
    if (!gate || !scopeCheck || !isRecord(read.message)) return undefined;
    // Asked before dispatch so the client gets a 403 it can step up from.
    const challenge = await scopeCheck({ request: read.message as JSONRPCRequest, ...authOf(read) });
    return challenge ? gate.challengeResponse(challenge) : undefined;
  };

  /** A request answered on its own (2026, or 2025 without sessions): its tools found, its call's scope checked, then the SDK. */
  const alone = async (read: ReadRequest, found?: ToolSet): Promise<Response> => {
    const set = found ?? (await tools(read.request));
    const refusal = await scopeRefusal(read, set);
    if (refusal) return refusal;
    setOf.set(read.request, set);
    if (isTaskRequest(read.message)) taskPolls.add(read.request);
    return modern.fetch(read.request, sdkOptions(read));
  };

  /**
   * A 2026-07-28 task poll answered here, from the store, when it is an ordinary one (./tasks/poll.ts classifies it
   * with the SDK's ladder, so it comes before the routing, which would classify it too); `undefined` sends it on.
   */
  const poll = async (read: ReadRequest, set: ToolSet): Promise<Response | undefined> => {
    const book = bookFor(set);
    if (!book) return undefined;
    return (await scopeRefusal(read, set)) ?? answerPoll(read.request, read.message, read.auth, book, identity, reportError);
  };

  const route = async (read: ReadRequest): Promise<Response> => {
    const hasSession = read.request.headers.has("mcp-session-id");
    let found: ToolSet | undefined;
    if (!hasSession && isTaskRequest(read.message)) {
      found = await tools(read.request);
      const answered = await poll(read, found);
      if (answered) return answered;
    }
    const isLegacy = hasSession || (await isLegacyRequest(read.request, read.message).catch(() => false));
    if (!isLegacy) return alone(read, found);
    const mismatch = legacyHeaderMismatch(read.request, read.message);
    if (mismatch) return mismatch;
    return stateless ? alone(read, found) : legacy(read);
  };

  /** Steps 1 and 2: the Host and Origin check, then the token; the refusal to send, or the caller (none without `auth`). */
  const admit = async (request: Request): Promise<Response | AuthInfo | undefined> =>
    hostRefusal(request, policy) ?? (gate ? gate.authenticate(request) : undefined);

  return {
    async fetch(request) {
      if (gate?.metadataPaths.includes(new URL(request.url).pathname)) return hostRefusal(request, policy) ?? gate.metadata(request);
      const auth = await admit(request);
      if (auth instanceof Response) return auth;
      const read = await readMessage(request);
      if (!read.ok) return read.response;
      return route({ request, message: read.message, auth });
    },
    admit,
    effectRefusal(effect, auth) {
      if (!gate || (auth && mayCall(auth, effect, gate.scopes))) return undefined;
      return `This call needs the scope ${gate.scopes[effect]}`;
    },
    async close() {
      stopFollowing?.();
      await Promise.allSettled([modern.close(), sessions.closeAll()]);
    },
    get sessions() {
      return sessions.size;
    },
    notify: notifierOf(bus, names.where),
    ...(gate ? { metadataPaths: gate.metadataPaths } : {}),
  };
}

const authOf = (read: ReadRequest): { authInfo?: AuthInfo } => (read.auth ? { authInfo: read.auth } : {});

/** What the SDK's handlers take of a read request: the message parsed here (never read again) and the caller. */
function sdkOptions(read: ReadRequest): { parsedBody?: unknown; authInfo?: AuthInfo } {
  return { ...(read.message === undefined ? {} : { parsedBody: read.message }), ...authOf(read) };
}

/** Where this handler answers: the given names, or this machine's; pages from its own origin, or the given ones. */
function hostPolicy(options: McpHttpHandlerOptions, names: OptionNames): HostPolicy {
  const hosts = hostListOption(options.allowedHosts, `${names.where}: ${names.allowedHosts}`) ?? LOCAL_HOSTS;
  return {
    hosts: hosts === "any" ? "any" : hostSet(hosts),
    origins: originListOption(options.allowedOrigins, `${names.where}: ${names.allowedOrigins}`) ?? new Set(),
    hostOption: names.allowedHosts,
    originOption: names.allowedOrigins,
  };
}

/** The given keys of an options object, the ones set. */
function pick<T extends object, K extends keyof T>(options: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) if (options[key] !== undefined) picked[key] = options[key];
  return picked;
}
