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
 * - `registerTool`, `registerPrompt`, `registerResource`: present, since
 *   `useMcpServer()` binds them at once, but each refuses in one line.
 *
 * `_mcpServer` and `server` are the toolkit's own fields, not its public API:
 * test/nuxt-toolkit-fixtures.test.ts runs the toolkit's own elicitation and
 * logger fixtures through them, and test/private-fields.test.ts pins the
 * toolkit's version and the lines that read them, so a change on its side
 * fails a test here first.
 */
import type { LogLevel } from "@agntn/tools";
import type { ExternalCallContext } from "@agntn/tools/mcp";

/** Where the toolkit's `useMcpServer()` reads the server (its `event.context` key). */
export const TOOLKIT_SERVER_KEY = "_mcpServer";

const NO_REGISTER =
  "useMcpServer() cannot register or remove definitions during a request on the @agntn/tools route yet; define them in server/mcp/ instead";
const NO_ELICITATION = "The client declared no elicitation in this request's capabilities, so a toolkit tool's question cannot be asked";

function refuse(message: string): never {
  throw new Error(message);
}

/** The stand-in for the toolkit's SDK v1 server, for one call. */
export function toolkitServer(context: ExternalCallContext): Record<string, unknown> {
  const sdk = {
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
  return {
    server: sdk,
    registerTool: () => refuse(NO_REGISTER),
    registerPrompt: () => refuse(NO_REGISTER),
    registerResource: () => refuse(NO_REGISTER),
  };
}
