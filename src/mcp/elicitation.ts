/**
 * Which elicitation modes a client declared: at `initialize` on 2025-11-25,
 * in each request on 2026-07-28. A server may ask only in a mode the client
 * declared (on 2026-07-28 the SDK answers any other with -32021), so each
 * question is checked against these first.
 */
import type { ClientCapabilities } from "@modelcontextprotocol/server";

function elicitationOf(capabilities: ClientCapabilities | undefined): Record<string, unknown> | undefined {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  return elicitation && typeof elicitation === "object" ? elicitation : undefined;
}

/** Whether a client declared form elicitation (an empty `elicitation` object means form, as clients before URL mode wrote it). */
export function supportsForms(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = elicitationOf(capabilities);
  if (!elicitation) return false;
  return "form" in elicitation || !("url" in elicitation);
}

/** Whether a client declared URL elicitation (`elicitation.url`): never implied, a client opts in. */
export function supportsUrls(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = elicitationOf(capabilities);
  return elicitation !== undefined && "url" in elicitation;
}
