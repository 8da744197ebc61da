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

/** A response naming its call (by id, when the call had one) and its tool. */
function responseTo(id: string | undefined, name: string, response: GoogleFunctionResponse["response"]): GoogleFunctionResponse {
  return id === undefined ? { name, response } : { id, name, response };
}

/** The response to a successful call: its text (with a note for each block that is neither text nor a sent image) and the images. */
export function successResponse(
  id: string | undefined,
  name: string,
  content: readonly ContentBlock[],
  text: string,
): GoogleFunctionResponse {
  // Text alone (the usual result) is the text the core joined already.
  if (content.every((block) => block.type === "text")) return responseTo(id, name, { output: text });
  if (!content.some(sendsAsImage)) return responseTo(id, name, { output: content.map(blockNote).join("\n") });
  const output = content
    .filter((block) => !sendsAsImage(block))
    .map(blockNote)
    .join("\n");
  const answer = responseTo(id, name, { output });
  answer.parts = content.filter(sendsAsImage).map((block) => ({ inlineData: { mimeType: block.mimeType, data: block.data } }));
  return answer;
}

/** The response to a failed call: the core's one text as `error`. */
export function errorResponse(id: string | undefined, name: string, text: string): GoogleFunctionResponse {
  return responseTo(id, name, { error: text });
}
