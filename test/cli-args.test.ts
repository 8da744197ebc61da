/**
 * The argument reader on any line a person (or a script) can type: it never
 * throws, a refusal is always whole lines starting with "Invalid arguments",
 * and no line carries a control, format or separator character however the
 * words were forged. Random lines mix option spellings, dashed text, JSON and
 * hostile characters (fixed seed).
 */
import { defineTool, Type, validateInput } from "@agntn/tools";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { argumentLines, readArgs } from "../src/cli/args.ts";
import { buildCommands, type ToolCommand } from "../src/cli/commands.ts";
import { addTool, diffTool, echoTool, moveTool, searchTool, sumTool } from "./fixtures/cli-tools.ts";

const table = buildCommands({
  name: "fx",
  version: "1",
  description: "d",
  tools: [slugTool, addTool, diffTool, echoTool, moveTool, searchTool, sumTool],
});
const commands = table.commands.filter((c): c is ToolCommand => c.kind === "tool");
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const pieces = [
  "--",
  "-",
  "-h",
  "--json",
  "--text",
  "--text=",
  "--limit",
  "--limit=0",
  "--max-score",
  "--point",
  "--separator",
  "--pinned",
  "--no-pinned",
  "--pinned=1",
  "-p",
  "-P",
  "-p=2",
  "--kye",
  "-x",
  "-5",
  "-.-.",
  "-----BEGIN PGP SIGNATURE-----",
  "0x10",
  "1_000",
  "Infinity",
  " 2",
  "3",
  "-2.5",
  '{"x":1,"y":2}',
  '{"x":"a\\u202e","y":{"\\n":1}}',
  "[1,2]",
  "a\nb",
  "\u202eevil",
  "\u001b[2J",
  "__proto__",
  "constructor",
  "x".repeat(300),
];
const word = fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 6 }));

describe("readArgs on random lines", () => {
  it("never throws and answers in clean lines", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...commands),
        fc.array(word, { maxLength: 8 }),
        fc.uint8Array({ maxLength: 16 }),
        async (command, words, input) => {
          const reading = await readArgs(command, words, async () => input);
          expect(["help", "version", "run", "error"]).toContain(reading.kind);
          let lines: string[] = [];
          if (reading.kind === "error") lines = reading.lines;
          if (reading.kind === "run") {
            for (const key of Object.keys(reading.args)) expect(command.params.some((p) => p.key === key)).toBe(true);
            const checked = validateInput(command.entry.tool, reading.args);
            if (!checked.ok) lines = argumentLines(command, checked.error, reading.labels);
          }
          if (reading.kind === "error") expect(lines.length).toBeGreaterThan(0);
          for (const line of lines) {
            expect(line.startsWith("Invalid arguments")).toBe(true);
            expect(line).not.toMatch(UNSAFE);
          }
        },
      ),
      { seed: 20261129, numRuns: 2000 },
    );
  });

  it("reads a typed line the same way every time", async () => {
    const add = commands.find((c) => c.word === "add") as ToolCommand;
    const reading = await readArgs(add, ["-P", "--", "-p", "-"], async () => new Uint8Array());
    expect(reading).toEqual({
      kind: "run",
      args: { pinned: true, text: "-p", tag: "-" },
      json: false,
      labels: new Map([
        ["pinned", "--pinned"],
        ["text", "<TEXT>"],
        ["tag", "[TAG]"],
      ]),
    });
  });
});

describe("how words become values", () => {
  const tool = defineTool({
    name: "shape_all",
    title: "All",
    description: "Every shape.",
    effect: "read",
    cli: { positional: ["title", "words"], rest: true },
    input: Type.Object(
      {
        title: Type.String(),
        words: Type.Optional(Type.String()),
        either: Type.Optional(Type.Union([Type.String(), Type.Number()])),
        list: Type.Optional(Type.Array(Type.Integer())),
        ratio: Type.Optional(Type.Number()),
        dryRun: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    execute: () => ({ content: [] }),
  });
  const [command] = buildCommands({ name: "fx", version: "1", description: "d", tools: [tool] }).commands as ToolCommand[];
  const read = (words: string[]) => readArgs(command as ToolCommand, words, async () => new Uint8Array());

  it.each([
    [["T", "a", "-5", "c"], { title: "T", words: "a -5 c" }],
    [["T", "--", "a", "-b"], { title: "T", words: "a -b" }],
    [["T", "--either", "12"], { title: "T", either: "12" }],
    [["T", "--list", "[1,2]"], { title: "T", list: [1, 2] }],
    [["T", "--ratio", "-0.25"], { title: "T", ratio: -0.25 }],
    [["T", "--dry-run"], { title: "T", dryRun: true }],
    [["T", "--no-dry-run"], { title: "T", dryRun: false }],
    [["--words", "x y", "T"], { title: "T", words: "x y" }],
  ])("%j reads as %j", async (words, args) => {
    const reading = await read(words);
    expect(reading.kind === "run" && reading.args).toEqual(args);
  });
});
