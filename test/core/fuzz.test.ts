/**
 * Property-based fuzzing (fast-check). Each property runs twice: once with a fixed seed, so a run is
 * reproducible, and once with a random seed, which fast-check prints (with the shrunk counterexample) on failure.
 */
import {
  type AnyTool,
  defineTool,
  type PreparedSample,
  type ProgressReport,
  type SampleRequest,
  sanitizeLine,
  sanitizeText,
  type TSchema,
  Type,
  validateInput,
} from "@agntn/tools";
import { callTool } from "@agntn/tools/mcp";
import fc from "fast-check";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { blockNote, type ContentRead, readContent } from "../../src/core/content.ts";
import { prepareSample } from "../../src/core/sampling.ts";
import { toJsonSchema } from "../../src/core/schema.ts";
import { compileChecker, describeProblems, describeProblemsViaTypeBox, findProblems } from "../../src/core/validate.ts";
import { fuzzTools, knownKeys } from "./fuzz-tools.ts";

const FIXED_SEED = 20_261_129;
const RUNS = 300;
/** Both runs of a property: fixed seed first, then a random one. */
const SEEDS: Array<[string, { seed?: number }]> = [
  ["fixed seed", { seed: FIXED_SEED }],
  ["random seed", {}],
];

// ---------------------------------------------------------------- hostile text

const ESC = "\u001b";
/** Characters that make trouble: escape introducers and terminators, C0/C1 controls, bidi, zero-width, separators, emoji parts. */
const HOSTILE_CHARS = [
  ESC,
  "\u0007",
  "\u009b",
  "\u009c",
  "\u009d",
  "\u0090",
  "\u0085",
  "\u0000",
  "\u007f",
  "\t",
  "\r",
  "\n",
  "\u000b",
  "\u0008",
  "[",
  "]",
  "P",
  "\\",
  ";",
  "m",
  "0",
  "_",
  "^",
  "X",
  "(",
  "B",
  " ",
  "a",
  "é",
  "\u202e",
  "\u202a",
  "\u2066",
  "\u2069",
  "\u200e",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\ufeff",
  "\u00ad",
  "\u2028",
  "\u2029",
  "\u{E0041}",
  "\ufe0f",
  "👨",
  "👩",
  "🏽",
  "🌈",
  "東",
];
const hostileChar = fc.constantFrom(...HOSTILE_CHARS);
/** Whole escape sequences, closed and unclosed, mixed with text. */
const hostilePiece = fc.oneof(
  hostileChar,
  fc.constantFrom(
    `${ESC}[31m`,
    `${ESC}[?25l`,
    `${ESC}[2J`,
    `${ESC}]0;title\u0007`,
    `${ESC}]8;;http://x${ESC}\\`,
    `${ESC}]`,
    `${ESC}P`,
    `${ESC}Pq${ESC}\\`,
    "\u009b1m",
    "\u009d0;t\u009c",
    `${ESC}(B`,
    `${ESC}c`,
    "👨‍👩‍👧",
    "🏳️‍🌈",
    "👩🏽‍💻",
    "\r\n",
  ),
  fc.string({ unit: "binary", maxLength: 4 }),
);
const hostileString = fc.array(hostilePiece, { maxLength: 40 }).map((parts) => parts.join(""));

/** A legitimate emoji joiner: after a pictograph (and at most a selector and a skin tone), before a pictograph. */
const EMOJI_JOINER = /(\p{Extended_Pictographic}[\u{FE0F}\p{Emoji_Modifier}]{0,2})\u200D(?=\p{Extended_Pictographic})/gu;
const UNSAFE_IN_LINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The forbidden characters of a line, after allowing the emoji joiners sanitizeLine keeps on purpose. */
function unsafeIn(line: string): string | undefined {
  const match = line.replace(EMOJI_JOINER, "$1").match(UNSAFE_IN_LINE);
  return match ? `U+${(match[0].codePointAt(0) as number).toString(16).padStart(4, "0")} in ${JSON.stringify(line)}` : undefined;
}

