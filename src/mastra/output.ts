/**
 * What a Mastra tool returns, and what its model reads of it. The program
 * gets `{ text, details }` (and `content`, the checked blocks, when the result
 * holds more than text): the details as the tool gave them, beside the text
 * a person would read. The model reads through the tool's `toModelOutput`:
 * the text alone, or for a result with media the AI SDK's content output,
 * images and sounds as media parts (base64 data with their MIME type),
 * resource links and embedded resources as the core's one-line notes.
 */
import { withNotes } from "../core/content.ts";
import type { ContentBlock } from "../core/types.ts";

/** The output of a converted tool. */
export interface MastraToolOutput {
  text: string;
  details?: unknown;
  /** Present when the result held a block that is not text. */
  content?: ContentBlock[];
}

/** What `toModelOutput` hands Mastra for the model (the AI SDK's tool result output). */
export type MastraModelOutput =
  | { type: "text"; value: string }
  | { type: "content"; value: Array<{ type: "text"; text: string } | { type: "media"; data: string; mediaType: string }> };

export function toolOutput(text: string, details: unknown, content: readonly ContentBlock[]): MastraToolOutput {
  const output: MastraToolOutput = { text };
  if (details !== undefined) output.details = details;
  if (content.some((block) => block.type !== "text")) output.content = [...content];
  return output;
}

/** The model's view of an output: its text, or its blocks as parts when it carries media. */
export function modelOutput(output: MastraToolOutput): MastraModelOutput {
  if (!output.content) return { type: "text", value: output.text };
  const value = withNotes(output.content, ["image", "audio"]).map((block) =>
    block.type === "text"
      ? { type: "text" as const, text: block.text }
      : { type: "media" as const, data: block.data, mediaType: block.mimeType },
  );
  return { type: "content", value };
}
