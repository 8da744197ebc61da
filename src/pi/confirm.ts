/**
 * The `confirm` option: an approval dialog before a tool runs. A refusal is
 * thrown, so Pi marks the call failed and the model reads why: nobody could
 * approve (no UI), or the person said no (and the model should not retry).
 */
import type { PreparedTool } from "../core/define.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import { PiCallError } from "./errors.ts";
import type { PiToolContext, PiToolsOptions } from "./types.ts";

/** Longest argument value shown in the dialog; the rest is cut with an ellipsis. */
const MAX_VALUE = 120;
/** Most arguments shown in the dialog. */
const MAX_ARGS = 20;

/** The names of the tools that need approval. An entry naming no tool in the list is a {@link ToolDefinitionError}. */
export function toolsToConfirm(index: ReadonlyMap<string, PreparedTool>, confirm: PiToolsOptions["confirm"]): Set<string> {
  if (confirm === undefined) return new Set();
  if (confirm === "writes") return new Set([...index.values()].filter((e) => e.tool.effect !== "read").map((e) => e.name));
  if (!Array.isArray(confirm)) throw new ToolDefinitionError('registerPiTools: confirm must be "writes" or an array of tool names');
  for (const name of confirm) {
    if (typeof name !== "string" || !index.has(name)) {
      throw new ToolDefinitionError(`registerPiTools: confirm names ${quote(String(name))}, which is not a tool in this list`);
    }
  }
  return new Set(confirm);
}

/** Asks the person to approve one call; throws the refusal the model reads when approval is not given. */
export async function approveCall(
  entry: PreparedTool,
  args: Record<string, unknown>,
  ctx: PiToolContext | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  const title = sanitizeLine(entry.tool.title);
  if (!ctx?.hasUI) {
    throw new PiCallError(`${entry.name} needs the person's approval, and nobody can give it here (Pi runs without a UI). It did not run.`);
  }
  const approved = await ctx.ui.confirm(`Allow ${title}?`, describeArgs(args), signal ? { signal } : undefined);
  signal?.throwIfAborted();
  if (!approved) {
    throw new PiCallError(`The person declined ${entry.name}; it did not run. Do not call it again unless the person asks for it.`);
  }
}

/** The call's arguments, one `name: value` line each, cleaned and cut short. */
export function describeArgs(args: Record<string, unknown>): string {
  const keys = Object.keys(args);
  const lines = keys.slice(0, MAX_ARGS).map((key) => `${shownKey(key)}: ${shortValue(args[key])}`);
  if (keys.length > MAX_ARGS) lines.push(`… and ${keys.length - MAX_ARGS} more`);
  return lines.length > 0 ? lines.join("\n") : "(no arguments)";
}

function shownKey(key: string): string {
  return sanitizeLine(key) === key && key !== "" ? key : quote(key);
}

/** One argument value as a short clean line: strings quoted, everything else as JSON. */
export function shortValue(value: unknown): string {
  // Cut by code points, so an emoji is never split in half.
  const chars = Array.from(sanitizeLine(typeof value === "string" ? quote(value) : value));
  return chars.length > MAX_VALUE ? `${chars.slice(0, MAX_VALUE - 1).join("")}…` : chars.join("");
}
