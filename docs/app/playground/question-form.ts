/**
 * The form an MCP elicitation request asks the tab's client to show, built
 * from its `requestedSchema` (the flat schema MCP allows: strings, numbers,
 * booleans, single and multi-select enums), and the reply made from what the
 * person filled in. The server checks the reply again; this side only keeps
 * a person from sending a form with a required field left empty.
 */
import type { FormField } from "@agntn/tools";
// The form offers the choices the terminal hosts offer, with their helper (not public API).
import { choicesOf } from "../../../src/core/questions.ts";
import type { FormRequest } from "./types.ts";

interface QuestionFieldBase {
  name: string;
  /** The field's title, else its name. */
  label: string;
  description?: string;
  required: boolean;
}

export type QuestionField =
  | (QuestionFieldBase & { kind: "choice"; options: { value: string; label: string }[]; initial?: string })
  | (QuestionFieldBase & { kind: "multi"; options: { value: string; label: string }[]; initial: string[] })
  | (QuestionFieldBase & { kind: "boolean"; initial: boolean })
  | (QuestionFieldBase & { kind: "number"; integer: boolean; initial?: number })
  | (QuestionFieldBase & { kind: "text"; initial?: string });

/** What the person has filled in, by field name. */
export type QuestionValues = Record<string, unknown>;

export function questionFields(request: FormRequest): QuestionField[] {
  const required = new Set(request.requestedSchema.required ?? []);
  return Object.entries(request.requestedSchema.properties).map(([name, property]) =>
    questionField(name, property as FormField, required.has(name)),
  );
}

function questionField(name: string, field: FormField, required: boolean): QuestionField {
  const base: QuestionFieldBase = { name, label: field.title ?? name, required };
  if (field.description !== undefined) base.description = field.description;
  const choices = choicesOf(field);
  const options = choices?.values.map((value, k) => ({ value, label: choices.labels[k] ?? value })) ?? [];
  const initial = field.default;
  switch (field.type) {
    case "array":
      return { ...base, kind: "multi", options, initial: Array.isArray(initial) ? [...initial] : [] };
    case "boolean":
      // A checkbox always has a value: unticked is `false`, as a person reads it.
      return { ...base, kind: "boolean", initial: initial === true };
    case "number":
    case "integer":
      return { ...base, kind: "number", integer: field.type === "integer", ...(typeof initial === "number" ? { initial } : {}) };
    default:
      if (choices) return { ...base, kind: "choice", options, ...(typeof initial === "string" ? { initial } : {}) };
      return { ...base, kind: "text", ...(typeof initial === "string" ? { initial } : {}) };
  }
}

export function initialValues(fields: readonly QuestionField[]): QuestionValues {
  const values: QuestionValues = {};
  for (const field of fields) if (field.initial !== undefined) values[field.name] = field.initial;
  return values;
}

/** Whether a value counts as filled in: an empty box, no choice, no number or an empty selection does not. */
function filled(field: QuestionField, value: unknown): boolean {
  if (value === undefined || value === null || String(value).trim() === "") return false;
  if (field.kind === "number") return Number.isFinite(Number(value));
  if (field.kind === "multi") return Array.isArray(value) && value.length > 0;
  return true;
}

/** The problems UForm shows under the fields: a required field left empty, a number that is not one. */
export function questionProblems(fields: readonly QuestionField[], values: QuestionValues): { name: string; message: string }[] {
  const problems: { name: string; message: string }[] = [];
  for (const field of fields) {
    const value = values[field.name];
    const typed = value !== undefined && value !== null && String(value).trim() !== "";
    if (field.kind === "number" && typed && !Number.isFinite(Number(value))) {
      problems.push({ name: field.name, message: "Must be a number" });
    } else if (field.required && !filled(field, value)) {
      problems.push({ name: field.name, message: "Required" });
    }
  }
  return problems;
}

/** The `content` of an accepting reply: the fields filled in, numbers as numbers, the rest left out. */
export function replyContent(fields: readonly QuestionField[], values: QuestionValues): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (!filled(field, value)) continue;
    content[field.name] = field.kind === "number" ? Number(value) : value;
  }
  return content;
}
