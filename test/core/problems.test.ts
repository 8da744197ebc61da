/**
 * The compiled problem finder against TypeBox's own error walk. Two levels,
 * both table-driven over schemas inside the finder's subset, with generated
 * values: the raw errors equal `Value.Errors`, and the lines and issues equal
 * what `describeProblemsViaTypeBox` writes. Outside the subset, TypeBox's walk answers.
 */
import fc from "fast-check";
import { Type } from "typebox";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { problemFinder } from "../../src/core/problems.ts";
import { type JsonSchema, toJsonSchema } from "../../src/core/schema.ts";
import { type Checker, compileChecker, describeProblems, describeProblemsViaTypeBox, findProblems } from "../../src/core/validate.ts";

const FIXED_SEED = 20_261_129;
const RUNS = 200;
const SEEDS: Array<[string, { seed?: number }]> = [
  ["fixed seed", { seed: FIXED_SEED }],
  ["random seed", {}],
];
const PREFIXES = ["Invalid arguments", ""];
const closed = { additionalProperties: false } as const;

// ---------------------------------------------------------------- schemas inside the subset

/** Closed objects nested `depth` deep, each with a number beside the next: past collectUnknownKeys' depth limit of 64. */
function deepSchema(depth: number): JsonSchema {
  let schema: JsonSchema = { type: "integer" };
  for (let k = 0; k < depth; k++)
    schema = { type: "object", additionalProperties: false, properties: { next: schema, n: { type: "number" } } };
  return schema;
}

const SUPPORTED: Array<[string, JsonSchema]> = [
  [
    "the benchmark's tool",
    toJsonSchema(
      Type.Object(
        {
          text: Type.String({ minLength: 1, maxLength: 200 }),
          separator: Type.Enum(["-", "_", "."]),
          limit: Type.Integer({ minimum: 1, maximum: 100 }),
        },
        closed,
      ),
    ),
  ],
  [
    "nested closed objects, an array of strings, keys with / and ~",
    {
      type: "object",
      additionalProperties: false,
      required: ["user", "tags"],
      properties: {
        user: {
          type: "object",
          additionalProperties: false,
          required: ["name"],
          properties: {
            name: { type: "string", minLength: 2, maxLength: 4 },
            age: { type: "integer", minimum: 0, maximum: 150 },
            "a/b~c": { type: "boolean" },
          },
        },
        tags: { type: "array", minItems: 1, maxItems: 3, items: { type: "string", pattern: "^[a-z]+$" } },
      },
    },
  ],
  [
    "an open object holding arrays of closed objects holding arrays of closed objects",
    {
      type: "object",
      properties: {
        rows: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["id"],
            properties: {
              id: { type: "integer", exclusiveMinimum: 0 },
              label: { type: "string", maxLength: 3 },
              cells: { type: "array", items: { type: "object", additionalProperties: false, properties: { v: { type: "number" } } } },
            },
          },
        },
      },
    },
  ],
  [
    "type arrays",
    {
      type: "object",
      additionalProperties: false,
      properties: {
        v: { type: ["string", "null"], minLength: 1 },
        w: { type: ["integer", "boolean"], minimum: 3, multipleOf: 3 },
        x: { type: ["object", "array"], required: ["a"], minItems: 2 },
      },
    },
  ],
  [
    "number keywords, integer and number, and bounds without a type",
    {
      type: "object",
      properties: {
        a: { type: "number", exclusiveMinimum: 1, exclusiveMaximum: 2 },
        b: { type: "number", multipleOf: 0.1 },
        c: { type: "integer", multipleOf: 3, minimum: -6, maximum: 6 },
        d: { minimum: 5, maxLength: 2 },
      },
    },
  ],
  [
    "const and enum, plain and structured",
    {
      type: "object",
      additionalProperties: false,
      properties: {
        k: { const: "only" },
        n: { type: "number", const: 3 },
        o: { const: { a: [1, 2] } },
        e: { enum: [1, "1", null, true, [1, 2], { x: 1 }] },
        z: { const: null },
      },
    },
  ],
  [
    "additionalProperties as a schema",
    { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "number", maximum: 10 } },
  ],
  [
    "additionalProperties holding closed objects (whose unknown keys are not named)",
    {
      type: "object",
      properties: { fixed: { type: "string" } },
      additionalProperties: { type: "object", additionalProperties: false, properties: { x: { type: "integer" } } },
    },
  ],
  ["a record", toJsonSchema(Type.Record(Type.String(), Type.Integer({ minimum: 0 })))],
  [
    "no properties and no patterns, every key additional",
    { type: "object", patternProperties: {}, additionalProperties: { type: "string" } },
  ],
  [
    "a closed object with pattern properties",
    {
      type: "object",
      additionalProperties: false,
      properties: { id: { type: "string" } },
      patternProperties: { "^x-": { type: "string", maxLength: 2 }, "^[0-9]+$": { type: "boolean" } },
    },
  ],
  [
    "properties named like Object.prototype's",
    JSON.parse(
      '{"type":"object","additionalProperties":false,"required":["toString","constructor"],' +
        '"properties":{"toString":{"type":"string"},"constructor":{"type":"number"},"__proto__":{"type":"boolean"},"valueOf":{"type":"integer"}}}',
    ),
  ],
  [
    "required keys no property declares",
    {
      type: "object",
      required: ["a", "missing", "hasOwnProperty", "missing"],
      properties: { a: { type: "string", minLength: 0 }, b: { type: "array", maxItems: 0 } },
      additionalProperties: false,
    },
  ],
  [
    "annotations everywhere",
    toJsonSchema(
      Type.Object(
        {
          name: Type.String({ minLength: 1, description: "Who", examples: ["Ada"], default: "x", title: "Name" }),
          mode: Type.Optional(Type.Enum(["a", "b"], { deprecated: true, readOnly: true })),
          when: Type.Optional(Type.Literal("now")),
          list: Type.Optional(Type.Array(Type.Object({ id: Type.Integer() }, closed), { maxItems: 2, writeOnly: true })),
          flag: Type.Boolean(),
          nothing: Type.Null(),
        },
        {
          ...closed,
          title: "Form",
          description: "A form",
          $id: "form",
          $schema: "https://json-schema.org/draft/2020-12/schema",
          $comment: "c",
        },
      ),
    ),
  ],
  ["a closed empty object", { type: "object", properties: {}, additionalProperties: false }],
  ["an array of bounded integers at the root", { type: "array", items: { type: "integer", maximum: 5 }, maxItems: 10 }],
  [
    "an open object around a closed one",
    { type: "object", properties: { inner: { type: "object", additionalProperties: false, properties: { q: { type: "string" } } } } },
  ],
  ["a string at the root with an astral pattern", { type: "string", minLength: 2, maxLength: 3, pattern: "^[a-c😀]+$" }],
  ["closed objects 70 deep", deepSchema(70)],
];

