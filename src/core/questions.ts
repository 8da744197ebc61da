/**
 * Questions to the person: the flat form every host can show (MCP
 * elicitation, Pi dialogs), the check every reply passes before a tool sees
 * it, and a fingerprint that binds a replayed answer to its exact question.
 */
import { ToolDefinitionError } from "./errors.ts";
import { quote, sanitizeLine, sanitizeText } from "./sanitize.ts";
import { isObjectSchema, isRecord, type JsonSchema, propertiesOf, toJsonSchema } from "./schema.ts";
import type { Answer, Question } from "./types.ts";
import { type Checker, compileChecker } from "./validate.ts";

/** One field of a form, in the restricted shape MCP elicitation accepts. */
export type FormField =
  | { type: "string"; title?: string; description?: string; minLength?: number; maxLength?: number; format?: string; default?: string }
  | { type: "string"; enum: string[]; enumNames?: string[]; title?: string; description?: string; default?: string }
  | { type: "string"; oneOf: Choice[]; title?: string; description?: string; default?: string }
  | { type: "number" | "integer"; title?: string; description?: string; minimum?: number; maximum?: number; default?: number }
  | { type: "boolean"; title?: string; description?: string; default?: boolean }
  | {
      type: "array";
      items: { type: "string"; enum: string[] } | { anyOf: Choice[] };
      title?: string;
      description?: string;
      minItems?: number;
      maxItems?: number;
      default?: string[];
    };

/** One option of a titled enum: the value sent back and the label a person reads. */
export interface Choice {
  const: string;
  title: string;
}

/**
 * The options of an enum field, single or multi-select, whichever of MCP's
 * enum shapes it uses (plain `enum`, `enum` + `enumNames`, `oneOf`/`anyOf` of
 * titled constants). `undefined` for a field that is not an enum.
 */
export function choicesOf(field: FormField): { values: string[]; labels: string[] } | undefined {
  const holder: Record<string, unknown> = field.type === "array" ? (field.items as Record<string, unknown>) : field;
  if (Array.isArray(holder.enum)) {
    const values = holder.enum as string[];
    const names = Array.isArray(holder.enumNames) ? (holder.enumNames as string[]) : values;
    return { values, labels: values.map((v, k) => names[k] ?? v) };
  }
  const titled = (holder.oneOf ?? holder.anyOf) as Choice[] | undefined;
  if (Array.isArray(titled)) return { values: titled.map((c) => c.const), labels: titled.map((c) => c.title) };
  return undefined;
}

export interface Form {
  message: string;
  requestedSchema: { type: "object"; properties: Record<string, FormField>; required?: string[] };
  /**
   * Set on a URL question ({@link prepareUrlQuestion}): the page the person opens instead of filling in fields
   * (MCP elicitation's URL mode); `requestedSchema` is then empty. Only an MCP face asks these.
   */
  url?: string;
}

/** A question checked and ready for a host: the form to show and the check every reply goes through. */
export interface PreparedQuestion {
  readonly form: Form;
  /** Binds replayed answers to this exact question (message and fields). */
  readonly fingerprint: string;
  /** The fields in order, for hosts that ask one field at a time. */
  readonly fields: ReadonlyArray<readonly [name: string, field: FormField, required: boolean]>;
  /** A reply as the host got it → the answer the tool may see, or `undefined` when it does not fit. */
  check(reply: unknown): Answer | undefined;
  /** Checks one field's value on its own (for hosts that ask field by field); returns the problem or `undefined`. */
  checkField(name: string, value: unknown): string | undefined;
}

const FORMATS = new Set(["email", "uri", "date", "date-time"]);
const ANNOTATIONS = ["title", "description"] as const;

/** Titles and descriptions go to a person's screen: cleaned like every other echoed text. */
function copyAnnotations(from: JsonSchema, to: Record<string, unknown>): void {
  for (const key of ANNOTATIONS) if (typeof from[key] === "string") to[key] = sanitizeLine(from[key]);
}

function isStringEnum(schema: JsonSchema): schema is JsonSchema & { enum: string[] } {
  return Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === "string");
}

/** Titled options from `oneOf`/`anyOf` branches that are each a string constant (`Type.Literal("a", { title: "A" })`). */
function titledChoices(schema: JsonSchema): Choice[] | undefined {
  const branches = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  if (!branches.every((b) => isRecord(b) && typeof b.const === "string")) return undefined;
  return branches.map((b) => ({ const: b.const as string, title: sanitizeLine(typeof b.title === "string" ? b.title : b.const) }));
}

