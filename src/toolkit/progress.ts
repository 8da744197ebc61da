/** Progress on the toolkit: `notifications/progress` on the call's own stream. */
import type { HostContext, ProgressReport } from "../core/invoke.ts";

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
  const token = extra._meta?.progressToken;
  if (token === undefined || extra.sessionId === undefined) return undefined;
  return async (report: ProgressReport) => {
    const params: Record<string, unknown> = { progressToken: token, progress: report.progress, message: report.message };
    if (report.total !== undefined) params.total = report.total;
    // A lost progress line must not fail the call: the answer is what the model needs.
    await extra.sendNotification({ method: "notifications/progress", params }).catch(() => {});
  };
}
