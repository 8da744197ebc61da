/**
 * `server/discover` (2026-07-28) on an endpoint that serves both eras.
 *
 * The SDK answers it with the modern revisions alone, since 2025 clients
 * agree on theirs through `initialize`. Yet the spec's `supportedVersions` is
 * every protocol version the server supports (schema/2026-07-28/schema.ts,
 * `DiscoverResult`), and its own versioning page lists a 2025 revision beside
 * 2026-07-28 in the error that names what a server supports. Every MCP face of
 * this package answers `initialize` where it answers discover (the HTTP faces
 * on the same URL, runCli's `mcp` command on the same pipe), so its answer
 * names the 2025 revisions too, after the modern ones: a client picks the first
 * it speaks, and one that only speaks 2025 learns it can still connect here.
 *
 * Only the list grows. The capabilities stay the SDK's reading of what the
 * request's own server declares (./server.ts): tools, logging, resources and
 * prompts where the endpoint serves some, the Apps and Tasks extensions where
 * a tool has a view or may run as a task.
 */
import { type JSONRPCRequest, type Result, Server, type ServerContext, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";

/** The first revision that carries its version on every request: the ones before it are negotiated at `initialize`. */
const FIRST_MODERN = "2026-07-28";

/**
 * The 2025-era revisions every MCP face answers `initialize` with, newest first: the SDK's own list, the very one its
 * server picks the negotiated version from, so what discover names and what `initialize` accepts cannot drift apart.
 */
export const LEGACY_REVISIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version < FIRST_MODERN);

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * A server whose `server/discover` answer names `alsoServed` after the revisions the SDK lists. The SDK installs
 * its discover handler on each 2026 request; every handler passes through `_wrapHandler` (the hook the SDK keeps for
 * subclasses), so this one is wrapped wherever and whenever it is installed.
 */
export class DualEraServer extends Server {
  readonly #alsoServed: readonly string[];

  constructor(
    info: ConstructorParameters<typeof Server>[0],
    options: ConstructorParameters<typeof Server>[1],
    alsoServed: readonly string[],
  ) {
    super(info, options);
    this.#alsoServed = alsoServed;
  }

  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== "server/discover") return wrapped;
    return async (request, ctx) => {
      const result = await wrapped(request, ctx);
      const listed = (result as { supportedVersions?: unknown }).supportedVersions;
      if (!Array.isArray(listed)) return result;
      return { ...result, supportedVersions: [...listed, ...this.#alsoServed.filter((version) => !listed.includes(version))] };
    };
  }
}