// ---------------------------------------------------------------- values for a schema

const ASTRAL = "😀";
const ODD_KEYS = [
  "__proto__",
  "constructor",
  "toString",
  "prototype",
  "valueOf",
  "hasOwnProperty",
  "a/b",
  "~0",
  "x~1y",
  "é",
  "",
  "\u202e",
  "extra",
];

/** Values no JSON parser gives: a throwing getter, a hidden key, a class instance, a function. */
const oddValue = fc.constantFrom<unknown>(
  Object.defineProperty({}, "boom", {
    enumerable: true,
    get() {
      throw new Error("getter");
    },
  }),
  Object.defineProperty({ a: 1 }, "hidden", { value: 2, enumerable: false }),
  new (class Point {
    x = 1;
  })(),
  () => "fn",
  Symbol("sym"),
);

const anything = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.anything({
      maxDepth: 2,
      withBigInt: true,
      withNullPrototype: true,
      withBoxedValues: true,
      withSparseArray: true,
      withDate: true,
      withMap: true,
    }),
  },
  { weight: 1, arbitrary: oddValue },
);

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

/** Strings around the length bounds, in ASCII and astral characters and lone surrogates. */
function strings(schema: JsonSchema): fc.Arbitrary<unknown> {
  const lengths = [numberOf(schema.minLength), numberOf(schema.maxLength)].filter((n) => n !== undefined);
  const near = lengths.flatMap((n) => [n - 1, n, n + 1, 2 * n, 2 * n + 1]).filter((n) => n >= 0);
  const options: Array<fc.Arbitrary<unknown>> = [
    fc.string({ unit: fc.constantFrom("a", "b", "z", ASTRAL, "\uD83D", "\uDE00", "é", "-", "\n"), maxLength: 12 }),
  ];
  if (near.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...near), fc.constantFrom("a", ASTRAL, `${ASTRAL}a`, "\uDE00\uD83D"))
        .map(([n, unit]) => unit.repeat(n).slice(0, Math.max(n, 0) * 2)),
    );
  }
  if (typeof schema.pattern === "string") options.push(fc.stringMatching(new RegExp(schema.pattern.replace(ASTRAL, "d"))));
  return fc.oneof(...options);
}

