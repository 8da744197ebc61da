/**
 * DNS-rebinding protection for the MCP route: a page on evil.example.com that
 * resolves to 127.0.0.1 sends `Host: evil.example.com`, and the toolkit's own
 * Origin check compares the Origin with that same host, so it lets the page
 * in. This middleware answers 403 to any Host not in `agntnTools.allowedHosts`.
 */
import { defineEventHandler } from "h3";
import config from "#agntn-tools/config.mjs";
import { hostnameOf, onRoute } from "./hosts.ts";

/** The request parts this check reads, the same on Nitro's h3 v1 event. */
interface EventLike {
  path: string;
  node: { req: { headers: Record<string, string | string[] | undefined> } };
}

const allowed = new Set((config.allowedHosts ?? []).map((host) => hostnameOf(host) ?? host.toLowerCase()));

function refuse(): Response {
  const body = { jsonrpc: "2.0", error: { code: -32600, message: "Host not allowed" }, id: null };
  return new Response(JSON.stringify(body), { status: 403, headers: { "content-type": "application/json" } });
}

export default defineEventHandler((raw) => {
  const event = raw as unknown as EventLike;
  if (!onRoute(event.path, config.route)) return;
  const host = hostnameOf(event.node.req.headers.host);
  if (host === undefined || !allowed.has(host)) return refuse();
});
