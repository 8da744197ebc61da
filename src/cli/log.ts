/**
 * A tool's log messages on a command line: one line each on stderr,
 * `<level>: <message>`, then the data as compact JSON when the tool gave some.
 *
 * The default threshold is `warning`: a run that goes well leaves stderr
 * empty (a script can treat any stderr as news, and the answer on stdout is
 * what the person asked for), while warnings and worse are things to act on.
 * `--log-level info` or `debug` shows the rest.
 */
import { atLeast, type LogEntry } from "../core/context.ts";
import { safeJson } from "../core/sanitize.ts";
import type { LogLevel } from "../core/types.ts";

export const DEFAULT_LOG_LEVEL: LogLevel = "warning";

/**
 * The line for one message. The core already cleaned the message to one
 * line; safeJson writes the data without a raw line break (JSON escapes
 * those) and with every hidden character escaped, so it stays one line too.
 */
export function logLine(entry: LogEntry): string {
  const head = entry.message === "" ? `${entry.level}:` : `${entry.level}: ${entry.message}`;
  return entry.data === undefined ? head : `${head} ${safeJson(entry.data)}`;
}

/** A sink for the core's log entries: those at `least` or more severe go to `write` as whole lines. */
export function logSink(least: LogLevel, write: (lines: string) => void): (entry: LogEntry) => void {
  return (entry) => {
    if (!atLeast(entry.level, least)) return;
    write(`${logLine(entry)}\n`);
  };
}
