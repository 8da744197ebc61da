// middleware-cache.ts: a read tool's answer kept for `ttlMs`, keyed by caller, entry and checked input; a repeated call is answered from memory.
import type { CallOutcome, Middleware } from "@agntn/tools";

export function readCache({ ttlMs = 60_000, maxEntries = 1000 } = {}): Middleware {
  const entries = new Map<string, { until: number; outcome: CallOutcome }>();
  return async (call, next) => {
    // Only read tools (reads and gets are read entries too), and only input that passed the check: a refusal goes on to next().
    if (call.tool.effect !== "read" || call.input === undefined) return next();
    // The caller is part of the key: one caller's answer never reaches another. So are the kind and the URI read:
    // a tool and a prompt may share a name, and so may two resources.
    const caller = call.caller?.subject ?? call.caller?.clientId ?? "";
    const key = JSON.stringify([caller, call.kind, call.tool.name, call.uri ?? null, call.input]);
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.outcome;
    entries.delete(key);
    const outcome = await next();
    // Only successes are kept: a failure may be gone on the next try.
    if (outcome.ok) {
      entries.set(key, { until: now + ttlMs, outcome });
      // The oldest entry goes first once the cache is full (a Map keeps insertion order).
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    return outcome;
  };
}
