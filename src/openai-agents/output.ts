/**
 * What the model reads of a result on the Agents SDK. A result of text alone
 * is returned as its text, which the SDK sends as the call's output; a result
 * with an image is a list of the SDK's structured outputs (text, and the
 * image as base64 data with its media type), which the SDK sends as input
 * text and image parts. Sounds, resource links and embedded resources become
 * the core's one-line notes: a function call's output has no sound part.
 */
import { joinedText, withNotes } from "../core/content.ts";
import type { ContentBlock } from "../core/types.ts";

/** The SDK's structured tool outputs this adapter returns. */
export type AgentsToolOutput = { type: "text"; text: string } | { type: "image"; image: { data: string; mediaType: string } };

/** What `execute` returns for a successful call. */
export function toolOutput(content: readonly ContentBlock[]): string | AgentsToolOutput[] {
  // Without an image, every other block is a note on a line of its own below the text.
  if (!content.some((block) => block.type === "image")) return joinedText(withNotes(content));
  return withNotes(content, ["image"]).map((block) =>
    block.type === "text" ? { type: "text", text: block.text } : { type: "image", image: { data: block.data, mediaType: block.mimeType } },
  );
}
