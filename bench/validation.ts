/**
 * Benchmark 3: checking one input against one schema, valid and invalid (four
 * problems), by the core's `validateInput`, by a compiled Ajv validator and by
 * Zod's `safeParse`. TypeBox's compiled `Check` alone is shown as the floor the
 * core's fast path stands on.
 */
import { validateInput } from "@agntn/tools";
import { Ajv } from "ajv";
import { Compile } from "typebox/compile";
import { invalidArgs, joinTool, jsonInput, typeboxInput, validArgs, zodInput } from "./fixtures.ts";
import { compare, formatNs, formatRatio, type Measured, pairedRatio, type Section, standalone, table } from "./harness.ts";

const TARGET_RATIO = 1.5;
/** Ajv only collects error objects; the core also writes a line a model can act on for each, so it may take longer, within reason. */
const INVALID_TARGET_RATIO = 10;

function variants(args: unknown) {
  // allErrors so Ajv, like the core and Zod, reports every problem and not only the first.
  const ajv = new Ajv({ allErrors: true, strict: false }).compile(jsonInput);
  const typebox = Compile(typeboxInput);
  return [
    { name: "core validateInput", fn: () => validateInput(joinTool, args) },
    { name: "Ajv compiled (allErrors)", fn: () => (ajv(args) ? true : ajv.errors) },
    { name: "Zod safeParse", fn: () => zodInput.safeParse(args) },
    { name: "TypeBox compiled Check (floor)", fn: () => typebox.Check(args) },
  ];
}

function sanityCheck(): string[] {
  const ajv = new Ajv({ allErrors: true, strict: false }).compile(jsonInput);
  const valid = [validateInput(joinTool, validArgs).ok, ajv(validArgs), zodInput.safeParse(validArgs).success];
  const invalid = validateInput(joinTool, invalidArgs);
  const zod = zodInput.safeParse(invalidArgs);
  ajv(invalidArgs);
  if (valid.some((v) => !v) || invalid.ok || zod.success) throw new Error("the validators disagree on the inputs");
  return [
    `- core: ${invalid.error.lines.length} lines`,
    `- Ajv: ${ajv.errors?.length ?? 0} errors`,
    `- Zod: ${zod.error.issues.length} issues`,
  ];
}

function rows(results: Measured[]): string[][] {
  const ajv = results[1]!;
  return results.map((m) => [m.name, formatNs(m.median), `${formatNs(m.q1)} – ${formatNs(m.q3)}`, formatRatio(pairedRatio(m, ajv))]);
}

export async function run(): Promise<Section> {
  const counts = sanityCheck();
  const valid = await compare(variants(validArgs));
  const invalid = await compare(variants(invalidArgs));
  const header = ["validator", "median / check", "quartiles", "ratio to Ajv"];
  const validVsAjv = pairedRatio(valid[0]!, valid[1]!);
  const invalidVsAjv = pairedRatio(invalid[0]!, invalid[1]!);
  const body = [
    "The core's figure includes everything `validateInput` does: finding the prepared tool, the compiled check and, on failure, writing one line per problem and building the `ToolInputError`.",
    "",
    "Valid input:",
    "",
    table(header, rows(valid)),
    "",
    "Invalid input (empty text, value outside the enum, integer below the minimum, unknown key):",
    "",
    table(header, rows(invalid)),
    "",
    "Problems each reports for the invalid input:",
    "",
    ...counts,
  ].join("\n");
  return {
    id: 3,
    title: "Validation: core vs compiled Ajv vs Zod",
    body,
    targets: [
      {
        what: "valid input, core validateInput vs compiled Ajv",
        target: `≤ ${TARGET_RATIO}×`,
        measured: `${formatRatio(validVsAjv)} (${formatNs(valid[0]!.median)} vs ${formatNs(valid[1]!.median)})`,
        met: validVsAjv <= TARGET_RATIO,
      },
      {
        what: "invalid input (4 problems, every line written), core validateInput vs compiled Ajv",
        target: `≤ ${INVALID_TARGET_RATIO}×`,
        measured: `${formatRatio(invalidVsAjv)} (${formatNs(invalid[0]!.median)} vs ${formatNs(invalid[1]!.median)})`,
        met: invalidVsAjv <= INVALID_TARGET_RATIO,
      },
    ],
  };
}

if (import.meta.main) await standalone(run);