// ---------------------------------------------------------------- 1. callTool

/** Tool names: real ones, prototype names, controls and escapes, and very long strings. */
const toolName = fc.oneof(
  fc.constantFrom(...fuzzTools.map((t) => t.name), "__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "nope", ""),
  hostileString,
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.tuple(hostileChar, fc.integer({ min: 1, max: 10_000 })).map(([ch, n]) => ch.repeat(n)),
  fc.constant(`${ESC}]`.repeat(5_000)),
);

/** Keys: the tools' own, prototype names, hostile strings. */
const argKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...knownKeys) },
  { weight: 2, arbitrary: fc.constantFrom("__proto__", "constructor", "toString", "prototype", "hasOwnProperty", "valueOf") },
  { weight: 2, arbitrary: hostileString },
);

/** Values no JSON parser would give: functions, symbols, BigInt, undefined, class instances, getters that throw. */
const oddValue = fc.constantFrom<unknown>(
  () => "fn",
  Symbol("sym"),
  10n ** 30n,
  undefined,
  Number.NaN,
  Number.NEGATIVE_INFINITY,
  new Date(0),
  new Map([["a", 1]]),
  /re/g,
  new Uint8Array(3),
  Object.create(null),
  throwingGetter(),
);

/**
 * An object whose one key is a getter that throws. fast-check prints it by its own method, not by reading the key: a
 * counterexample holding it once made the report itself throw "getter", and the seed and the failure went unprinted.
 */
function throwingGetter(): object {
  const value = Object.defineProperty({}, "boom", {
    enumerable: true,
    get() {
      throw new Error("getter");
    },
  });
  return Object.defineProperty(value, fc.toStringMethod, { value: () => "{ boom: <a getter that throws> }" });
}

/** Builds an object with own keys, `__proto__` included (defineProperty, never assignment). */
function objectOf(entries: Array<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** Nesting far deeper than any schema: objects in arrays in objects… */
const deepValue = fc.tuple(fc.integer({ min: 1, max: 3_000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = "bottom";
  for (let k = 0; k < depth; k++) value = arrays && k % 2 ? [value] : { point: value };
  return value;
});

const argValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.anything({
      maxDepth: 3,
      key: argKey,
      withBigInt: true,
      withNullPrototype: true,
      withBoxedValues: true,
      withMap: true,
      withSet: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
      withObjectString: true,
    }),
    oddValue,
    hostileString,
    fc.integer({ min: 0, max: 200_000 }).map((n) => "x".repeat(n)),
    fc.array(fc.tuple(argKey, tie("value")), { maxLength: 6 }).map(objectOf),
    fc.array(tie("value"), { maxLength: 4 }),
  ),
})).value;

/** Arguments: usually an object with the tools' keys, sometimes anything at all (arrays, strings, undefined…). */
const randomArgs = fc.oneof(
  { weight: 5, arbitrary: fc.array(fc.tuple(argKey, argValue), { maxLength: 8 }).map(objectOf) },
  { weight: 1, arbitrary: argValue },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, [], [{ text: "a" }], "text", 0) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      JSON.parse('{"__proto__": {"polluted": true}, "text": "a"}'),
      JSON.parse('{"point": {"x": 1, "y": 2, "__proto__": {"polluted": true}}}'),
      JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
    ),
  },
);

/** Sometimes one stray key beside arguments that fit, so a call gets past validation only some of the time. */
const withStray = (fitting: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(fitting, fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(argKey, argValue) }))
    .map(([args, stray]) => (stray ? objectOf([...Object.entries(args), stray]) : args));

/** Pairs a tool name with its arguments. */
const callOf =
  (name: string) =>
  (args: unknown): [string, unknown] => [name, args];

