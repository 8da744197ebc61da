/**
 * Benchmark 4: `sanitizeLine` on ordinary and on hostile text of 10 KB, 100 KB
 * and 1 MB, beside Node's `util.stripVTControlCharacters`. The cost per KB must
 * stay flat as the text grows ten- and a hundredfold. Sizes are string lengths
 * (UTF-16 units), 1 KB = 1,024.
 */
import { performance } from "node:perf_hooks";
import { stripVTControlCharacters } from "node:util";
import { sanitizeLine } from "@agntn/tools";
import { compare, formatNs, formatRatio, keep, pairedRatio, QUICK, type Section, standalone, table } from "./harness.ts";

const SIZES = [10 * 1024, 100 * 1024, 1024 * 1024];
/** A stripVTControlCharacters call slower than this at one size is not tried at the next (10× longer text). */
const SLOW_MS = 500;
/** Linear means the cost per KB at 1 MB is at most this many times the cost per KB at 10 KB. */
const LINEAR_SLACK = 2;

const TEXTS: Record<string, string> = {
  // Plain ASCII prose: the common case, nothing to remove.
  "plain prose": "The quick brown fox jumps over the lazy dog, then naps in the sun for an hour or two. ",
  // Prose with accents, CJK and an emoji joined by a zero-width joiner (a format character that must survive).
  "Unicode prose": "The quick brown fox jumps over the lazy dog; naïve café owners in 東京 wave 👩‍💻 at it. ",
  // Colours, a screen clear, an unclosed OSC hyperlink, bidi override, zero-width space, NUL, BEL, C1 CSI, line separator.
  "hostile mix":
    "\x1b[31mred\x1b[0m \x1b[2J\x1b]8;;http://x.example\x07link \x1b]0;title \u202Eevil\u202C \u200Bzw\x00\x07\x9b1m \u2028next ",
  // The worst case for a regex stripper: introducers of string sequences that never end.
  "unclosed OSC flood": "\x1b]",
};

function textOf(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

function kb(size: number): string {
  return size >= 1024 * 1024 ? `${size / 1024 / 1024} MB` : `${size / 1024} KB`;
}

interface Cell {
  ns: number;
  note?: string;
}

/** Measures stripVTControlCharacters once first: where it is quadratic, one call is all a run can afford. */
async function measureStrip(text: string): Promise<Cell> {
  const start = performance.now();
  keep(stripVTControlCharacters(text));
  const once = performance.now() - start;
  if (once > SLOW_MS / 5) return { ns: once * 1e6, note: "one call" };
  const [m] = await compare([{ name: "strip", fn: () => stripVTControlCharacters(text) }], { rounds: QUICK ? 3 : 7 });
  return { ns: m!.median };
}

export async function run(): Promise<Section> {
  const rows: string[][] = [];
  const growth: string[][] = [];
  const targets = [];
  for (const [kind, unit] of Object.entries(TEXTS)) {
    const texts = SIZES.map((size) => textOf(unit, size));
    for (const text of texts) {
      if (/[\x00-\x1f\x7f-\x9f\u200b\u202e\u2028]/.test(sanitizeLine(text)))
        throw new Error(`sanitizeLine left an unsafe character in ${kind}`);
    }
    // The three sizes interleaved round by round, so the growth ratios are paired like every other ratio here.
    const measured = await compare(
      texts.map((text, k) => ({ name: kb(SIZES[k]!), fn: () => sanitizeLine(text) })),
      { rounds: QUICK ? 5 : 21 },
    );
    const theirs: (Cell | undefined)[] = [];
    let stripTooSlow: number | undefined;
    for (const [k, size] of SIZES.entries()) {
      const text = texts[k]!;
      const m = measured[k]!;
      let strip: Cell | undefined;
      if (stripTooSlow === undefined) {
        strip = await measureStrip(text);
        if (strip.ns / 1e6 > SLOW_MS) stripTooSlow = size;
      }
      theirs.push(strip);
      rows.push([
        kind,
        kb(size),
        formatNs(m.median),
        `${formatNs(m.median / (size / 1024))}`,
        strip ? `${formatNs(strip.ns)}${strip.note ? ` (${strip.note})` : ""}` : `not run: ${kb(stripTooSlow ?? 0)} took > ${SLOW_MS} ms`,
        strip ? formatNs(strip.ns / (size / 1024)) : "—",
        strip ? formatRatio(m.median / strip.ns) : "—",
      ]);
    }
    const stripPerKb = theirs.map((c, k) => (c ? c.ns / (SIZES[k]! / 1024) : Number.NaN));
    const step1 = pairedRatio(measured[1]!, measured[0]!);
    const step2 = pairedRatio(measured[2]!, measured[1]!);
    // Cost per KB at 1 MB over cost per KB at 10 KB: 1.00× is perfectly linear, 100× would be quadratic.
    const drift = pairedRatio(measured[2]!, measured[0]!) / (SIZES[2]! / SIZES[0]!);
    growth.push([
      kind,
      formatRatio(step1),
      formatRatio(step2),
      formatRatio(drift),
      theirs[1] ? formatRatio(theirs[1].ns / theirs[0]!.ns) : "—",
      theirs[2] ? formatRatio(theirs[2].ns / theirs[1]!.ns) : "—",
      theirs[2] ? formatRatio(stripPerKb[2]! / stripPerKb[0]!) : "—",
    ]);
    targets.push({
      what: `sanitizeLine linear on ${kind} text (cost per KB at 1 MB / at 10 KB)`,
      target: `≤ ${LINEAR_SLACK.toFixed(2)}× (1.00× = perfectly linear)`,
      measured: formatRatio(drift),
      met: drift <= LINEAR_SLACK,
    });
  }
  const body = [
    "One call each on the whole text. Text kinds (each a unit repeated to the size):",
    "",
    ...Object.entries(TEXTS).map(([kind, unit]) => `- ${kind}: ${JSON.stringify(unit)}`),
    "",
    "Medians per call and per KB; the last column is sanitizeLine's time over stripVTControlCharacters' on the same text.",
    "",
    table(["text", "size", "sanitizeLine", "per KB", "stripVTControlCharacters", "per KB", "ratio"], rows),
    "",
    "Growth: time at one size over time at the size 10× smaller (10.0× = linear, 100× = quadratic), and cost per KB at 1 MB over cost per KB at 10 KB.",
    "",
    table(["text", "sanitizeLine 10→100 KB", "100 KB→1 MB", "per-KB drift", "strip 10→100 KB", "100 KB→1 MB", "per-KB drift"], growth),
    "",
    "stripVTControlCharacters only removes escape sequences; sanitizeLine also replaces controls, bidi, zero-width and separator characters and collapses spaces, so it does more work per character on any text.",
  ].join("\n");
  return { id: 4, title: "sanitizeLine vs util.stripVTControlCharacters, 10 KB to 1 MB", body, targets };
}

if (import.meta.main) await standalone(run);
