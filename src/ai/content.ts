/**
 * What the model reads of a result on the AI SDK. A tool result reaches the
 * model through `toModelOutput`, whose `content` output holds text parts and
 * file parts with a media type: images and sounds go as file parts (base64
 * data, the block's MIME type), resource links and embedded resources as the
 * core's one-line notes (an embedded text resource keeps its text). A result
 * of text alone stays one text output, as it always was.
 */
import type { Tool } from "ai";
import { contentProblems, joinedText, withNotes } from "../core/content.ts";
import type { ContentBlock } from "../core/types.ts";

/** The AI SDK's `ToolResultOutput`, as `toModelOutput` returns it. */
export type AiModelOutput = Extract<ReturnType<NonNullable<Tool["toModelOutput"]>>, { type: string }>;
type ContentPart = Extract<AiModelOutput, { type: "content" }>["value"][number];

/** Whether a result carries a block that is not text: only then does the output list its blocks. */
export function hasMedia(content: readonly ContentBlock[]): boolean {
  return content.some((block) => block.type !== "text");
}

/** The blocks as AI SDK content parts, in order. */
export function contentParts(content: readonly ContentBlock[]): ContentPart[] {
  return withNotes(content, ["image", "audio"]).map((block) =>
    block.type === "text"
      ? { type: "text", text: block.text }
      : { type: "file", mediaType: block.mimeType, data: { type: "data", data: block.data } },
  );
}

/**
 * The blocks an output carries, or `undefined` for a text-only output.
 * An output can come back from storage (`convertToModelMessages` reads
 * stored UI messages), so this reads the JSON itself: a `content` list of
 * valid blocks, one of them not text, whose text blocks join to `text`
 * (details of the tool's own named `content` never pass all three).
 */
export function outputBlocks(output: unknown): ContentBlock[] | undefined {
  if (typeof output !== "object" || output === null) return undefined;
  const { content, text } = output as { content?: unknown; text?: unknown };
  if (!Array.isArray(content) || typeof text !== "string" || contentProblems(content).length > 0) return undefined;
  const blocks = content as ContentBlock[];
  return hasMedia(blocks) && joinedText(blocks) === text ? blocks : undefined;
}

/** What `toModelOutput` hands the model: the parts of a result with media, else its text. */
export function modelOutput(output: unknown): AiModelOutput {
  const blocks = outputBlocks(output);
  if (blocks) return { type: "content", value: contentParts(blocks) };
  return { type: "text", value: modelText(output) };
}

/** The text of an output; an output stored elsewhere and read back without one goes out as JSON. */
function modelText(output: unknown): string {
  if (typeof output === "object" && output !== null && typeof (output as { text?: unknown }).text === "string") {
    return (output as { text: string }).text;
  }
  return JSON.stringify(output) ?? "";
}