/** Arguments that fit each tool, so calls reach `execute`, its throws, its results and its progress. */
const fittingCalls: fc.Arbitrary<[string, unknown]> = fc.oneof(
  withStray(
    fc.record({ text: fc.oneof(hostileString, fc.string({ minLength: 1, maxLength: 200 })), separator: fc.constantFrom("-", "_", ".") }),
  ).map(callOf("text_slug")),
  withStray(
    fc.record({
      text: fc.oneof(
        hostileString,
        fc.integer({ min: 0, max: 100_000 }).map((n) => "a b\n".repeat(n)),
      ),
    }),
  ).map(callOf("text_stats")),
  withStray(fc.record({ how: fc.constantFrom("error", "raw", "hostile", "nothing"), payload: argValue })).map(callOf("fuzz_throw")),
  withStray(fc.record({ payload: argValue })).map(callOf("fuzz_malformed")),
  withStray(fc.record({ payload: argValue })).map(callOf("fuzz_progress")),
  withStray(
    fc.record(
      {
        point: fc.record({ x: fc.oneof(fc.double(), argValue), y: fc.double() }),
        tags: fc.array(fc.record({ name: fc.oneof(hostileString, argValue) }), { maxLength: 6 }),
        shape: fc.oneof(fc.record({ kind: fc.constant("circle"), radius: fc.double() }), fc.record({ kind: argValue, side: argValue })),
        mode: fc.constantFrom("plain", "loud", "quiet"),
      },
      { requiredKeys: ["point"] },
    ),
  ).map(callOf("fuzz_nested")),
  withStray(fc.constant({})).map(callOf("constructor")),
);

/** A call: most fit a real tool; the rest pair any name with any arguments. */
const fuzzCall = fc.oneof({ weight: 3, arbitrary: fittingCalls }, { weight: 2, arbitrary: fc.tuple(toolName, randomArgs) });

/** Everything Object.prototype holds, to compare before and after. */
function prototypeSnapshot(): Array<[PropertyKey, unknown]> {
  return Reflect.ownKeys(Object.prototype).map((key) => [key, Object.getOwnPropertyDescriptor(Object.prototype, key)?.value]);
}

const info = { name: "fuzz" };
const outputTools = new Set(fuzzTools.filter((t) => t.output !== undefined).map((t) => t.name));

/** Checks one answer's shape and cleanliness; returns a description of the first problem. */
function problemWith(name: string, answer: unknown, reports: ProgressReport[]): string | undefined {
  if (typeof answer !== "object" || answer === null) return "answer is not an object";
  const { content, isError, structuredContent, ...rest } = answer as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `unexpected keys ${Object.keys(rest).join(", ")}`;
  if (isError !== undefined && isError !== true) return `isError is ${String(isError)}`;
  if (structuredContent !== undefined && (isError || !outputTools.has(name))) return "structuredContent where none belongs";
  if (!Array.isArray(content) || content.length !== 1) return "content is not one block";
  const [block] = content as Array<Record<string, unknown>>;
  if (block?.type !== "text" || typeof block.text !== "string" || Object.keys(block).length !== 2)
    return "block is not { type: text, text }";
  for (const line of block.text.split("\n")) {
    const unsafe = unsafeIn(line);
    if (unsafe) return `answer line: ${unsafe}`;
  }
  for (const report of reports) {
    const unsafe = unsafeIn(report.message);
    if (unsafe) return `progress: ${unsafe}`;
  }
  return undefined;
}

