/**
 * Questions to the person through Pi's dialogs. Pi 1.x has a select, an input
 * and notices in every mode with a UI (terminal and RPC), which is all the
 * host-neutral dialogs in the core need; its select has no starting entry.
 */

import type { PreparedQuestion } from "../core/questions.ts";
import type { Answer } from "../core/types.ts";
import { dialogAsk as askThroughDialogs } from "../terminal/dialogs.ts";
import type { PiToolContext } from "./types.ts";

type PiDialogs = Pick<PiToolContext["ui"], "select" | "input" | "notify">;

/** Builds the `ask` a Pi call offers its tool. */
export function dialogAsk(ui: PiDialogs, signal: AbortSignal | undefined): (question: PreparedQuestion) => Promise<Answer> {
  return askThroughDialogs(ui, signal ? { signal } : {});
}
