/**
 * What the model reads of a result on LangChain: a `ToolMessage`'s content.
 * A result of text alone is one string, as LangChain's own tools answer; a
 * result with media is a list of LangChain's standard content blocks, each
 * chat model turning them into its provider's parts: images and sounds as
 * base64 `data` with their MIME type, resource links and embedded resources
 * as the core's one-line notes (an embedded text resource keeps its text).
 */
import { joinedText, withNotes } from "../core/content.ts";
import type { ContentBlock } from "../core/types.ts";

/** LangChain's standard blocks, as a ToolMessage carries them. */
export type LangChainContentBlock = { type: "text"; text: string } | { type: "image" | "audio"; data: string; mimeType: string };

/** The content of the ToolMessage for a result: its text, or its blocks when it holds more than text. */
export function messageContent(content: readonly ContentBlock[]): string | LangChainContentBlock[] {
  if (content.every((block) => block.type === "text")) return joinedText(content);
  return withNotes(content, ["image", "audio"]).map((block) =>
    block.type === "text" ? { type: "text", text: block.text } : { type: block.type, data: block.data, mimeType: block.mimeType },
  );
}
