/**
 * The 2025-11-25 sessions of one HTTP handler: who owns each, and bounds in
 * number and in time.
 *
 * - A session belongs to the caller that opened it (`initialize`): a request
 *   on it from anyone else reads as an unknown session, and nothing is ever
 *   recorded for an id the table did not open. Its entry ends with it.
 * - A session that has made no request since `initialize` is "new" and lives
 *   at most 30 seconds (or the idle time, if shorter): a flood of bare
 *   `initialize` requests fades within seconds.
 * - A session that has made a request lives until it has been idle for the
 *   idle time (30 minutes by default).
 * - Each caller with a token holds at most `perCaller` sessions: its next one
 *   takes the place of its own least recently seen. At the total cap a new session takes
 *   the place of a session of the caller holding the most, its oldest new
 *   one first, else its least recently used. So one caller's flood of
 *   `initialize` + `notifications/initialized`, which every real client
 *   sends, ends only that caller's sessions. (Without authorization every
 *   caller is the same anonymous one; only new-before-used protects them.)
 *   A client whose session went answers 404 and starts a new one, as the
 *   specification asks of it.
 *
 * Expiry never walks every session: each map keeps its sessions in the order
 * they were last used (a use moves a session to the end), so a sweep stops at
 * the first one still fresh. Eviction, which happens only at a cap, looks for
 * the session to end in one pass.
 */

/** What the table needs of a session: a way to end it. */
export interface Closable {
  close(): Promise<void>;
}

interface Entry<S> {
  session: S;
  /** Who opened it ({@link principalOf}); empty without authorization. */
  owner: string;
  lastSeen: number;
}

/** How long a session that made no request after `initialize` is kept. */
export const NEW_SESSION_MS = 30_000;

export interface SessionLimits {
  /** The most sessions at once. */
  max: number;
  /** The most sessions one caller with a token may hold. */
  perCaller: number;
  /** How long a used session may stay idle. */
  idleMs: number;
}

export class SessionTable<S extends Closable> {
  private readonly fresh = new Map<string, Entry<S>>();
  private readonly used = new Map<string, Entry<S>>();
  /** Sessions held per owner. */
  private readonly held = new Map<string, number>();
  private readonly limits: SessionLimits;
  private readonly newMs: number;
  private readonly onerror: (error: Error) => void;
  private readonly now: () => number;

  constructor(limits: SessionLimits, onerror: (error: Error) => void, now: () => number = Date.now) {
    this.limits = limits;
    this.newMs = Math.min(NEW_SESSION_MS, limits.idleMs);
    this.onerror = onerror;
    this.now = now;
  }

  get size(): number {
    return this.fresh.size + this.used.size;
  }

  /** Adds a session that just answered `initialize` for `owner`, making room first. */
  add(id: string, session: S, owner: string): void {
    void this.makeRoom(owner);
    this.fresh.set(id, { session, owner, lastSeen: this.now() });
    this.held.set(owner, (this.held.get(owner) ?? 0) + 1);
  }

  /**
   * The session for a request of `owner`, marked as used now; `undefined`
   * when it is unknown, expired or another caller's (which stays untouched).
   */
  use(id: string, owner: string): S | undefined {
    void this.sweep();
    const entry = this.fresh.get(id) ?? this.used.get(id);
    if (!entry || entry.owner !== owner) return undefined;
    this.fresh.delete(id);
    this.used.delete(id);
    entry.lastSeen = this.now();
    this.used.set(id, entry);
    return entry.session;
  }

  /** Forgets a session that ended on its own (DELETE, transport closed). */
  forget(id: string): void {
    const entry = this.fresh.get(id) ?? this.used.get(id);
    if (!entry) return;
    this.fresh.delete(id);
    this.used.delete(id);
    const count = (this.held.get(entry.owner) ?? 1) - 1;
    if (count > 0) this.held.set(entry.owner, count);
    else this.held.delete(entry.owner);
  }

  /** Ends every session. */
  async closeAll(): Promise<void> {
    const all = [...this.fresh.values(), ...this.used.values()];
    this.fresh.clear();
    this.used.clear();
    this.held.clear();
    await Promise.allSettled(all.map((entry) => entry.session.close()));
  }

  /** Ends expired sessions, then what the caps ask for one more session of `owner`; resolves once those have closed. */
  private async makeRoom(owner: string): Promise<void> {
    const closing = this.sweep();
    if (owner !== "") {
      while ((this.held.get(owner) ?? 0) >= this.limits.perCaller) {
        // Its own least recently seen, new or used alike: a new session of its own may be mid-handshake.
        const own = this.stalestOf(owner);
        if (own === undefined) break;
        closing.push(this.end(own));
      }
    }
    while (this.size >= this.limits.max) {
      const victim = this.oldestOf(this.largestHolder());
      if (victim === undefined) break;
      closing.push(this.end(victim));
    }
    await Promise.all(closing);
  }

  /** The owner holding the most sessions (the first met of equals). */
  private largestHolder(): string | undefined {
    let largest: string | undefined;
    let most = 0;
    for (const [owner, count] of this.held) {
      if (count > most) {
        most = count;
        largest = owner;
      }
    }
    return largest;
  }

  /** An owner's first session in a map (the least recently seen there). */
  private firstOf(map: Map<string, Entry<S>>, owner: string | undefined): [string, Entry<S>] | undefined {
    for (const item of map) if (item[1].owner === owner) return item;
    return undefined;
  }

  /** An owner's oldest new session, else its least recently used one. */
  private oldestOf(owner: string | undefined): string | undefined {
    return (this.firstOf(this.fresh, owner) ?? this.firstOf(this.used, owner))?.[0];
  }

  /** An owner's least recently seen session, new or used. */
  private stalestOf(owner: string): string | undefined {
    const fresh = this.firstOf(this.fresh, owner);
    const used = this.firstOf(this.used, owner);
    if (!fresh || !used) return (fresh ?? used)?.[0];
    return fresh[1].lastSeen <= used[1].lastSeen ? fresh[0] : used[0];
  }

  /** Ends the expired sessions at the front of each map; stops at the first fresh one. The closings, to await or not. */
  private sweep(): Array<Promise<void>> {
    const closing: Array<Promise<void>> = [];
    const now = this.now();
    for (const [map, limit] of [
      [this.fresh, this.newMs],
      [this.used, this.limits.idleMs],
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
