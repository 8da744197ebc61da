/**
 * One Pi call of one tool, run through the core: Pi's abort signal, progress
 * as text partials through `onUpdate`, questions through Pi's dialogs, Pi's
 * `ctx` as the tool's `host`. Pi marks a call failed only when `execute`
 * throws, so every failure is thrown with the one clean text the core gives
 * (the same text MCP sends).
 */
import type { PreparedTool } from "../core/define.ts";
import { checkDetails, failureText, type HostContext, invokeTool, validateInput } from "../core/invoke.ts";
import { sanitizeLine } from "../core/sanitize.ts";
import type { ToolResult } from "../core/types.ts";
import { approveCall } from "./confirm.ts";
import { dialogAsk } from "./dialogs.ts";
import { PiCallError } from "./errors.ts";
import type { RefusalWatch } from "./refusals.ts";
import type { PiRegisteredTool, PiToolContext } from "./types.ts";

type PiExecute = PiRegisteredTool["execute"];
type PiUpdate = Parameters<PiExecute>[3];
type PiResult = Awaited<ReturnType<PiExecute>>;

export interface CallSettings {
  confirm: boolean;
  keepErrorResults: boolean;
  watch: RefusalWatch;
}

export function piExecute(entry: PreparedTool, settings: CallSettings): PiExecute {
  return async (toolCallId, params, signal, onUpdate, ctx) => {
    settings.watch.reached(toolCallId);
    try {
      return await runCall(entry, settings, params, signal, onUpdate, ctx);
    } catch (error) {
      if (error instanceof PiCallError) throw error;
      throw new PiCallError(failureText(entry.name, error));
    }
  };
}

async function runCall(
  entry: PreparedTool,
  settings: CallSettings,
  params: unknown,
  signal: AbortSignal | undefined,
  onUpdate: PiUpdate,
  ctx: PiToolContext | undefined,
): Promise<PiResult> {
  if (settings.confirm) {
    // Bad input is refused before anyone is asked to approve it.
    const checked = validateInput(entry.tool, params);
    if (!checked.ok) throw checked.error;
    await approveCall(entry, checked.value as Record<string, unknown>, ctx, signal);
  }
  const result = await invokeTool(entry.tool, params, hostContext(signal, onUpdate, ctx));
  const content = result.content.map((block) => ({ type: "text" as const, text: block.text }));
  if (result.isError) {
    if (settings.keepErrorResults) return { content, details: result.details, isError: true };
    throw new PiCallError(errorText(entry.name, result));
  }
  if (!entry.output) return { content, details: result.details };
  // Details promised by an output schema are checked as MCP checks them, and go out as `structuredContent` as well.
  const mismatch = checkDetails(entry.tool, result.details);
  if (mismatch) throw new PiCallError(mismatch.map(sanitizeLine).join("\n"));
  return { content, details: result.details, structuredContent: result.details as PiResult["structuredContent"] };
}

function hostContext(signal: AbortSignal | undefined, onUpdate: PiUpdate, ctx: PiToolContext | undefined): HostContext {
  const host: HostContext = {};
  if (signal) host.signal = signal;
  if (ctx !== undefined) host.host = ctx;
  if (onUpdate) {
    host.progress = (report) => {
      const details = report.total === undefined ? { progress: report.progress } : { progress: report.progress, total: report.total };
      onUpdate({ content: [{ type: "text", text: report.message }], details });
    };
  }
  if (ctx?.hasUI) host.ask = dialogAsk(ctx.ui, signal);
  return host;
}

/** A returned `isError` as one thrown text: the tool's own words, or a plain line when it gave none. */
function errorText(name: string, result: ToolResult): string {
  const text = result.content.map((block) => block.text).join("\n");
  return text.trim() === "" ? `${name} failed` : text;
}
