/**
 * What the toolkit adapter needs to send a request to the client on the
 * call's own stream (a question, a sampling request): SDK v1's
 * `extra.sendRequest`, and a result schema that lets any reply through,
 * because the core checks every reply itself, in its own words.
 */
import { type ZodStandIn, zodStandIn } from "./zod-standin.ts";

/** The request side of SDK v1's handler context. */
export interface Requester {
  signal: AbortSignal;
  sessionId?: string;
  sendRequest(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: ZodStandIn,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

let anyReply: ZodStandIn | undefined;

/** Sends one request with the call's `extra`; the reply comes back unchecked by SDK v1. */
export function sendToClient(extra: Requester, method: string, params: object, signal: AbortSignal | undefined): Promise<unknown> {
  anyReply ??= zodStandIn({ type: "object" });
  return extra.sendRequest({ method, params: { ...params } }, anyReply, signal ? { signal } : {});
}
