/**
 * Terminal cells, as the progress line and the help columns count them:
 * wide characters and emoji take two cells, marks none, and a cut never
 * splits a character, an emoji sequence or a grapheme.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { commandWord, kebab } from "../src/cli/commands.ts";
import { progressLine } from "../src/cli/progress.ts";
import { cutToWidth, displayWidth } from "../src/terminal/width.ts";

describe("displayWidth", () => {
  it.each([
    ["", 0],
    ["abc", 3],
    ["處理中", 6],
    ["ＡＢ", 4],
    ["한국어", 6],
    ["🍣", 2],
    ["👩‍💻", 2],
    ["🇫🇷", 2],
    ["1️⃣", 2],
    ["❤️", 2],
    ["❤", 1],
    ["e\u0301", 1],
    ["ｶﾀｶﾅ", 4],
    ["a 🍣 b", 6],
  ])("%j is %i cells", (text, cells) => {
    expect(displayWidth(text)).toBe(cells);
  });
});

describe("cutToWidth", () => {
  it.each([
    ["處理中 🍣 first", 9, "處理中 🍣"],
    ["處理中 🍣 first", 8, "處理中 "],
    ["處理中", 5, "處理"],
    ["👩‍💻👩‍💻", 3, "👩‍💻"],
    ["e\u0301e\u0301", 1, "e\u0301"],
    ["abc", 0, ""],
    ["abc", 10, "abc"],
  ])("%j cut to %i cells is %j", (text, cells, cut) => {
    expect(cutToWidth(text, cells)).toBe(cut);
  });

  it("always gives a start of the text that fits", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.nat(40), (text, cells) => {
        const cut = cutToWidth(text, cells);
        expect(text.startsWith(cut)).toBe(true);
        expect(displayWidth(cut)).toBeLessThanOrEqual(cells);
        if (displayWidth(text) <= cells) expect(cut).toBe(text);
      }),
      { seed: 5, numRuns: 500 },
    );
  });
});

describe("command-line spellings", () => {
  it.each([
    ["maxItems", "max-items"],
    ["max_items", "max-items"],
    ["URLPath", "url-path"],
    ["utf8Text", "utf8-text"],
    ["x", "x"],
  ])("property %s is --%s", (key, flag) => {
    expect(kebab(key)).toBe(flag);
  });

  it("names a command after the tool name's first _", () => {
    expect(commandWord(slugTool)).toBe("slug");
    expect(commandWord({ ...slugTool, name: "files_bulk_rename" })).toBe("bulk-rename");
    expect(commandWord({ ...slugTool, name: "status" })).toBe("status");
    expect(commandWord({ ...slugTool, cli: { command: "mk" } })).toBe("mk");
  });
});

describe("progressLine", () => {
  it("rewrites one line in place, skips a repeat, and erases only what it drew", () => {
    const writes: string[] = [];
    const line = progressLine({ columns: 12, write: (text: string) => writes.push(text) });
    line.clear();
    line.show({ message: "étape 🍣 un", progress: 1, total: 2 });
    line.show({ message: "étape 🍣 un", progress: 1, total: 2 });
    line.show({ message: "deux", progress: 2 });
    line.clear();
    line.clear();
    expect(writes).toEqual(["\rétape 🍣 un\u001b[K", "\rdeux\u001b[K", "\r\u001b[K"]);
  });

  it("uses 80 columns when the terminal gives no width", () => {
    const writes: string[] = [];
    progressLine({ write: (text: string) => writes.push(text) }).show({ message: "x".repeat(100), progress: 1 });
    expect(writes).toEqual([`\r${"x".repeat(79)}\u001b[K`]);
  });
});
