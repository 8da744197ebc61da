/**
 * What the toolkit's composables reach for inside a toolkit tool on the
 * route. `useMcpServer()` reads the server from `event.context._mcpServer`,
 * which the toolkit's own handler sets to its SDK v1 `McpServer`; the route
 * answers with this package's server instead, so it sets a stand-in there
 * for each call, built from the call's own request:
 *
 * - `server.getClientCapabilities()`: what the client declared;
 * - `server.elicitInput(params)`: an `elicitation/create` request to the
 *   client on a 2025-11-25 session, its reply returned as SDK v1 returns it;
 *   on 2026-07-28 a form or a URL travels as `input_required`, as this
 *   package's questions do (the tool runs again from its start with the
 *   reply), in a mode the request's capabilities declare, else one line;
 * - `server.sendLoggingMessage(params)`: a `notifications/message` on the
 *   call's own stream when the client's log level lets it through, as the
 *   toolkit's logger filters it;
 * - `registerTool(name, config, handler)` on a 2025-11-25 session: the tool
 *   joins that session's list (and no other session's, as with the toolkit
 *   alone), the client is sent `notifications/tools/list_changed`, and the
 *   handle's `remove()` (what `removeTool` calls) takes it out again. The
 *   toolkit keeps its handles per server object, so on a session the
 *   stand-in is one object for the whole session, its `server` field
 *   reading the current call's. Without a session (2026-07-28, or a route
 *   that keeps none) it refuses in one line: a tool added then would vanish
 *   with the request;
 * - `registerPrompt` and `registerResource` likewise, for that session's
 *   prompts and resources (./toolkit-registered.ts shapes them), each
 *   change sent as its list's `list_changed`.
 *
 * `_mcpServer` and `server` are the toolkit's own fields, not its public API:
 * test/nuxt-toolkit-fixtures.test.ts runs the toolkit's own elicitation and
 * logger fixtures through them, and test/private-fields.test.ts pins the
 * toolkit's version and the lines that read them, so a change on its side
 * fails a test here first.
 */
import type { LogLevel } from "@agntn/tools";
import type { ExternalCallContext, ExternalTool, SessionToolList } from "@agntn/tools/mcp";
import type { registeredPrompt, registeredResource } from "./toolkit-registered.ts";

/** Where the toolkit's `useMcpServer()` reads the server (its `event.context` key). */
export const TOOLKIT_SERVER_KEY = "_mcpServer";

const NO_SESSION =
  "useMcpServer() can add or remove tools, prompts and resources only on a 2025-11-25 session, and this request has none (MCP 2026-07-28 has no sessions): anything added now would be gone with the request";
const NO_UPDATE =
  "What useMcpServer() adds on the @agntn/tools route can be removed, not enabled, disabled or updated: remove it and register it again";
const NO_ELICITATION = "The client declared no elicitation in this request's capabilities, so a toolkit tool's question cannot be asked";

function refuse(message: string): never {
  throw new Error(message);
}

/** The stand-in of SDK v1's low-level server, for one call: its capabilities, questions and log lines are the call's. */
function callServer(context: ExternalCallContext): Record<string, unknown> {
  return {
    getClientCapabilities: () => context.clientCapabilities,
    async elicitInput(params: Record<string, unknown>) {
      if (context.sendRequest) return context.sendRequest({ method: "elicitation/create", params }, context.signal);
      // 2026-07-28: the question travels as `input_required`, the way this package's questions do. SDK v1's
      // `elicitationId` stays behind: that revision has none (the reply comes back with the call itself).
      if (!context.elicit) return refuse(NO_ELICITATION);
      const message = String(params.message ?? "");
      if (params.mode === "url") return context.elicit({ mode: "url", message, url: String(params.url ?? "") });
      return context.elicit({ message, requestedSchema: params.requestedSchema as Record<string, unknown> });
    },
    async sendLoggingMessage(params: { level: LogLevel; data: unknown; logger?: string }) {
      await context.log(params.level, params.data, params.logger);
    },
  };
}

/**
 * How what `useMcpServer()` registers becomes what the route serves: a tool as the toolkit's own are
 * (toolkit-external.ts, which imports this file), a prompt or resource as ./toolkit-registered.ts makes them.
 */
export interface Makers {
  tool(definition: { name: string; handler: (...args: unknown[]) => unknown } & Record<string, unknown>): ExternalTool;
  prompt: typeof registeredPrompt;
  resource: typeof registeredResource;
}

/** Where the current call's low-level stand-in is kept on the event, for a session's stand-in to hand out. */
const CALL_SERVER_KEY = "_agntnToolkitCallServer";

/** One stand-in per session, so the toolkit's handles (kept per server object) outlive the call that registered. */
const bySession = new WeakMap<SessionToolList, Record<string, unknown>>();

/** A handle as SDK v1's register functions return it: `remove()` works, the rest refuse in one line. */
function handle(remove: () => boolean) {
  return { enabled: true, remove, enable: () => refuse(NO_UPDATE), disable: () => refuse(NO_UPDATE), update: () => refuse(NO_UPDATE) };
}

type Callback = (...args: unknown[]) => unknown;

function sessionServer(session: SessionToolList, make: Makers, current: () => Record<string, unknown> | undefined) {
  return {
    get server() {
      return current()?.[CALL_SERVER_KEY];
    },
    registerTool(name: string, config: Record<string, unknown> | undefined, handler: Callback) {
      if (typeof name !== "string" || typeof handler !== "function") {
        return refuse("useMcpServer().registerTool takes a name, a config object and a handler");
      }
      session.add(make.tool({ ...config, name, handler }));
      return handle(() => session.remove(name));
    },
    registerPrompt(name: string, config: Record<string, unknown> | undefined, callback: Callback) {
      if (typeof name !== "string" || typeof callback !== "function") {
        return refuse("useMcpServer().registerPrompt takes a name, a config object and a callback");
      }
      session.addPrompt(make.prompt(name, config, callback));
      return handle(() => session.removePrompt(name));
    },
    registerResource(name: string, where: unknown, config: Record<string, unknown> | undefined, callback: Callback) {
      if (typeof name !== "string" || typeof callback !== "function") {
        return refuse("useMcpServer().registerResource takes a name, a URI or template, a metadata object and a callback");
      }
      session.addResource(name, make.resource(name, where, config, callback));
      return handle(() => session.removeResource(name));
    },
  };
}

/**
 * The stand-in for the toolkit's SDK v1 server, for one call: on a session, the session's one stand-in (this call's
 * low-level server set where it reads it); without one, an object of this call's own whose registering refuses.
 */
export function toolkitServer(
  context: ExternalCallContext,
  eventContext: Record<string, unknown>,
  make: Makers,
  current: () => Record<string, unknown> | undefined,
): Record<string, unknown> {
  const sdk = callServer(context);
  const { session } = context;
  if (!session) {
    return {
      server: sdk,
      registerTool: () => refuse(NO_SESSION),
      registerPrompt: () => refuse(NO_SESSION),
      registerResource: () => refuse(NO_SESSION),
    };
  }
  eventContext[CALL_SERVER_KEY] = sdk;
  let standIn = bySession.get(session);
  if (!standIn) {
    standIn = sessionServer(session, make, current);
    bySession.set(session, standIn);
  }
  return standIn;
}
