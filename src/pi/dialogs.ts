/**
 * Questions to the person through Pi's dialogs, one dialog per field: a select
 * for enums and booleans, a text input for strings and numbers, and a toggle
 * list for multi-select. Pi 1.x has no multi-select dialog, so the toggle list
 * is a select whose entries show a check box and flip on choice, closed by
 * "Done"; it works in every Pi mode that has dialogs (terminal and RPC).
 *
 * Every value is checked against its field; a value that does not fit gets a
 * warning and one more try. Escape (a dialog answering `undefined`) cancels the
 * whole form.
 */
import { choicesOf, type FormField, type PreparedQuestion } from "../core/questions.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import type { Answer } from "../core/types.ts";
import type { PiToolContext } from "./types.ts";

type PiDialogs = Pick<PiToolContext["ui"], "select" | "input" | "notify">;

/** A field left out (optional, nothing entered). */
const SKIP = Symbol("skip");
/** The person pressed Escape, or the call was aborted. */
const CANCEL = Symbol("cancel");
/** "Done" in a toggle list (a symbol, so an option named "Done" stays an option). */
const FINISHED = Symbol("finished");
type Reply = unknown | typeof SKIP | typeof CANCEL;

/** Tries per field: the first, then one more after a warning. */
const TRIES = 2;
/** Choices one toggle list accepts before it closes as if "Done" was chosen: a person's loop stays bounded too. */
const MAX_TOGGLES = 256;

const LEAVE_EMPTY = "(leave empty)";
const DONE = "Done";
const YES = "Yes";
const NO = "No";

/** Builds the `ask` a Pi call offers its tool. */
export function dialogAsk(ui: PiDialogs, signal: AbortSignal | undefined): (question: PreparedQuestion) => Promise<Answer> {
  return async (question) => {
    // No prototype: a field may be named `__proto__`.
    const content: Record<string, unknown> = Object.create(null);
    for (const [name, field, required] of question.fields) {
      const value = await askField(ui, question, name, field, required, signal);
      if (value === CANCEL) return { action: "cancel" };
      if (value !== SKIP) content[name] = value;
    }
    // Each field passed on its own; the whole reply goes through the question's own check as well.
    return question.check({ action: "accept", content }) ?? { action: "cancel" };
  };
}

async function askField(
  ui: PiDialogs,
  question: PreparedQuestion,
  name: string,
  field: FormField,
  required: boolean,
  signal: AbortSignal | undefined,
): Promise<Reply> {
  const label = sanitizeLine(field.title ?? name) || quote(name);
  const title = dialogTitle(question.form.message, label, field);
  let previous: unknown;
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const value = await showDialog(ui, title, field, required, previous, signal);
    if (value === CANCEL || signal?.aborted) return CANCEL;
    if (value === SKIP) {
      if (!required) return SKIP;
      ui.notify(`${label} is required.${nextStep(attempt)}`, "warning");
      continue;
    }
    const problem = value instanceof NotANumber ? "must be a number" : question.checkField(name, value);
    if (problem === undefined) return value;
    ui.notify(`${label} ${sanitizeLine(problem)}.${nextStep(attempt)}`, "warning");
    previous = value;
  }
  return CANCEL;
}

/** What the warning tells the person happens next. */
function nextStep(attempt: number): string {
  return attempt < TRIES ? " Try again." : " The question is cancelled.";
}

/** The question, then the field: its label and, when given, its description. */
function dialogTitle(message: string, label: string, field: FormField): string {
  const description = field.description === undefined ? "" : sanitizeLine(field.description);
  return `${message}\n${label}${description ? `: ${description}` : ""}`;
}

function showDialog(
  ui: PiDialogs,
  title: string,
  field: FormField,
  required: boolean,
  previous: unknown,
  signal: AbortSignal | undefined,
): Promise<Reply> {
  const opts = signal ? { signal } : undefined;
  const choices = choicesOf(field);
  if (field.type === "array" && choices) return toggleList(ui, title, choices, initialSelection(previous, field.default), opts);
  if (field.type === "boolean") return chooseOne(ui, title, [YES, NO], [true, false], required, opts);
  if (choices || field.type === "array") return chooseOne(ui, title, choices?.labels ?? [], choices?.values ?? [], required, opts);
  return typeIn(ui, title, field, required, opts);
}

