/** sanitizeLine / sanitizeText / quote on hostile strings. */
import { quote, sanitizeLine, sanitizeText } from "@agntn/tools";
import { describe, expect, it } from "vitest";
import { describeValue } from "../../src/core/sanitize.ts";

const ESC = "\u001b";
const BEL = "\u0007";
const ST = `${ESC}\\`;

/** Hostile input → the one safe line. */
const LINE_CASES: Array<[string, string, string]> = [
  // CSI
  ["CSI colours", `a${ESC}[31mred${ESC}[0m b`, "ared b"],
  ["CSI private mode", `${ESC}[?25lhidden cursor`, "hidden cursor"],
  ["CSI clear screen", `x${ESC}[2Jy`, "xy"],
  ["CSI with intermediates", `x${ESC}[1 qy`, "xy"],
  ["CSI cut off at the end", `a${ESC}[31;`, "a"],
  ["bare CSI introducer at the end", `a${ESC}[`, "a"],
  // OSC
  ["OSC title ended by BEL", `a${ESC}]0;evil title${BEL}b`, "ab"],
  ["OSC hyperlink ended by ST", `a${ESC}]8;;http://evil.example${ST}link${ESC}]8;;${ST}b`, "alinkb"],
  ["OSC hiding a CSI inside", `a${ESC}]0;t${ESC}[31mb${BEL}c`, "ac"],
  ["unclosed OSC keeps its payload as text", `a${ESC}]0;title`, "a0;title"],
  // DCS, SOS, PM, APC
  ["DCS sixel", `a${ESC}Pq#0;2;0;0;0${ST}b`, "ab"],
  ["APC", `a${ESC}_payload${ST}b`, "ab"],
  ["PM", `a${ESC}^private${ST}b`, "ab"],
  ["SOS", `a${ESC}Xstring${ST}b`, "ab"],
  // 8-bit C1 forms
  ["8-bit CSI", "a\u009b31mb", "ab"],
  ["8-bit OSC ended by 8-bit ST", "a\u009d0;title\u009cb", "ab"],
  ["8-bit OSC ended by BEL", `a\u009d0;title${BEL}b`, "ab"],
  ["8-bit DCS", "a\u0090q\u009cb", "ab"],
  ["8-bit APC", "a\u009fpayload\u009cb", "ab"],
  ["other C1 control (NEL)", "a\u0085b", "a b"],
  ["8-bit CSI alone at the end", "x\u009b", "x"],
  // Other ESC sequences
  ["lone ESC at the end", `abc${ESC}`, "abc"],
  ["lone ESC before a space and a letter (nF)", `a ${ESC} b`, "a"],
  ["ESC c (reset)", `a${ESC}cb`, "ab"],
  ["ESC ( B (charset)", `a${ESC}(Bb`, "ab"],
  ["ESC ESC [", `${ESC}${ESC}[31mx`, "x"],
  // Format characters
  ["bidi override RLO", "abc\u202Edcb", "abc dcb"],
  ["bidi embeddings and isolates", "a\u202Ab\u202Bc\u202Cd\u2066e\u2067f\u2068g\u2069", "a b c d e f g"],
  ["LRM and RLM leave no trace", "a\u200Eb\u200F", "ab"],
  ["RLM between a Hebrew word and digits", "שלום\u200F123", "שלום123"],
  ["Arabic letter mark", "\u061Cمرحبا", "مرحبا"],
  ["zero-width space", "a\u200Bb", "a b"],
  ["zero-width non-joiner", "a\u200Cb", "a b"],
  ["lone zero-width joiner between letters", "a\u200Db", "a b"],
  ["word joiner", "a\u2060b", "a b"],
  ["BOM", "\uFEFFtext", "text"],
  ["soft hyphen", "a\u00ADb", "a b"],
  ["tag characters (hidden ASCII)", "ok\u{E0041}\u{E0042}", "ok"],
  // Separators and controls
  ["line separator", "a\u2028b", "a b"],
  ["paragraph separator", "a\u2029b", "a b"],
  ["NUL", "a\u0000b", "a b"],
  ["DEL", "a\u007Fb", "a b"],
  ["tab", "a\tb", "a b"],
  ["CR LF", "a\r\nb", "a b"],
  ["vertical tab and form feed", "a\u000Bb\u000Cc", "a b c"],
  ["backspace (overstrike trick)", "safe\u0008\u0008\u0008\u0008evil", "safe evil"],
  ["runs of spaces collapse and the ends are trimmed", "   a    b   ", "a b"],
  ["only controls", "\u0000\u0001\u0002", ""],
  // Kept
  ["emoji ZWJ family", "hi 👨‍👩‍👧", "hi 👨‍👩‍👧"],
  ["emoji ZWJ after a presentation selector", "🏳️‍🌈", "🏳️‍🌈"],
  ["emoji ZWJ after a skin tone", "👩🏽‍💻", "👩🏽‍💻"],
  ["emoji ZWJ with a middle emoji", "🧑‍🤝‍🧑", "🧑‍🤝‍🧑"],
  ["keycap", "1️⃣", "1️⃣"],
  ["accents and scripts", "Ça va, 東京, مرحبا", "Ça va, 東京, مرحبا"],
  ["dangling joiners are not kept", "\u200D👨\u200D", "👨"],
  ["Persian ZWNJ inside a word", "می\u200Cخواهم", "می\u200Cخواهم"],
  ["Persian ZWNJ in a phrase", "کتاب\u200Cها را می\u200Cخوانم", "کتاب\u200Cها را می\u200Cخوانم"],
  ["Arabic letters with a ZWJ", "ل\u200Dا", "ل\u200Dا"],
  ["Devanagari ZWJ after a virama", "क्\u200Dष", "क्\u200Dष"],
  ["Devanagari ZWNJ after a virama", "क्\u200Cष", "क्\u200Cष"],
  ["Bengali ZWNJ", "র\u200C্য", "র\u200C্য"],
  ["Hebrew with niqqud", "שָׁלוֹם", "שָׁלוֹם"],
  ["a joiner between Persian and Latin goes", "می\u200Cx", "می x"],
  ["a joiner before a space goes", "می\u200C خواهم", "می خواهم"],
  ["a joiner at the start goes", "\u200Cمی", "می"],
  ["emoji ZWJ sequence beside Persian", "👩\u200D💻 می\u200Cخواهم", "👩\u200D💻 می\u200Cخواهم"],
];

