/**
 * Questions on the toolkit: SDK v1 has never heard of `input_required`, so a
 * question goes out as a real `elicitation/create` on the call's own stream
 * and the call waits for the reply. Only `supports("form")` comes from the
 * toolkit's composable; the form and the check are the core's, as on stdio.
 */
import type { HostContext } from "../core/context.ts";
import { askByRequest } from "../protocol/ask.ts";
import { type ZodStandIn, zodStandIn } from "./zod-standin.ts";

/** The part of the toolkit's `useMcpElicitation()` this adapter reads. */
export interface ToolkitElicitation {
  supports(mode?: "form" | "url"): boolean;
}

/** The request side of SDK v1's handler context that questions need. */
interface Requester {
  signal: AbortSignal;
  sendRequest(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: ZodStandIn,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

let anyReply: ZodStandIn | undefined;

/**
 * The `ask` for one call, or `undefined` when the client cannot show a form
 * (no elicitation capability, or a stateless route that never saw
 * `initialize`): the tool then takes its "nobody to ask" path at once.
 */
export function askThroughElicitation(elicitation: ToolkitElicitation, extra: Requester): HostContext["ask"] {
  if (!elicitation.supports("form")) return undefined;
  // The reply is checked by the core, so SDK v1 is told to let any result through.
  anyReply ??= zodStandIn({ type: "object" });
  const replySchema = anyReply;
  // The call's signal goes along: a cancelled call takes its question back.
  return askByRequest(
    (params, signal) => extra.sendRequest({ method: "elicitation/create", params: { ...params } }, replySchema, { signal }),
    extra.signal,
  );
}
