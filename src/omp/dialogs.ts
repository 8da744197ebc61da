/**
 * Questions to the person through OMP's `ctx.ui` dialogs, asked by the
 * host-neutral dialogs in the core. OMP's select starts on `initialIndex`, so
 * a default is preselected there.
 */

import type { HostContext } from "../core/context.ts";
import { dialogAsk as askThroughDialogs } from "../terminal/dialogs.ts";
import type { OmpToolContext } from "./types.ts";

/** Builds `ask` from the call's `ctx`; `undefined` when OMP has no UI (print mode, a subagent), so tools see no `ask`. */
export function dialogAsk(ctx: OmpToolContext | undefined, signal: AbortSignal | undefined): HostContext["ask"] {
  const ui = ctx?.ui;
  if (ctx?.hasUI !== true || !ui || typeof ui.select !== "function" || typeof ui.input !== "function") return undefined;
  const notify = typeof ui.notify === "function" ? ui.notify.bind(ui) : () => {};
  const dialogs = { select: ui.select.bind(ui), input: ui.input.bind(ui), notify };
  return askThroughDialogs(dialogs, signal ? { signal, initialIndex: true } : { initialIndex: true });
}
