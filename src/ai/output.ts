/**
 * What an AI SDK tool returns: the details with the text beside them, so the
 * program gets the structured facts and `toModelOutput` can hand the model
 * the sentence a person would read. A result that holds more than text
 * (an image, a sound, a resource) also lists its blocks as `content`, which
 * `toModelOutput` hands the model as content parts.
 */
import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";
import type { ContentBlock } from "../core/types.ts";
import { hasMedia } from "./content.ts";

/**
 * The output type of a converted tool. Object details are spread with `text`
 * added; anything else (an array, a string, a number) sits under `details`;
 * no details at all leaves `{ text }`. At run time a class instance (a `Date`,
 * a `Map`) also goes under `details`, since a spread would lose what it holds.
 * `content` is there only when the result held a block that is not text.
 */
export type AiToolOutput<Details = unknown> = unknown extends Details ? { text: string; [key: string]: unknown } : OutputOf<Details>;

type OutputOf<Details> = Details extends undefined
  ? TextAndMedia
  : Details extends readonly unknown[]
    ? { details: Details } & TextAndMedia
    : Details extends object
      ? Details & ("content" extends keyof Details ? { text: string } : TextAndMedia)
      : { details: Details } & TextAndMedia;

/** `text`, and the blocks of a result with media (never beside details with a `content` of their own: that is refused). */
type TextAndMedia = { text: string; content?: ContentBlock[] };

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

/** The refusal for details that carry their own `content` beside media: the output lists the blocks there. */
export function contentCollision(tool: string): ToolDefinitionError {
  return new ToolDefinitionError(
    `${tool}: its details have a field ${quote("content")}, which the AI SDK output uses for the result's media blocks; rename the field`,
  );
}

/**
 * Joins the details, the text and (for a result with more than text) the
 * blocks into one output; throws {@link ToolDefinitionError} when the details
 * have a field the output needs (`text`, or `content` beside media).
 */
export function toOutput(tool: string, details: unknown, text: string, content: readonly ContentBlock[]): Record<string, unknown> {
  const media = hasMedia(content) ? { content: [...content] } : {};
  if (details === undefined) return { text, ...media };
  if (!isPlainObject(details)) return { details, text, ...media };
  if (Object.hasOwn(details, "text")) throw textCollision(tool);
  if (media.content && Object.hasOwn(details, "content")) throw contentCollision(tool);
  return { ...details, text, ...media };
}