describe("the fuzz oracles catch what they must", () => {
  it.each([
    ["a clean line", 'Invalid arguments: unknown property "a\\nb"; takes x', undefined],
    ["an emoji joiner kept on purpose", "hi 👨‍👩‍👧 🏳️‍🌈", undefined],
    ["ESC", "a\u001b[31m", "U+001b"],
    ["a C1 CSI", "a\u009b1m", "U+009b"],
    ["a bidi override", "a\u202eb", "U+202e"],
    ["a lone joiner", "a\u200db", "U+200d"],
    ["a line separator", "a\u2028b", "U+2028"],
    ["a tab", "a\tb", "U+0009"],
  ])("%s", (_case, line, found) => {
    const problem = unsafeIn(line);
    if (found === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(new RegExp(`^${found.replace("+", "\\+")} in `));
  });

  it.each([
    ["a clean answer", "text_slug", { content: [{ type: "text", text: "a-b" }] }, undefined],
    ["an isError answer", "fuzz_throw", { content: [{ type: "text", text: "x failed: y" }], isError: true }, undefined],
    ["structured details from an output tool", "text_stats", { content: [{ type: "text", text: "1" }], structuredContent: {} }, undefined],
    [
      "structured details from another tool",
      "text_slug",
      { content: [{ type: "text", text: "1" }], structuredContent: {} },
      "structuredContent where none belongs",
    ],
    [
      "two blocks",
      "text_slug",
      {
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      },
      "content is not one block",
    ],
    ["isError false", "text_slug", { content: [{ type: "text", text: "a" }], isError: false }, "isError is false"],
    ["an extra key", "text_slug", { content: [{ type: "text", text: "a" }], details: {} }, "unexpected keys details"],
    [
      "an escape in a line",
      "text_slug",
      { content: [{ type: "text", text: "ok\nbad\u001b[1m" }] },
      'answer line: U+001b in "bad\\u001b[1m"',
    ],
    ["a non-text block", "text_slug", { content: [{ type: "image", data: "" }] }, "block is not { type: text, text }"],
    ["not an object", "text_slug", "text", "answer is not an object"],
  ])("%s", (_case, name, answer, problem) => {
    expect(problemWith(name, answer, [])).toBe(problem);
  });

  it("flags a dirty progress message", () => {
    expect(problemWith("fuzz_progress", { content: [{ type: "text", text: "ok" }] }, [{ message: "\u202e", progress: 1 }])).toBe(
      'progress: U+202e in "\u202e"',
    );
  });
});

/** Seeds that once found a defect, kept: 1001 passed arguments whose getter threw to the input check, and callTool threw. */
const FOUND_SEEDS: Array<[string, { seed?: number }]> = [["seed 1001", { seed: 1001 }]];

describe("fuzz: callTool never throws and always answers one clean text", () => {
  const before = prototypeSnapshot();

  it.each([...SEEDS, ...FOUND_SEEDS])("%s", async (_seed, { seed }) => {
    await fc.assert(
      fc.asyncProperty(fuzzCall, async ([name, args]) => {
        const reports: ProgressReport[] = [];
        let answer: unknown;
        try {
          answer = await callTool(info, fuzzTools, name, args, { progress: (report) => void reports.push(report) });
        } catch (error) {
          throw new Error(`callTool threw: ${String(error)}`);
        }
        const problem = problemWith(name, answer, reports);
        if (problem) throw new Error(problem);
        if (Object.hasOwn(Object.prototype, "polluted")) throw new Error("Object.prototype was polluted");
      }),
      { seed, numRuns: RUNS },
    );
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// ---------------------------------------------------------------- 2. validateInput against TypeBox

type Node = { schema: TSchema; value: fc.Arbitrary<unknown> };
const closed = { additionalProperties: false } as const;
const identifier = fc.constantFrom("a", "b", "c", "kind", "name", "x", "__proto__", "constructor", "a b", "é");

/** Random closed schemas built with `Type`, each with an arbitrary of values that mostly fit and sometimes do not. */
const schemaNode: fc.Arbitrary<Node> = fc.letrec<{ node: Node; leaf: Node; object: Node }>((tie) => ({
  leaf: fc.oneof(
    fc.record({ min: fc.option(fc.nat(3), { nil: undefined }), max: fc.option(fc.nat(6), { nil: undefined }) }).map(({ min, max }) => ({
      schema: Type.String({ ...(min !== undefined && { minLength: min }), ...(max !== undefined && { maxLength: max }) }),
      value: fc.string({ maxLength: 8 }),
    })),
    fc.constant({ schema: Type.String({ pattern: "^[a-c]+$" }), value: fc.stringMatching(/^[a-d]{0,4}$/) }),
    fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }).map((min) => ({
      schema: Type.Number(min === undefined ? {} : { minimum: min }),
      value: fc.oneof(fc.double(), fc.integer({ min: -10, max: 10 })),
    })),
    fc.constant({ schema: Type.Integer({ maximum: 100 }), value: fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double()) }),
    fc.constant({ schema: Type.Boolean(), value: fc.oneof(fc.boolean(), fc.constantFrom<unknown>(0, "true")) }),
    fc.constant({ schema: Type.Null(), value: fc.constantFrom<unknown>(null, undefined, 0) }),
    fc.constant({ schema: Type.Enum(["plain", "loud"]), value: fc.constantFrom("plain", "loud", "quiet") }),
    fc.constant({ schema: Type.Literal("only"), value: fc.constantFrom("only", "other") }),
    fc.constant({ schema: Type.Union([Type.String(), Type.Number()]), value: fc.oneof(fc.string(), fc.integer(), fc.boolean()) }),
  ),
  object: fc.uniqueArray(fc.tuple(identifier, tie("node"), fc.boolean()), { selector: ([key]) => key, maxLength: 4 }).map((fields) => {
    const properties: Record<string, TSchema> = Object.create(null);
    const values: Array<[string, fc.Arbitrary<unknown>, boolean]> = [];
    for (const [key, child, optional] of fields) {
      properties[key] = optional ? Type.Optional(child.schema) : child.schema;
      values.push([key, child.value, optional]);
    }
    const schema = fields.length === 0 && values.length === 0 ? Type.Object({}) : Type.Object({ ...properties }, closed);
    // Each field is kept or left out (always kept when required, mostly), plus sometimes a key nobody declared.
    const value = fc
      .tuple(
        fc.tuple(...values.map(([key, v, optional]) => fc.tuple(fc.constant(key), v, fc.boolean(), fc.constant(optional)))),
        fc.option(fc.tuple(identifier, fc.anything({ maxDepth: 1 })), { freq: 4 }),
      )
      .map(([entries, extra]) => {
        const kept: Array<[string, unknown]> = [];
        for (const [key, v, drop, optional] of entries) if (!(drop && optional)) kept.push([key, v]);
        if (extra) kept.push(extra);
        return objectOf(kept);
      });
    return { schema, value };
  }),
  node: fc.oneof(
    { depthSize: "small" },
    tie("leaf"),
    tie("object"),
    tie("leaf").map((item) => ({ schema: Type.Array(item.schema, { maxItems: 3 }), value: fc.array(item.value, { maxLength: 4 }) })),
    fc.tuple(tie("object"), tie("object")).map(([a, b]) => ({
      schema: Type.Union([a.schema, b.schema]),
      value: fc.oneof(a.value, b.value),
    })),
  ),
})).object;

/** Inputs for a root schema: its own values, mostly; sometimes anything at all. */
const schemaAndInput = schemaNode.chain((node) =>
  fc.tuple(
    fc.constant(node.schema),
    fc.oneof({ weight: 4, arbitrary: node.value }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) }),
  ),
);

