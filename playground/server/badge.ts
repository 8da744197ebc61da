/**
 * A status badge drawn as SVG text, on the spot: no network, no canvas, no
 * node:* module, so the same code runs in the docs page's tab and on a server.
 * Every string the caller gave is cleaned to one line and XML-escaped before
 * it goes into the markup, so no label can close a tag or open a new one.
 */
import { sanitizeLine } from "@agntn/tools";

export const BADGE_COLORS = ["green", "blue", "orange", "red", "grey"] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];

/** Fills dark enough for white text to read on them. A Map: the key comes from the caller. */
const FILLS: ReadonlyMap<string, string> = new Map<BadgeColor, string>([
  ["green", "#2e7d32"],
  ["blue", "#1565c0"],
  ["orange", "#b34700"],
  ["red", "#c62828"],
  ["grey", "#616161"],
]);
const LABEL_FILL = "#444444";

export const BADGE_HEIGHT = 20;
/** Space on each side of a text, in px. */
const PAD = 6;

export interface Badge {
  svg: string;
  width: number;
  height: number;
}

/**
 * A string as one line that XML 1.0 can carry: the core's line cleaning
 * (controls, bidi overrides, line breaks), then the two noncharacters and any
 * lone surrogate, which no XML document may hold even escaped.
 */
export function badgeText(text: string): string {
  return sanitizeLine(text)
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replace(/[\uFFFE\uFFFF]/g, "");
}

const ESCAPES: ReadonlyMap<string, string> = new Map([
  ["&", "&amp;"],
  ["<", "&lt;"],
  [">", "&gt;"],
  ['"', "&quot;"],
  ["'", "&apos;"],
]);

/** Text safe inside an element and inside a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES.get(ch)!);
}

const NARROW = new Set(" .,:;'!|()[]{}ijlIft/\\");
const WIDE = new Set("mwMW@%&");

/**
 * About how wide a text sets in 11 px Verdana: close enough for a box around
 * it; `textLength` then fits the glyphs to the box whatever font draws them.
 */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x1100 && /[\p{Extended_Pictographic}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(ch))
      width += 12;
    else if (/\p{M}/u.test(ch) || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0x1f3fb && code <= 0x1f3ff)) width += 0;
    else if (NARROW.has(ch)) width += 4;
    else if (WIDE.has(ch)) width += 10;
    else if (/[A-Z0-9]/.test(ch)) width += 8;
    else width += 7;
  }
  return Math.max(width, 1);
}

/** Draws `label | message` with the message on `color`. The texts are cleaned here; pass them as the caller gave them. */
export function drawBadge(label: string, message: string, color: BadgeColor): Badge {
  const left = badgeText(label);
  const right = badgeText(message);
  const leftText = textWidth(left);
  const rightText = textWidth(right);
  const leftWidth = leftText + 2 * PAD;
  const rightWidth = rightText + 2 * PAD;
  const width = leftWidth + rightWidth;
  const height = BADGE_HEIGHT;
  const fill = FILLS.get(color) ?? LABEL_FILL;
  const title = escapeXml(`${left}: ${right}`);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<clipPath id="round"><rect width="${width}" height="${height}" rx="3"/></clipPath>`,
    `<g clip-path="url(#round)"><rect width="${leftWidth}" height="${height}" fill="${LABEL_FILL}"/><rect x="${leftWidth}" width="${rightWidth}" height="${height}" fill="${fill}"/></g>`,
    `<g fill="#ffffff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">`,
    `<text x="${leftWidth / 2}" y="14" textLength="${leftText}" lengthAdjust="spacingAndGlyphs">${escapeXml(left)}</text>`,
    `<text x="${leftWidth + rightWidth / 2}" y="14" textLength="${rightText}" lengthAdjust="spacingAndGlyphs">${escapeXml(right)}</text>`,
    "</g></svg>",
  ].join("");
  return { svg, width, height };
}

/** UTF-8 bytes as standard base64, with the `btoa` browsers and Node share (chunked: no call takes a huge argument list). */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
