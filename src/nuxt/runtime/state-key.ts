/**
 * The key that signs `requestState` (2026-07-28 questions), from runtime
 * config: `agntnTools.requestStateKey`, set by the environment variable
 * `NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY` on every instance. Read per request,
 * because on workers the environment reaches runtime config only with the
 * request.
 */
import { useRuntimeConfig } from "nitropack/runtime";

export const STATE_KEY_ENV = "NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY";

/** The configured key, or `undefined` when none is set. */
export function stateKeyOf(event: unknown): string | undefined {
  const config = useRuntimeConfig(event as never) as { agntnTools?: { requestStateKey?: unknown } };
  const key = config.agntnTools?.requestStateKey;
  return typeof key === "string" && key !== "" ? key : undefined;
}

let warned = false;

/** Says once, in a production server, that questions travel unsigned because no key is set. */
export function warnWithoutStateKey(event: unknown): void {
  if (warned || (import.meta as { dev?: boolean }).dev) return;
  if (stateKeyOf(event) !== undefined) return;
  warned = true;
  console.warn(
    `[@agntn/tools] No ${STATE_KEY_ENV} is set: on MCP 2026-07-28 the state of a pending question travels unsigned, so its expiry and its binding to the call cannot be enforced. Set it (32 bytes or more, e.g. \`openssl rand -base64 32\`) to the same value on every instance.`,
  );
}
