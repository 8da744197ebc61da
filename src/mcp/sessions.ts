/**
 * The 2025-11-25 sessions of one HTTP handler, bounded in number and in time.
 *
 * - A session that has made no request since `initialize` is "new" and lives
 *   at most 30 seconds (or the idle time, if shorter): a flood of bare
 *   `initialize` requests fades within seconds.
 * - A session that has made a request lives until it has been idle for the
 *   idle time (30 minutes by default).
 * - At the cap, the new session takes the place of the oldest new one, or
 *   else of the least recently used: a new client always gets in, and a
 *   flood pushes out its own sessions before anyone's working one. A client
 *   whose session went answers 404 and starts a new one, as the
 *   specification asks of it.
 *
 * Expiry never walks every session: each map keeps its sessions in the order
 * they were last used (a use moves a session to the end), so a sweep stops at
 * the first one still fresh.
 */

/** What the table needs of a session: a way to end it. */
export interface Closable {
  close(): Promise<void>;
}

interface Entry<S> {
  session: S;
  lastSeen: number;
}

/** How long a session that made no request after `initialize` is kept. */
export const NEW_SESSION_MS = 30_000;

export class SessionTable<S extends Closable> {
  private readonly fresh = new Map<string, Entry<S>>();
  private readonly used = new Map<string, Entry<S>>();
  private readonly max: number;
  private readonly idleMs: number;
  private readonly newMs: number;
  private readonly onerror: (error: Error) => void;
  private readonly now: () => number;

  constructor(max: number, idleMs: number, onerror: (error: Error) => void, now: () => number = Date.now) {
    this.max = max;
    this.idleMs = idleMs;
    this.newMs = Math.min(NEW_SESSION_MS, idleMs);
    this.onerror = onerror;
    this.now = now;
  }

  get size(): number {
    return this.fresh.size + this.used.size;
  }

  /** Adds a session that just answered `initialize`, making room first when the table is full. */
  add(id: string, session: S): void {
    void this.reserve();
    this.fresh.set(id, { session, lastSeen: this.now() });
  }

  /** Ends expired sessions, then the oldest ones until one more fits; resolves once those have closed. */
  async reserve(): Promise<void> {
    const closing = this.sweep();
    while (this.size >= this.max) {
      const oldest = this.fresh.keys().next().value ?? this.used.keys().next().value;
      if (oldest === undefined) break;
      closing.push(this.end(oldest));
    }
    await Promise.all(closing);
  }

  /** The session for a request, marked as used now; `undefined` when it is unknown or expired. */
  use(id: string): S | undefined {
    void this.sweep();
    const entry = this.fresh.get(id) ?? this.used.get(id);
    if (!entry) return undefined;
    this.fresh.delete(id);
    this.used.delete(id);
    entry.lastSeen = this.now();
    this.used.set(id, entry);
    return entry.session;
  }

  /** Forgets a session that ended on its own (DELETE, transport closed). */
  forget(id: string): void {
    this.fresh.delete(id);
    this.used.delete(id);
  }

  /** Ends every session. */
  async closeAll(): Promise<void> {
    const all = [...this.fresh.values(), ...this.used.values()];
    this.fresh.clear();
    this.used.clear();
    await Promise.allSettled(all.map((entry) => entry.session.close()));
  }

  /** Ends the expired sessions at the front of each map; stops at the first fresh one. The closings, to await or not. */
  private sweep(): Array<Promise<void>> {
    const closing: Array<Promise<void>> = [];
    const now = this.now();
    for (const [map, limit] of [
      [this.fresh, this.newMs],
      [this.used, this.idleMs],
    ] as const) {
      for (const [id, entry] of map) {
        if (now - entry.lastSeen <= limit) break;
        closing.push(this.end(id));
      }
    }
    return closing;
  }

  /** Ends one session; the promise never rejects (a failed close goes to `onerror`). */
  private end(id: string): Promise<void> {
    const entry = this.fresh.get(id) ?? this.used.get(id);
    this.forget(id);
    return entry ? entry.session.close().catch(this.onerror) : Promise.resolve();
  }
}
