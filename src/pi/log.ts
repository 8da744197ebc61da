/**
 * A tool's `log` on Pi: a notification through `ctx.ui.notify`, the one
 * place Pi gives an extension to tell the person something during a call.
 * Pi's notices have three kinds (info, warning, error), so the eight MCP
 * levels fold onto them; lines below the chosen minimum are dropped there
 * and then, as an MCP client's `logging/setLevel` would drop them.
 */
import type { LogEntry } from "../core/context.ts";
import { atLeast, LOG_LEVELS } from "../core/context.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";
import type { LogLevel } from "../core/types.ts";
import type { PiToolContext } from "./types.ts";

type NoticeKind = "info" | "warning" | "error";

/** The default minimum: debug lines are for a log file, not for a notice in the person's terminal. */
export const DEFAULT_LOG_LEVEL: LogLevel = "info";

const KINDS: ReadonlyMap<LogLevel, NoticeKind> = new Map([
  ["debug", "info"],
  ["info", "info"],
  ["notice", "info"],
  ["warning", "warning"],
  ["error", "error"],
  ["critical", "error"],
  ["alert", "error"],
  ["emergency", "error"],
]);

/** The `logLevel` option, checked: a misspelt level would otherwise hide every line or none. */
export function minimumLevel(option: unknown): LogLevel {
  if (option === undefined) return DEFAULT_LOG_LEVEL;
  if (typeof option !== "string" || !KINDS.has(option as LogLevel)) {
    const given = typeof option === "string" ? quote(option) : typeof option;
    throw new ToolDefinitionError(`registerPiTools: logLevel must be one of ${LOG_LEVELS.join(", ")}; got ${given}`);
  }
  return option as LogLevel;
}

/**
 * The sink a call's `log` writes to, or `undefined` where Pi shows nothing
 * (no UI: print and JSON modes, where Pi's notify does nothing at all).
 * The notice reads `<tool>: <message>`; `data` is for programs and stays out
 * of a line meant for a person.
 */
export function piLog(ctx: PiToolContext | undefined, minimum: LogLevel): ((entry: LogEntry) => void) | undefined {
  if (!ctx?.hasUI || typeof ctx.ui?.notify !== "function") return undefined;
  const ui = ctx.ui;
  return (entry) => {
    if (!atLeast(entry.level, minimum)) return;
    ui.notify(`${entry.logger}: ${entry.message}`, KINDS.get(entry.level) ?? "info");
  };
}
