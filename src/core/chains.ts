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
