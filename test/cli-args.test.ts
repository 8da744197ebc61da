/**
 * The argument reader on any line a person (or a script) can type: it never
 * throws, a refusal is always whole lines starting with "Invalid arguments",
 * and no line carries a control, format or separator character however the
 * words were forged. Random lines mix option spellings, dashed text, JSON and
 * hostile characters (fixed seed).
 */
import { validateInput } from "@agntn/tools";
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
