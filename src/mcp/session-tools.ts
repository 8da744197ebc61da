/**
 * Tools another framework adds to one 2025-11-25 session while it runs (the
 * toolkit's `useMcpServer().registerTool` on the Nuxt route), and removes
 * again. A session's list starts as its tool set's and changes only for that
 * session: the client hears of each change through
 * `notifications/tools/list_changed` (the server declares `listChanged` when
 * it can send one), and another session never sees it, as with the toolkit
 * alone. A tool added here is scope-checked by its annotations like any
 * other external tool (./http.ts builds the session's check over
 * {@link SessionTools.effectOf}).
 *
 * A 2026-07-28 request has no session, so it gets none of this: a tool added
 * there would vanish with the request.
 */
import { effectOfAnnotations } from "../protocol/scopes.ts";
import type { ExternalTool } from "./external.ts";

/** What a call of an external tool may do to its session's list. */
export interface SessionToolList {
  /** Adds a tool; a name the session already serves throws, in SDK v1's words. */
  add(tool: ExternalTool): void;
  /** Removes a tool this session added; `false` when it added none of that name. */
  remove(name: string): boolean;
}

export class SessionTools implements SessionToolList {
  readonly #tools = new Map<string, ExternalTool>();
  /** Whether a name is served already, outside this list; set by the server the session runs on. */
  taken: (name: string) => boolean = () => false;
  /** Told after every change; the server sends `list_changed`. */
  changed: () => void = () => {};

  get size(): number {
    return this.#tools.size;
  }

  get(name: string): ExternalTool | undefined {
    return this.#tools.get(name);
  }

  /** The listings, in the order the tools were added. */
  listings(): Array<ExternalTool["listing"]> {
    return [...this.#tools.values()].map((tool) => tool.listing);
  }

  /** The effect of a tool this session added, by its annotations; `undefined` for any other name. */
  effectOf(name: string) {
    const tool = this.#tools.get(name);
    return tool ? effectOfAnnotations(tool.listing.annotations) : undefined;
  }

  add(tool: ExternalTool): void {
    const name = tool.listing.name;
    if (this.#tools.has(name) || this.taken(name)) throw new Error(`Tool ${name} is already registered`);
    this.#tools.set(name, tool);
    this.changed();
  }

  remove(name: string): boolean {
    if (!this.#tools.delete(name)) return false;
    this.changed();
    return true;
  }
}
