/**
 * Node's module compile cache (Node 22.1 and later): modules compiled once
 * are kept on disk (under the system's temporary directory, or
 * `NODE_COMPILE_CACHE`) and read back on later runs instead of compiled
 * again. Turned on when runCli starts, so it covers what loads after that,
 * such as the MCP server of the `mcp` command. The modules a program imports
 * before calling runCli are compiled by then; the CLI guide shows how a bin
 * turns the cache on before them, and how to ship one bundled file.
 *
 * Reached through `process.getBuiltinModule`, not an import of `node:module`:
 * Bun and Deno run runCli too, and where the function is missing nothing happens.
 */
import process from "node:process";

/** Node's own switch: when set (to anything), the cache stays off; Node refuses it too, this says so in our code. */
export const DISABLE_ENV = "NODE_DISABLE_COMPILE_CACHE";

interface CacheModule {
  enableCompileCache?: () => unknown;
}

/** Turns the cache on unless `NODE_DISABLE_COMPILE_CACHE` is set; a failure only means a slower start. */
export function enableCompileCache(): void {
  if (process.env[DISABLE_ENV] !== undefined) return;
  try {
    const module = process.getBuiltinModule?.("node:module") as CacheModule | undefined;
    module?.enableCompileCache?.();
  } catch {
    // A read-only or missing temporary directory: Node reports it in the result, and some runtimes throw. Run without.
  }
}
