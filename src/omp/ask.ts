/**
 * Questions to the person through OMP's `ctx.ui` dialogs, one dialog per
 * field: a select for enums and booleans, a toggle list for multi-select, a
 * text input for strings and numbers. Every value is checked against its
 * field; a wrong one gets a warning and one more try. Escape (a dialog that
 * resolves `undefined`) cancels the whole form.
 */
import type { HostContext } from "../core/invoke.ts";
import { choicesOf, type FormField, type PreparedQuestion } from "../core/questions.ts";
import { sanitizeLine } from "../core/sanitize.ts";
import type { Answer } from "../core/types.ts";
import type { OmpDialogOptions, OmpDialogs, OmpToolContext } from "./types.ts";

/** A field left out (optional, nothing given). */
const SKIP = Symbol("skip");
/** The person pressed Escape, the call was aborted, or a value stayed wrong after its second try. */
const CANCEL = Symbol("cancel");
type FieldValue = unknown | typeof SKIP | typeof CANCEL;

const TRIES = 2;
const SKIP_LABEL = "(leave empty)";
const DONE_LABEL = "Done";
const YES = "Yes";
const NO = "No";

interface FieldPrompt {
  dialogs: OmpDialogs;
  question: PreparedQuestion;
  name: string;
  field: FormField;
  required: boolean;
  title: string;
  options: OmpDialogOptions;
}

/** Builds `ask` from the call's `ctx`; `undefined` when OMP has no UI (print mode, a subagent), so tools see no `ask`. */
export function dialogAsk(ctx: OmpToolContext | undefined, signal: AbortSignal | undefined): HostContext["ask"] {
  const ui = ctx?.ui;
  if (ctx?.hasUI !== true || !ui || typeof ui.select !== "function" || typeof ui.input !== "function") return undefined;
  const dialogs: OmpDialogs = {
    select: ui.select.bind(ui),
    input: ui.input.bind(ui),
    notify: typeof ui.notify === "function" ? ui.notify.bind(ui) : () => {},
  };
  return async (question) => {
    const content: Record<string, unknown> = {};
    for (const [name, field, required] of question.fields) {
      if (signal?.aborted) return { action: "cancel" };
      const title = `${question.form.message}\n\n${fieldLabel(name, field, required)}`;
      const options: OmpDialogOptions = signal ? { signal } : {};
      const value = await askField({ dialogs, question, name, field, required, title, options });
      if (value === CANCEL) return { action: "cancel" };
      if (value !== SKIP) content[name] = value;
    }
    // Each value passed its field; the whole form is checked once more (required keys, closed object).
    return question.check({ action: "accept", content }) ?? ({ action: "cancel" } satisfies Answer);
  };
}

function fieldLabel(name: string, field: FormField, required: boolean): string {
  const title = sanitizeLine(field.title ?? name) || sanitizeLine(name);
  const description = field.description === undefined ? "" : sanitizeLine(field.description);
  return `${title}${description ? ` (${description})` : ""}${required ? "" : ", optional"}`;
}

async function askField(prompt: FieldPrompt): Promise<FieldValue> {
  const { field } = prompt;
  const choices = choicesOf(field);
  if (field.type === "array" && choices) return askMany(prompt, choices.values, choices.labels);
  if (field.type === "string" && choices) return askChoice(prompt, choices.values, choices.labels, field.default);
  if (field.type === "boolean") return askYesNo(prompt, field.default);
  return askTyped(prompt);
}

/** One dialog, checked: a wrong value is shown as a warning and asked once more. */
async function withRetries(prompt: FieldPrompt, ask: () => Promise<FieldValue>): Promise<FieldValue> {
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const value = await ask();
    if (value === CANCEL || value === SKIP) return value;
    const problem = prompt.question.checkField(prompt.name, value);
    if (problem === undefined) return value;
    prompt.dialogs.notify(`${fieldLabel(prompt.name, prompt.field, prompt.required)} ${sanitizeLine(problem)}`, "warning");
  }
  return CANCEL;
}

