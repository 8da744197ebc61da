/**
 * One Pi call of one tool, run through the core: Pi's abort signal, progress
 * as text partials through `onUpdate`, questions through Pi's dialogs, log
 * lines as Pi notices, sampling through the session's model, Pi's `ctx` as
 * the tool's `host`, and the content as Pi's text and image blocks. Pi marks
 * a call failed only when `execute` throws, so every failure is thrown with
 * the one clean text the core gives (the same text MCP sends).
 */
import { type CallInput, type CallOutcome, checkInput, runTool } from "../core/call.ts";
import type { HostContext } from "../core/context.ts";
import type { PreparedTool } from "../core/define.ts";
import { failureText, linesText } from "../core/errors.ts";
import type { CallFacts } from "../core/middleware.ts";
import type { LogLevel } from "../core/types.ts";
import { approveCall } from "./confirm.ts";
import { piContent } from "./content.ts";
import { dialogAsk } from "./dialogs.ts";
import { PiCallError } from "./errors.ts";
import { piLog } from "./log.ts";
import type { RefusalWatch } from "./refusals.ts";
import { piSample } from "./sample.ts";
import type { PiRegisteredTool, PiToolContext } from "./types.ts";

type PiExecute = PiRegisteredTool["execute"];
type PiUpdate = Parameters<PiExecute>[3];
type PiResult = Awaited<ReturnType<PiExecute>>;

export interface CallSettings {
  confirm: boolean;
  keepErrorResults: boolean;
  watch: RefusalWatch;
  /** The least severe level a tool's log shows as a notice. */
  logLevel: LogLevel;
}

export function piExecute(entry: PreparedTool, settings: CallSettings): PiExecute {
  return async (toolCallId, params, signal, onUpdate, ctx) => {
    settings.watch.reached(toolCallId);
    const input = await approved(entry, settings, params, signal, ctx);
    return piResult(entry, settings, await runTool(entry, input, hostContext(signal, onUpdate, ctx, settings)));
  };
}

/** With `confirm`, bad input is refused before anyone is asked to approve it, and the approved value runs unchecked again. */
async function approved(
  entry: PreparedTool,
  settings: CallSettings,
  params: unknown,
  signal: AbortSignal | undefined,
  ctx: PiToolContext | undefined,
): Promise<CallInput> {
  if (!settings.confirm) return { args: params };
  const checked = checkInput(entry, params);
  if (!checked.ok) throw new PiCallError(linesText(checked.lines));
  try {
    await approveCall(entry, checked.value as Record<string, unknown>, ctx, signal);
  } catch (error) {
    // A dialog that fails or is aborted is answered like any failure: one clean line.
    throw error instanceof PiCallError ? error : new PiCallError(failureText(entry.name, error));
  }
  return { accepted: checked.value };
}

/** An outcome as Pi reads it: a result, or a throw carrying the one text. */
function piResult(entry: PreparedTool, settings: CallSettings, outcome: CallOutcome): PiResult {
  if (outcome.ok) {
    const result: PiResult = { content: piContent(outcome.content), details: outcome.details };
    // Details promised by an output schema went out as `structuredContent` on MCP; Pi gets them there as well.
    if (outcome.structured) result.structuredContent = outcome.details as PiResult["structuredContent"];
    return result;
  }
  if (outcome.kind !== "returned") throw new PiCallError(outcome.text);
  if (settings.keepErrorResults) return { content: piContent(outcome.content), details: outcome.details, isError: true };
  // A returned `isError` as one thrown text: the tool's own words, or a plain line when it gave none.
  throw new PiCallError(outcome.text.trim() === "" ? `${entry.name} failed` : outcome.text);
}

/** What middleware may know of a Pi call: only that Pi runs it. */
const FACTS: CallFacts = Object.freeze({ host: "pi" });

function hostContext(
  signal: AbortSignal | undefined,
  onUpdate: PiUpdate,
  ctx: PiToolContext | undefined,
  settings: CallSettings,
): HostContext {
  const host: HostContext = { call: FACTS };
  if (signal) host.signal = signal;
  if (ctx !== undefined) host.host = ctx;
  if (onUpdate) {
    host.progress = (report) => {
      const details = report.total === undefined ? { progress: report.progress } : { progress: report.progress, total: report.total };
      onUpdate({ content: [{ type: "text", text: report.message }], details });
    };
  }
  if (ctx?.hasUI) host.ask = dialogAsk(ctx.ui, signal);
  const log = piLog(ctx, settings.logLevel);
  if (log) host.log = log;
  const sample = piSample(ctx, signal);
  if (sample) host.sample = sample;
  return host;
}
