/**
 * The seal for `requestState` on SDK v2 servers. With a key, states are
 * signed with the SDK's own HMAC-SHA256 codec (`createRequestStateCodec`), so
 * any instance holding the same key accepts a state another instance made and
 * refuses a tampered or expired one. Without a key, see `unsignedSeal`.
 */
import { createRequestStateCodec, type ServerContext } from "@modelcontextprotocol/server";
import { type StateSeal, unsignedSeal } from "./replay.ts";

/** How long a question may stay unanswered, by default: 15 minutes. */
export const DEFAULT_STATE_TTL_SECONDS = 15 * 60;

export interface StateSealOptions {
  /**
   * The secret that signs `requestState` (2026-07-28 questions): at least 32
   * bytes, the same on every instance that may serve a later round.
   */
  requestStateKey?: string | Uint8Array;
  /** How long a question may wait for its answer, in seconds. Default 900. */
  requestStateTtlSeconds?: number;
}

function keyLength(key: string | Uint8Array): number {
  return typeof key === "string" ? new TextEncoder().encode(key).length : key.length;
}

/** Checks the options now, so a short key or a bad TTL fails at start-up, not on the first question. */
export function checkStateSealOptions(options: StateSealOptions): void {
  const { requestStateKey: key, requestStateTtlSeconds: ttl } = options;
  if (key !== undefined) {
    if (typeof key !== "string" && !(key instanceof Uint8Array)) {
      throw new TypeError("requestStateKey must be a string or a Uint8Array");
    }
    if (keyLength(key) < 32) {
      throw new RangeError(`requestStateKey must be at least 32 bytes (it has ${keyLength(key)}); use e.g. \`openssl rand -base64 32\``);
    }
  }
  if (ttl !== undefined && (typeof ttl !== "number" || !Number.isInteger(ttl) || ttl < 1)) {
    throw new RangeError("requestStateTtlSeconds must be a whole number of seconds, at least 1");
  }
}

const made = new WeakMap<StateSealOptions, (ctx: ServerContext) => StateSeal>();

/**
 * A seal for one server: signed when a key is set, plain otherwise. Made once
 * per options object, since the HTTP handler builds a server per request.
 */
export function createStateSeal(options: StateSealOptions): (ctx: ServerContext) => StateSeal {
  const known = made.get(options);
  if (known) return known;
  const seal = makeStateSeal(options);
  made.set(options, seal);
  return seal;
}

function makeStateSeal(options: StateSealOptions): (ctx: ServerContext) => StateSeal {
  checkStateSealOptions(options);
  const ttlSeconds = options.requestStateTtlSeconds ?? DEFAULT_STATE_TTL_SECONDS;
  if (options.requestStateKey === undefined) {
    const plain = unsignedSeal(ttlSeconds);
    return () => plain;
  }
  const codec = createRequestStateCodec<unknown>({ key: options.requestStateKey, ttlSeconds });
  return (ctx) => ({
    seal: (state) => codec.mint(state, ctx),
    open: (text) => codec.verify(text, ctx).catch(() => undefined),
  });
}
