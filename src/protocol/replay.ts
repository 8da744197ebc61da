/**
 * Questions and sampling the MCP 2026-07-28 way (multi round-trip): the call
 * answers `input_required` with one request (a form for the person, or a
 * `sampling/createMessage` for the client's model); the client answers it and
 * calls again with the reply; the tool re-runs from the top and earlier
 * replies are replayed. The answers ride in `requestState`, which any instance can read,
 * so the rounds of one flow may land on different servers.
 *
 * What the state holds: the fitted replies so far (each bound to the
 * fingerprint of its request), the fingerprint and kind of the request now out, a
 * digest of the call (tool name, arguments and caller) and an expiry. A state
 * that does not open, expired, or was made for another call or caller reads as
 * "nothing answered yet", so the first question is asked again. Those refusals
 * hold against a client only when the seal is signed (a key is set): an
 * unsigned state is text the client can rewrite, expiry and digest included,
 * so it binds nothing. What holds either way is that every replayed answer is
 * checked against its question again, so no answer reaches the tool that the
 * client could not have sent in reply anyway.
 *
 * This file needs no MCP SDK: the SDK v2 server passes in a seal built on the
 * SDK's own HMAC codec when a key is set (see ./state-seal.ts).
 */
import type { Form, PreparedQuestion } from "../core/questions.ts";
import type { PreparedSample, SampleParams } from "../core/sampling.ts";
import { isRecord } from "../core/schema.ts";
import type { Answer, SampleResult } from "../core/types.ts";

/** The keys of the one embedded request in an `input_required` answer: a question, or a request for the client's model. */
export const QUESTION_KEY = "question";
export const SAMPLE_KEY = "sample";
export type InputKey = typeof QUESTION_KEY | typeof SAMPLE_KEY;

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
  /** Fingerprint of the request now out with the client. */
  pending: string;
  /** Which kind of request is out (the `inputResponses` key its reply comes under); a question when absent. */
  k?: InputKey;
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

/** The replies a call gathered no longer fit in a `requestState` (large sampled images, many rounds). */
export class StateTooLargeError extends Error {
  override name = "StateTooLargeError";
  constructor() {
    super(`the replies so far no longer fit in requestState (${MAX_STATE_LENGTH / 1024} KiB)`);
  }
}

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
 * The seal used when no key is set: plain base64url JSON with an expiry. It
 * protects nothing from the client, who can rewrite the expiry and the call's
 * digest as well as the answers; it only keeps an honest client's state from
 * being read back after its time or for another call. All a client could put
 * there are answers it could have sent anyway, each checked against its
 * question again on replay.
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

/**
 * A digest of one call: a state made for one tool and its arguments fits no
 * other call, nor the same call by another caller (`principal`, empty
 * without authorization).
 */
export async function callDigest(name: string, args: unknown, principal = ""): Promise<string> {
  let text: string;
  try {
    text = JSON.stringify([name, args ?? null, principal]);
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
  const key: InputKey = state.k === SAMPLE_KEY ? SAMPLE_KEY : QUESTION_KEY;
  return { v: 2, d: digest, answers, pending: state.pending, k: key };
}

/** The one request a suspended round sends: a form for the person, or a request for the client's model. */
export type PendingInput = { key: typeof QUESTION_KEY; form: Form } | { key: typeof SAMPLE_KEY; params: SampleParams };

export type RoundOutcome<R> = { kind: "done"; result: R } | { kind: "input"; request: PendingInput; requestState: string };

/** Where a round's state comes from and goes to. */
export interface RoundInput {
  seal: StateSeal;
  /** Digest of this call ({@link callDigest}). */
  digest: string;
  /** The echoed `requestState`, as the client sent it. */
  requestState: unknown;
  /** The client's `inputResponses`, as sent; the reply to the pending request is read under its key. */
  responses: unknown;
}

/** What a round's tool may ask for: each resolves from a replayed reply, or suspends the round. */
export interface RoundAsks {
  ask(question: PreparedQuestion): Promise<Answer>;
  sample(request: PreparedSample): Promise<SampleResult>;
}

/**
 * Runs one round of a call that may ask questions or sample the client's
 * model. `run` gets an `ask` and a `sample` that either replay a fitting
 * earlier reply or suspend the round; a suspended round aborts the tool's
 * signal and ends with the one request to send.
 */
export async function runRound<R>(
  input: RoundInput,
  signal: AbortSignal | undefined,
  run: (ask: RoundAsks["ask"], signal: AbortSignal, sample: RoundAsks["sample"]) => Promise<R>,
): Promise<RoundOutcome<R>> {
  const state = await readState(input.seal, input.requestState, input.digest);
  const answers = state ? [...state.answers] : [];
  const reply = state && isRecord(input.responses) ? input.responses[state.k ?? QUESTION_KEY] : undefined;
  if (state && reply !== undefined) answers.push({ f: state.pending, r: reply });
  const stop = new AbortController();
  const toolSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  // Set once the tool asks for something that has no fitting reply yet: that round ends with the request.
  let suspension: Promise<RoundOutcome<R>> | undefined;
  let suspend: (outcome: Promise<RoundOutcome<R>>) => void = () => {};
  const suspended = new Promise<RoundOutcome<R>>((resolve) => {
    suspend = resolve;
  });
  let next = 0;
  const replayOr = <T>(fingerprint: string, check: (raw: unknown) => T | undefined, request: PendingInput): Promise<T> => {
    const index = next++;
    const earlier = answers[index];
    const fitted = earlier && earlier.f === fingerprint ? check(earlier.r) : undefined;
    if (fitted !== undefined) {
      // Only the fitted reply travels on: whatever else the client sent stays out of the next state.
      answers[index] = { f: fingerprint, r: fitted };
      return Promise.resolve(fitted);
    }
    const kept = answers.slice(0, index);
    suspension ??= input.seal
      .seal({ v: 2, d: input.digest, answers: kept, pending: fingerprint, k: request.key })
      .then((requestState): RoundOutcome<R> => {
        // A state no server would read back would ask the same thing forever: the call fails instead.
        if (requestState.length > MAX_STATE_LENGTH) throw new StateTooLargeError();
        return { kind: "input", request, requestState };
      });
    suspend(suspension);
    stop.abort(new Error("the call is waiting for the client's reply"));
    // This round ends here: the tool runs again from the top once the reply arrives.
    return new Promise<never>(() => {});
  };
  const ask = (question: PreparedQuestion) => replayOr(question.fingerprint, question.check, { key: QUESTION_KEY, form: question.form });
  const sample = (request: PreparedSample) =>
    replayOr(request.fingerprint, (raw) => replayedSample(request, raw), { key: SAMPLE_KEY, params: request.params });
  // A tool that returns on the abort after asking still ends its round with the request, not with that return.
  const finished = run(ask, toolSignal, sample).then(
    (result): RoundOutcome<R> | Promise<RoundOutcome<R>> => suspension ?? { kind: "done", result },
  );
  return Promise.race([finished, suspended]);
}

/**
 * A replayed sampling reply. The state keeps the checked result, whose `text`
 * the check adds; it is dropped before the check runs again, so a replayed
 * result reads exactly as the first one did.
 */
function replayedSample(request: PreparedSample, raw: unknown): SampleResult | undefined {
  if (!isRecord(raw)) return undefined;
  const { text: _text, ...reply } = raw;
  return request.check(reply);
}