/** The enum part of a field in MCP's shapes: plain, with legacy `enumNames`, or titled; `undefined` if not an enum. */
function enumShape(schema: JsonSchema): Record<string, unknown> | undefined {
  if (schema.type !== undefined && schema.type !== "string") return undefined;
  if (isStringEnum(schema)) {
    const names = schema.enumNames;
    const titled = Array.isArray(names) && names.length === schema.enum.length && names.every((n) => typeof n === "string");
    return titled ? { enum: [...schema.enum], enumNames: names.map((name) => sanitizeLine(name)) } : { enum: [...schema.enum] };
  }
  const choices = titledChoices(schema);
  return choices ? { oneOf: choices } : undefined;
}

function toField(tool: string, name: string, schema: JsonSchema): FormField {
  const refuse = (why: string): never => {
    throw new ToolDefinitionError(`${tool}: question field ${quote(name)} ${why}`);
  };
  const field: Record<string, unknown> = {};
  copyAnnotations(schema, field);
  const single = enumShape(schema);
  if (single) {
    Object.assign(field, { type: "string", ...single });
    if (typeof schema.default === "string") field.default = schema.default;
    return field as FormField;
  }
  switch (schema.type) {
    case "string":
      field.type = "string";
      for (const key of ["minLength", "maxLength"]) if (typeof schema[key] === "number") field[key] = schema[key];
      if (schema.format !== undefined) {
        if (typeof schema.format !== "string" || !FORMATS.has(schema.format))
          refuse("has a format forms cannot show (use email, uri, date or date-time)");
        field.format = schema.format;
      }
      if (typeof schema.default === "string") field.default = schema.default;
      return field as FormField;
    case "number":
    case "integer":
      field.type = schema.type;
      for (const key of ["minimum", "maximum"]) if (typeof schema[key] === "number") field[key] = schema[key];
      if (typeof schema.default === "number") field.default = schema.default;
      return field as FormField;
    case "boolean":
      field.type = "boolean";
      if (typeof schema.default === "boolean") field.default = schema.default;
      return field as FormField;
    case "array": {
      const items = isRecord(schema.items) ? enumShape(schema.items) : undefined;
      if (!items || "enumNames" in items) return refuse("is an array; forms take only arrays of a string enum (multi-select)");
      // MCP writes titled multi-select options as `items.anyOf`.
      Object.assign(field, { type: "array", items: "oneOf" in items ? { anyOf: items.oneOf } : { type: "string", ...items } });
      for (const key of ["minItems", "maxItems"]) if (typeof schema[key] === "number") field[key] = schema[key];
      if (Array.isArray(schema.default)) field.default = schema.default.filter((v) => typeof v === "string");
      return field as FormField;
    }
    default:
      return refuse("must be a string, number, integer, boolean, string enum or array of string enum");
  }
}

/** 53-bit string hash (cyrb53). Not a secret: it only tells two questions (or two sampling requests) apart. */
export function fingerprintOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const ACTIONS = new Set(["accept", "decline", "cancel"]);

