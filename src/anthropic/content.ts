/**
 * What the model reads of a result on the Anthropic SDK: a `tool_result`'s
 * content. A result of text alone is its text; a result with an image the
 * Messages API takes (JPEG, PNG, GIF or WebP) is a list of blocks, the image
 * as base64 source. A tool result has no block for a sound, and other image
 * types would be refused by the API, so those, resource links and embedded
 * resources become the core's one-line notes.
 */
import { blockNote } from "../core/content.ts";
import type { ContentBlock, ImageContent } from "../core/types.ts";

/** The image types a `tool_result` image block may carry. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

type MediaType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/** The blocks of a `tool_result` this adapter sends. */
export type AnthropicResultBlock =
  | { type: "text"; text: string }
  | { type: "image"; source: { type: "base64"; media_type: MediaType; data: string } };

function sendsAsImage(block: ContentBlock): block is ImageContent {
  return block.type === "image" && IMAGE_TYPES.has(block.mimeType.toLowerCase());
}

/** The content of the `tool_result` for a result: its text, or its blocks when it holds an image the API takes. */
export function resultContent(content: readonly ContentBlock[]): string | AnthropicResultBlock[] {
  if (!content.some(sendsAsImage)) return content.map(blockNote).join("\n");
  return content.map((block) =>
    sendsAsImage(block)
      ? { type: "image", source: { type: "base64", media_type: block.mimeType.toLowerCase() as MediaType, data: block.data } }
      : { type: "text", text: blockNote(block) },
  );
}