/** Numbers at and beside every bound, non-finite ones, -0, fractions, BigInts. */
function numbers(schema: JsonSchema): fc.Arbitrary<unknown> {
  const bounds = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]
    .map((k) => numberOf(schema[k]))
    .filter((n) => n !== undefined);
  const near = bounds.flatMap((b) => [b, b - 1, b + 1, b - 0.5, b + 0.5, b + 1e-12, b * 3, b * 0.1, b * 7]);
  return fc.oneof(
    fc.constantFrom<unknown>(
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      -0,
      0,
      1,
      -1,
      0.5,
      1e21,
      0.30000000000000004,
      ...near,
    ),
    fc.integer({ min: -200, max: 200 }),
    fc.double(),
    fc.constantFrom<unknown>(3n, -6n, 10n ** 30n),
  );
}

/** Objects built with defineProperty (a `__proto__` key stays a key): each property kept, dropped or undefined; odd keys added; sometimes no prototype. */
function objects(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  const patterns = Object.keys((schema.patternProperties ?? {}) as object);
  const extraKeys = [...ODD_KEYS, ...(patterns.length > 0 ? ["x-a", "x-", "12", "x-long"] : [])];
  const extraValue =
    typeof schema.additionalProperties === "object"
      ? fc.oneof(valuesFor(schema.additionalProperties as JsonSchema, depth + 1), anything)
      : patterns.length > 0
        ? fc.oneof(fc.string({ maxLength: 3 }), fc.boolean(), anything)
        : anything;
  return fc
    .tuple(
      fc.tuple(...properties.map(([key, child]) => fc.tuple(fc.constant(key), valuesFor(child, depth + 1), fc.nat(6)))),
      fc.array(fc.tuple(fc.constantFrom(...extraKeys), extraValue), { maxLength: 3 }),
      fc.nat(9),
    )
    .map(([fields, extra, shape]) => {
      const object: Record<string, unknown> = shape === 0 ? Object.create(null) : {};
      const put = (key: string, value: unknown) =>
        Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      for (const [key, value, fate] of fields) {
        if (fate === 0) continue;
        put(key, fate === 1 ? undefined : value);
      }
      for (const [key, value] of extra) put(key, value);
      return object;
    });
}

/** Short, long (past TypeBox's cap of 8 errors) and sparse arrays. */
function arrays(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const item = schema.items === undefined ? anything : valuesFor(schema.items as JsonSchema, depth + 1);
  return fc.oneof(
    fc.array(item, { maxLength: 5 }),
    fc.array(item, { minLength: 12, maxLength: 30 }),
    fc.sparseArray(item, { maxLength: 6 }),
  );
}

/** The nested value for `deepSchema`: 60 to 70 levels, a wrong number and an unknown key at the bottom. */
function deepValues(): fc.Arbitrary<unknown> {
  return fc.tuple(fc.integer({ min: 60, max: 70 }), fc.constantFrom<unknown>(1, "one", 2.5), fc.boolean()).map(([depth, bottom, extra]) => {
    let value: unknown = bottom;
    for (let k = 0; k < depth; k++) value = extra && k === 1 ? { next: value, n: "x", extra: k } : { next: value, n: k };
    return value;
  });
}

