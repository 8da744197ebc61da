/**
 * A result's content as OMP carries it. OMP's tool results hold text and
 * images (its pi-ai's `TextContent` and `ImageContent`), so images go to the
 * model as OMP image blocks and every other kind becomes the core's one-line
 * note, an embedded text resource keeping its text below the note.
 */
import { withNotes } from "../core/content.ts";
import type { ContentBlock } from "../core/types.ts";
import type { OmpToolResult } from "./types.ts";

/** The blocks in OMP's own shapes: only the fields OMP reads, no annotations or `_meta` (OMP has no place for them). */
export function ompContent(content: readonly ContentBlock[]): OmpToolResult["content"] {
  return withNotes(content, ["image"]).map((block) =>
    block.type === "image" ? { type: "image", data: block.data, mimeType: block.mimeType } : { type: "text", text: block.text },
  );
}
