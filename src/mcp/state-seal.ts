/**
 * The seal for `requestState` on SDK v2 servers. With a key, states are
 * signed with the SDK's own HMAC-SHA256 codec (`createRequestStateCodec`), so
 * any instance holding the same key accepts a state another instance made and
 * refuses a tampered or expired one. Without a key, see `unsignedSeal`.
 */
import { createRequestStateCodec, type ServerContext } from "@modelcontextprotocol/server";
import { ToolDefinitionError } from "../core/errors.ts";
import { type StateSeal, unsignedSeal } from "../protocol/replay.ts";

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
export function checkStateSealOptions(options: StateSealOptions, where = "createMcpServer"): void {
  const { requestStateKey: key, requestStateTtlSeconds: ttl } = options;
  if (key !== undefined) {
    if (typeof key !== "string" && !(key instanceof Uint8Array)) {
      throw new ToolDefinitionError(`${where}: requestStateKey must be a string or a Uint8Array`);
    }
    if (keyLength(key) < 32) {
      throw new ToolDefinitionError(
        `${where}: requestStateKey must be at least 32 bytes (it has ${keyLength(key)}); use e.g. \`openssl rand -base64 32\``,
      );
    }
  }
  if (ttl !== undefined && (typeof ttl !== "number" || !Number.isInteger(ttl) || ttl < 1)) {
    throw new ToolDefinitionError(`${where}: requestStateTtlSeconds must be a whole number of seconds, at least 1`);
  }
}

/** Seals made so far, by key and TTL: the HTTP handlers build a server per request, the seal is made once. */
const made = new Map<string, (ctx: ServerContext) => StateSeal>();
const byteKeys = new WeakMap<Uint8Array, string>();

function cacheKey(options: StateSealOptions): string {
  const key = options.requestStateKey;
  let material = typeof key === "string" ? `s:${key}` : "";
  if (key instanceof Uint8Array) {
    material = byteKeys.get(key) ?? `b:${Array.from(key, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
    byteKeys.set(key, material);
  }
  return `${options.requestStateTtlSeconds ?? DEFAULT_STATE_TTL_SECONDS}\u0000${material}`;
}

/** A seal for a server: signed when a key is set, plain otherwise; made once per key and TTL. */
export function createStateSeal(options: StateSealOptions): (ctx: ServerContext) => StateSeal {
  checkStateSealOptions(options);
  const id = cacheKey(options);
  const known = made.get(id);
  if (known) return known;
  const seal = makeStateSeal(options);
  // A handful of keys in any real process; a bound keeps a key-per-request caller from growing this forever.
  if (made.size >= 16) made.clear();
  made.set(id, seal);
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
