/**
 * Keeps the toolkit's 2025 sessions from locking the route. The toolkit
 * keeps at most `mcp.sessions.maxSessions` (1000) sessions for
 * `maxDuration` (30 minutes) each and answers 503 to every new client once
 * full, so a thousand bare `initialize` requests shut the route for half an
 * hour. This guard follows the sessions the toolkit opens (the
 * `Mcp-Session-Id` of each `initialize` answer) in a {@link SessionTable}: a
 * session with no request 30 seconds after `initialize` is ended, and at the
 * cap the oldest unused one (else the least recently used) makes room before
 * the new `initialize` reaches the toolkit. Ending one is the client's own
 * way: a `DELETE` with its id, sent through the app itself (`localFetch`).
 * Node presets only: on the others 2025 requests never reach the toolkit.
 */
import { type Closable, SessionTable } from "@agntn/tools/mcp";
import { useNitroApp } from "nitropack/runtime";
import config from "#agntn-tools/config.mjs";
import toolkitConfig from "#nuxt-mcp-toolkit/config.mjs";

/** Marks the guard's own DELETE requests, so the Host check lets them through whatever hosts the app allows. */
export const INTERNAL_HEADER = "x-agntn-tools-internal";
let token: string | undefined;

/** The mark's value: random per process, made on first use (Workers allow no random values at start-up). */
export function internalToken(): string {
  token ??= crypto.randomUUID();
  return token;
}

/** The toolkit's own bounds (its defaults unless the app set `mcp.sessions`): the guard keeps within them. */
const TOOLKIT_MAX_SESSIONS = toolkitConfig.sessions?.maxSessions ?? 1000;
const TOOLKIT_MAX_DURATION_MS = toolkitConfig.sessions?.maxDuration ?? 30 * 60_000;

class ToolkitSession implements Closable {
  readonly id: string;

  constructor(id: string) {
    this.id = id;
  }

  async close(): Promise<void> {
    const response = await useNitroApp().localFetch(config.route, {
      method: "DELETE",
      headers: { "mcp-session-id": this.id, "mcp-protocol-version": "2025-11-25", [INTERNAL_HEADER]: internalToken() },
    });
    await response.text();
  }
}

const table = new SessionTable<ToolkitSession>(TOOLKIT_MAX_SESSIONS, TOOLKIT_MAX_DURATION_MS, (error) =>
  console.error(`[@agntn/tools] ending an unused MCP session failed: ${error.message}`),
);

/** The response side of Nitro's Node event, as the guard reads it. */
interface NodeResponse {
  getHeader?(name: string): unknown;
  once?(name: string, listener: () => void): unknown;
}

/** Before an `initialize` reaches the toolkit: makes room, then records the session the answer opens. */
export async function beforeInitialize(res: NodeResponse | undefined): Promise<void> {
  await table.reserve();
  res?.once?.("finish", () => {
    const id = res.getHeader?.("mcp-session-id");
    if (typeof id === "string" && id !== "") table.add(id, new ToolkitSession(id));
  });
}

/** A request on a session: it is in use. A `DELETE` ends it, so the guard forgets it. */
export function onSessionRequest(id: string, method: string): void {
  if (method === "DELETE") table.forget(id);
  else table.use(id);
}
