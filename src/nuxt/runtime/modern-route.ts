/**
 * The MCP route's stateless path. The toolkit serves 2025-11-25 on SDK v1,
 * whose sessions live in one process's memory; this middleware answers, on
 * the same path and before the toolkit sees them:
 * - every 2026-07-28 request (no session: questions ride `input_required` and
 *   a `requestState` any instance can read, signed with the shared key);
 * - on presets that run many short-lived instances (serverless functions,
 *   workers), every 2025 request too, each on its own (plain calls and
 *   progress; a question needs a session, so 2025 clients get none there).
 * Both revisions list the same tools: the app's and the toolkit's own.
 */
import { type AnyTool, type ServerInfo, sanitizeLine } from "@agntn/tools";
import { createMcpServer, type ExternalTool } from "@agntn/tools/mcp";
import { type AuthInfo, createMcpHandler, isLegacyRequest, type McpHttpHandler } from "@modelcontextprotocol/server";
import { defineEventHandler, getRequestURL, readRawBody } from "h3";
import config from "#agntn-tools/config.mjs";
import { AUTH_CONTEXT_KEY, appToolOf } from "./app-tools.ts";
import { isExactRoute } from "./hosts.ts";
import { beforeInitialize, INTERNAL_HEADER, internalToken, onSessionRequest } from "./session-guard.ts";
import { stateKeyOf, warnWithoutStateKey } from "./state-key.ts";
import { originRefused, resolveRouteTools, routeMiddleware } from "./toolkit-config.ts";
import { externalTool, type ToolkitDefinition } from "./toolkit-external.ts";

/** The request parts read here, the same on Nitro's h3 v1 event under Node and on workers. */
interface EventLike {
  path: string;
  method: string;
  headers: Headers;
  node?: {
    res?: {
      writableFinished?: boolean;
      on?(name: string, listener: () => void): unknown;
      once?(name: string, listener: () => void): unknown;
      getHeader?(name: string): unknown;
    };
  };
}

/** Largest body read here; the SDK's own default bound. */
const MAX_BODY = 4 * 1024 * 1024;

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** What one request's server is built from, found again by the SDK's factory through the request. */
interface RouteTools {
  info: ServerInfo;
  instructions?: string;
  tools: readonly AnyTool[];
  external: ExternalTool[];
}

/**
 * Keyed by a header this middleware sets on the request it builds (any value
 * the client sent is replaced): the SDK hands its factory a clone of the
 * request on the 2025 leg, so the object itself cannot be the key.
 */
const ROUTE_HEADER = "x-agntn-tools-request";
const perRequest = new Map<string, RouteTools>();

/** One array per set of app tools, so the per-list caches (index, listing) stay warm across requests. */
const lists = new Map<string, readonly AnyTool[]>();

function stableList(tools: AnyTool[]): readonly AnyTool[] {
  const key = tools.map((tool) => tool.name).join("\u0000");
  const known = lists.get(key);
  if (known) return known;
  if (lists.size >= 64) lists.clear();
  lists.set(key, tools);
  return tools;
}

async function routeTools(event: unknown): Promise<RouteTools> {
  const resolved = await resolveRouteTools(event);
  const own: AnyTool[] = [];
  const external: ExternalTool[] = [];
  for (const entry of resolved.tools) {
    const tool = appToolOf(entry);
    if (tool) own.push(tool);
    else external.push(externalTool(entry as ToolkitDefinition));
  }
  // The name and version are the module's (as on 2025); the card's text and icons are the toolkit's.
  const info: ServerInfo = { name: config.name, version: config.version };
  if (resolved.description) info.description = resolved.description;
  if (Array.isArray(resolved.icons) && resolved.icons.length > 0) info.icons = resolved.icons as ServerInfo["icons"];
  const found: RouteTools = { info, tools: stableList(own), external };
  if (resolved.instructions) found.instructions = resolved.instructions;
  return found;
}

const handlers = new Map<string, McpHttpHandler>();

/** The SDK's web-standard handler, one per state key (the key reaches workers only with a request). */
function handlerFor(key: string | undefined): McpHttpHandler {
  const id = key ?? "";
  let handler = handlers.get(id);
  if (handler) return handler;
  const options = key === undefined ? {} : { requestStateKey: key };
  handler = createMcpHandler(
    (ctx) => {
      const id = ctx.requestInfo?.headers.get(ROUTE_HEADER);
      const found = id ? perRequest.get(id) : undefined;
      if (!found) throw new Error("@agntn/tools: no tool list for this request");
      const extra = found.instructions ? { instructions: found.instructions } : {};
      return createMcpServer(found.info, found.tools, { ...options, ...extra, external: found.external });
    },
    {
      legacy: config.stateless ? "stateless" : "reject",
      maxRequestBodySize: MAX_BODY,
      onerror: (error) => console.error(`[@agntn/tools] MCP route: ${sanitizeLine(error.message)}`),
    },
  );
  handlers.set(id, handler);
  return handler;
}