let toolCount = 0;
function toolFor(schema: TSchema): AnyTool {
  toolCount++;
  return defineTool({
    name: `fuzz_schema_${toolCount}`,
    title: "Schema",
    description: "A random schema.",
    effect: "read",
    input: schema,
    execute: () => ({ content: [] }),
  });
}

describe("fuzz: validateInput agrees with TypeBox's Value.Check", () => {
  it.each(SEEDS)("%s", (_seed, { seed }) => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(schemaAndInput, ([schema, input]) => {
        const tool = toolFor(schema);
        const result = validateInput(tool, input);
        const expected = Value.Check(schema, input === undefined ? {} : input);
        if (result.ok !== expected) throw new Error(`validateInput said ${result.ok}, Value.Check said ${expected}`);
        if (result.ok) {
          accepted++;
          return;
        }
        rejected++;
        const { lines, issues } = result.error;
        if (lines.length === 0) throw new Error("a rejection without lines");
        if (issues.length !== lines.length) throw new Error("issues and lines differ in number");
        if (new Set(lines).size !== lines.length) throw new Error("a line appears twice");
        for (const line of lines) {
          if (!line.startsWith("Invalid arguments")) throw new Error(`line without the prefix: ${line}`);
          const unsafe = unsafeIn(line);
          if (unsafe) throw new Error(unsafe);
        }
      }),
      { seed, numRuns: RUNS },
    );
    // Both sides of the decision were exercised, or the property proved little.
    expect(accepted).toBeGreaterThan(RUNS / 10);
    expect(rejected).toBeGreaterThan(RUNS / 10);
  });
});

