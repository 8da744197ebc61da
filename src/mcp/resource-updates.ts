/**
 * Resource subscriptions: a client follows a resource and hears
 * `notifications/resources/updated` when the server says it changed.
 *
 * The server says so on one change bus, the SDK v2 `ServerEventBus` shape
 * (`publish`, `subscribe`), so a deployment of many instances can hand in one
 * over its own pub/sub (Redis, a queue) and every instance hears it. Who hears
 * an update depends on the revision:
 *
 * - 2026-07-28 clients open `subscriptions/listen` with the URIs they follow;
 *   the SDK's entry (`createMcpHandler`, `serveStdio`) serves that stream from
 *   the bus and the capabilities the server declares.
 * - 2025-11-25 clients send `resources/subscribe` and `resources/unsubscribe`
 *   on a session; each session (or stdio connection) keeps its own set here
 *   and hears only the URIs in it, on its stream.
 *
 * A URI is followed only when the server serves it (a fixed resource, a
 * template's match, a session's addition; on the Nuxt route anything when the
 * toolkit serves resources too, since its list cannot be asked for one URI),
 * and one connection follows at most {@link MAX_FOLLOWED} of them.
 */
import { InMemoryServerEventBus, type ServerEvent, type ServerEventBus } from "@modelcontextprotocol/server";
import { ToolDefinitionError } from "../core/errors.ts";
import { isRecord } from "../core/schema.ts";

export type { ServerEventBus };

/** The most URIs one 2025 session or connection may follow: a client cannot grow a server's memory without bound. */
export const MAX_FOLLOWED = 1000;

/** The longest URI a client may follow (a longer one is refused in one line, never stored). */
export const MAX_URI_LENGTH = 2048;

/** What a server says about its resources: each call reaches every client following that URI, on either revision. */
export interface ResourceNotifier {
  /** Tells every client following `uri` that it changed; it reads it again when it wants the new contents. */
  resourceUpdated(uri: string): void;
}

/** The bus an option names, checked, or a new one in this process's memory. */
export function busOption(value: unknown, where: string, onerror?: (error: Error) => void): ServerEventBus {
  if (value === undefined) return new InMemoryServerEventBus(onerror);
  if (!isRecord(value) || typeof value.publish !== "function" || typeof value.subscribe !== "function")
    throw new ToolDefinitionError(`${where}: bus must have publish(event) and subscribe(listener), like the SDK's InMemoryServerEventBus`);
  return value as unknown as ServerEventBus;
}

/** The notifier over a bus: its one method checks the URI and publishes. */
export function notifierOf(bus: ServerEventBus, where: string): ResourceNotifier {
  return {
    resourceUpdated(uri: string) {
      if (typeof uri !== "string" || uri === "") throw new TypeError(`${where}: resourceUpdated needs a URI string`);
      bus.publish({ kind: "resource_updated", uri });
    },
  };
}

/** Why a URI cannot be followed, in one line; `undefined` when it can. */
export function followRefusal(uri: string, count: number): string | undefined {
  if (uri.length > MAX_URI_LENGTH) return `A URI to follow is at most ${MAX_URI_LENGTH} characters`;
  if (count >= MAX_FOLLOWED) return `This session already follows ${MAX_FOLLOWED} resources; unsubscribe from one first`;
  return undefined;
}

/**
 * The URIs one connection follows (a 2025 session, or whatever a server from
 * `createMcpServer` is connected to). It listens to the bus only while it
 * follows something, unless told to hear every update ({@link hearAll}), so a
 * session that never subscribes costs the bus nothing.
 */
export class FollowedResources {
  readonly #uris = new Set<string>();
  readonly #bus: ServerEventBus;
  #stop: (() => void) | undefined;
  #all: () => boolean = () => false;
  /** Sends `notifications/resources/updated` to this connection's client; the server sets it once it exists. */
  deliver: (uri: string) => void = () => {};

  constructor(bus: ServerEventBus) {
    this.#bus = bus;
  }

  get size(): number {
    return this.#uris.size;
  }

  /** Follows `uri`; the refusal line when it cannot. Following a URI twice is one subscription. */
  follow(uri: string): string | undefined {
    if (this.#uris.has(uri)) return undefined;
    const refused = followRefusal(uri, this.#uris.size);
    if (refused) return refused;
    this.#uris.add(uri);
    this.#listen();
    return undefined;
  }

  /** Stops following `uri` (one not followed is no error: the answer is the same either way). */
  unfollow(uri: string): void {
    this.#uris.delete(uri);
    if (this.#uris.size === 0 && !this.#hearsAll) this.#quiet();
  }

  #hearsAll = false;

  /**
   * Hears every update while `all()` says so, followed or not: on a 2026-07-28
   * stdio connection the SDK's entry keeps the client's `subscriptions/listen`
   * and picks what to pass on from what the server sends.
   */
  hearAll(all: () => boolean): void {
    this.#all = all;
    this.#hearsAll = true;
    this.#listen();
  }

  /** Stops listening to the bus (the connection closed). */
  close(): void {
    this.#uris.clear();
    this.#hearsAll = false;
    this.#quiet();
  }

  #listen(): void {
    this.#stop ??= this.#bus.subscribe((event: ServerEvent) => {
      if (event.kind === "resource_updated" && (this.#uris.has(event.uri) || this.#all())) this.deliver(event.uri);
    });
  }

  #quiet(): void {
    this.#stop?.();
    this.#stop = undefined;
  }
}
