/**
 * One card per host, and the person behind it: what the page draws while a
 * host runs a call (progress, a question waiting for the reader, notices, the
 * MCP wire) and its answer at the end. Plain objects the page makes reactive;
 * everything here changes them through the object it is given, so Vue sees
 * each change.
 */
import type { Pacer } from "./pace.ts";
import { createPacer } from "./pace.ts";
import type { CallOptions, Dialog, FormReply, FormRequest, HostAnswer, HostKey, Person, ProgressStep, ViewCall } from "./types.ts";

/** A question on screen, waiting for the reader; `reply` answers it and takes it away. */
export type PendingQuestion =
  | { kind: "form"; number: number; request: FormRequest; reply(answer: FormReply): void }
  | { kind: "dialog"; number: number; dialog: Dialog; reply(answer: string | undefined): void };

export interface Card {
  host: HostKey;
  /** The last progress step drawn, and how many were drawn. */
  progress?: ProgressStep & { steps: number };
  question?: PendingQuestion;
  /** Questions asked so far in this call (forms or dialogs), numbering the next one. */
  asked: number;
  notices: string[];
  wire: string[];
  answer?: HostAnswer;
  /** MCP: the call of a tool with a view, for the view the card shows under the answer. */
  view?: ViewCall;
}

export type CardStatus = "running" | "asking" | "done";

export function newCard(host: HostKey): Card {
  return { host, asked: 0, notices: [], wire: [] };
}

export function cardStatus(card: Card): CardStatus {
  if (card.answer) return "done";
  return card.question ? "asking" : "running";
}

/**
 * Puts a question on the card and resolves with the reader's reply. If the
 * call is stopped first, the question goes away and `dismissed` is the reply
 * (what a host hears when a person closes a dialog).
 */
function ask<T>(card: Card, signal: AbortSignal, dismissed: T, question: (number: number, reply: (answer: T) => void) => PendingQuestion) {
  return new Promise<T>((resolve) => {
    const number = ++card.asked;
    const reply = (answer: T) => {
      if (card.question?.number === number) card.question = undefined;
      signal.removeEventListener("abort", onAbort);
      resolve(answer);
    };
    const onAbort = () => reply(dismissed);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    card.question = question(number, reply);
  });
}

/** The person as this card shows them to its host: progress through the pacer, questions on the card. */
export function cardPerson(card: Card, pacer: Pacer<ProgressStep>): Person {
  return {
    progress: (step) => pacer.push(step),
    form: (request, signal) =>
      ask<FormReply>(card, signal, { action: "cancel" }, (number, reply) => ({ kind: "form", number, request, reply })),
    dialog: (dialog, signal) =>
      ask<string | undefined>(card, signal, undefined, (number, reply) => ({ kind: "dialog", number, dialog, reply })),
    notify: (message) => {
      card.notices.push(message);
    },
    wire: (line) => {
      card.wire.push(line);
    },
    view: (call) => {
      card.view = call;
    },
  };
}

/** How one host's call is made; hosts.ts's `call`, or a stand-in in tests. */
export type CallHost = (host: HostKey, person: Person, options: CallOptions) => Promise<HostAnswer>;

/**
 * Runs one host's call into its card: progress drawn at a readable pace
 * (`stepMs` per step), the answer once the last step is drawn. A call
 * stopped before it answers leaves its card as it was.
 */
export async function runCard(card: Card, call: CallHost, options: CallOptions, stepMs: number): Promise<void> {
  const pacer = createPacer<ProgressStep>(stepMs, (step) => {
    card.progress = { ...step, steps: (card.progress?.steps ?? 0) + 1 };
  });
  options.signal.addEventListener("abort", () => pacer.stop(), { once: true });
  const answer = await call(card.host, cardPerson(card, pacer), options);
  await pacer.settled();
  if (!options.signal.aborted) card.answer = answer;
}
