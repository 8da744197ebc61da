/**
 * Scopes from effects: each effect needs one OAuth scope, and a scope for a
 * heavier effect covers the lighter ones (a token that may delete may also
 * write and read). A tool this package did not define (a toolkit tool, a
 * Docus page tool) has no effect, so its MCP annotations stand in for one,
 * read as the MCP specification tells clients to read them. Needs no SDK.
 */

import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import type { Caller, Effect } from "../core/types.ts";

/** The scope names of each effect. */
export type EffectScopes = Record<Effect, string>;

export const DEFAULT_SCOPES: EffectScopes = { read: "tools:read", write: "tools:write", destructive: "tools:destructive" };

/** Lightest to heaviest: a scope covers its own effect and every one before it. */
const ORDER: readonly Effect[] = ["read", "write", "destructive"];

/** The scope names with any renames applied; a name that is not a plain scope token is refused. */
export function effectScopes(renamed: unknown, where: string): EffectScopes {
  if (renamed === undefined) return DEFAULT_SCOPES;
  if (!isRecord(renamed)) throw new ToolDefinitionError(`${where}: auth.scopes must be an object like { read, write, destructive }`);
  const scopes = { ...DEFAULT_SCOPES };
  for (const key of Object.keys(renamed)) {
    if (!ORDER.includes(key as Effect))
      throw new ToolDefinitionError(`${where}: auth.scopes: unknown effect ${quote(key)}; the effects are read, write, destructive`);
    const name = renamed[key];
    // RFC 6749 §3.3: a scope token is printable ASCII without spaces, quotes or backslashes.
    if (typeof name !== "string" || !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(name)) {
      throw new ToolDefinitionError(
        `${where}: auth.scopes.${key} must be a scope name (printable ASCII, no spaces, quotes or backslashes)`,
      );
    }
    scopes[key as Effect] = name;
  }
  if (new Set(Object.values(scopes)).size !== ORDER.length)
    throw new ToolDefinitionError(`${where}: auth.scopes: each effect needs its own scope name`);
  return scopes;
}

/**
 * The effect of a tool known only by its MCP annotations: `readOnlyHint:
 * true` reads; `destructiveHint: false` writes; anything else may destroy,
 * since MCP's defaults (`readOnlyHint: false`, `destructiveHint: true`) tell
 * clients to assume the worst of a tool that says nothing.
 */
export function effectOfAnnotations(annotations: unknown): Effect {
  if (!isRecord(annotations)) return "destructive";
  if (annotations.readOnlyHint === true) return "read";
  return annotations.destructiveHint === false ? "write" : "destructive";
}

/** Whether the caller may call a tool of this effect: it holds that effect's scope or a heavier one's. */
export function mayCall(caller: Pick<Caller, "scopes">, effect: Effect, scopes: EffectScopes): boolean {
  const held = new Set(caller.scopes);
  return ORDER.slice(ORDER.indexOf(effect)).some((heavier) => held.has(scopes[heavier]));
}