describe("sanitizeLine", () => {
  it.each(LINE_CASES)("%s", (_case, input, output) => {
    expect(sanitizeLine(input)).toBe(output);
  });

  it.each([
    ["a number", 42, "42"],
    ["undefined", undefined, "undefined"],
    ["null", null, "null"],
    ["a bigint", 10n, "10"],
    ["a symbol", Symbol("s"), "Symbol(s)"],
    ["an array", [1, 2], "[1,2]"],
    ["an Error: its message", new Error(`multi\nline ${ESC}[31mred`), "multi line red"],
    ["an object: as JSON, so an escape is written out, never sent", { a: `${ESC}[1m` }, String.raw`{"a":"\u001b[1m"}`],
    [
      "an object whose toJSON throws: String() instead",
      {
        toJSON() {
          throw new Error("no");
        },
      },
      "[object Object]",
    ],
    [
      "an object whose toJSON and toString throw",
      {
        toJSON() {
          throw new Error("no");
        },
        toString() {
          throw new Error("no");
        },
      },
      "unprintable value",
    ],
  ])("renders %s", (_case, value, output) => {
    expect(sanitizeLine(value)).toBe(output);
  });
});

describe("sanitizeText", () => {
  it.each([
    ["indentation and tabs stay", "  def f():\n\treturn 1\n", "  def f():\n\treturn 1\n"],
    ["CR LF and CR become LF, trailing spaces go", "a \r\nb  \rc", "a\nb\nc"],
    ["line and paragraph separators become LF", "a\u2028b\u2029c", "a\nb\nc"],
    ["escapes removed on every line", `x${ESC}[1m\n  y${ESC}[0m  `, "x\n  y"],
    ["an OSC spanning lines goes whole", `a${ESC}]0;x\nb${BEL}c`, "ac"],
    ["8-bit CSI", "a\u009b1mb\nc", "ab\nc"],
    ["bidi and zero-width become spaces", "a\u202Eb\u200Bc", "a b c"],
    ["vertical tab and form feed become spaces", "a\u000Bb\u000Cc", "a b c"],
    ["NUL and DEL become spaces", "a\u0000b\u007Fc", "a b c"],
    ["empty lines stay", "\n\na\n\n", "\n\na\n\n"],
    ["runs of inner spaces stay (tables, code)", "a    b\n  c", "a    b\n  c"],
    ["emoji ZWJ sequences stay", "👨‍👩‍👧\n🏳️‍🌈", "👨‍👩‍👧\n🏳️‍🌈"],
    ["a lone ESC", `a${ESC}`, "a"],
  ])("%s", (_case, input, output) => {
    expect(sanitizeText(input)).toBe(output);
  });

  it("cleans every line-case the same way, apart from kept tabs and line breaks", () => {
    for (const [, input] of LINE_CASES) {
      if (/[\t\n\r\u2028\u2029\u000B\u000C]/u.test(input)) continue;
      // sanitizeText keeps runs of spaces (indentation, tables); sanitizeLine collapses them.
      expect(sanitizeText(input).replace(/ {2,}/g, " ").trim()).toBe(sanitizeLine(input));
    }
  });
});