/** Checks a question and builds its form. A schema a form cannot show is a {@link ToolDefinitionError}. */
export function prepareQuestion(tool: string, question: Question): PreparedQuestion {
  if (!isRecord(question)) throw new ToolDefinitionError(`${tool}: a question must be { message, schema }`);
  if (typeof question.message !== "string" || question.message.trim() === "") {
    throw new ToolDefinitionError(`${tool}: a question needs a non-empty message`);
  }
  const schema = toJsonSchema(question.schema);
  if (!isObjectSchema(schema)) throw new ToolDefinitionError(`${tool}: a question schema must be a Type.Object of flat fields`);
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const properties: Record<string, FormField> = Object.create(null);
  const fields: Array<readonly [string, FormField, boolean]> = [];
  const fieldSchemas = new Map<string, JsonSchema>();
  for (const [name, child] of propertiesOf(schema)) {
    const field = toField(tool, name, child);
    properties[name] = field;
    fields.push([name, field, required.has(name)]);
    fieldSchemas.set(name, { ...field });
  }
  const requestedSchema: Form["requestedSchema"] = { type: "object", properties: { ...properties } };
  if (required.size > 0) requestedSchema.required = [...required].filter((k) => fieldSchemas.has(k));
  const form: Form = { message: sanitizeText(question.message), requestedSchema };
  const closed: JsonSchema = { ...requestedSchema, additionalProperties: false };
  let checker: Checker | undefined;
  const fieldCheckers = new Map<string, Checker>();
  return {
    form,
    fingerprint: fingerprintOf(JSON.stringify(form)),
    fields,
    check(reply) {
      if (!isRecord(reply) || typeof reply.action !== "string" || !ACTIONS.has(reply.action)) return undefined;
      if (reply.action !== "accept") return { action: reply.action as "decline" | "cancel" };
      const given = isRecord(reply.content) ? reply.content : {};
      const content: Record<string, unknown> = {};
      for (const key of Object.keys(given)) {
        // defineProperty, not assignment: a field named "__proto__" stays an ordinary key.
        if (fieldSchemas.has(key))
          Object.defineProperty(content, key, { value: given[key], writable: true, enumerable: true, configurable: true });
      }
      checker ??= compileChecker(closed);
      return checker.check(content) ? { action: "accept", content } : undefined;
    },
    checkField(name, value) {
      const fieldSchema = fieldSchemas.get(name);
      if (!fieldSchema) return "is not a field of this question";
      let fieldChecker = fieldCheckers.get(name);
      if (!fieldChecker) {
        fieldChecker = compileChecker(fieldSchema);
        fieldCheckers.set(name, fieldChecker);
      }
      if (fieldChecker.check(value)) return undefined;
      const choices = choicesOf(fieldSchema as FormField);
      if (choices) {
        // An enum (titled or not): name the values that fit, whichever shape the form uses.
        const allowed = `must be one of ${choices.values.join(", ")}`;
        if (!Array.isArray(value)) return typeof value === "string" ? allowed : "must be a list";
        const bad = value.findIndex((v) => typeof v !== "string" || !choices.values.includes(v));
        if (bad >= 0) return `item ${bad} ${allowed}`;
      }
      const [first] = fieldChecker.errors(value);
      if (!first) return "does not fit";
      // For a multi-select the offending value is an item: say which, from the error itself, not the field's top level.
      const item = first.instancePath === "" ? "" : `item ${first.instancePath.slice(1)} `;
      const allowed = first.params.allowedValues;
      if (first.keyword === "enum" && Array.isArray(allowed)) return `${item}must be one of ${allowed.join(", ")}`;
      return `${item}${first.message}`;
    },
  };
}

/** A question that sends the person to a page (MCP elicitation's URL mode): for what a form must not carry, such as a sign-in or a payment. */
export interface UrlQuestion {
  message: string;
  url: string;
}

/** Characters a URL shown to a person may not hold: whitespace and control characters (C0, DEL, C1). */
const UNSAFE_URL_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f]/;

/**
 * Checks a URL question and prepares it like a form: its fingerprint binds a
 * replayed reply to this message and URL, and its check takes an action only
 * (the page is where the person answers; the reply carries no content). Only
 * an `http:` or `https:` URL is asked: a person's client opens it.
 */
export function prepareUrlQuestion(tool: string, question: UrlQuestion): PreparedQuestion {
  if (!isRecord(question)) throw new ToolDefinitionError(`${tool}: a URL question must be { message, url }`);
  if (typeof question.message !== "string" || question.message.trim() === "") {
    throw new ToolDefinitionError(`${tool}: a URL question needs a non-empty message`);
  }
  const { url } = question;
  if (typeof url !== "string" || UNSAFE_URL_CHARACTERS.test(url) || !URL.canParse(url)) {
    throw new ToolDefinitionError(`${tool}: a URL question needs an absolute URL without spaces or control characters`);
  }
  const { protocol } = new URL(url);
  if (protocol !== "https:" && protocol !== "http:") {
    throw new ToolDefinitionError(`${tool}: a URL question needs an http or https URL, not ${quote(protocol.slice(0, -1))}`);
  }
  const form: Form = { message: sanitizeText(question.message), requestedSchema: { type: "object", properties: {} }, url };
  return {
    form,
    fingerprint: fingerprintOf(JSON.stringify(form)),
    fields: [],
    check(reply) {
      if (!isRecord(reply) || typeof reply.action !== "string" || !ACTIONS.has(reply.action)) return undefined;
      return reply.action === "accept" ? { action: "accept", content: {} } : { action: reply.action as "decline" | "cancel" };
    },
    checkField: () => "is not a field of this question",
  };
}
