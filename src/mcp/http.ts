/**
 * Streamable HTTP for both protocol revisions from one web-standard `fetch`.
 * 2026-07-28 requests go to the SDK's `createMcpHandler` (stateless, questions
 * ride `input_required`). 2025-11-25 clients get real sessions, because their
 * questions are server→client requests whose replies arrive on a later POST:
 * the SDK's own stateless fallback would forget the client's capabilities and
 * could never ask. Sessions live in this process's memory.
 */
import {
  type AuthInfo,
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  readRequestBody,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { toolIndex } from "../protocol/call.ts";
import { principalOf } from "../protocol/caller.ts";
import { type HostList, type HostPolicy, hostRefusal, hostSet, LOCAL_HOSTS } from "../protocol/hosts.ts";
import { createAuthGate, type McpAuthOptions } from "./auth.ts";
import { createMcpServer, type McpServerOptions, SERVER_OPTIONS } from "./server.ts";
import { SessionTable } from "./sessions.ts";
import { createStateSeal } from "./state-seal.ts";

export interface McpHttpOptions extends McpServerOptions {
  /**
   * Host names the `Host` header may name (DNS-rebinding protection). Default:
   * this machine's names, `localhost`, `127.0.0.1` and `[::1]`. A public
   * server lists its own names; `"any"` answers every host (only behind a
   * proxy that checks them).
   */
  allowedHosts?: HostList;
  /** Host names a browser's `Origin` may name. Default: the allowed hosts. `"any"` lets every page in. */
  allowedOrigins?: HostList;
  /** A 2025 session unused this long is closed. Default 30 minutes; one that made no request after `initialize`, 30 seconds. */
  sessionIdleMs?: number;
  /** The most 2025 sessions kept at once; a new one takes the place of the oldest unused, else least recently used. Default 1000. */
  maxSessions?: number;
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
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** The keys `createMcpHttpHandler` takes. */
export const HTTP_OPTIONS = [
  ...SERVER_OPTIONS,
  "allowedHosts",
  "allowedOrigins",
  "sessions",
  "sessionIdleMs",
  "maxSessions",
  "onerror",
  "auth",
] as const;

/** Serves a tool list over Streamable HTTP as a `fetch(request) → response` function (h3, srvx, Bun, Deno, workers). */
export function createMcpHttpHandler(info: ServerInfo, tools: readonly AnyTool[], options: McpHttpOptions = {}): McpHttpHandler {
  checkOptionKeys("createMcpHttpHandler", options, HTTP_OPTIONS);
  const serverOptions = pick(options, SERVER_OPTIONS);
  const policy = hostPolicy(options);
  const onerror = options.onerror ?? (() => {});
  const factory = () => {
    const server = createMcpServer(info, tools, serverOptions);
    server.onerror = onerror;
    return server;
  };
  const stateless = options.sessions === false;
  const gate = options.auth === undefined ? undefined : createAuthGate(options.auth);
  const own = toolIndex(tools);
  // Built now, so a short key fails here rather than on the first question.
  createStateSeal(serverOptions);
  const modern = createMcpHandler(factory, { legacy: stateless ? "stateless" : "reject", onerror });
  const sessions = new SessionTable<WebStandardStreamableHTTPServerTransport>(
    countOption(options.maxSessions, "maxSessions", 1000),
    countOption(options.sessionIdleMs, "sessionIdleMs", 30 * 60_000),
    onerror,
  );

  // With auth, a 2025 session belongs to the caller who opened it: another token gets "not found", as for any unknown id.
  const owners = new WeakMap<WebStandardStreamableHTTPServerTransport, string>();

  const openSession = async (request: Request, read: ReadBody): Promise<Response> => {
    const { auth } = read;
    const server = factory();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => sessions.add(id, transport),
      onsessionclosed: (id) => sessions.forget(id),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.forget(transport.sessionId);
    };
    owners.set(transport, principalOf(auth));
    await server.connect(transport);
    return transport.handleRequest(request, sdkOptions(read));
  };

  const legacy = async (request: Request, read: ReadBody): Promise<Response> => {
    const id = request.headers.get("mcp-session-id");
    if (id !== null) {
      const transport = sessions.use(id);
      if (!transport || owners.get(transport) !== principalOf(read.auth)) return jsonRpcError(404, -32001, "Session not found");
      return transport.handleRequest(request, sdkOptions(read));
    }
    const body = read.parsed;
    const opening = Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
    if (request.method === "POST" && opening) return openSession(request, read);
    return jsonRpcError(400, -32000, "Bad Request: a 2025-11-25 client must initialize first or send its Mcp-Session-Id");
  };

  const route = async (request: Request, read: ReadBody): Promise<Response> => {
    if (stateless) return modern.fetch(request, sdkOptions(read));
    const isLegacy =
      request.headers.has("mcp-session-id") ||
      (await isLegacyRequest(read.parsed === undefined ? request.clone() : request, read.parsed).catch(() => false));
    return isLegacy ? legacy(request, read) : modern.fetch(request, sdkOptions(read));
  };

  return {
    async fetch(request) {
      const refused = hostRefusal(request.headers.get("host"), request.headers.get("origin"), policy);
      if (refused) return refused;
      if (gate?.metadataPaths.includes(new URL(request.url).pathname)) return gate.metadata(request);
      const auth = gate ? await gate.authenticate(request) : undefined;
      if (auth instanceof Response) return auth;
      const read: ReadBody = { parsed: await parsedBody(request), auth };
      const overreach = gate && auth ? gate.refuseCalls(auth, read.parsed, (name) => own.get(name)?.tool) : undefined;
      return overreach ?? route(request, read);
    },
    async close() {
      await Promise.allSettled([modern.close(), sessions.closeAll()]);
    },
    get sessions() {
      return sessions.size;
    },
    ...(gate ? { metadataPaths: gate.metadataPaths } : {}),
  };
}

/** A request's body, read once for every step that looks at it, and the caller its token named. */
interface ReadBody {
  /** The JSON body of a POST; `undefined` for other methods, a body over the size bound or one that is not JSON (the SDK answers those). */
  parsed: unknown;
  auth: AuthInfo | undefined;
}

/** Reads a POST body once, within the SDK's own size bound, so the SDK gets it parsed instead of reading it again. */
async function parsedBody(request: Request): Promise<unknown> {
  if (request.method !== "POST") return undefined;
  const body = await readRequestBody(request.clone()).catch(() => undefined);
  if (!body || body.tooLarge) return undefined;
  try {
    return JSON.parse(body.text);
  } catch {
    return undefined;
  }
}

/** What the SDK's handlers take of a read request. */
function sdkOptions(read: ReadBody): { parsedBody?: unknown; authInfo?: AuthInfo } {
  const options: { parsedBody?: unknown; authInfo?: AuthInfo } = {};
  if (read.parsed !== undefined) options.parsedBody = read.parsed;
  if (read.auth) options.authInfo = read.auth;
  return options;
}

function hostListOption(value: unknown, name: string): HostList | undefined {
  if (value === undefined || value === "any") return value;
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === "string" && entry !== "")) {
    throw new TypeError(`${name} must be a list of host names or "any"`);
  }
  return value;
}

/** Where this handler answers: the given names, or this machine's; origins follow the hosts unless given. */
function hostPolicy(options: McpHttpOptions): HostPolicy {
  const hosts = hostListOption(options.allowedHosts, "allowedHosts") ?? LOCAL_HOSTS;
  const origins = hostListOption(options.allowedOrigins, "allowedOrigins") ?? hosts;
  return {
    hosts: hosts === "any" ? "any" : hostSet(hosts),
    origins: origins === "any" ? "any" : hostSet(origins),
    hostOption: "allowedHosts",
    originOption: "allowedOrigins",
  };
}

/** The given keys of an options object, the ones set. */
function pick<T extends object, K extends keyof T>(options: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) if (options[key] !== undefined) picked[key] = options[key];
  return picked;
}

/** A whole number above zero, or the default when unset. */
function countOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number above 0`);
  return value;
}
