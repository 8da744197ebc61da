/**
 * The MCP route: one Nitro middleware that hands every request on the route
 * to this package's HTTP handler, the same one `createMcpHttpHandler` and
 * h3's `registerMcpRoute` are, so the route takes their one request path: Host and
 * Origin, the token, the body read once within its bound, then dispatch with
 * the scope check where each call runs. Both revisions, the app's tools and
 * the toolkit's own (./route-tools.ts), sessions owned by who opened them.
 *
 * Beside the route the toolkit keeps what is its own: the browser's page view
 * of the route (its redirect) and pages below it. Its named handlers
 * (`/mcp/:handler`, served by the toolkit on SDK v1) pass the same Host,
 * Origin and token check here, and ./tools-plugin.ts checks each of their
 * calls' scope where the toolkit dispatches it.
 */
import { sanitizeLine } from "@agntn/tools";
import { jsonRpcError, type RouteHandler } from "@agntn/tools/internal/nuxt";
import { defineEventHandler } from "h3";
import config from "#agntn-tools/config.mjs";
import { defaultHandler } from "#nuxt-mcp-toolkit/default-handler.mjs";
import { handlers as namedHandlers } from "#nuxt-mcp-toolkit/handlers.mjs";
import { appList } from "./app-tools.ts";
import { CALLER_KEY, eventOf, handlerFor } from "./route-handler.ts";
import { placeOf } from "./route-path.ts";
import { sessionEnded, sessionOpened } from "./route-tools.ts";
import { warnAtFirstRequest } from "./warnings.ts";
import { type NitroEvent, webRequest } from "./web-request.ts";

const named = new Set(namedHandlers.map((handler) => handler.name));
/** The app's own `defineMcpHandler` middleware for the default route (auth, logging), which the 2026 path runs too. */
const routeMiddleware = defaultHandler?.middleware;

/**
 * The handler's answer. With a list that changes, it also notes which session a request opened and which one its
 * client ended, so each request of a session is served the toolkit's part it opened with (./route-tools.ts).
 */
async function fetchOn(event: NitroEvent, handler: RouteHandler, request: Request): Promise<Response> {
  const response = await handler.fetch(request);
  if (!appList) return response;
  const asked = request.headers.get("mcp-session-id");
  const opened = response.headers.get("mcp-session-id");
  if (asked === null && opened !== null) sessionOpened(event, opened);
  if (asked !== null && request.method === "DELETE") sessionEnded(asked);
  return response;
}

/** The route's answer, inside the app's own `defineMcpHandler` middleware when it has one, as the toolkit runs it. */
async function answer(event: NitroEvent, handler: RouteHandler): Promise<Response> {
  const request = webRequest(event);
  eventOf.set(request, event);
  if (!routeMiddleware) return fetchOn(event, handler, request);
  let answered: Response | undefined;
  const result = await routeMiddleware(event, async () => {
    answered = await fetchOn(event, handler, request);
    return answered;
  });
  return (result as Response | undefined) ?? answered ?? fetchOn(event, handler, request);
}

export default defineEventHandler(async (raw) => {
  const event = raw as unknown as NitroEvent;
  const path = event.path.split("?")[0] ?? "";
  const place = placeOf(path, config.route, named);
  if (place === undefined && !path.startsWith("/.well-known/oauth-protected-resource")) return;
  // A browser's page view of the route: the toolkit redirects it to the docs.
  if (place === "route" && event.method === "GET" && (event.headers.get("accept") ?? "").includes("text/html")) return;
  let handler: RouteHandler;
  try {
    handler = handlerFor(event);
  } catch (error) {
    // Authorization on, but incomplete: refuse rather than serve without checks, and say why in the server's log.
    console.error(`[@agntn/tools] ${sanitizeLine(error instanceof Error ? error.message : error)}`);
    return jsonRpcError(500, -32603, "Authorization is misconfigured on this server");
  }
  warnAtFirstRequest(event);
  if (place === "route" || handler.metadataPaths?.includes(path)) return answer(event, handler);
  if (place !== "named") return;
  // A named handler of the toolkit's: the same Host, Origin and token check; the body stays the toolkit's to read.
  const admitted = await handler.admit(webRequest(event, false));
  if (admitted instanceof Response) return admitted;
  if (admitted) event.context[CALLER_KEY] = admitted;
});