/** Values that mostly fit the schema's shape and often break one of its keywords, plus anything at all. */
function valuesFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.oneof(fc.constant(undefined), fc.constant({}), deepValues());
  const options: Array<fc.Arbitrary<unknown>> = [anything];
  if ("const" in schema) options.push(fc.constant(schema.const), fc.constant(structuredClone(schema.const)));
  if (Array.isArray(schema.enum))
    options.push(fc.constantFrom(...schema.enum), fc.constantFrom(...schema.enum.map((v) => structuredClone(v))));
  const declared = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const has = (...keys: string[]) => keys.some((k) => k in schema);
  const kinds = new Set<unknown>(declared);
  if (has("properties", "required", "additionalProperties", "patternProperties")) kinds.add("object");
  if (has("items", "minItems", "maxItems")) kinds.add("array");
  if (has("minLength", "maxLength", "pattern")) kinds.add("string");
  if (has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")) kinds.add("number");
  for (const kind of kinds) {
    if (kind === "string") options.push(strings(schema));
    if (kind === "number" || kind === "integer") options.push(numbers(schema));
    if (kind === "boolean") options.push(fc.boolean());
    if (kind === "null") options.push(fc.constant(null));
    if (kind === "object") options.push(objects(schema, depth), objects(schema, depth));
    if (kind === "array") options.push(arrays(schema, depth));
  }
  if (depth === 0 && schema === SUPPORTED.at(-1)?.[1]) options.push(deepValues(), deepValues());
  return fc.oneof(...options);
}

/** What a call gives back, or the message it throws: both paths must agree on either. */
function outcome<T>(run: () => T): { value: T } | { threw: string } {
  try {
    return { value: run() };
  } catch (error) {
    return { threw: String(error) };
  }
}

// ---------------------------------------------------------------- 1. raw errors

describe("the finder's errors are TypeBox's: keyword, paths, params, message, order and cap", () => {
  for (const [name, schema] of SUPPORTED) {
    it.each(SEEDS)(`${name} (%s)`, (_seed, { seed }) => {
      const finder = problemFinder(schema);
      if (!finder) throw new Error("the schema should be inside the finder's subset");
      fc.assert(
        fc.property(valuesFor(schema), (value) => {
          const expected = outcome(() => [...Value.Errors(schema as never, value)]);
          expect(outcome(() => finder.find(value).map((f) => f.error))).toEqual(expected);
        }),
        { seed, numRuns: RUNS },
      );
    });
  }
});

// ---------------------------------------------------------------- 2. lines and issues

describe("the finder writes the lines TypeBox's walk writes", () => {
  for (const [name, schema] of SUPPORTED) {
    it.each(SEEDS)(`${name} (%s)`, (_seed, { seed }) => {
      const checker = compileChecker(schema);
      let refused = 0;
      let answered = 0;
      fc.assert(
        fc.property(valuesFor(schema), fc.constantFrom(...PREFIXES), (value, prefix) => {
          const checked = outcome(() => checker.check(value));
          if (!("value" in checked) || checked.value) return;
          refused++;
          const expected = outcome(() => describeProblemsViaTypeBox(schema, checker, value, prefix));
          const fast = outcome(() => findProblems(schema, checker, value, prefix));
          if (!("value" in fast) || fast.value !== undefined) {
            answered++;
            expect(fast).toEqual(expected);
          }
          expect(outcome(() => describeProblems(schema, checker, value, prefix))).toEqual(expected);
        }),
        { seed, numRuns: RUNS },
      );
      // The fast path answered most refusals, or this compared TypeBox with itself.
      expect(refused).toBeGreaterThan(RUNS / 4);
      expect(answered).toBeGreaterThan(refused * 0.6);
    });
  }
});

// ---------------------------------------------------------------- 3. exact answers

const join = SUPPORTED[0]![1];
const nested = SUPPORTED[1]![1];

function fastLines(schema: JsonSchema, value: unknown, prefix = "Invalid arguments"): string[] {
  const problems = findProblems(schema, compileChecker(schema), value, prefix);
  if (!problems) throw new Error("the finder did not answer");
  return problems.lines;
}

