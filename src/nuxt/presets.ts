/**
 * Nitro presets that serve every request from one long-lived process, where a
 * 2025 session stays where it was made (the module turns sessions off on every
 * other preset). Serverless functions, workers and `node-cluster` may send the
 * next request elsewhere.
 */
const LONG_LIVED_PRESETS = new Set([
  "node-server",
  "node",
  "node-listener",
  "node-middleware",
  "bun",
  "deno-server",
  "nitro-dev",
  "nitro-prerender",
]);

/** Whether a preset may answer consecutive requests from different instances. */
export function isManyInstancePreset(preset: string): boolean {
  return !LONG_LIVED_PRESETS.has(preset.replace(/_/g, "-"));
}
