/**
 * Turning untrusted text into text that is safe to echo to a model, a log or a
 * terminal. Written by hand because the usual regex strippers (Node's
 * `stripVTControlCharacters`, `strip-ansi`) are quadratic on unclosed `ESC ]`
 * and leave bidi overrides, zero-width and separator characters in place.
 * One left-to-right pass; every character is looked at a bounded number of times.
 */

const ESC = 0x1b;
const BEL = 0x07;
const ST_8BIT = 0x9c;

/** Introducers of sequences that run until a string terminator (ST or BEL). */
const STRING_SEQUENCE_7BIT = new Set([0x5d /* ] OSC */, 0x50 /* P DCS */, 0x58 /* X SOS */, 0x5e /* ^ PM */, 0x5f /* _ APC */]);
const STRING_SEQUENCE_8BIT = new Set([0x9d, 0x90, 0x98, 0x9e, 0x9f]);
const CSI_8BIT = 0x9b;
/** Every character that can start a sequence (ESC, 8-bit CSI and string introducers): a regex scan finds the next one far faster than a loop. */
const INTRODUCERS = /[\x1b\x90\x98\x9b\x9d-\x9f]/g;
const UNSAFE_ALL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

const ZWJ = 0x200d;
const ZWNJ = 0x200c;
/**
 * Scripts whose spelling needs the zero-width joiner and non-joiner: Persian
 * writes "می‌خواهم" with a ZWNJ, Hindi "क्‍ष" with a ZWJ after the virama.
 * Between two letters or marks of these scripts the joiners are part of the
 * word and stay; anywhere else (inside Latin words, where they would only
 * split a token invisibly) they go like any other format character.
 */
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
/**
 * Bidi marks (LRM, RLM, ALM) are dropped without a trace: they are invisible,
 * they cannot reorder letters (only overrides and isolates can, and those are
 * removed too), and what they do, placing punctuation and digits beside
 * right-to-left words, matters to a screen, not to a model or a terminal.
 * Leaving a space for them would split "שלום‏123" into two words.
 */
const BIDI_MARK = /[\u200E\u200F\u061C]/u;
/** Characters a line must not carry: controls, format (bidi, zero-width), line and paragraph separators. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** What may sit between a pictograph and its joiner: the emoji presentation selector and skin tones (🏳️‍🌈, 👩🏽‍💻). */
const EMOJI_TRAIL = /[\u{FE0F}\p{Emoji_Modifier}]/u;

/**
 * Removes terminal escape sequences (CSI, OSC, DCS/SOS/PM/APC, other ESC
 * pairs, and their 8-bit C1 forms). An unterminated string sequence loses only
 * its introducer; its payload stays as plain text, so nothing is silently
 * swallowed and the pass stays linear.
 */
function stripEscapes(input: string): string {
  let out = "";
  let i = 0;
  // Index from which we know no terminator exists: later unclosed sequences skip the search.
  let noTerminatorFrom = Number.POSITIVE_INFINITY;
  const n = input.length;
  while (i < n) {
    const c = input.charCodeAt(i);
    if (c !== ESC && c !== CSI_8BIT && !STRING_SEQUENCE_8BIT.has(c)) {
      INTRODUCERS.lastIndex = i + 1;
      const found = INTRODUCERS.exec(input);
      const j = found ? found.index : n;
      if (i === 0 && j === n) return input;
      out += input.slice(i, j);
      i = j;
      continue;
    }
    let body: number; // index of the first character after the introducer
    let kind: "csi" | "string" | "pair";
    if (c === CSI_8BIT) {
      kind = "csi";
      body = i + 1;
    } else if (STRING_SEQUENCE_8BIT.has(c)) {
      kind = "string";
      body = i + 1;
    } else {
      const next = i + 1 < n ? input.charCodeAt(i + 1) : -1;
      if (next === 0x5b) {
        kind = "csi";
        body = i + 2;
      } else if (STRING_SEQUENCE_7BIT.has(next)) {
        kind = "string";
        body = i + 2;
      } else {
        kind = "pair";
        body = i + 1;
      }
    }
    if (kind === "csi") {
      let j = body;
      while (j < n && isBetween(input.charCodeAt(j), 0x30, 0x3f)) j++;
      while (j < n && isBetween(input.charCodeAt(j), 0x20, 0x2f)) j++;
      // A final byte completes the sequence; without one the partial sequence is dropped too.
      i = j < n && isBetween(input.charCodeAt(j), 0x40, 0x7e) ? j + 1 : j;
      continue;
    }
    if (kind === "string") {
      const end = body >= noTerminatorFrom ? -1 : findTerminator(input, body);
      if (end === -1) {
        noTerminatorFrom = Math.min(noTerminatorFrom, body);
        i = body;
      } else {
        i = end;
      }
      continue;
    }
    // ESC followed by intermediates (nF) and one final byte, or a lone ESC.
    let j = body;
    while (j < n && isBetween(input.charCodeAt(j), 0x20, 0x2f)) j++;
    i = j < n && isBetween(input.charCodeAt(j), 0x30, 0x7e) ? j + 1 : j;
  }
  return out;
}

/** Returns the index just past the terminator (BEL, ESC \ or 8-bit ST), or -1. */
function findTerminator(input: string, from: number): number {
  for (let j = from; j < input.length; j++) {
    const d = input.charCodeAt(j);
    if (d === BEL || d === ST_8BIT) return j + 1;
    if (d === ESC && input.charCodeAt(j + 1) === 0x5c) return j + 2;
  }
  return -1;
}

