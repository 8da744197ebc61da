/**
 * Questions the MCP 2026-07-28 way (multi round-trip): the call answers
 * `input_required` with one form; the client asks the person and calls again
 * with the answer; the tool re-runs from the top and earlier answers are
 * replayed. The answers ride in `requestState`, each bound to the fingerprint
 * of its question. No signature: whoever can forge the state can forge the
 * reply beside it. A replayed answer that does not fit its form, or whose
 * question changed since, is asked again, never applied.
 */
import type { Form, PreparedQuestion } from "../core/questions.ts";
import { isRecord } from "../core/schema.ts";
import type { Answer } from "../core/types.ts";

/** The key of the one embedded request in an `input_required` answer. */
export const QUESTION_KEY = "question";

interface Replayed {
  /** Fingerprint of the question this reply answers. */
  f: string;
  /** The reply as the client sent it; checked again on every replay. */
  r: unknown;
}

interface State {
  v: 1;
  answers: Replayed[];
  /** Fingerprint of the question now out with the client. */
  pending: string;
}

function encode(state: State): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Reads a state string; anything malformed reads as "nothing answered yet". */
function decode(text: unknown): State | undefined {
  if (typeof text !== "string" || text.length === 0 || text.length > 1_000_000) return undefined;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const state: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (!isRecord(state) || state.v !== 1 || typeof state.pending !== "string" || !Array.isArray(state.answers)) return undefined;
    const answers = state.answers.filter((a): a is Replayed => isRecord(a) && typeof a.f === "string");
    if (answers.length !== state.answers.length) return undefined;
    return { v: 1, answers, pending: state.pending };
  } catch {
    return undefined;
  }
}

export type RoundOutcome<R> = { kind: "done"; result: R } | { kind: "input"; form: Form; requestState: string };

/**
 * Runs one round of a call that may ask questions. `run` gets an `ask` that
 * either replays a fitting earlier answer or suspends the round; a suspended
 * round aborts the tool's signal and ends with the form to send.
 */
export async function runRound<R>(
  requestState: unknown,
  reply: unknown,
  signal: AbortSignal | undefined,
  run: (ask: (question: PreparedQuestion) => Promise<Answer>, signal: AbortSignal) => Promise<R>,
): Promise<RoundOutcome<R>> {
  const state = decode(requestState);
  const answers = state ? [...state.answers] : [];
  if (state && reply !== undefined) answers.push({ f: state.pending, r: reply });
  const stop = new AbortController();
  const toolSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let suspend: (outcome: RoundOutcome<R>) => void = () => {};
  const suspended = new Promise<RoundOutcome<R>>((resolve) => {
    suspend = resolve;
  });
  let next = 0;
  const ask = (question: PreparedQuestion): Promise<Answer> => {
    const index = next++;
    const earlier = answers[index];
    const answer = earlier && earlier.f === question.fingerprint ? question.check(earlier.r) : undefined;
    if (answer) return Promise.resolve(answer);
    const kept = answers.slice(0, index);
    suspend({ kind: "input", form: question.form, requestState: encode({ v: 1, answers: kept, pending: question.fingerprint }) });
    stop.abort(new Error("the call is waiting for the person's answer"));
    // This round ends here: the tool runs again from the top once the answer arrives.
    return new Promise<never>(() => {});
  };
  const finished = run(ask, toolSignal).then((result): RoundOutcome<R> => ({ kind: "done", result }));
  return Promise.race([finished, suspended]);
}
