/**
 * What an AI SDK tool returns: the details with the text beside them, so the
 * program gets the structured facts and `toModelOutput` can hand the model
 * the sentence a person would read.
 */
import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";

/**
 * The output type of a converted tool. Object details are spread with `text`
 * added; anything else (an array, a string, a number) sits under `details`;
 * no details at all leaves `{ text }`. At run time a class instance (a `Date`,
 * a `Map`) also goes under `details`, since a spread would lose what it holds.
 */
export type AiToolOutput<Details = unknown> = unknown extends Details ? { text: string; [key: string]: unknown } : OutputOf<Details>;

type OutputOf<Details> = Details extends undefined
  ? { text: string }
  : Details extends readonly unknown[]
    ? { details: Details; text: string }
    : Details extends object
      ? Details & { text: string }
      : { details: Details; text: string };

/** An object whose prototype is `Object.prototype` or `null`: only these spread without losing anything. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The refusal for details that carry their own `text`: the spread would overwrite it without a word. */
export function textCollision(tool: string): ToolDefinitionError {
  return new ToolDefinitionError(
    `${tool}: its details have a field ${quote("text")}, which the AI SDK output uses for the tool's text; rename the field`,
  );
}

/** Joins the details and the text into one output; throws {@link ToolDefinitionError} when `details.text` exists. */
export function toOutput(tool: string, details: unknown, text: string): Record<string, unknown> {
  if (details === undefined) return { text };
  if (!isPlainObject(details)) return { details, text };
  if (Object.hasOwn(details, "text")) throw textCollision(tool);
  return { ...details, text };
}
