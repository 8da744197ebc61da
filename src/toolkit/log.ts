/**
 * Logging on the toolkit: `notifications/message` through the toolkit's own
 * client logger (`useMcpLogger().notify`), which applies the level the client
 * set with `logging/setLevel`, so this adapter keeps no level of its own.
 */
import type { HostContext } from "../core/context.ts";
import type { LogLevel } from "../core/types.ts";
import { logNotifier } from "../protocol/log.ts";

/** The toolkit's `McpClientNotifier`: sends one message, never throws, drops what the client's level filters out. */
export type ToolkitLogger = (level: LogLevel, data: unknown, logger?: string) => Promise<void>;

/**
 * A log sink when the route keeps sessions; `undefined` otherwise (a
 * stateless answer is plain JSON, with no room for a notification). The
 * logger is looked up once per call, inside the request's async context.
 */
export function logSender(logger: () => { notify: ToolkitLogger }, extra: { sessionId?: string }): HostContext["log"] {
  if (extra.sessionId === undefined) return undefined;
  const { notify } = logger();
  return logNotifier((level, data, name) => notify(level, data, name));
}
