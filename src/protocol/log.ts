/**
 * Logging as MCP sends it: one `notifications/message` per entry, on the
 * call's own stream. Each host passes its own sender, which applies the
 * client's level (SDK v2's `ctx.mcpReq.log` reads `logging/setLevel` on
 * 2025-11-25 and the request's `logLevel` on 2026-07-28; the toolkit's
 * `useMcpLogger().notify` reads `logging/setLevel`). Needs no SDK.
 */
import type { HostContext, LogEntry } from "../core/context.ts";
import type { LogLevel } from "../core/types.ts";

export type SendLog = (level: LogLevel, data: unknown, logger: string) => Promise<void>;

/**
 * The `data` of a notification: the bare message when the tool passed no
 * data (what clients show as a log line), else `{ message, data }`.
 */
export function logData(entry: LogEntry): unknown {
  return entry.data === undefined ? entry.message : { message: entry.message, data: entry.data };
}

/** The log sink of one call. A message that cannot be sent never fails the call; `onError` hears of it. */
export function logNotifier(send: SendLog, onError: (error: unknown) => void = () => {}): NonNullable<HostContext["log"]> {
  return async (entry) => {
    try {
      await send(entry.level, logData(entry), entry.logger);
    } catch (error) {
      onError(error);
    }
  };
}
