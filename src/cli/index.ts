/**
 * @agntn/tools/cli — the same tools as a command-line program. The one
 * Node-only entry of the package: it reads argv and stdin and writes to the
 * terminal.
 */
export type { CliHints } from "../core/types.ts";
export type { Platform } from "../publish/manifest.ts";
export type { BundleSetting } from "../publish/settings.ts";
export type { BundleOptions } from "./bundle-options.ts";
export { type CliHost, type CliOptions, runCli } from "./run.ts";
