/**
 * Authorization for the MCP route, on both revisions, before the toolkit or
 * the stateless path sees a request (see ./auth-config.ts for the settings):
 * - the protected resource metadata is answered at its well-known path (the
 *   toolkit's own placeholder there says OAuth is not configured);
 * - a request without a valid token gets 401 with the challenge;
 * - a `tools/call` above the token's scopes gets 403 `insufficient_scope`;
 * - a 2025 session answers only the caller who first used it;
 * - the verified token rides on `event.context`, where the toolkit adapter
 *   and the stateless path hand it to the tools as the caller.
 * With authorization off this middleware does nothing, but say once, in a
 * production server, that destructive tools are open to anyone.
 */
import { quote, sanitizeLine } from "@agntn/tools";
import { type AuthGate, principalOf } from "@agntn/tools/mcp";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { defineEventHandler, getRequestURL, readRawBody } from "h3";
import config from "#agntn-tools/config.mjs";
import { AUTH_CONTEXT_KEY, appTools } from "./app-tools.ts";
import { authIsOn, gateFor, settingsOf } from "./auth-config.ts";
import { onRoute } from "./hosts.ts";
import { INTERNAL_HEADER, internalToken } from "./session-guard.ts";

/** The request parts read here, the same on Nitro's h3 v1 event under Node and on workers. */
interface EventLike {
  path: string;
  method: string;
  headers: Headers;
  context: Record<string, unknown>;
}

const byName = new Map(appTools.map((tool) => [tool.name, tool]));

/** The first session id seen with each caller (bounded: the toolkit keeps at most 1000 sessions). */
const owners = new Map<string, string>();
const MAX_OWNERS = 5000;

/** Binds a session to the first caller that uses it; another caller's request on it reads as an unknown session. */
function sessionTaken(session: string | null, who: string): boolean {
  if (session === null) return false;
  const owner = owners.get(session);
  if (owner !== undefined) return owner !== who;
  if (owners.size >= MAX_OWNERS) owners.delete(owners.keys().next().value as string);
  owners.set(session, who);
  return false;
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}

let warned = false;

/**
 * Says once, in a production server, that the route serves destructive tools
 * to anyone: at start-up, or on Workers (where runtime config arrives with the
 * first request) then.
 */
export function warnWhenOpen(event: unknown): void {
  if (warned || (import.meta as { dev?: boolean }).dev || authIsOn(settingsOf(event))) return;
  warned = true;
  const destructive = appTools.filter((tool) => tool.effect === "destructive").map((tool) => quote(tool.name));
  if (destructive.length === 0) return;
  console.warn(
    `[@agntn/tools] ${config.route} serves destructive tools (${destructive.join(", ")}) to anyone who can reach it: set agntnTools.auth (or NUXT_AGNTN_TOOLS_AUTH_ISSUER and NUXT_AGNTN_TOOLS_AUTH_AUDIENCE) to require tokens.`,
  );
}

/** The 403 for a POST body that calls a tool above the token's scopes, or `undefined`. */
async function scopeRefusal(raw: unknown, gate: AuthGate, info: AuthInfo): Promise<Response | undefined> {
  // h3 keeps the body it read, so the stateless path and the toolkit read it again at no cost.
  const body = await readRawBody(raw as never, "utf8").catch(() => undefined);
  if (typeof body !== "string" || body === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  return gate.refuseCalls(info, parsed, (name) => byName.get(name));
}

export default defineEventHandler(async (raw) => {
  const event = raw as unknown as EventLike;
  // The session guard's own DELETE, sent through the app, carries no caller's token.
  if (event.headers.get(INTERNAL_HEADER) === internalToken()) return;
  const settings = settingsOf(raw);
  if (!authIsOn(settings)) {
    warnWhenOpen(raw);
    return;
  }
  let gate: AuthGate;
  try {
    gate = gateFor(settings);
  } catch (error) {
    // On, but incomplete: refuse rather than serve without checks, and say why in the server's log.
    console.error(`[@agntn/tools] ${sanitizeLine(error instanceof Error ? error.message : error)}`);
    if (!onRoute(event.path, config.route)) return;
    return jsonRpcError(500, -32603, "Authorization is misconfigured on this server");
  }
  const path = event.path.split("?")[0] ?? "";
  const url = getRequestURL(raw as never);
  // The bare well-known path too: the toolkit's placeholder there would say OAuth is not configured.
  if (gate.metadataPaths.includes(path)) return gate.metadata(new Request(url, { method: event.method }));
  if (!onRoute(event.path, config.route)) return;
  // A browser page view of the route (the toolkit's redirect) needs no token.
  if (event.method === "GET" && (event.headers.get("accept") ?? "").includes("text/html")) return;
  const info = await gate.authenticate(new Request(url, { method: event.method, headers: event.headers }));
  if (info instanceof Response) return info;
  if (sessionTaken(event.headers.get("mcp-session-id"), principalOf(info))) return jsonRpcError(404, -32001, "Session not found");
  if (event.method === "POST") {
    const refusal = await scopeRefusal(raw, gate, info);
    if (refusal) return refusal;
  }
  event.context[AUTH_CONTEXT_KEY] = info;
});
