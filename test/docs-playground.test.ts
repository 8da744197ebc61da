/**
 * The playground's logic without a browser: the four hosts answering every
 * preset (the same code the tab runs), the address state, and newest-wins.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHosts, type Hosts } from "../docs/app/playground/hosts.ts";
import { debounce, newestWins } from "../docs/app/playground/latest.ts";
import { PRESETS } from "../docs/app/playground/presets.ts";
import { argsFromQuery, parseArgs, searchWithArgs } from "../docs/app/playground/url-state.ts";

let hosts: Hosts;
beforeAll(async () => {
  hosts = await createHosts();
});
afterAll(() => hosts.close());

const TYPO = 'Invalid arguments: unknown property "txt"; takes text, separator\nInvalid arguments at /: must have required properties text';

describe("the four hosts in the playground", () => {
  it.each([
    ["valid", ["result", "result", "result", "result"], "creme_brulee_part_2"],
    ["typo", ["isError", "thrown", "isError", "refused"], TYPO],
    ["enum", ["isError", "thrown", "isError", "refused"], "Invalid arguments at /separator: must be one of -, _, ."],
    [
      "no-letters",
      ["isError", "thrown", "isError", "thrown"],
      "The text has no letters or digits to keep; pass a title with at least one.",
    ],
    ["blank", ["isError", "thrown", "isError", "refused"], 'Invalid arguments at /text: must match pattern "\\S"'],
    ["number", ["isError", "thrown", "isError", "refused"], "Invalid arguments at /text: must be string"],
    ["empty", ["isError", "thrown", "isError", "refused"], "Invalid arguments at /: must have required properties text"],
  ])("%s: channels %j, one text on every host", async (id, channels, text) => {
    const preset = PRESETS.find((entry) => entry.id === id)!;
    const answers = await hosts.run(preset.args);
    expect(answers).toEqual(["mcp", "pi", "omp", "ai"].map((host, i) => ({ host, channel: channels[i], text })));
  });

  it("answers arguments that are not an object on every host without crashing", async () => {
    const answers = await hosts.run([1, 2]);
    expect(answers.map((answer) => answer.host)).toEqual(["mcp", "pi", "omp", "ai"]);
    for (const answer of answers) expect(answer.channel).not.toBe("result");
    expect(answers.slice(1).map((answer) => answer.text)).toEqual([
      "Invalid arguments at /: must be object",
      "Invalid arguments at /: must be object",
      "Invalid arguments at /: must be object",
    ]);
  });
});

describe("the address", () => {
  it("puts the compact JSON in ?args= and keeps other parameters", () => {
    expect(searchWithArgs("?x=1", '{\n  "text": "a b"\n}')).toBe("?x=1&args=%7B%22text%22%3A%22a+b%22%7D");
  });

  it("keeps text that is not JSON as typed, so the reader sees what was shared", () => {
    expect(searchWithArgs("", "{oops")).toBe("?args=%7Boops");
    expect(argsFromQuery("{oops")).toBe("{oops");
  });

  it("reads ?args= back pretty, takes the first of repeated values, and ignores a missing one", () => {
    expect(argsFromQuery('{"text":"a"}')).toBe('{\n  "text": "a"\n}');
    expect(argsFromQuery(['{"a":1}', "{}"])).toBe('{\n  "a": 1\n}');
    expect(argsFromQuery(undefined)).toBeUndefined();
  });

  it("names what is wrong with text that is not JSON", () => {
    const parsed = parseArgs("{not json");
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.problem).toMatch(/^Not JSON: /);
  });
});

describe("newest call wins", () => {
  it("shows only the answer of the last call, even when an older one finishes later", async () => {
    const shown: string[] = [];
    const gates = new Map<string, () => void>();
    const run = newestWins(
      (name: string) => new Promise<string>((resolve) => gates.set(name, () => resolve(name))),
      (name) => shown.push(name),
    );
    const first = run("first");
    const second = run("second");
    gates.get("second")!();
    await second;
    gates.get("first")!();
    await first;
    expect(shown).toEqual(["second"]);
  });

  it("debounce runs once, with the last arguments, when typing pauses", () => {
    vi.useFakeTimers();
    try {
      const calls: number[] = [];
      const later = debounce((n: number) => calls.push(n), 300);
      later(1);
      vi.advanceTimersByTime(299);
      later(2);
      later(3);
      vi.advanceTimersByTime(299);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual([3]);
    } finally {
      vi.useRealTimers();
    }
  });
});