describe("fuzz: the compiled problem finder writes what TypeBox's error walk writes", () => {
  it.each(SEEDS)("%s", (_seed, { seed }) => {
    let answered = 0;
    fc.assert(
      fc.property(schemaAndInput, fc.constantFrom("Invalid arguments", ""), ([schema, input], prefix) => {
        const json = toJsonSchema(schema);
        const checker = compileChecker(json);
        const value = input === undefined ? {} : input;
        if (checker.check(value)) return;
        // Unions fall outside the finder; findProblems then says nothing and TypeBox's walk answers.
        const fast = findProblems(json, checker, value, prefix);
        const slow = describeProblemsViaTypeBox(json, checker, value, prefix);
        if (fast) {
          answered++;
          expect(fast).toEqual(slow);
        }
        expect(describeProblems(json, checker, value, prefix)).toEqual(slow);
      }),
      { seed, numRuns: RUNS },
    );
    expect(answered).toBeGreaterThan(RUNS / 10);
  });
});

// ---------------------------------------------------------------- 3. sanitizeLine / sanitizeText

/** Text with nothing to clean: words of printable characters (emoji sequences included) with single spaces. */
const cleanUnit = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }).filter((s) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}]/u.test(s)),
  fc.constantFrom("word", "[31m", "]0;", "東京", "Ça", "👨‍👩‍👧", "🏳️‍🌈", "👩🏽‍💻", "1️⃣", "مرحبا", "\\e"),
);
const cleanLine = fc
  .array(
    fc.array(cleanUnit, { minLength: 1, maxLength: 4 }).map((w) => w.join("")),
    { maxLength: 8 },
  )
  .map((words) => words.join(" "));
const cleanText = fc
  .array(fc.tuple(fc.constantFrom("", "  ", "\t", "    ", "\t\t"), cleanLine), { maxLength: 6 })
  .map((lines) => lines.map(([indent, line]) => (line === "" ? "" : indent + line)).join("\n"));

