/**
 * Which tool definitions carry a middleware chain: the copies
 * `withMiddleware` makes (./middleware.ts) are marked here, and `prepareTool`
 * (./define.ts) reads the mark, so a call finds its chain on its prepared
 * tool. A module of its own, so neither of those two imports the other.
 */
import type { Middleware } from "./middleware.ts";

const chains = new WeakMap<object, readonly Middleware[]>();

/** The chain a definition carries, outermost first; `undefined` for a definition `withMiddleware` did not make. */
export function chainOf(tool: object): readonly Middleware[] | undefined {
  return chains.get(tool);
}

/** Marks a definition as carrying `chain`. */
export function setChain(tool: object, chain: readonly Middleware[]): void {
  chains.set(tool, chain);
}

/**
 * A copy of a definition with some fields replaced, still carrying its chain:
 * what anything that rewrites a definition (bundling a view, say) must use,
 * or the copy would run without the middleware the app put on it.
 */
export function copyDefinition<T extends object>(definition: T, changes: Partial<T>): T {
  const copy = { ...definition, ...changes };
  const chain = chains.get(definition);
  if (chain) chains.set(copy, chain);
  return copy;
}

/**
 * Middleware that can tell, call by call, that it would only pass the call
 * on: `telemetry()` with no provider registered. A chain made only of such
 * links is skipped for that call, so the host runs the tool as it would
 * without middleware (no call view, no copies of the input). Asked again on
 * every call, because an app may register a provider at any time.
 */
const idleProbes = new WeakMap<object, () => boolean>();

/** Marks `middleware` as one that only passes calls on while `idle()` says so. */
export function setIdleProbe(middleware: object, idle: () => boolean): void {
  idleProbes.set(middleware, idle);
}

/** Whether every link of `chain` would only pass this call on. */
export function chainIdle(chain: readonly object[]): boolean {
  for (const link of chain) {
    const idle = idleProbes.get(link);
    if (idle === undefined || !idle()) return false;
  }
  return true;
}
