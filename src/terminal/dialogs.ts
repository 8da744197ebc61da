/**
 * Questions to the person through a host's plain dialogs (a select, a text
 * input, a notice), one dialog per field. Pi and OMP both offer these three
 * and nothing richer that every mode supports, so both ask through this one
 * implementation; only what the hosts really do differently is an option.
 *
 * The behaviour, field by field:
 * - title: the question's message, a blank line, then the field's label (its
 *   title, else its name), `: description` when it has one, and ` (optional)`
 *   when it may be left out;
 * - enum: a select of its labels (titled enums show their titles), boolean: a
 *   select of "Yes" / "No"; an optional one also offers "(leave empty)";
 * - multi-select: a toggle list, a select whose entries read "[x] label" or
 *   "[ ] label" and flip on choice, closed by "Done" (listed first); nothing
 *   chosen leaves an optional field out; after {@link MAX_TOGGLES} choices the
 *   list closes as if "Done" was chosen, so even a person's loop is bounded;
 * - text and numbers: an input, its placeholder the default (else the format,
 *   or "number"/"integer"); an empty entry takes the default, leaves an
 *   optional field out, is "required" for a number and the empty string for
 *   text. Numbers are read as a person writes decimals ("0x1f", "Infinity",
 *   "1,5" are not numbers); spaces around them are ignored;
 * - every value goes through `question.checkField`; a wrong one gets a
 *   warning ("<label> <problem>. Try again.") and one more try, and a second
 *   wrong one cancels the question ("… The question is cancelled.");
 * - Escape (a dialog answering `undefined`), a reply that is none of the
 *   entries, or an aborted signal cancels the whole form; the content built
 *   goes through `question.check` before anyone sees it.
 *
 * Entries show values cleaned; a value that cleaning would change is shown
 * quoted, and every entry is unique, so each reply maps to exactly one value.
 */
import { choicesOf, type FormField, type PreparedQuestion } from "../core/questions.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import type { Answer } from "../core/types.ts";

/** What `select` and `input` take besides the title: the call's signal, and the entry to start on where the host supports it. */
export interface DialogOptions {
  signal?: AbortSignal;
  initialIndex?: number;
}

/** The three dialogs a host lends. `select` and `input` resolve `undefined` when the person dismisses them (Escape). */
export interface Dialogs {
  select(title: string, options: string[], options2?: DialogOptions): Promise<string | undefined>;
  input(title: string, placeholder?: string, options?: DialogOptions): Promise<string | undefined>;
  notify(message: string, level: "warning"): void;
}

export interface DialogAskOptions {
  /** The call's signal: passed to every dialog; once aborted, the form is cancelled. */
  signal?: AbortSignal;
  /**
   * Whether the host's `select` starts on `initialIndex` (OMP does, Pi 1.x has
   * no such option). When it does, an enum or boolean starts on its default
   * and a toggle list stays on the entry just flipped.
   */
  initialIndex?: boolean;
}

/** Tries per field: the first, then one more after a warning. */
const TRIES = 2;
/** Choices one toggle list accepts before it closes as if "Done" was chosen. */
export const MAX_TOGGLES = 256;

const DIALOG_TEXTS = {
  leaveEmpty: "(leave empty)",
  done: "Done",
  yes: "Yes",
  no: "No",
  tryAgain: "Try again.",
  cancelled: "The question is cancelled.",
} as const;

/** A field left out (optional, nothing given). */
const SKIP = Symbol("skip");
/** Escape, an abort, or a reply that is none of the entries. */
const CANCEL = Symbol("cancel");
/** "Done" in a toggle list (a symbol, so an option named "Done" stays an option). */
const FINISHED = Symbol("finished");
type Reply = unknown;

/** A number entry that did not parse; checked as "must be a number". */
const NOT_A_NUMBER = Symbol("not a number");

/** One field being asked: everything its dialogs need. */
interface Prompt {
  dialogs: Dialogs;
  host: DialogAskOptions;
  field: FormField;
  required: boolean;
  title: string;
}

/** Builds a host's `ask` from its dialogs: each field in turn, then the whole reply through `question.check`. */
export function dialogAsk(dialogs: Dialogs, host: DialogAskOptions = {}): (question: PreparedQuestion) => Promise<Answer> {
  return async (question) => {
    // No prototype: a field may be named `__proto__`.
    const content: Record<string, unknown> = Object.create(null);
    for (const [name, field, required] of question.fields) {
      if (host.signal?.aborted) return { action: "cancel" };
      const value = await askField(dialogs, host, question, name, field, required);
      if (value === CANCEL) return { action: "cancel" };
      if (value !== SKIP) content[name] = value;
    }
    // Each field passed on its own; the whole reply goes through the question's own check as well.
    return question.check({ action: "accept", content }) ?? { action: "cancel" };
  };
}

/** A field's label: its title, else its name; quoted when cleaning leaves nothing. */
function fieldLabel(name: string, field: FormField): string {
  return sanitizeLine(field.title ?? name) || quote(name);
}

/** The dialog title: the question, a blank line, then the field. */
function fieldTitle(message: string, name: string, field: FormField, required: boolean): string {
  const description = field.description === undefined ? "" : sanitizeLine(field.description);
  return `${message}\n\n${fieldLabel(name, field)}${description ? `: ${description}` : ""}${required ? "" : " (optional)"}`;
}

