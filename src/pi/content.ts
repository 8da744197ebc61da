/**
 * A result's content as Pi carries it. Pi's tool results hold text and
 * images only (pi-ai's `TextContent` and `ImageContent`), so images go to the
 * model as Pi image blocks and every other kind becomes the core's one-line
 * note, an embedded text resource keeping its text below the note.
 */
import { withNotes } from "../core/content.ts";
import type { ContentBlock } from "../core/types.ts";
import type { PiContent } from "./types.ts";

/** The blocks in Pi's own shapes: only the fields Pi reads, no annotations or `_meta` (Pi has no place for them). */
export function piContent(content: readonly ContentBlock[]): PiContent[] {
  return withNotes(content, ["image"]).map((block) =>
    block.type === "image" ? { type: "image", data: block.data, mimeType: block.mimeType } : { type: "text", text: block.text },
  );
}
