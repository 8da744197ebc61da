/**
 * What the model reads of a call on Gemini: a `functionResponse` part. Its
 * `response` holds `output` (the result's text) or `error` (a failure's one
 * text), the two keys Gemini reads. An image Gemini takes in a function
 * response (PNG, JPEG, WebP) rides along as inline data in the response's
 * `parts`; a sound, another image type, a resource link and an embedded
 * resource become the core's one-line notes in the output text.
 */
import { blockNote } from "../core/content.ts";
import type { ContentBlock, ImageContent } from "../core/types.ts";

/** The image types a function response carries as inline data. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp"]);

/** A `functionResponse` as this adapter sends it. */
export interface GoogleFunctionResponse {
  id?: string;
  name: string;
  response: { output: string } | { error: string };
  parts?: Array<{ inlineData: { mimeType: string; data: string } }>;
}

function sendsAsImage(block: ContentBlock): block is ImageContent {
  return block.type === "image" && IMAGE_TYPES.has(block.mimeType.toLowerCase());
}

/** The response to a successful call: the text (with a note for each block that is neither text nor a sent image) and the images. */
export function successResponse(base: { id?: string; name: string }, content: readonly ContentBlock[]): GoogleFunctionResponse {
  const output = content
    .filter((block) => !sendsAsImage(block))
    .map(blockNote)
    .join("\n");
  const images = content.filter(sendsAsImage).map((block) => ({ inlineData: { mimeType: block.mimeType, data: block.data } }));
  return images.length > 0 ? { ...base, response: { output }, parts: images } : { ...base, response: { output } };
}

/** The response to a failed call: the core's one text as `error`. */
export function errorResponse(base: { id?: string; name: string }, text: string): GoogleFunctionResponse {
  return { ...base, response: { error: text } };
}
