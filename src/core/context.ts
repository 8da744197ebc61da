/**
 * What a tool sees beside its input: the host's signal, progress and
 * questions, each guarded so a tool cannot hurt its host and a host cannot
 * hand a tool an unchecked answer. Hosts describe what they can give in a
 * {@link HostContext}; the tool gets a {@link ToolContext} built from it.
 */
import { jsonCopy } from "./content.ts";
import type { PreparedTool } from "./define.ts";
import type { CallFacts } from "./middleware.ts";
import { type PreparedQuestion, prepareQuestion } from "./questions.ts";
import { type PreparedSample, prepareSample } from "./sampling.ts";
import { sanitizeLine } from "./sanitize.ts";
import type { Answer, Caller, LogLevel, ProgressUpdate, SampleResult, ToolContext } from "./types.ts";

/** The levels, least to most severe: hosts compare a message's level with the client's by index here. */
export const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
const LEVELS: ReadonlySet<string> = new Set(LOG_LEVELS);

/** Whether a message of `level` passes a `minimum` level (is as severe or more): what every host's filter asks. */
export function atLeast(level: LogLevel, minimum: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(minimum);
}

/** A log message as hosts receive it: a known level, a clean line, JSON data, and the tool that logged. */
export interface LogEntry {
  level: LogLevel;
  message: string;
  /** Present when the tool passed data, as a JSON copy. */
  data?: unknown;
  /** The tool's name (MCP's `logger`). */
  logger: string;
}

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
  /** Receives each log message; may be async. A throw or rejection never fails the call. */
  log?: (entry: LogEntry) => void | Promise<void>;
  /** Sends a checked request to the client's model and resolves with a reply that passed `request.check`. */
  sample?: (request: PreparedSample) => Promise<SampleResult>;
  /** The authorized caller, when the host checked an access token. */
  auth?: Caller;
  host?: unknown;
  /** What the host knows of the call for middleware: its name, and on MCP hosts the method, ids, revision and `_meta`. */
  call?: CallFacts;
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

export function callContext(entry: Pick<PreparedTool, "name">, host: HostContext): CallContext {
  let answered = false;
  // Only a question or a sampling request holds a call open; a host with neither makes no set for it.
  const open = host.ask || host.sample ? new Set<Promise<unknown>>() : undefined;
  const context: ToolContext = {};
  if (host.signal) context.signal = host.signal;
  if (host.host !== undefined) context.host = host.host;
  if (host.auth) context.auth = host.auth;
  if (host.progress) context.progress = progressFor(host.progress, () => answered);
  if (host.ask) context.ask = askFor(entry.name, host.ask, () => answered, open as Set<Promise<unknown>>);
  if (host.log) context.log = logFor(entry.name, host.log, () => answered);
  if (host.sample) context.sample = sampleFor(entry.name, host.sample, () => answered, open as Set<Promise<unknown>>);
  return {
    context,
    settle() {
      if (open === undefined || open.size === 0) return undefined;
      return (async () => {
        while (open.size > 0) await Promise.allSettled([...open]);
      })();
    },
    close() {
      answered = true;
    },
  };
}

/** Runs a request to the person or the model, holding the call open (see `settle`) until it settles. */
function held<T>(open: Set<Promise<unknown>>, run: () => Promise<T>): Promise<T> {
  const pending = run();
  open.add(pending);
  const forget = () => open.delete(pending);
  pending.then(forget, forget);
  return pending;
}

function askFor(
  tool: string,
  ask: NonNullable<HostContext["ask"]>,
  isAnswered: () => boolean,
  open: Set<Promise<unknown>>,
): NonNullable<ToolContext["ask"]> {
  return ((question) => {
    if (isAnswered()) return Promise.reject(new Error(`${tool} asked a question after its call had answered`));
    return held(open, async () => {
      const prepared = prepareQuestion(tool, question);
      const answer = await ask(prepared);
      // The host promised a checked answer; check again so no host can hand a tool an unfit reply.
      const rechecked = prepared.check(answer);
      if (!rechecked) throw new Error(`${tool}: the answer did not fit the question`);
      return rechecked;
    });
  }) as ToolContext["ask"] & {};
}

function sampleFor(
  tool: string,
  sample: NonNullable<HostContext["sample"]>,
  isAnswered: () => boolean,
  open: Set<Promise<unknown>>,
): NonNullable<ToolContext["sample"]> {
  return (request) => {
    if (isAnswered()) return Promise.reject(new Error(`${tool} asked the model after its call had answered`));
    return held(open, async () => {
      const prepared = prepareSample(request);
      const reply = await sample(prepared);
      // As with questions: no host hands a tool an unchecked reply.
      const rechecked = prepared.check(reply);
      if (!rechecked) throw new Error(`${tool}: the client's model answered with something that is not a sampling result`);
      return rechecked;
    });
  };
}

/** A level the tool passed, as its problem line shows it: JSON where it has one, else its type (a BigInt would make JSON throw). */
function shownLevel(level: unknown): string {
  try {
    return sanitizeLine(JSON.stringify(level) ?? typeof level);
  } catch {
    return typeof level;
  }
}

function logFor(tool: string, sink: NonNullable<HostContext["log"]>, isAnswered: () => boolean): NonNullable<ToolContext["log"]> {
  return (level, message, data) => {
    // A misspelt level is the tool's bug: it fails loudly rather than vanish below every filter.
    if (typeof level !== "string" || !LEVELS.has(level)) {
      throw new TypeError(`log level must be one of ${LOG_LEVELS.join(", ")}; got ${shownLevel(level)}`);
    }
    if (isAnswered()) return;
    const entry: LogEntry = { level, message: sanitizeLine(message), logger: tool };
    if (data !== undefined) {
      // A JSON copy, what every log channel can carry; data JSON cannot hold (a cycle, a BigInt) stays home, and the line says so.
      const copy = jsonCopy(data);
      if (copy !== undefined) entry.data = copy;
      else entry.message = `${entry.message} (its data could not be sent as JSON)`;
    }
    try {
      const sent = sink(entry);
      if (sent && typeof sent.then === "function") sent.then(undefined, () => {});
    } catch {
      // A host that cannot log must not fail the call.
    }
  };
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
