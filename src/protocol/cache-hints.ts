/**
 * The 2026-07-28 caching hints a server may give per list and per read
 * (`ttlMs`, `cacheScope`), as this package takes them (`{ ttlMs, scope }`)
 * and checked once: known methods only, a whole number of milliseconds, one
 * of the two scopes. No SDK here, so the Nuxt module checks its
 * `agntnTools.cacheHints` option at build time with the check the HTTP
 * handler makes (src/mcp/catalog.ts puts the hints on the wire).
 */
import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";

/** A 2026-07-28 caching hint, as the spec names its two fields on the wire. */
export interface WireHint {
  ttlMs?: number;
  cacheScope?: "public" | "private";
}

/** A caching hint as this package takes it, the same shape `defineResource`'s `cache` has. */
export interface CacheHint {
  ttlMs?: number;
  scope?: "public" | "private";
}

/** The methods whose answers may carry a hint. */
export const CACHEABLE = ["tools/list", "resources/list", "resources/templates/list", "resources/read", "prompts/list"] as const;
export type CacheableMethod = (typeof CACHEABLE)[number];
export type CacheHints = Partial<Record<CacheableMethod, CacheHint>>;
/** The hints checked, in the wire's names. */
export type WireHints = Partial<Record<CacheableMethod, WireHint>>;

/** Checks a `cacheHints` option: known methods only, `ttlMs` a whole number ≥ 0, `scope` one of the two. */
export function checkCacheHints(value: unknown, where: string): WireHints | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new ToolDefinitionError(`${where}: cacheHints must be an object keyed by method`);
  const hints: WireHints = {};
  for (const [method, hint] of Object.entries(value)) {
    if (!(CACHEABLE as readonly string[]).includes(method)) {
      throw new ToolDefinitionError(`${where}: cacheHints: unknown method ${quote(method)}; the methods are ${CACHEABLE.join(", ")}`);
    }
    hints[method as CacheableMethod] = checkCacheHint(hint, `${where}: cacheHints[${quote(method)}]`);
  }
  return hints;
}

/** One hint, checked (only `ttlMs` and `scope`, each valid), in the wire's names. */
function checkCacheHint(hint: unknown, where: string): WireHint {
  if (!isRecord(hint)) throw new ToolDefinitionError(`${where} must be an object with ttlMs and scope`);
  for (const key of Object.keys(hint)) {
    if (key !== "ttlMs" && key !== "scope") throw new ToolDefinitionError(`${where}: unknown key ${quote(key)}; the keys are ttlMs, scope`);
  }
  const { ttlMs, scope: cacheScope } = hint;
  if (ttlMs !== undefined && (typeof ttlMs !== "number" || !Number.isSafeInteger(ttlMs) || ttlMs < 0)) {
    throw new ToolDefinitionError(`${where}: ttlMs must be a whole number of milliseconds, 0 or more`);
  }
  if (cacheScope !== undefined && cacheScope !== "public" && cacheScope !== "private") {
    throw new ToolDefinitionError(`${where}: scope must be "public" or "private"`);
  }
  return { ...(ttlMs === undefined ? {} : { ttlMs }), ...(cacheScope === undefined ? {} : { cacheScope }) } as WireHint;
}
