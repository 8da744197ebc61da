/**
 * Questions the MCP 2026-07-28 way (multi round-trip): the call answers
 * `input_required` with one form; the client asks the person and calls again
 * with the answer; the tool re-runs from the top and earlier answers are
 * replayed. The answers ride in `requestState`, which any instance can read,
 * so the rounds of one flow may land on different servers.
 *
 * What the state holds: the fitted answers so far (each bound to the
 * fingerprint of its question), the fingerprint of the question now out, a
 * digest of the call (tool name and arguments) and an expiry. A state sealed
 * by {@link StateSeal} is refused when it was made for another call, when it
 * expired, or (with a key) when its signature does not match; a refused state
 * reads as "nothing answered yet", so the first question is asked again and no
 * forged or stale answer ever reaches the tool.
 *
 * This file needs no MCP SDK: the SDK v2 server passes in a seal built on the
 * SDK's own HMAC codec when a key is set (see ./state-seal.ts).
 */
import type { Form, PreparedQuestion } from "../core/questions.ts";
import { isRecord } from "../core/schema.ts";
import type { Answer } from "../core/types.ts";

/** The key of the one embedded request in an `input_required` answer. */
export const QUESTION_KEY = "question";

interface Replayed {
  /** Fingerprint of the question this answer fits. */
  f: string;
  /** The answer: a fitted one for earlier rounds, the client's raw reply for the round just answered. */
  r: unknown;
}

/** What a state carries between rounds. */
export interface RoundState {
  v: 2;
  /** Digest of the call (tool name and arguments) the state was made for. */
  d: string;
  answers: Replayed[];
  /** Fingerprint of the question now out with the client. */
  pending: string;
}

/**
 * Turns a state into the opaque `requestState` string and back. `open`
 * resolves `undefined` for anything it refuses (malformed, expired, a bad
 * signature); it never throws.
 */
export interface StateSeal {
  seal(state: RoundState): Promise<string>;
  open(text: string): Promise<unknown>;
}

/** Largest `requestState` read at all; anything longer is refused before decoding. */
export const MAX_STATE_LENGTH = 256 * 1024;

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * The seal used when no key is set: plain base64url JSON with an expiry. A
 * client can rewrite it, but all it could put there are answers it could have
 * sent anyway, and each one is checked against its question again on replay.
 */
export function unsignedSeal(ttlSeconds: number, now: () => number = Date.now): StateSeal {
  return {
    async seal(state) {
      const body = { p: state, exp: Math.floor(now() / 1000) + ttlSeconds };
      return `u1.${toBase64Url(new TextEncoder().encode(JSON.stringify(body)))}`;
    },
    async open(text) {
      if (!text.startsWith("u1.")) return undefined;
      try {
        const body: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fromBase64Url(text.slice(3))));
        if (!isRecord(body) || typeof body.exp !== "number" || body.exp < Math.floor(now() / 1000)) return undefined;
        return body.p;
      } catch {
        return undefined;
      }
    },
  };
}

/** Two FNV-1a (32 bit) hashes with different seeds, in hex: the call digest where WebCrypto is missing (an insecure browser context). */
function fnv1a(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** A digest of one call: a state made for one tool and its arguments fits no other call. */
export async function callDigest(name: string, args: unknown): Promise<string> {
  let text: string;
  try {
    text = JSON.stringify([name, args ?? null]);
  } catch {
    // Arguments no JSON can hold (nested past the stack): a digest no state fits, and validation will refuse them.
    return `unhashable:${Math.random()}`;
  }
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return `f:${fnv1a(text)}`;
  const hash = new Uint8Array(await subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return toBase64Url(hash);
}

/** Reads a state string; anything refused, malformed or made for another call reads as "nothing answered yet". */
async function readState(seal: StateSeal, text: unknown, digest: string): Promise<RoundState | undefined> {
  if (typeof text !== "string" || text.length === 0 || text.length > MAX_STATE_LENGTH) return undefined;
  const state = await seal.open(text).catch(() => undefined);
  if (!isRecord(state) || state.v !== 2 || state.d !== digest || typeof state.pending !== "string" || !Array.isArray(state.answers)) {
    return undefined;
  }
  const answers = state.answers.filter((a): a is Replayed => isRecord(a) && typeof a.f === "string");
  if (answers.length !== state.answers.length) return undefined;
  return { v: 2, d: digest, answers, pending: state.pending };
}

export type RoundOutcome<R> = { kind: "done"; result: R } | { kind: "input"; form: Form; requestState: string };

/** Where a round's state comes from and goes to. */
export interface RoundInput {
  seal: StateSeal;
  /** Digest of this call ({@link callDigest}). */
  digest: string;
  /** The echoed `requestState`, as the client sent it. */
  requestState: unknown;
  /** The client's reply to the pending question, if any. */
  reply: unknown;
}

/**
 * Runs one round of a call that may ask questions. `run` gets an `ask` that
 * either replays a fitting earlier answer or suspends the round; a suspended
 * round aborts the tool's signal and ends with the form to send.
 */
export async function runRound<R>(
  input: RoundInput,
  signal: AbortSignal | undefined,
  run: (ask: (question: PreparedQuestion) => Promise<Answer>, signal: AbortSignal) => Promise<R>,
): Promise<RoundOutcome<R>> {
  const state = await readState(input.seal, input.requestState, input.digest);
  const answers = state ? [...state.answers] : [];
  if (state && input.reply !== undefined) answers.push({ f: state.pending, r: input.reply });
  const stop = new AbortController();
  const toolSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  // Set once the tool asks a question that has no fitting answer yet: that round ends with the form.
  let suspension: Promise<RoundOutcome<R>> | undefined;
  let suspend: (outcome: Promise<RoundOutcome<R>>) => void = () => {};
  const suspended = new Promise<RoundOutcome<R>>((resolve) => {
    suspend = resolve;
  });
  let next = 0;
  const ask = (question: PreparedQuestion): Promise<Answer> => {
    const index = next++;
    const earlier = answers[index];
    const answer = earlier && earlier.f === question.fingerprint ? question.check(earlier.r) : undefined;
    if (answer) {
      // Only the fitted answer travels on: whatever else the client sent stays out of the next state.
      answers[index] = { f: question.fingerprint, r: answer };
      return Promise.resolve(answer);
    }
    const kept = answers.slice(0, index);
    suspension ??= input.seal
      .seal({ v: 2, d: input.digest, answers: kept, pending: question.fingerprint })
      .then((requestState): RoundOutcome<R> => ({ kind: "input", form: question.form, requestState }));
    suspend(suspension);
    stop.abort(new Error("the call is waiting for the person's answer"));
    // This round ends here: the tool runs again from the top once the answer arrives.
    return new Promise<never>(() => {});
  };
  // A tool that returns on the abort after asking still ends its round with the form, not with that return.
  const finished = run(ask, toolSignal).then(
    (result): RoundOutcome<R> | Promise<RoundOutcome<R>> => suspension ?? { kind: "done", result },
  );
  return Promise.race([finished, suspended]);
}
