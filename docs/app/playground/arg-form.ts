/**
 * The arguments form, built from a tool's input schema: one field per
 * property, in the schema's order. The form and the JSON editor show the same
 * arguments; the form reads a field out of them and writes one back into
 * them, leaving every other key (a typo, a hostile key) where it was, so a
 * case the form cannot express survives an edit in the form.
 */
import { toJsonSchema } from "@agntn/tools";
import { visibleJson } from "./presets.ts";

interface FieldBase {
  name: string;
  description?: string;
  required: boolean;
}

/**
 * A field as the form draws it:
 * - text: a string, typed in a box that takes line breaks;
 * - choice: an enum (or a boolean), picked from its values;
 * - number: a number or integer, typed;
 * - list: an array of strings, one tag per item;
 * - json: anything else, edited in the JSON only.
 */
export type ArgShape =
  | { kind: "text" }
  | { kind: "choice"; values: readonly unknown[]; labels: readonly string[] }
  | { kind: "number"; integer: boolean; minimum?: number; maximum?: number }
  | { kind: "list" }
  | { kind: "json" };

export type ArgField = FieldBase & ArgShape;

type Schema = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The fields of a tool's input schema; a schema that is not an object of properties has none. */
export function argFields(input: unknown): ArgField[] {
  const schema = toJsonSchema(input) as Schema;
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).map(([name, property]) => {
    const base: FieldBase = { name, required: required.has(name) };
    if (isPlainObject(property) && typeof property.description === "string") base.description = property.description;
    return { ...base, ...fieldShape(isPlainObject(property) ? property : {}) } as ArgField;
  });
}

function fieldShape(property: Schema): ArgShape {
  if (Array.isArray(property.enum)) return { kind: "choice", values: property.enum, labels: property.enum.map((v) => String(v)) };
  switch (property.type) {
    case "string":
      return { kind: "text" };
    case "boolean":
      return { kind: "choice", values: [true, false], labels: ["true", "false"] };
    case "number":
    case "integer":
      return {
        kind: "number",
        integer: property.type === "integer",
        ...(typeof property.minimum === "number" ? { minimum: property.minimum } : {}),
        ...(typeof property.maximum === "number" ? { maximum: property.maximum } : {}),
      };
    case "array":
      return isPlainObject(property.items) && property.items.type === "string" ? { kind: "list" } : { kind: "json" };
    default:
      return { kind: "json" };
  }
}

/**
 * What the form holds for a field, by kind: the text; the index of the
 * choice (-1: none); the number as typed ("": none); the list's items.
 */
export type FormInput = string | number | string[];

/**
 * A field read out of the arguments: left out, set to a value the form can
 * hold, or set to one it cannot (a number where text goes, "+" where only
 * "-", "_", "." go), which the form shows as JSON beside an empty input.
 */
export type FieldView =
  | { state: "absent"; input: FormInput }
  | { state: "set"; input: FormInput }
  | { state: "other"; input: FormInput; shown: string };

/** The empty input of each kind: what the form shows for a field left out. */
function emptyInput(field: ArgField): FormInput {
  if (field.kind === "choice") return -1;
  if (field.kind === "list") return [];
  return "";
}

export function readField(field: ArgField, args: unknown): FieldView {
  if (!isPlainObject(args) || !Object.hasOwn(args, field.name)) return { state: "absent", input: emptyInput(field) };
  const value = args[field.name];
  const input = inputOf(field, value);
  return input === undefined ? { state: "other", input: emptyInput(field), shown: visibleJson(value) } : { state: "set", input };
}

/** The form's input for a value, or `undefined` when this field's input cannot hold it. */
function inputOf(field: ArgField, value: unknown): FormInput | undefined {
  switch (field.kind) {
    case "text":
      return typeof value === "string" ? value : undefined;
    case "choice": {
      const index = field.values.indexOf(value);
      return index === -1 ? undefined : index;
    }
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
    case "list":
      return Array.isArray(value) && value.every((item) => typeof item === "string") ? [...value] : undefined;
    case "json":
      return undefined;
  }
}

/** The value an input stands for; `undefined` leaves the key out. */
function argValue(field: ArgField, input: FormInput): unknown {
  switch (field.kind) {
    case "text":
      // An empty box is the empty string for a required field (the tool says what it thinks of it), and "left out" otherwise.
      return input === "" && !field.required ? undefined : String(input);
    case "choice":
      return typeof input === "number" && input >= 0 ? field.values[input] : undefined;
    case "number": {
      const text = String(input).trim();
      return text === "" || !Number.isFinite(Number(text)) ? undefined : Number(text);
    }
    case "list":
      return Array.isArray(input) ? [...input] : undefined;
    case "json":
      return undefined;
  }
}

/**
 * The arguments with one field written from the form. Other keys keep their
 * values and their order; arguments that are not an object are replaced by
 * one, since a form can only edit an object.
 */
export function writeField(field: ArgField, args: unknown, input: FormInput): Record<string, unknown> {
  const next: Record<string, unknown> = isPlainObject(args) ? { ...args } : {};
  const value = argValue(field, input);
  if (value === undefined) delete next[field.name];
  else next[field.name] = value;
  return next;
}
