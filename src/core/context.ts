/**
 * What a tool sees beside its input: the host's signal, progress and
 * questions, each guarded so a tool cannot hurt its host and a host cannot
 * hand a tool an unchecked answer. Hosts describe what they can give in a
 * {@link HostContext}; the tool gets a {@link ToolContext} built from it.
 */
import type { PreparedTool } from "./define.ts";
import { type PreparedQuestion, prepareQuestion } from "./questions.ts";
import { sanitizeLine } from "./sanitize.ts";
import type { Answer, ProgressUpdate, ToolContext } from "./types.ts";

/** A progress report as hosts receive it: a clean line and a number that only grows. */
export interface ProgressReport {
  message: string;
  progress: number;
  total?: number;
}

/** What a host can offer a call. Leave out what it cannot give: the tool then sees `undefined`. */
export interface HostContext {
  signal?: AbortSignal;
  /** Receives each progress report; may be async. A throw or rejection never fails the call. */
  progress?: (report: ProgressReport) => void | Promise<void>;
  /** Asks the person a checked question and resolves with an answer that passed `question.check`. */
  ask?: (question: PreparedQuestion) => Promise<Answer>;
  host?: unknown;
}

/** One call's context, and what the call must do before and after it answers. */
export interface CallContext {
  context: ToolContext;
  /**
   * Resolves once every question the tool asked has been answered (a question
   * the tool forgot to await still holds the call); `undefined` when none is
   * open, so a call that asked nothing costs no extra turn of the event loop.
   */
  settle(): Promise<void> | undefined;
  /** Marks the call answered: later progress is dropped and later questions are refused. */
  close(): void;
}

export function callContext(entry: PreparedTool, host: HostContext): CallContext {
  let answered = false;
  const open = new Set<Promise<unknown>>();
  const context: ToolContext = {};
  if (host.signal) context.signal = host.signal;
  if (host.host !== undefined) context.host = host.host;
  if (host.progress) context.progress = progressFor(host.progress, () => answered);
  if (host.ask) context.ask = askFor(entry.name, host.ask, () => answered, open);
  return {
    context,
    settle() {
      if (open.size === 0) return undefined;
      return (async () => {
        while (open.size > 0) await Promise.allSettled([...open]);
      })();
    },
    close() {
      answered = true;
    },
  };
}

function askFor(
  tool: string,
  ask: NonNullable<HostContext["ask"]>,
  isAnswered: () => boolean,
  open: Set<Promise<unknown>>,
): NonNullable<ToolContext["ask"]> {
  return ((question) => {
    if (isAnswered()) return Promise.reject(new Error(`${tool} asked a question after its call had answered`));
    const pending = (async () => {
      const prepared = prepareQuestion(tool, question);
      const answer = await ask(prepared);
      // The host promised a checked answer; check again so no host can hand a tool an unfit reply.
      const rechecked = prepared.check(answer);
      if (!rechecked) throw new Error(`${tool}: the answer did not fit the question`);
      return rechecked;
    })();
    open.add(pending);
    const forget = () => open.delete(pending);
    pending.then(forget, forget);
    return pending;
  }) as ToolContext["ask"] & {};
}

function progressFor(sink: NonNullable<HostContext["progress"]>, isAnswered: () => boolean): NonNullable<ToolContext["progress"]> {
  let last: number | undefined;
  return (message: string, update?: ProgressUpdate) => {
    if (isAnswered()) return;
    let progress = (last ?? 0) + 1;
    if (update?.progress !== undefined) {
      // Progress only grows: a step back, NaN or Infinity is dropped, not bent. A first report may be 0 ("0 of 100").
      const next = update.progress;
      if (typeof next !== "number" || !Number.isFinite(next) || (last !== undefined && next <= last)) return;
      progress = next;
    }
    last = progress;
    const report: ProgressReport = { message: sanitizeLine(message), progress };
    const total = update?.total;
    if (typeof total === "number" && Number.isFinite(total) && total >= 0) report.total = total;
    try {
      const sent = sink(report);
      if (sent && typeof sent.then === "function") sent.then(undefined, () => {});
    } catch {
      // A host that cannot show progress must not fail the call.
    }
  };
}