async function askChoice(
  prompt: FieldPrompt,
  values: readonly string[],
  titles: readonly string[],
  fallback: string | undefined,
): Promise<FieldValue> {
  const labels = titles.map((v) => sanitizeLine(v));
  const items = prompt.required ? labels : [...labels, SKIP_LABEL];
  const initial = fallback === undefined ? -1 : values.indexOf(fallback);
  const options = initial >= 0 ? { ...prompt.options, initialIndex: initial } : prompt.options;
  return withRetries(prompt, async () => {
    const picked = await prompt.dialogs.select(prompt.title, items, options);
    if (picked === undefined) return CANCEL;
    const index = labels.indexOf(picked);
    if (index >= 0) return values[index];
    return picked === SKIP_LABEL && !prompt.required ? SKIP : picked;
  });
}

async function askYesNo(prompt: FieldPrompt, fallback: boolean | undefined): Promise<FieldValue> {
  const items = prompt.required ? [YES, NO] : [YES, NO, SKIP_LABEL];
  const options = fallback === undefined ? prompt.options : { ...prompt.options, initialIndex: fallback ? 0 : 1 };
  return withRetries(prompt, async () => {
    const picked = await prompt.dialogs.select(prompt.title, items, options);
    if (picked === undefined) return CANCEL;
    if (picked === YES) return true;
    if (picked === NO) return false;
    return picked === SKIP_LABEL && !prompt.required ? SKIP : picked;
  });
}

/**
 * A toggle list: each pick flips one value, "Done" ends it. The state is
 * written into the labels ("[x] a") so it reads the same in the TUI and over RPC.
 */
async function askMany(prompt: FieldPrompt, values: readonly string[], titles: readonly string[]): Promise<FieldValue> {
  const field = prompt.field as Extract<FormField, { type: "array" }>;
  const chosen = new Set<number>((field.default ?? []).map((v) => values.indexOf(v)).filter((k) => k >= 0));
  // Every pick either toggles or ends the list: enough room to set each value twice, then give up.
  const limit = values.length * 4 + TRIES + 2;
  let wrong = 0;
  for (let step = 0; step < limit; step++) {
    const items = titles.map((v, k) => `${chosen.has(k) ? "[x]" : "[ ]"} ${sanitizeLine(v)}`);
    const picked = await prompt.dialogs.select(prompt.title, [...items, DONE_LABEL], prompt.options);
    if (picked === undefined) return CANCEL;
    const index = items.indexOf(picked);
    if (index >= 0) {
      if (!chosen.delete(index)) chosen.add(index);
      continue;
    }
    if (picked !== DONE_LABEL) continue;
    const value = values.filter((_, k) => chosen.has(k));
    if (value.length === 0 && !prompt.required) return SKIP;
    const problem = prompt.question.checkField(prompt.name, value);
    if (problem === undefined) return value;
    prompt.dialogs.notify(`${fieldLabel(prompt.name, prompt.field, prompt.required)} ${sanitizeLine(problem)}`, "warning");
    if (++wrong >= TRIES) return CANCEL;
  }
  return CANCEL;
}

/** Text and numbers: an empty entry takes the default, or leaves an optional field out. */
async function askTyped(prompt: FieldPrompt): Promise<FieldValue> {
  const field = prompt.field as Extract<FormField, { type: "string" | "number" | "integer" }>;
  const numeric = field.type === "number" || field.type === "integer";
  const placeholder = field.default === undefined ? undefined : String(field.default);
  return withRetries(prompt, async () => {
    const typed = await prompt.dialogs.input(prompt.title, placeholder, prompt.options);
    if (typed === undefined) return CANCEL;
    if (typed.trim() === "") {
      if (field.default !== undefined) return field.default;
      // A required field left empty: an empty string for text (the field's own check decides), nothing for a number.
      if (!prompt.required) return SKIP;
      return numeric ? typed : "";
    }
    if (!numeric) return typed;
    const number = Number(typed.trim());
    return Number.isNaN(number) ? typed : number;
  });
}