function isBetween(code: number, low: number, high: number): boolean {
  return code >= low && code <= high;
}

/**
 * Replaces unsafe characters; a joiner between two pictographs stays so emoji sequences survive.
 * One regex replace with offset-based neighbour checks: no array of characters, so no garbage per character.
 */
function replaceUnsafe(text: string, keep: (ch: string) => string | undefined): string {
  if (!UNSAFE.test(text)) return text;
  return text.replace(UNSAFE_ALL, (ch: string, offset: number) => {
    const kept = keep(ch);
    if (kept !== undefined) return kept;
    const code = ch.codePointAt(0);
    if (code === ZWJ && endsPictograph(text, offset) && isPictograph(codePointAt(text, offset + 1))) return ch;
    if ((code === ZWJ || code === ZWNJ) && joinsScript(text, offset)) return ch;
    if (BIDI_MARK.test(ch)) return "";
    return " ";
  });
}

/** The code point starting at `index` (a lone surrogate counts as one), or undefined past the end. */
function codePointAt(text: string, index: number): string | undefined {
  const cp = text.codePointAt(index);
  return cp === undefined ? undefined : String.fromCodePoint(cp);
}

/** Start index of the code point that ends just before `index` (a surrogate pair counts as one). */
function previousStart(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return index - 2;
  }
  return index - 1;
}

/** Whether a joiner at `index` sits between two letters or marks of a script that spells with joiners. */
function joinsScript(text: string, index: number): boolean {
  if (index === 0) return false;
  const before = text.slice(previousStart(text, index), index);
  const after = codePointAt(text, index + 1);
  return (
    after !== undefined &&
    LETTER_OR_MARK.test(before) &&
    LETTER_OR_MARK.test(after) &&
    JOINING_SCRIPT.test(before) &&
    JOINING_SCRIPT.test(after)
  );
}

function isPictograph(ch: string | undefined): boolean {
  return ch !== undefined && PICTOGRAPHIC.test(ch);
}

/** Whether the code points before a joiner end an emoji: a pictograph, then at most a selector and a skin tone. */
function endsPictograph(text: string, joiner: number): boolean {
  let end = joiner;
  for (let marks = 0; marks < 2 && end > 0; marks++) {
    const start = previousStart(text, end);
    if (!EMOJI_TRAIL.test(text.slice(start, end))) break;
    end = start;
  }
  return end > 0 && isPictograph(text.slice(previousStart(text, end), end));
}

/** Renders any value as text without ever throwing (hostile `toString` included). */
export function describeValue(value: unknown): string {
  try {
    if (typeof value === "string") return value;
    if (value instanceof Error) return typeof value.message === "string" ? value.message : "";
    if (value === undefined) return "undefined";
    if (typeof value === "object" && value !== null) {
      const json = jsonOf(value);
      if (json !== undefined && json !== "{}") return json;
    }
    return String(value);
  } catch {
    return "unprintable value";
  }
}

/** JSON of an object, or `undefined` when it has none (a cycle, a BigInt, a throwing `toJSON`): `String()` gets a turn then. */
function jsonOf(value: object): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * One safe line: escape sequences removed; controls, format characters,
 * line and paragraph separators turned into spaces; runs of spaces collapsed; trimmed.
 */
export function sanitizeLine(value: unknown): string {
  const text = stripEscapes(describeValue(value));
  return replaceUnsafe(text, () => undefined)
    .replace(/ {2,}/g, " ")
    .trim();
}

/**
 * Safe multi-line text: like {@link sanitizeLine}, but line breaks (CR LF, CR,
 * U+2028, U+2029 become LF), tabs and indentation stay. Trailing spaces are trimmed per line.
 */
export function sanitizeText(value: unknown): string {
  const text = stripEscapes(describeValue(value)).replace(/\r\n?/g, "\n");
  return replaceUnsafe(text, (ch) => (ch === "\n" || ch === "\t" ? ch : ch === "\u2028" || ch === "\u2029" ? "\n" : undefined))
    .split("\n")
    .map((line) => line.replace(/ +$/, ""))
    .join("\n");
}

/**
 * Quotes a user-controlled key or name as JSON, with every character that
 * could hide or forge text (format, separator, C1) written as `\uXXXX`.
 */
export function quote(value: string): string {
  return safeJson(value);
}

/**
 * JSON text with every character that could hide or forge text escaped, so
 * it shows as it reads back; `indent` as `JSON.stringify` takes it. Throws
 * what `JSON.stringify` throws (a cycle, a BigInt).
 */
export function safeJson(value: unknown, indent?: number): string {
  return escapeHidden(JSON.stringify(value === undefined ? null : value, null, indent) ?? "null");
}

/**
 * Writes every character of JSON text that could hide or forge text (format,
 * separator, C1, DEL) as `\uXXXX`, a code point outside the BMP as its two
 * escaped halves, so the JSON still reads back to the same string.
 */
function escapeHidden(json: string): string {
  return json.replace(/[\p{Cf}\p{Zl}\p{Zp}\u007f-\u009f]/gu, (ch) =>
    Array.from({ length: ch.length }, (_, k) => `\\u${ch.charCodeAt(k).toString(16).padStart(4, "0")}`).join(""),
  );
}