describe("fuzz: sanitizeLine and sanitizeText", () => {
  it.each(SEEDS)("%s: a line never keeps a forbidden character, and cleaning twice changes nothing", (_seed, { seed }) => {
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.string({ unit: "binary" })), (input) => {
        const line = sanitizeLine(input);
        const unsafe = unsafeIn(line);
        if (unsafe) throw new Error(unsafe);
        if (/ {2}/.test(line) || line !== line.trim()) throw new Error(`spaces not collapsed: ${JSON.stringify(line)}`);
        if (sanitizeLine(line) !== line) throw new Error(`not stable: ${JSON.stringify(line)}`);
      }),
      { seed, numRuns: RUNS },
    );
  });

  it.each(SEEDS)("%s: a text keeps only LF and tab, and cleaning twice changes nothing", (_seed, { seed }) => {
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.string({ unit: "binary" })), (input) => {
        const text = sanitizeText(input);
        for (const line of text.split("\n")) {
          const unsafe = unsafeIn(line.replace(/\t/g, " "));
          if (unsafe) throw new Error(unsafe);
          if (/ $/.test(line)) throw new Error(`trailing space: ${JSON.stringify(line)}`);
        }
        if (sanitizeText(text) !== text) throw new Error(`not stable: ${JSON.stringify(text)}`);
      }),
      { seed, numRuns: RUNS },
    );
  });

  it.each(SEEDS)("%s: clean text comes out unchanged", (_seed, { seed }) => {
    fc.assert(
      fc.property(cleanLine, cleanText, (line, text) => {
        if (sanitizeLine(line) !== line) throw new Error(`line changed: ${JSON.stringify(line)} → ${JSON.stringify(sanitizeLine(line))}`);
        if (sanitizeText(text) !== text) throw new Error(`text changed: ${JSON.stringify(text)} → ${JSON.stringify(sanitizeText(text))}`);
        if (sanitizeText(line) !== line) throw new Error(`line as text changed: ${JSON.stringify(line)}`);
      }),
      { seed, numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------- 5. content blocks and sampling requests

const PNG = "iVBORw0KGgo=";
const KIND_KEYS: Record<string, string[]> = {
  text: ["type", "text", "annotations", "_meta"],
  image: ["type", "data", "mimeType", "annotations", "_meta"],
  audio: ["type", "data", "mimeType", "annotations", "_meta"],
  resource_link: ["type", "uri", "name", "title", "description", "mimeType", "size", "icons", "annotations", "_meta"],
  resource: ["type", "resource", "annotations", "_meta"],
};
const some = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary }, { weight: 1, arbitrary: argValue });

/** Blocks that are nearly right: every kind's fields, each sometimes fitting, sometimes hostile or odd. */
const nearBlock = fc.record(
  {
    type: some(fc.constantFrom("text", "image", "audio", "resource_link", "resource", "video", "TEXT")),
    text: some(fc.oneof(fc.string(), hostileString)),
    data: some(fc.constantFrom(PNG, "", "!!", "AAA", "AA==", "iVBO\nRw0K")),
    mimeType: some(fc.oneof(fc.constantFrom("image/png", "audio/wav", "text/plain", "IMAGE/GIF", "png", ""), hostileString)),
    uri: some(fc.oneof(fc.constantFrom("file:///a", "urn:x", ""), hostileString)),
    name: some(fc.oneof(fc.constantFrom("a.txt", ""), hostileString)),
    size: some(fc.oneof(fc.nat(), fc.double())),
    icons: some(fc.array(fc.record({ src: some(fc.string()), sizes: some(fc.array(fc.string())) }), { maxLength: 2 })),
    resource: some(
      fc.record(
        {
          uri: some(fc.constantFrom("file:///r", "")),
          text: some(fc.string()),
          blob: some(fc.constantFrom(PNG, "%%")),
          mimeType: some(fc.constantFrom("text/plain", "x")),
        },
        { requiredKeys: [] },
      ),
    ),
    annotations: some(
      fc.record(
        {
          audience: some(fc.array(fc.constantFrom("user", "assistant", "robot"), { maxLength: 3 })),
          priority: some(fc.double({ min: -1, max: 2 })),
          lastModified: some(fc.string()),
        },
        { requiredKeys: [] },
      ),
    ),
    _meta: argValue,
  },
  { requiredKeys: ["type"] },
);
const contentValue = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.oneof({ weight: 4, arbitrary: nearBlock }, { weight: 1, arbitrary: argValue }), { maxLength: 5 }) },
  { weight: 1, arbitrary: argValue },
);

/** Where a value stops being plain JSON data (an undefined, a function, a class instance, a non-finite number), or `undefined`. */
function notPlainJson(value: unknown, at: string): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : at;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const odd = notPlainJson(item, `${at}[${i}]`);
      if (odd) return odd;
    }
    return undefined;
  }
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return at;
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (typeof key !== "string" || !descriptor || !("value" in descriptor)) return `${at}.${String(key)}`;
    const odd = notPlainJson(descriptor.value, `${at}.${key}`);
    if (odd) return odd;
  }
  return undefined;
}

/** Reads, or `undefined` when the value holds a getter that throws (runTool answers those as a thrown call). */
function readOrGetterThrow(content: unknown): ContentRead | undefined {
  try {
    return readContent(content);
  } catch (error) {
    if ((error as Error).message === "getter") return undefined;
    throw new Error(`readContent threw: ${String(error)}`);
  }
}