/** One choice from a list. Entries show the value, cleaned; a value that cleaning would change is shown quoted. */
async function chooseOne(
  ui: PiDialogs,
  title: string,
  shown: readonly string[],
  values: readonly unknown[],
  required: boolean,
  opts: { signal: AbortSignal } | undefined,
): Promise<Reply> {
  const choices = new Labels();
  for (const [i, text] of shown.entries()) choices.add(text, values[i]);
  if (!required) choices.add(LEAVE_EMPTY, SKIP);
  const picked = await ui.select(title, choices.labels(), opts);
  if (picked === undefined) return CANCEL;
  return choices.has(picked) ? choices.get(picked) : CANCEL;
}

/** A toggle list built from `select`: each choice flips one entry, "Done" closes it. */
async function toggleList(
  ui: PiDialogs,
  title: string,
  { values: options, labels }: { values: readonly string[]; labels: readonly string[] },
  selected: Set<string>,
  opts: { signal: AbortSignal } | undefined,
): Promise<Reply> {
  for (let round = 0; round < MAX_TOGGLES; round++) {
    const choices = new Labels();
    choices.add(DONE, FINISHED);
    for (const [k, option] of options.entries()) {
      choices.add(`${selected.has(option) ? "[x]" : "[ ]"} ${shownValue(labels[k] ?? option)}`, option);
    }
    const picked = await ui.select(title, choices.labels(), opts);
    if (picked === undefined || !choices.has(picked)) return CANCEL;
    const option = choices.get(picked);
    if (option === FINISHED) break;
    if (typeof option === "string") {
      if (selected.has(option)) selected.delete(option);
      else selected.add(option);
    }
  }
  return options.filter((option) => selected.has(option));
}

function initialSelection(previous: unknown, fallback: readonly string[] | undefined): Set<string> {
  const start = Array.isArray(previous) ? previous : (fallback ?? []);
  return new Set(start.filter((v): v is string => typeof v === "string"));
}

/** A number that did not parse; checked as "must be a number". */
class NotANumber {}

async function typeIn(
  ui: PiDialogs,
  title: string,
  field: Extract<FormField, { type: "string" | "number" | "integer" }>,
  required: boolean,
  opts: { signal: AbortSignal } | undefined,
): Promise<Reply> {
  const placeholder =
    field.default !== undefined
      ? String(field.default)
      : "format" in field
        ? field.format
        : field.type === "string"
          ? undefined
          : field.type;
  const typed = await ui.input(title, placeholder === undefined ? undefined : sanitizeLine(placeholder), opts);
  if (typed === undefined) return CANCEL;
  if (field.type === "string") return typed === "" && !required ? SKIP : typed;
  const text = typed.trim();
  if (text === "") return SKIP;
  return NUMBER.test(text) ? Number(text) : new NotANumber();
}

/** A decimal number as a person types it; `Number()` alone would also take "0x1f", "Infinity" or "". */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A value as a dialog entry shows it. */
function shownValue(value: string): string {
  const clean = sanitizeLine(value);
  return clean === value && clean !== "" ? value : quote(value);
}

/** Dialog entries → the values they stand for, every entry unique. */
class Labels {
  private readonly map = new Map<string, unknown>();
  add(text: string, value: unknown): void {
    // Clean entries stay as they are (YES, "[x] -"); only a value cleaning would change is quoted.
    const base = shownValue(text);
    let label = base;
    for (let n = 2; this.map.has(label); n++) label = `${base} (${n})`;
    this.map.set(label, value);
  }
  labels(): string[] {
    return [...this.map.keys()];
  }
  has(label: string): boolean {
    return this.map.has(label);
  }
  get(label: string): unknown {
    return this.map.get(label);
  }
}
