/**
 * Sampling on the toolkit: SDK v1 knows no `input_required`, so a request for
 * the client's model goes out as a real `sampling/createMessage` on the call's
 * own stream, and the call waits for the reply, which the core checks.
 */
import type { HostContext } from "../core/context.ts";
import { supportsSampling } from "../core/sampling.ts";
import { sampleByRequest } from "../protocol/sample.ts";
import { type ZodStandIn, zodStandIn } from "./zod-standin.ts";

/** The request side of SDK v1's handler context that sampling needs. */
interface Requester {
  signal: AbortSignal;
  sessionId?: string;
  sendRequest(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: ZodStandIn,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

let anyReply: ZodStandIn | undefined;

/**
 * The `sample` of one call, or `undefined` when the client declared no
 * sampling or the route keeps no sessions (a request to the client needs the
 * session's stream).
 */
export function sampleThroughRequest(capabilities: unknown, extra: Requester): HostContext["sample"] {
  if (extra.sessionId === undefined || !supportsSampling(capabilities)) return undefined;
  // The core checks the reply, so SDK v1 is told to let any result through.
  anyReply ??= zodStandIn({ type: "object" });
  const replySchema = anyReply;
  return sampleByRequest(
    (params, signal) =>
      extra.sendRequest({ method: "sampling/createMessage", params: { ...params } }, replySchema, signal ? { signal } : {}),
    extra.signal,
  );
}