describe("linear time on unclosed sequences", () => {
  // Node's stripVTControlCharacters (and strip-ansi) take quadratic time here. A one-time budget, as the issue demands.
  const BUDGET_MS = 1000;
  it.each([
    ["100,000 unclosed ESC ]", `${ESC}]`.repeat(100_000)],
    ["100,000 unclosed ESC P", `${ESC}P`.repeat(100_000)],
    ["100,000 unclosed 8-bit OSC", "\u009d".repeat(100_000)],
    ["100,000 CSI introducers", `${ESC}[`.repeat(100_000)],
    ["100,000 ESC ] each with text", `${ESC}]x;`.repeat(100_000)],
    ["100,000 lone ESC", ESC.repeat(100_000)],
  ])("%s", (_case, input) => {
    const start = performance.now();
    const line = sanitizeLine(input);
    const text = sanitizeText(input);
    const elapsed = performance.now() - start;
    expect(line).not.toMatch(/[\u001b\u009b\u009d]/u);
    expect(text).not.toMatch(/[\u001b\u009b\u009d]/u);
    expect(elapsed).toBeLessThan(BUDGET_MS);
  });

  it("keeps the text of 100,000 unclosed ESC ] payloads", () => {
    expect(sanitizeLine(`${ESC}]x;`.repeat(100_000))).toBe("x;".repeat(100_000));
  });
});

describe("quote", () => {
  it.each([
    ["plain", "word", '"word"'],
    ["newline and CR", "a\nb\rc", String.raw`"a\nb\rc"`],
    ["ESC", `${ESC}[31m`, String.raw`"\u001b[31m"`],
    ["C1 and DEL", "\u009b\u0085\u007f", String.raw`"\u009b\u0085\u007f"`],
    ["bidi and zero-width", "\u202E\u200B\u2066", String.raw`"\u202e\u200b\u2066"`],
    ["separators", "\u2028\u2029", String.raw`"\u2028\u2029"`],
    ["tag characters as surrogate pairs", "\u{E0041}", String.raw`"\udb40\udc41"`],
    ["quote and backslash", 'a"b\\', String.raw`"a\"b\\"`],
    ["a lone surrogate", "\uD800", String.raw`"\ud800"`],
    ["emoji stay as they are", "👍", '"👍"'],
  ])("%s", (_case, input, output) => {
    expect(quote(input)).toBe(output);
    expect(JSON.parse(quote(input))).toBe(input);
  });
});

describe("describeValue", () => {
  it.each([
    ["a string as is", "a\nb", "a\nb"],
    ["undefined", undefined, "undefined"],
    ["an Error's message", new TypeError("bad"), "bad"],
    ["an Error with a non-string message", Object.assign(new Error(), { message: 5 }), ""],
    ["a plain object as JSON", { a: 1 }, '{"a":1}'],
    ["an empty object through String", {}, "[object Object]"],
    ["an object with a custom toString", { toString: () => "custom" }, "custom"],
    [
      "an object whose toString throws",
      {
        toString() {
          throw new Error("no");
        },
      },
      "unprintable value",
    ],
    ["a null-prototype object", Object.create(null), "unprintable value"],
    [
      "a circular object",
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
      "[object Object]",
    ],
  ])("%s", (_case, value, output) => {
    expect(describeValue(value)).toBe(output);
  });
});