async function askField(
  dialogs: Dialogs,
  host: DialogAskOptions,
  question: PreparedQuestion,
  name: string,
  field: FormField,
  required: boolean,
): Promise<Reply> {
  const label = fieldLabel(name, field);
  const prompt: Prompt = { dialogs, host, field, required, title: fieldTitle(question.form.message, name, field, required) };
  let previous: unknown;
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const value = await showDialog(prompt, previous);
    if (value === CANCEL || host.signal?.aborted) return CANCEL;
    const next = attempt < TRIES ? DIALOG_TEXTS.tryAgain : DIALOG_TEXTS.cancelled;
    if (value === SKIP) {
      if (!required) return SKIP;
      dialogs.notify(`${label} is required. ${next}`, "warning");
      continue;
    }
    const problem = value === NOT_A_NUMBER ? "must be a number" : question.checkField(name, value);
    if (problem === undefined) return value;
    dialogs.notify(`${label} ${sanitizeLine(problem)}. ${next}`, "warning");
    previous = value;
  }
  return CANCEL;
}

function showDialog(prompt: Prompt, previous: unknown): Promise<Reply> {
  const { field } = prompt;
  const choices = choicesOf(field);
  if (field.type === "array") {
    const start = Array.isArray(previous) ? previous : (field.default ?? []);
    return toggleList(prompt, choices ?? { values: [], labels: [] }, start);
  }
  if (field.type === "boolean") return chooseOne(prompt, [DIALOG_TEXTS.yes, DIALOG_TEXTS.no], [true, false], field.default);
  if (choices) return chooseOne(prompt, choices.labels, choices.values, field.default);
  return typeIn(prompt, field);
}

/** The options every dialog of this field gets, with the entry to start on when the host takes one. */
function dialogOptions(host: DialogAskOptions, initial: number): DialogOptions | undefined {
  const options: DialogOptions = {};
  if (host.signal) options.signal = host.signal;
  if (host.initialIndex && initial >= 0) options.initialIndex = initial;
  return Object.keys(options).length > 0 ? options : undefined;
}

/** One choice from a list; an optional field also offers to leave it empty. */
async function chooseOne(prompt: Prompt, shown: readonly string[], values: readonly unknown[], fallback: unknown): Promise<Reply> {
  const entries = new Entries();
  for (const [k, text] of shown.entries()) entries.add(text, values[k]);
  if (!prompt.required) entries.add(DIALOG_TEXTS.leaveEmpty, SKIP);
  const initial = fallback === undefined ? -1 : values.indexOf(fallback);
  const picked = await prompt.dialogs.select(prompt.title, entries.labels(), dialogOptions(prompt.host, initial));
  return entries.valueOf(picked);
}

/** A toggle list built from `select`: each choice flips one entry, "Done" closes it. */
async function toggleList(
  prompt: Prompt,
  { values, labels }: { values: readonly string[]; labels: readonly string[] },
  start: readonly unknown[],
): Promise<Reply> {
  const selected = new Set(start.filter((v): v is string => typeof v === "string"));
  let cursor = -1;
  for (let round = 0; round < MAX_TOGGLES; round++) {
    const entries = new Entries();
    entries.add(DIALOG_TEXTS.done, FINISHED);
    for (const [k, value] of values.entries()) {
      entries.add(`${selected.has(value) ? "[x]" : "[ ]"} ${shownValue(labels[k] ?? value)}`, value);
    }
    const picked = await prompt.dialogs.select(prompt.title, entries.labels(), dialogOptions(prompt.host, cursor));
    const value = entries.valueOf(picked);
    if (value === CANCEL) return CANCEL;
    if (value === FINISHED) break;
    if (typeof value === "string" && !selected.delete(value)) selected.add(value);
    cursor = entries.labels().indexOf(picked as string);
  }
  const chosen = values.filter((value) => selected.has(value));
  return chosen.length === 0 && !prompt.required ? SKIP : chosen;
}

/** Text and numbers typed in. */
async function typeIn(prompt: Prompt, field: Extract<FormField, { type: "string" | "number" | "integer" }>): Promise<Reply> {
  const placeholder =
    field.default !== undefined
      ? String(field.default)
      : "format" in field
        ? field.format
        : field.type === "string"
          ? undefined
          : field.type;
  const typed = await prompt.dialogs.input(
    prompt.title,
    placeholder === undefined ? undefined : sanitizeLine(placeholder),
    dialogOptions(prompt.host, -1),
  );
  if (typed === undefined) return CANCEL;
  if (field.type === "string") {
    if (typed !== "") return typed;
    return field.default ?? (prompt.required ? "" : SKIP);
  }
  const text = typed.trim();
  if (text === "") return field.default ?? SKIP;
  const number = NUMBER.test(text) ? Number(text) : Number.NaN;
  // "1e999" is written like a number but reads as Infinity, which no form can send back.
  return Number.isFinite(number) ? number : NOT_A_NUMBER;
}

/** A decimal number as a person types it; `Number()` alone would also take "0x1f", "Infinity" or "". */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A value as a dialog entry shows it: as is when clean, quoted when cleaning would change it. */
function shownValue(value: string): string {
  const clean = sanitizeLine(value);
  return clean === value && clean !== "" ? value : quote(value);
}

/** Dialog entries → the values they stand for, every entry unique. */
class Entries {
  private readonly map = new Map<string, unknown>();
  add(text: string, value: unknown): void {
    const base = shownValue(text);
    let label = base;
    for (let n = 2; this.map.has(label); n++) label = `${base} (${n})`;
    this.map.set(label, value);
  }
  labels(): string[] {
    return [...this.map.keys()];
  }
  /** The value behind a reply; Escape or a reply that is none of the entries cancels. */
  valueOf(picked: string | undefined): unknown {
    return picked !== undefined && this.map.has(picked) ? this.map.get(picked) : CANCEL;
  }
}
