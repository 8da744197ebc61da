/**
 * @agntn/tools/cli — the same tools as a command-line program. The one
 * Node-only entry of the package: it reads argv and stdin and writes to the
 * terminal.
 */
export type { CliHints } from "../core/types.ts";
export { type CliHost, type CliOptions, runCli } from "./run.ts";
