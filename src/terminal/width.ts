/**
 * How wide text is on a terminal, in cells: wide (East Asian) characters and
 * emoji take two, marks and format characters none, so a cut never splits a
 * character across the edge. The CLI's progress line and help, and OMP's
 * status line, all measure here. Written by hand rather than taken from
 * string-width: `Intl.Segmenter` does the hard part, the rest is a table, and
 * the package keeps TypeBox as its one dependency.
 */

/** Code point ranges terminals draw two cells wide (East Asian Wide and Fullwidth, UAX #11). */
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x18aff],
  [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f2ff],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

const EMOJI = /\p{Emoji_Presentation}/u;
const ZERO_WIDTH = /^[\p{M}\p{Cc}\p{Cf}]+$/u;
const EMOJI_STYLE = "\ufe0f";

let segmenter: Intl.Segmenter | undefined;

/**
 * The grapheme segmenter, made on first use: making one loads ICU's break
 * rules, which took longer than the rest of a command's start-up, and most
 * runs (a command answering into a pipe) never measure a width.
 */
function graphemes(text: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return segmenter.segment(text);
}

function isWide(codePoint: number): boolean {
  for (const [low, high] of WIDE) {
    if (codePoint < low) return false;
    if (codePoint <= high) return true;
  }
  return false;
}

/** Cells one grapheme cluster takes: an emoji sequence or a wide character is 2, marks alone are 0. */
function clusterWidth(cluster: string): number {
  if (EMOJI.test(cluster) || cluster.includes(EMOJI_STYLE)) return 2;
  if (ZERO_WIDTH.test(cluster)) return 0;
  return isWide(cluster.codePointAt(0) ?? 0) ? 2 : 1;
}

/** The number of terminal cells a line takes. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes(text)) width += clusterWidth(segment);
  return width;
}

/** The longest start of `text` that fits in `cells`, never splitting a character or an emoji. */
export function cutToWidth(text: string, cells: number): string {
  let width = 0;
  let out = "";
  for (const { segment } of graphemes(text)) {
    const w = clusterWidth(segment);
    if (width + w > cells) break;
    width += w;
    out += segment;
  }
  return out;
}

/** `text` padded with spaces to `cells` columns (for aligned help). */
export function padToWidth(text: string, cells: number): string {
  return text + " ".repeat(Math.max(0, cells - displayWidth(text)));
}
