/**
 * A tool's `log` on OMP: OMP's own file logger (`pi.logger`, the log under
 * `~/.omp/logs` that OMP and its extensions write to). It has four levels,
 * so MCP's eight fold onto them; every line is written, since a log file is
 * where debug lines belong. The context names the tool, carries the data,
 * and keeps the MCP level where OMP's is coarser.
 */
import type { LogEntry } from "../core/context.ts";
import type { LogLevel } from "../core/types.ts";
import type { OmpExtensionApi, OmpLogger } from "./types.ts";

type OmpLevel = keyof OmpLogger;

const LEVELS: ReadonlyMap<LogLevel, OmpLevel> = new Map([
  ["debug", "debug"],
  ["info", "info"],
  ["notice", "info"],
  ["warning", "warn"],
  ["error", "error"],
  ["critical", "error"],
  ["alert", "error"],
  ["emergency", "error"],
]);

/** The levels OMP has no word of its own for: the context keeps them. */
const FOLDED: ReadonlySet<LogLevel> = new Set(["notice", "critical", "alert", "emergency"]);

/** OMP's logger, when the extension API has one with all four levels. */
export function ompLogger(pi: OmpExtensionApi): OmpLogger | undefined {
  const logger = pi.logger;
  if (typeof logger !== "object" || logger === null) return undefined;
  for (const level of ["error", "warn", "info", "debug"] as const) if (typeof logger[level] !== "function") return undefined;
  return logger;
}

/** The sink a call's `log` writes to. */
export function ompLog(logger: OmpLogger): (entry: LogEntry) => void {
  return (entry) => {
    const level = LEVELS.get(entry.level) ?? "info";
    const context: Record<string, unknown> = { tool: entry.logger };
    // OMP's "error" also stands for critical, alert and emergency: the context keeps which one it was.
    if (FOLDED.has(entry.level)) context.mcpLevel = entry.level;
    if (entry.data !== undefined) context.data = entry.data;
    logger[level](entry.message, context);
  };
}
