/**
 * Progress as MCP sends it: one `notifications/progress` per report, on the
 * call's own stream, for the token the client sent. Needs no SDK: each host
 * passes its own way to send a notification (SDK v2's `ctx.mcpReq.notify`,
 * SDK v1's `extra.sendNotification`).
 */
import type { HostContext, ProgressReport } from "../core/context.ts";

export type Notify = (notification: { method: "notifications/progress"; params: Record<string, unknown> }) => Promise<void>;

/**
 * The progress sink of one call, or `undefined` when the client sent no token
 * (the tool then sees no `progress`). A notification that cannot be sent
 * never fails the call: the answer is what the model needs. `onError` hears of it.
 */
export function progressNotifier(token: unknown, notify: Notify, onError: (error: unknown) => void = () => {}): HostContext["progress"] {
  if (typeof token !== "string" && typeof token !== "number") return undefined;
  return async (report: ProgressReport) => {
    const params: Record<string, unknown> = { progressToken: token, progress: report.progress, message: report.message };
    if (report.total !== undefined) params.total = report.total;
    try {
      await notify({ method: "notifications/progress", params });
    } catch (error) {
      onError(error);
    }
  };
}
