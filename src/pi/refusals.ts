/**
 * Bad input answered with the core's lines, the same text MCP sends.
 *
 * Pi checks (and converts: "2" becomes 2) a call's arguments against
 * `parameters` before `execute` runs, and answers a call it refuses with its
 * own text. `execute` never sees that call, so the adapter watches the session
 * instead: it remembers the raw arguments of each call of its tools
 * (`tool_execution_start`) and, when the result of a call that never reached
 * `execute` is Pi's validation failure, replaces the text (`message_end`) with
 * the core's lines for those raw arguments, before the model reads it.
 *
 * A call blocked by another extension, aborted, or refused by Pi although the
 * core accepts it keeps Pi's text: only Pi's own validation failure is
 * rewritten, and only when the core refuses the arguments too. Nested calls
 * (another tool calling ours through `ctx.executeTool`) end without a
 * transcript message, so they keep Pi's text.
 */

import { checkInput } from "../core/call.ts";
import type { PreparedTool } from "../core/define.ts";
import { linesText } from "../core/errors.ts";
import type { PiExtensionApi } from "./types.ts";

/** Calls remembered at once; a call whose result never arrives is forgotten oldest first. */
const MAX_PENDING = 256;

interface PendingCall {
  entry: PreparedTool;
  args: unknown;
}

export interface RefusalWatch {
  /** Tells the watch a call reached `execute`: whatever fails from there is the adapter's own text already. */
  reached(toolCallId: string): void;
}

export function watchRefusals(pi: PiExtensionApi, index: ReadonlyMap<string, PreparedTool>): RefusalWatch {
  const pending = new Map<string, PendingCall>();
  pi.on("tool_execution_start", (event) => {
    const entry = index.get(event.toolName);
    if (!entry || event.parentToolCallId !== undefined) return;
    pending.delete(event.toolCallId);
    pending.set(event.toolCallId, { entry, args: event.args });
    if (pending.size > MAX_PENDING) {
      const oldest = pending.keys().next().value;
      if (oldest !== undefined) pending.delete(oldest);
    }
  });
  pi.on("message_end", (event) => {
    const message = event.message;
    if (message.role !== "toolResult") return undefined;
    const call = pending.get(message.toolCallId);
    if (!call || call.entry.name !== message.toolName) return undefined;
    pending.delete(message.toolCallId);
    if (!message.isError || !isPiValidationFailure(call.entry.name, message.content)) return undefined;
    const checked = checkInput(call.entry, call.args);
    if (checked.ok) return undefined;
    return { message: { ...message, content: [{ type: "text" as const, text: linesText(checked.lines) }] } };
  });
  return { reached: (toolCallId) => pending.delete(toolCallId) };
}

/** Pi's texts for arguments it refused (pi-ai's `validateToolArguments`): schema problems or unparsable JSON. */
function isPiValidationFailure(name: string, content: ReadonlyArray<{ type: string; text?: string }>): boolean {
  const first = content[0];
  if (content.length !== 1 || first?.type !== "text" || typeof first.text !== "string") return false;
  return first.text.startsWith(`Validation failed for tool "${name}":`) || first.text.startsWith(`Invalid arguments for tool "${name}":`);
}
