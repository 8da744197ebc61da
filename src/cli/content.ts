/**
 * A result's content on a command line. Text is printed; so is an embedded
 * text resource's text, and a resource link's one line. Raw bytes (an image,
 * a sound, an embedded blob) never reach the terminal or a pipe: each stands
 * as one line, a note saying what it is, or with `--out DIR` the line naming
 * the file it was saved to.
 *
 * Those lines go to stdout, in the block's place, not to stderr: they are part
 * of the answer (a script reading stdout learns an image was there, and where
 * it went), while stderr keeps problems, progress and log messages.
 */
import { blockNote } from "../core/content.ts";
import { sanitizeText } from "../core/sanitize.ts";
import type { ContentBlock } from "../core/types.ts";
import { type BinaryBlock, binaryOf, type Saved, wroteLine } from "./save.ts";

/** The hint after a note, naming the flag that saves the block. */
export const SAVE_HINT = "(use --out DIR to save it)";

export interface SaveRun {
  /** The `wrote …` line of each saved block, by its index in the content. */
  lines: Map<number, string>;
  /** Set when a block could not be saved: the blocks after it were not tried. */
  problem?: string;
}

/** Saves every binary block in order with `save`; stops at the first that fails. */
export async function saveBlocks(content: readonly ContentBlock[], save: (block: BinaryBlock) => Promise<Saved>): Promise<SaveRun> {
  const lines = new Map<number, string>();
  for (let i = 0; i < content.length; i++) {
    const binary = binaryOf(content[i] as ContentBlock, i);
    if (!binary) continue;
    const saved = await save(binary);
    if (!saved.ok) return { lines, problem: saved.problem };
    lines.set(i, wroteLine(saved.path, binary));
  }
  return { lines };
}

/** What one block prints as: its text, or the one line that stands for it. */
function blockText(block: ContentBlock, wrote: string | undefined): string {
  switch (block.type) {
    case "text":
      return sanitizeText(block.text);
    case "resource_link":
      return blockNote(block);
    case "resource":
      if ("text" in block.resource && typeof block.resource.text === "string") return sanitizeText(block.resource.text);
      return wrote ?? `${blockNote(block)} ${SAVE_HINT}`;
    default:
      return wrote ?? `${blockNote(block)} ${SAVE_HINT}`;
  }
}

/** The answer as stdout shows it: each block's text or line, in order, one line break between. */
export function contentText(content: readonly ContentBlock[], wrote: ReadonlyMap<number, string> = new Map()): string {
  return content.map((block, i) => blockText(block, wrote.get(i))).join("\n");
}
