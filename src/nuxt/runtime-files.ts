/**
 * The runtime files the Nuxt module hands to Nitro by path (see `runtimeFile`
 * in module.ts): they are not package entries, but each must be built beside
 * the module in dist, so tsdown.config.ts builds this list too. No imports:
 * tsdown's config loads this file without pulling in @nuxt/kit.
 */
export const RUNTIME_FILES = ["tools-plugin", "route", "no-agents", "resource-updates"] as const;

/** The name of one runtime file, without folder or extension. */
export type RuntimeFile = (typeof RUNTIME_FILES)[number];