describe("fuzz: readContent never throws; its lines are clean; what it accepts is plain and reads back the same", () => {
  it.each(SEEDS)("%s", (_seed, { seed }) => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(contentValue, (content) => {
        const read = readOrGetterThrow(content);
        if (read === undefined) return;
        if (!read.ok) {
          rejected++;
          if (read.problems.length === 0) throw new Error("a rejection without lines");
          for (const line of read.problems) {
            if (line.includes("\n")) throw new Error(`a line break in ${JSON.stringify(line)}`);
            const unsafe = unsafeIn(line);
            if (unsafe) throw new Error(unsafe);
          }
          return;
        }
        accepted++;
        for (const block of read.blocks) {
          const extra = Object.keys(block).filter((key) => !KIND_KEYS[block.type]?.includes(key));
          if (extra.length > 0) throw new Error(`${block.type} copy carries ${extra.join(", ")}`);
          const header = blockNote(block).split("\n")[0] as string;
          if (block.type !== "text" && unsafeIn(header)) throw new Error(`note: ${unsafeIn(header)}`);
        }
        const odd = notPlainJson(read.blocks, "blocks");
        if (odd) throw new Error(`not plain JSON at ${odd}`);
        expect(readContent(read.blocks)).toStrictEqual(read);
      }),
      { seed, numRuns: RUNS },
    );
    expect(accepted).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
  });
});

describe("fuzz: prepareSample accepts a request or throws one clean TypeError line", () => {
  const request = fc.record(
    {
      messages: some(
        fc.array(
          fc.record({
            role: some(fc.constantFrom("user", "assistant", "system")),
            content: some(fc.oneof(nearBlock, fc.array(nearBlock, { maxLength: 3 }))),
          }),
          { maxLength: 3 },
        ),
      ),
      maxTokens: some(fc.oneof(fc.integer({ min: -1, max: 1000 }), fc.double())),
      temperature: some(fc.double()),
      systemPrompt: some(hostileString),
      stopSequences: some(fc.array(fc.string(), { maxLength: 2 })),
      modelPreferences: some(
        fc.record(
          { costPriority: some(fc.double({ min: -1, max: 2 })), hints: some(fc.array(fc.record({ name: some(fc.string()) }))) },
          { requiredKeys: [] },
        ),
      ),
      metadata: argValue,
    },
    { requiredKeys: ["messages", "maxTokens"] },
  );

  /** Requests that fit, hostile text and all, so the accepting side is exercised too. */
  const fitting = fc.record(
    {
      messages: fc.array(
        fc.record({ role: fc.constantFrom("user", "assistant"), content: fc.record({ type: fc.constant("text"), text: hostileString }) }),
        { minLength: 1, maxLength: 3 },
      ),
      maxTokens: fc.integer({ min: 1, max: 100_000 }),
      systemPrompt: hostileString,
      metadata: fc.dictionary(fc.string(), fc.jsonValue()),
    },
    { requiredKeys: ["messages", "maxTokens"] },
  );

  it.each(SEEDS)("%s", (_seed, { seed }) => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.oneof({ weight: 2, arbitrary: fitting }, { weight: 5, arbitrary: request }, { weight: 1, arbitrary: argValue }),
        (value) => {
          let prepared: PreparedSample;
          try {
            prepared = prepareSample(value as SampleRequest);
          } catch (error) {
            if ((error as Error).message === "getter") return;
            if (!(error instanceof TypeError)) throw new Error(`not a TypeError: ${String(error)}`);
            const { message } = error;
            if (!message.startsWith("bad sampling request: ")) throw new Error(`unexpected message: ${message}`);
            if (message.includes("\n") || unsafeIn(message)) throw new Error(`unclean message: ${JSON.stringify(message)}`);
            return;
          }
          accepted++;
          const odd = notPlainJson(prepared.params, "params");
          if (odd) throw new Error(`not plain JSON at ${odd}`);
          expect(prepareSample(prepared.params).fingerprint).toBe(prepared.fingerprint);
        },
      ),
      { seed, numRuns: RUNS },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
