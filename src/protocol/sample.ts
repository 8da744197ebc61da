/**
 * Sampling the 2025-11-25 way: a real `sampling/createMessage` request to the
 * client, on the call's own stream; the call waits for the reply. Used by the
 * SDK v2 server on 2025 connections and by the toolkit (SDK v1); each passes
 * its own way to send. The reply is checked by the core before the tool sees it.
 */
import type { HostContext } from "../core/context.ts";
import type { SampleParams } from "../core/sampling.ts";

/** Sends one request and resolves with the client's reply as it came; the signal takes the request back. */
export type SendSample = (params: SampleParams, signal: AbortSignal | undefined) => Promise<unknown>;

/**
 * The `sample` of one call. A reply that is not a sampling result is an
 * error, not a second try: each try would cost the client a model call.
 */
export function sampleByRequest(send: SendSample, signal: AbortSignal | undefined): NonNullable<HostContext["sample"]> {
  return async (request) => {
    const result = request.check(await send({ ...request.params }, signal));
    if (!result) throw new Error("the client's model answered with something that is not a sampling result");
    return result;
  };
}
