/**
 * The toolkit's `useMcpSession()` on an MCP 2026-07-28 request. That
 * revision has no sessions: the toolkit's composable reads the session from
 * the request's `Mcp-Session-Id` header (through `getHeader`, on every call),
 * and no 2026 call ever has one (the handler answers a request that carries
 * the header as one of a 2025-11-25 session, src/mcp/http.ts), so the
 * composable throws its own line telling the developer to enable
 * `mcp.sessions`, which would not help. The call answers this package's line instead, saying why and where
 * state belongs. A 2025-11-25 call is left exactly as the toolkit answers it.
 *
 * The toolkit's line is matched by its start, which is its own text rather
 * than an API: test/private-fields.test.ts pins the toolkit's version and the
 * lines of its composable, so a change there fails a test here first.
 */
import type { ExternalCallContext } from "@agntn/tools/mcp";

/** How the toolkit's `useMcpSession()` (0.21) starts the error it throws when the request names no session. */
export const TOOLKIT_NO_SESSION = "No active MCP session.";

export const NO_SESSIONS =
  "useMcpSession() has no session to give here: this client speaks MCP 2026-07-28, which has no sessions; keep the tool's state elsewhere (in storage, under an id the tool returns and takes back as an argument)";

/** This package's line for a toolkit tool's throw that says there is no session, on a 2026-07-28 call; `undefined` otherwise. */
export function sessionlessAnswer(error: unknown, context: ExternalCallContext): string | undefined {
  // A 2025-11-25 call can send the client a request mid-call; a 2026-07-28 one cannot, and has no session either.
  if (context.sendRequest) return undefined;
  return error instanceof Error && error.message.startsWith(TOOLKIT_NO_SESSION) ? NO_SESSIONS : undefined;
}