/** A web Request with the body read once (h3 keeps it, so the toolkit can still read it when the request is not ours). */
function webRequest(event: EventLike, body: Uint8Array | undefined): Request {
  const abort = new AbortController();
  // A client that goes away before its answer is written aborts the call (and the tool's signal).
  const res = event.node?.res;
  res?.on?.("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const headers = new Headers(event.headers);
  headers.set(ROUTE_HEADER, crypto.randomUUID());
  const init: RequestInit = { method: event.method, headers, signal: abort.signal };
  if (body !== undefined) init.body = body as BodyInit;
  return new Request(getRequestURL(event as never), init);
}

async function bodyOf(event: EventLike): Promise<Uint8Array | undefined | "too large"> {
  if (event.method !== "POST") return undefined;
  const declared = Number(event.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY) return "too large";
  const raw = (await readRawBody(event as never, false)) as Uint8Array | undefined;
  if (raw && raw.byteLength > MAX_BODY) return "too large";
  return raw ?? new Uint8Array();
}

/**
 * Whether the toolkit answers this request without a look at its body: a
 * browser's page view (the toolkit redirects it) and, where 2025 clients get
 * sessions, every request of a session or on the session's other methods.
 */
function plainlyForTheToolkit(event: EventLike): boolean {
  if (event.method === "GET" && (event.headers.get("accept") ?? "").includes("text/html")) return true;
  if (config.stateless) return false;
  return event.method !== "POST" || event.headers.has("mcp-session-id");
}

/** The body as JSON, read once here and handed to the SDK, which then reads it no more; `undefined` when it is not JSON. */
function parsedBody(body: Uint8Array | undefined): unknown {
  if (body === undefined || body.byteLength === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}

/** Whether the request is one of a 2025 client's: the SDK's own test, skipped when the 2026 header says so. */
async function isLegacy(event: EventLike, request: Request, parsed: unknown): Promise<boolean> {
  if (event.headers.get("mcp-protocol-version") === "2026-07-28") return false;
  return isLegacyRequest(parsed === undefined ? request.clone() : request, parsed, { maxRequestBodySize: MAX_BODY }).catch(() => true);
}

async function serve(event: EventLike, request: Request, parsed: unknown): Promise<Response> {
  const key = stateKeyOf(event);
  warnWithoutStateKey(event);
  const id = request.headers.get(ROUTE_HEADER) ?? "";
  perRequest.set(id, await routeTools(event));
  try {
    const authInfo = (event as { context?: Record<string, unknown> }).context?.[AUTH_CONTEXT_KEY] as AuthInfo | undefined;
    return await handlerFor(key).fetch(request, {
      ...(parsed === undefined ? {} : { parsedBody: parsed }),
      ...(authInfo ? { authInfo } : {}),
    });
  } finally {
    // The factory has run by the time the response starts; a streamed answer keeps its server, not this entry.
    perRequest.delete(id);
  }
}

export default defineEventHandler(async (raw) => {
  const event = raw as unknown as EventLike;
  if (!isExactRoute(event.path, config.route)) return;
  if (plainlyForTheToolkit(event)) {
    const session = event.headers.get("mcp-session-id");
    if (session !== null && event.headers.get(INTERNAL_HEADER) !== internalToken()) onSessionRequest(session, event.method);
    return;
  }
  const body = await bodyOf(event);
  if (body === "too large") return jsonRpcError(413, -32600, `Request body over ${MAX_BODY} bytes`);
  const request = webRequest(event, body);
  const parsed = parsedBody(body);
  // A 2025 request without a session (initialize, mostly) goes to the toolkit, which opens one: room first.
  if (!config.stateless && (await isLegacy(event, request, parsed))) {
    await beforeInitialize(event.node?.res);
    return;
  }
  if (originRefused(event.headers.get("origin"), getRequestURL(event as never).origin)) {
    return jsonRpcError(403, -32600, "Origin not allowed");
  }
  if (!routeMiddleware) return serve(event, request, parsed);
  // The app's own middleware for the route (auth, logging) runs on this path too, as the toolkit runs it.
  let answered: Response | undefined;
  const next = async () => {
    answered = await serve(event, request, parsed);
    return answered;
  };
  const result = await routeMiddleware(raw, next);
  if (result !== undefined) return result;
  return answered ?? serve(event, request, parsed);
});
