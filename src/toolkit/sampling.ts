/**
 * Sampling on the toolkit: SDK v1 knows no `input_required`, so a request for
 * the client's model goes out as a real `sampling/createMessage` on the call's
 * own stream, and the call waits for the reply, which the core checks.
 */
import type { HostContext } from "../core/context.ts";
import { supportsSampling } from "../core/sampling.ts";
import { sampleByRequest } from "../protocol/sample.ts";
import { type Requester, sendToClient } from "./requests.ts";

/**
 * The `sample` of one call, or `undefined` when the client declared no
 * sampling or the route keeps no sessions (a request to the client needs the
 * session's stream).
 */
export function sampleThroughRequest(capabilities: unknown, extra: Requester): HostContext["sample"] {
  if (extra.sessionId === undefined || !supportsSampling(capabilities)) return undefined;
  return sampleByRequest((params, signal) => sendToClient(extra, "sampling/createMessage", params, signal), extra.signal);
}
