/**
 * A comparison for benchmark 7, not the package's build: the project's tsdown
 * config with TypeBox left external (imported from node_modules at run time),
 * as the package was built before issue 25, to measure what inlining it saves
 * on a cold import. Declarations are skipped.
 */
import { resolve } from "node:path";
import base from "../tsdown.config.ts";

const config = base as { entry: Record<string, string>; deps: { neverBundle: RegExp[] } };
const root = resolve(import.meta.dirname, "..");

export default {
  ...config,
  // tsdown resolves entries against this file's folder; the project's are relative to the root.
  entry: Object.fromEntries(Object.entries(config.entry).map(([name, file]) => [name, resolve(root, file)])),
  dts: false,
  deps: { neverBundle: [...config.deps.neverBundle, /^typebox(\/|$)/] },
};