describe("exact answers from the finder", () => {
  it("the benchmark's input: the unknown key first, then the three problems in order", () => {
    const problems = findProblems(join, compileChecker(join), { text: "", separator: "/", limit: 0, colour: "red" }, "Invalid arguments");
    expect(problems).toEqual({
      lines: [
        'Invalid arguments: unknown property "colour"; takes text, separator, limit',
        "Invalid arguments at /text: must not have fewer than 1 characters",
        "Invalid arguments at /separator: must be one of -, _, .",
        "Invalid arguments at /limit: must be >= 1",
      ],
      issues: [
        { at: "", problem: 'unknown property "colour"; takes text, separator, limit', unknown: "colour" },
        { at: "/text", problem: "must not have fewer than 1 characters" },
        { at: "/separator", problem: "must be one of -, _, ." },
        { at: "/limit", problem: "must be >= 1" },
      ],
    });
  });

  it("counts an astral character as one, a lone surrogate as one", () => {
    const user = (name: string) => ({ user: { name }, tags: ["a"] });
    expect(fastLines(nested, user(ASTRAL))).toEqual(["Invalid arguments at /user/name: must not have fewer than 2 characters"]);
    expect(fastLines(nested, user(`${ASTRAL.repeat(4)}a`))).toEqual([
      "Invalid arguments at /user/name: must not have more than 4 characters",
    ]);
    expect(fastLines(nested, user("\uD83D"))).toEqual(["Invalid arguments at /user/name: must not have fewer than 2 characters"]);
    expect(findProblems(nested, compileChecker(nested), user(ASTRAL.repeat(4)), "")).toBeUndefined();
  });

  it("takes NaN and Infinity for no number", () => {
    expect(fastLines(join, { text: "a", separator: "-", limit: Number.NaN })).toEqual(["Invalid arguments at /limit: must be integer"]);
    expect(fastLines(join, { text: "a", separator: "-", limit: Number.POSITIVE_INFINITY })).toEqual([
      "Invalid arguments at /limit: must be integer",
    ]);
    expect(fastLines(join, { text: "a", separator: "-", limit: 2.5 })).toEqual(["Invalid arguments at /limit: must be integer"]);
  });

  it("stops at TypeBox's 8 errors for a long array of bad items, and still names every unknown key", () => {
    const schema = SUPPORTED.find(([name]) => name.startsWith("an array of bounded"))![1];
    expect(
      fastLines(
        schema,
        Array.from({ length: 50 }, (_, k) => `item ${k}`),
      ),
    ).toEqual([...Array.from({ length: 8 }, (_, k) => `Invalid arguments at /${k}: must be integer`)]);
    const rows = { rows: Array.from({ length: 20 }, (_, k) => ({ id: 0, [`x${k}`]: true })) };
    const lines = fastLines(SUPPORTED[2]![1], rows);
    expect(lines.slice(0, 20)).toEqual(
      Array.from({ length: 20 }, (_, k) => `Invalid arguments at /rows/${k}: unknown property "x${k}"; takes id, label, cells`),
    );
    expect(lines.slice(20)).toEqual(Array.from({ length: 8 }, (_, k) => `Invalid arguments at /rows/${k}/id: must be > 0`));
  });

  it("names a __proto__ key and checks properties named like Object.prototype's", () => {
    const odd = SUPPORTED.find(([name]) => name.startsWith("properties named like"))![1];
    expect(fastLines(join, JSON.parse('{"text":"a","separator":"-","limit":1,"__proto__":{"polluted":true}}'))).toEqual([
      'Invalid arguments: unknown property "__proto__"; takes text, separator, limit',
    ]);
    // TypeBox tests keys with `in`, except `constructor`, `__proto__` and `prototype` (own keys only): every object
    // has a `toString` and a `valueOf`, the prototype's functions, and those are checked as the values.
    expect(fastLines(odd, JSON.parse('{"__proto__": 1}'), "")).toEqual([
      "at /: must have required properties constructor",
      "at /toString: must be string",
      "at /__proto__: must be boolean",
      "at /valueOf: must be integer",
    ]);
  });

  it("escapes a key with / or ~ in the pointer and keeps it raw in the message", () => {
    const problems = findProblems(nested, compileChecker(nested), { user: { name: "ab", "a/b~c": 1, "x/y": 2 }, tags: ["a"] }, "");
    expect(problems).toEqual({
      lines: ['at /user: unknown property "x/y"; takes name, age, a/b~c', "at /user/a~1b~0c: must be boolean"],
      issues: [
        { at: "/user", problem: 'unknown property "x/y"; takes name, age, a/b~c', unknown: "x/y" },
        { at: "/user/a~1b~0c", problem: "must be boolean" },
      ],
    });
  });
});

// ---------------------------------------------------------------- 4. outside the subset

