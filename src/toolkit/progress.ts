/** Progress on the toolkit: `notifications/progress` on the call's own stream, through SDK v1's `sendNotification`. */
import type { HostContext } from "../core/context.ts";
import { progressNotifier } from "../protocol/progress.ts";

/** The notification side of SDK v1's handler context that progress needs. */
interface Notifier {
  sessionId?: string;
  _meta?: { progressToken?: string | number; [key: string]: unknown };
  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
}

/**
 * A progress sink when the client sent a token and the route keeps sessions;
 * otherwise `undefined`, so the tool sees no `progress` at all. Without
 * sessions the toolkit answers in plain JSON and a notification has nowhere
 * to ride.
 */
export function progressSender(extra: Notifier): HostContext["progress"] {
  if (extra.sessionId === undefined) return undefined;
  return progressNotifier(extra._meta?.progressToken, (notification) => extra.sendNotification(notification));
}
