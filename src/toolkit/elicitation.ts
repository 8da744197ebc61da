/**
 * Questions on the toolkit: SDK v1 has never heard of `input_required`, so a
 * question goes out as a real `elicitation/create` on the call's own stream
 * and the call waits for the reply. Only `supports("form")` comes from the
 * toolkit's composable; the form and the check are the core's, as on stdio.
 */
import type { HostContext } from "../core/context.ts";
import { askByRequest } from "../protocol/ask.ts";
import { type Requester, sendToClient } from "./requests.ts";

/** The part of the toolkit's `useMcpElicitation()` this adapter reads. */
export interface ToolkitElicitation {
  supports(mode?: "form" | "url"): boolean;
}

/**
 * The `ask` for one call, or `undefined` when the client cannot show a form
 * (no elicitation capability, or a stateless route that never saw
 * `initialize`): the tool then takes its "nobody to ask" path at once.
 */
export function askThroughElicitation(elicitation: ToolkitElicitation, extra: Requester): HostContext["ask"] {
  if (!elicitation.supports("form")) return undefined;
  // The call's signal goes along: a cancelled call takes its question back.
  return askByRequest((params, signal) => sendToClient(extra, "elicitation/create", params, signal), extra.signal);
}