/** A checker that counts how often TypeBox's error walk runs. */
function counting(schema: JsonSchema): { checker: Checker; walks: () => number } {
  const inner = compileChecker(schema);
  let walks = 0;
  const checker: Checker = {
    check: (value) => inner.check(value),
    errors: (value) => {
      walks++;
      return inner.errors(value);
    },
  };
  return { checker, walks: () => walks };
}

const UNSUPPORTED: Array<[string, JsonSchema, unknown]> = [
  ["anyOf", { anyOf: [{ type: "string" }, { type: "number" }] }, true],
  ["oneOf", { oneOf: [{ type: "string" }, { type: "number" }] }, true],
  ["allOf", { allOf: [{ type: "string" }, { minLength: 2 }] }, "a"],
  ["not", { not: { type: "string" } }, "a"],
  // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test.
  ["if / then", { if: { type: "string" }, then: { minLength: 2 } }, "a"],
  ["$ref", { $defs: { s: { type: "string" } }, $ref: "#/$defs/s" }, 1],
  ["format", { type: "string", format: "email" }, 1],
  ["uniqueItems", { type: "array", uniqueItems: true }, [1, 1]],
  ["prefixItems", { type: "array", prefixItems: [{ type: "string" }] }, [1]],
  ["a tuple's items array", toJsonSchema(Type.Tuple([Type.String()])), [1]],
  ["contains", { type: "array", contains: { type: "string" } }, [1]],
  ["dependencies", { type: "object", dependencies: { a: ["b"] } }, { a: 1 }],
  ["minProperties", { type: "object", minProperties: 1 }, {}],
  ["propertyNames", { type: "object", propertyNames: { maxLength: 1 } }, { ab: 1 }],
  ["a nested anyOf", { type: "object", properties: { a: { anyOf: [{ type: "string" }, { type: "null" }] } } }, { a: 1 }],
  ["a boolean property schema", { type: "object", properties: { a: false } }, { a: 1 }],
  ["a type TypeBox adds to JSON Schema", { type: "object", properties: { a: { type: "bigint" } } }, { a: 1 }],
  ["a keyword value TypeBox would ignore", { type: "string", minLength: "3" }, 1],
];

describe("a schema outside the subset takes TypeBox's walk, unchanged", () => {
  it.each(UNSUPPORTED)("%s", (_name, schema, value) => {
    expect(problemFinder(schema)).toBeUndefined();
    const { checker, walks } = counting(schema);
    expect(checker.check(value)).toBe(false);
    expect(findProblems(schema, checker, value, "Invalid arguments")).toBeUndefined();
    const problems = describeProblems(schema, checker, value, "Invalid arguments");
    expect(walks()).toBe(1);
    expect(problems).toEqual(describeProblemsViaTypeBox(schema, compileChecker(schema), value, "Invalid arguments"));
  });

  it("a pattern that is no regular expression leaves the schema to TypeBox", () => {
    expect(problemFinder({ type: "string", pattern: "(" })).toBeUndefined();
    expect(problemFinder({ type: "object", patternProperties: { "[": { type: "string" } } })).toBeUndefined();
  });

  it("a schema inside it never runs TypeBox's walk for a problem the finder names", () => {
    const { checker, walks } = counting(join);
    const problems = describeProblems(join, checker, { text: 1, separator: "-", limit: 1 }, "Invalid arguments");
    expect(problems.lines).toEqual(["Invalid arguments at /text: must be string"]);
    expect(walks()).toBe(0);
  });

  it("when the finder keeps nothing to say, TypeBox's walk answers: never fewer lines than before", () => {
    // No `type: "object"`: not a closed object to collectUnknownKeys, and TypeBox's only errors are dropped ones.
    const schema: JsonSchema = { properties: { a: { type: "string" } }, additionalProperties: false };
    expect(problemFinder(schema)).toBeDefined();
    const { checker, walks } = counting(schema);
    expect(findProblems(schema, checker, { b: 1 }, "Invalid arguments")).toBeUndefined();
    expect(describeProblems(schema, checker, { b: 1 }, "Invalid arguments")).toEqual({
      lines: ["Invalid arguments at /: does not match the schema"],
      issues: [{ at: "", problem: "does not match the schema" }],
    });
    expect(walks()).toBe(1);
  });
});
