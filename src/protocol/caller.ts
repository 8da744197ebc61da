/**
 * The caller, as a tool and the round state see it, from what a token
 * verifier said of an access token (the SDK's `AuthInfo`, on SDK v1 and v2
 * alike). Needs no SDK: the shape is read structurally.
 */
import { isRecord } from "../core/schema.ts";
import type { Caller } from "../core/types.ts";

/** The fields of an `AuthInfo` read here. */
export interface TokenInfo {
  clientId: string;
  scopes: string[];
  expiresAt?: number;
  extra?: Record<string, unknown>;
}

/** The caller a tool sees (the token itself stays with the server). */
export function callerOf(info: TokenInfo): Caller {
  const extra = isRecord(info.extra) ? info.extra : {};
  const claims = isRecord(extra.claims) ? { ...extra.claims } : {};
  const subject = typeof extra.subject === "string" ? extra.subject : typeof claims.sub === "string" ? claims.sub : undefined;
  const caller: Caller = { clientId: String(info.clientId), scopes: Array.isArray(info.scopes) ? info.scopes.map(String) : [], claims };
  if (subject !== undefined) caller.subject = subject;
  if (typeof info.expiresAt === "number") caller.expiresAt = info.expiresAt;
  return caller;
}

/** One string per caller: binds a 2025 session and a 2026 `requestState` to whoever made it; empty without a token. */
export function principalOf(info: TokenInfo | undefined): string {
  if (!info) return "";
  const { clientId, subject } = callerOf(info);
  return JSON.stringify([clientId, subject ?? null]);
}
