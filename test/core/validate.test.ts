/** validateInput: one line per problem, in the exact words the issue sets, safe against hostile keys. */
import { defineTool, type InputIssue, ToolInputError, Type, validateInput } from "@agntn/tools";
import { Type as Type034 } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";

const closed = { additionalProperties: false } as const;
const ok = () => ({ content: [{ type: "text" as const, text: "ok" }] });

/** The spec's own example: `takes word, mode`. */
const wordTool = defineTool({
  name: "word_tool",
  title: "Word",
  description: "Takes a word and a mode.",
  effect: "read",
  input: Type.Object({ word: Type.String(), mode: Type.Optional(Type.Enum(["plain", "loud"])) }, closed),
  execute: ok,
});

const shapeBranches = [
  Type.Object({ kind: Type.Literal("circle"), radius: Type.Number() }, closed),
  Type.Object({ kind: Type.Literal("square"), side: Type.Number() }, closed),
];

/** Nested objects, a union of objects, an array of objects and assorted constraints. */
const richTool = defineTool({
  name: "rich_tool",
  title: "Rich",
  description: "Takes nested things.",
  effect: "write",
  input: Type.Object(
    {
      point: Type.Optional(Type.Object({ x: Type.Number(), y: Type.Number() }, closed)),
      shape: Type.Optional(Type.Union(shapeBranches)),
      tags: Type.Optional(Type.Array(Type.Object({ name: Type.String({ minLength: 1 }) }, closed))),
      count: Type.Optional(Type.Integer({ minimum: 1 })),
      label: Type.Optional(Type.String({ pattern: "^[a-z]+$", maxLength: 5 })),
      flag: Type.Optional(Type.Boolean()),
      "a/b~c": Type.Optional(Type.Number()),
    },
    closed,
  ),
  execute: ok,
});

/** The lines of a rejection; fails the test when the value is accepted. */
function linesOf(tool: Parameters<typeof validateInput>[0], args: unknown): string[] {
  const result = validateInput(tool, args);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(args)}`);
  return result.error.lines;
}

function errorOf(tool: Parameters<typeof validateInput>[0], args: unknown): ToolInputError {
  const result = validateInput(tool, args);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(args)}`);
  return result.error;
}

const WORD_TAKES = "takes word, mode";
const RICH_TAKES = "takes point, shape, tags, count, label, flag, a/b~c";

describe("unknown keys", () => {
  it.each([
    ["at the root, as in the spec", wordTool, { word: "a", wrod: "x" }, [`Invalid arguments: unknown property "wrod"; ${WORD_TAKES}`]],
    [
      "at the root, beside a missing key: unknown first",
      wordTool,
      { wrod: "x" },
      [`Invalid arguments: unknown property "wrod"; ${WORD_TAKES}`, "Invalid arguments at /: must have required properties word"],
    ],
    [
      "nested, as in the spec",
      richTool,
      { point: { x: 1, y: 2, z: 3 } },
      ['Invalid arguments at /point: unknown property "z"; takes x, y'],
    ],
    [
      "in array items, with the other problems after them",
      richTool,
      { tags: [{ name: "", x: 1 }, { nam: "a" }] },
      [
        'Invalid arguments at /tags/0: unknown property "x"; takes name',
        'Invalid arguments at /tags/1: unknown property "nam"; takes name',
        "Invalid arguments at /tags/0/name: must not have fewer than 1 characters",
        "Invalid arguments at /tags/1: must have required properties name",
      ],
    ],
    [
      "in a union of objects: each branch's keys",
      richTool,
      { shape: { kind: "circle", radius: 2, extra: 1 } },
      ['Invalid arguments at /shape: unknown property "extra"; takes {kind, radius} or {kind, side}'],
    ],
    [
      "in a union, beside the branch problems",
      richTool,
      { shape: { kind: "triangle", corners: 3 } },
      [
        'Invalid arguments at /shape: unknown property "corners"; takes {kind, radius} or {kind, side}',
        "Invalid arguments at /shape: must have required properties radius",
        'Invalid arguments at /shape/kind: must be "circle"',
        "Invalid arguments at /shape: must have required properties side",
        'Invalid arguments at /shape/kind: must be "square"',
      ],
    ],
    [
      "__proto__, constructor and toString as ordinary keys",
      wordTool,
      JSON.parse('{"word": "a", "__proto__": 1, "constructor": 2, "toString": 3, "hasOwnProperty": 4}'),
      [
        `Invalid arguments: unknown property "__proto__"; ${WORD_TAKES}`,
        `Invalid arguments: unknown property "constructor"; ${WORD_TAKES}`,
        `Invalid arguments: unknown property "toString"; ${WORD_TAKES}`,
        `Invalid arguments: unknown property "hasOwnProperty"; ${WORD_TAKES}`,
      ],
    ],
    [
      "a nested __proto__ object",
      richTool,
      JSON.parse('{"point": {"x": 1, "y": 2, "__proto__": {"z": 1}}}'),
      ['Invalid arguments at /point: unknown property "__proto__"; takes x, y'],
    ],
    [
      "a key under an unknown key is not reported again",
      wordTool,
      { word: "a", extra: { deeper: { still: 1 } } },
      [`Invalid arguments: unknown property "extra"; ${WORD_TAKES}`],
    ],
  ])("%s", (_case, tool, args, lines) => {
    expect(linesOf(tool, args)).toEqual(lines);
  });

  it("a key that some union branch accepts is not unknown", () => {
    expect(linesOf(richTool, { shape: { kind: "circle", side: 2 } })).toEqual([
      "Invalid arguments at /shape: must have required properties radius",
      'Invalid arguments at /shape/kind: must be "square"',
      "Invalid arguments at /shape: must match a schema in anyOf",
    ]);
    expect(validateInput(richTool, { shape: { kind: "square", side: 2 } })).toEqual({
      ok: true,
      value: { shape: { kind: "square", side: 2 } },
    });
  });

  it("reports every unknown key, far past the validator's own error cap, and still the other problems", () => {
    const args: Record<string, unknown> = { word: 1 };
    for (let k = 0; k < 200; k++) args[`k${k}`] = k;
    const lines = linesOf(wordTool, args);
    expect(lines).toHaveLength(201);
    expect(lines.slice(0, 200)).toEqual(
      Array.from({ length: 200 }, (_, k) => `Invalid arguments: unknown property "k${k}"; ${WORD_TAKES}`),
    );
    expect(lines[200]).toBe("Invalid arguments at /word: must be string");
  });

  it("reports nested unknown keys past the cap together with a wrong type beside them", () => {
    const point: Record<string, unknown> = { x: "s" };
    for (let k = 0; k < 12; k++) point[`k${k}`] = k;
    const lines = linesOf(richTool, { point });
    expect(lines).toEqual([
      ...Array.from({ length: 12 }, (_, k) => `Invalid arguments at /point: unknown property "k${k}"; takes x, y`),
      "Invalid arguments at /point: must have required properties y",
      "Invalid arguments at /point/x: must be number",
    ]);
  });

  it("lists a closed empty object as taking nothing", () => {
    const tool = defineTool({
      name: "empty_closed",
      title: "Empty",
      description: "Takes nothing at all.",
      effect: "read",
      input: Type.Object({}, closed),
      execute: ok,
    });
    expect(linesOf(tool, { a: 1 })).toEqual(['Invalid arguments: unknown property "a"; takes nothing']);
  });

  it("lets an open empty object take anything", () => {
    const tool = defineTool({
      name: "empty_open",
      title: "Empty",
      description: "Takes anything.",
      effect: "read",
      input: Type.Object({}),
      execute: ok,
    });
    expect(validateInput(tool, { a: 1, b: [2] })).toEqual({ ok: true, value: { a: 1, b: [2] } });
  });
});

describe("keys are printed JSON-quoted: no key can forge a line or hide text", () => {
  it.each([
    ["a newline", "a\nInvalid arguments: forged", String.raw`"a\nInvalid arguments: forged"`],
    ["a carriage return", "a\rb", String.raw`"a\rb"`],
    ["an escape code", "\u001b[31mred\u001b[0m", String.raw`"\u001b[31mred\u001b[0m"`],
    ["a bidi override", "a\u202eb", String.raw`"a\u202eb"`],
    ["a zero-width space", "a\u200bb", String.raw`"a\u200bb"`],
    ["a line separator", "a\u2028b", String.raw`"a\u2028b"`],
    ["a C1 control", "a\u009bb", String.raw`"a\u009bb"`],
    ["a quote and a backslash", 'a"b\\c', String.raw`"a\"b\\c"`],
    ["a NUL", "a\u0000b", String.raw`"a\u0000b"`],
  ])("%s, at the root", (_case, key, shown) => {
    const lines = linesOf(wordTool, { word: "a", [key]: 1 });
    expect(lines).toEqual([`Invalid arguments: unknown property ${shown}; ${WORD_TAKES}`]);
  });

  it("a hostile key in a pointer is escaped too", () => {
    const tool = defineTool({
      name: "odd_keys",
      title: "Odd keys",
      description: "Has a property whose name needs escaping.",
      effect: "read",
      input: Type.Object({ "a\nb": Type.Object({ n: Type.Number() }, closed), "x/y~z": Type.Optional(Type.Number()) }, closed),
      execute: ok,
    });
    expect(linesOf(tool, { "a\nb": { n: "1", m: 2 }, "x/y~z": "s" })).toEqual([
      String.raw`Invalid arguments at /a\nb: unknown property "m"; takes n`,
      String.raw`Invalid arguments at /a\nb/n: must be number`,
      "Invalid arguments at /x~1y~0z: must be number",
    ]);
  });

  it("the issues keep the raw key and an RFC 6901 pointer", () => {
    const error = errorOf(richTool, { point: { x: 1, y: 2, "a\nb": 1 }, "a/b~c": "s" });
    expect(error.issues).toEqual<InputIssue[]>([
      { at: "/point", problem: String.raw`unknown property "a\nb"; takes x, y`, unknown: "a\nb" },
      { at: "/a~1b~0c", problem: "must be number" },
    ]);
  });
});

describe("missing keys, enums and other problems", () => {
  it.each([
    ["a missing key, as in the spec", wordTool, {}, ["Invalid arguments at /: must have required properties word"]],
    ["missing arguments read as {}", wordTool, undefined, ["Invalid arguments at /: must have required properties word"]],
    ["an enum, as in the spec", wordTool, { word: "a", mode: "quiet" }, ["Invalid arguments at /mode: must be one of plain, loud"]],
    ["a wrong type", wordTool, { word: 5 }, ["Invalid arguments at /word: must be string"]],
    ["a nested missing key", richTool, { point: { x: 1 } }, ["Invalid arguments at /point: must have required properties y"]],
    [
      "several problems, one line each",
      richTool,
      { count: 0.5, label: "ABCDEFG", flag: "yes", "a/b~c": "s" },
      [
        "Invalid arguments at /count: must be integer",
        "Invalid arguments at /count: must be >= 1",
        "Invalid arguments at /label: must not have more than 5 characters",
        'Invalid arguments at /label: must match pattern "^[a-z]+$"',
        "Invalid arguments at /flag: must be boolean",
        "Invalid arguments at /a~1b~0c: must be number",
      ],
    ],
    ["an array where an object is expected", richTool, { point: [1, 2] }, ["Invalid arguments at /point: must be object"]],
    [
      "not an object at a union",
      richTool,
      { shape: 5 },
      ["Invalid arguments at /shape: must be object", "Invalid arguments at /shape: must match a schema in anyOf"],
    ],
  ])("%s", (_case, tool, args, lines) => {
    expect(linesOf(tool, args)).toEqual(lines);
  });

  it("names every missing key in one line and in the issue", () => {
    const tool = defineTool({
      name: "two_required",
      title: "Two",
      description: "Needs two keys.",
      effect: "read",
      input: Type.Object({ a: Type.String(), b: Type.Number() }, closed),
      execute: ok,
    });
    const error = errorOf(tool, {});
    expect(error.lines).toEqual(["Invalid arguments at /: must have required properties a, b"]);
    expect(error.issues).toEqual([{ at: "", problem: "must have required properties a, b", missing: ["a", "b"] }]);
  });

  it.each([
    ["null", null],
    ["an array", [{ word: "a" }]],
    ["a string", '{"word":"a"}'],
    ["a number", 5],
    ["a boolean", true],
    ["a function", () => ({ word: "a" })],
  ])("arguments that are %s are not an object", (_case, args) => {
    expect(linesOf(wordTool, args)).toEqual(["Invalid arguments at /: must be object"]);
  });

  it("accepts missing arguments when every key is optional, and hands back {}", () => {
    expect(validateInput(richTool, undefined)).toEqual({ ok: true, value: {} });
  });

  it("hands back the very value on success", () => {
    const args = { word: "a", mode: "loud" };
    const result = validateInput(wordTool, args);
    expect(result.ok && result.value).toBe(args);
  });

  it("never repeats a line", () => {
    const lines = linesOf(richTool, { shape: { kind: "circle" }, tags: [{ name: "" }, { name: "" }] });
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toEqual([
      "Invalid arguments at /shape: must have required properties radius",
      "Invalid arguments at /shape: must have required properties side",
      'Invalid arguments at /shape/kind: must be "square"',
      "Invalid arguments at /shape: must match a schema in anyOf",
      "Invalid arguments at /tags/0/name: must not have fewer than 1 characters",
      "Invalid arguments at /tags/1/name: must not have fewer than 1 characters",
    ]);
  });
});

describe("no duplicates", () => {
  it("says once what two union branches both report", () => {
    const tool = defineTool({
      name: "twin_branches",
      title: "Twins",
      description: "Two branches that share a key.",
      effect: "read",
      input: Type.Object(
        {
          v: Type.Union([
            Type.Object({ a: Type.String(), b: Type.Optional(Type.Number()) }, closed),
            Type.Object({ a: Type.String(), c: Type.Optional(Type.Number()) }, closed),
          ]),
        },
        closed,
      ),
      execute: ok,
    });
    const error = errorOf(tool, { v: { a: 5 } });
    // TypeBox reports "/v/a must be string" once per branch; the model reads it once.
    expect(error.lines).toEqual(["Invalid arguments at /v/a: must be string", "Invalid arguments at /v: must match a schema in anyOf"]);
    expect(error.issues).toHaveLength(2);
  });
});

describe("ToolInputError", () => {
  it("carries the tool, the lines and the structured issues", () => {
    const error = errorOf(wordTool, { wrod: "x", mode: "quiet" });
    expect(error).toBeInstanceOf(ToolInputError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ToolInputError");
    expect(error.tool).toBe("word_tool");
    expect(error.lines).toEqual([
      `Invalid arguments: unknown property "wrod"; ${WORD_TAKES}`,
      "Invalid arguments at /: must have required properties word",
      "Invalid arguments at /mode: must be one of plain, loud",
    ]);
    expect(error.message).toBe(error.lines.join("\n"));
    expect(error.issues).toEqual<InputIssue[]>([
      { at: "", problem: `unknown property "wrod"; ${WORD_TAKES}`, unknown: "wrod" },
      { at: "", problem: "must have required properties word", missing: ["word"] },
      { at: "/mode", problem: "must be one of plain, loud" },
    ]);
  });

  it("has one issue per line", () => {
    const error = errorOf(richTool, { point: { x: "1", q: 1 }, count: 0, zz: 1 });
    expect(error.issues).toHaveLength(error.lines.length);
    expect(error.lines).toEqual([
      'Invalid arguments at /point: unknown property "q"; takes x, y',
      `Invalid arguments: unknown property "zz"; ${RICH_TAKES}`,
      "Invalid arguments at /point: must have required properties y",
      "Invalid arguments at /point/x: must be number",
      "Invalid arguments at /count: must be >= 1",
    ]);
  });
});

describe("a tool built with @sinclair/typebox 0.34 is validated the same", () => {
  const input034 = Type034.Object(
    {
      word: Type034.String(),
      mode: Type034.Optional(Type034.Unsafe<"plain" | "loud">({ enum: ["plain", "loud"] })),
      point: Type034.Optional(Type034.Object({ x: Type034.Number(), y: Type034.Number() }, closed)),
    },
    closed,
  );
  const tool034 = defineTool({
    name: "word_034",
    title: "Word",
    description: "0.34 schema.",
    effect: "read",
    input: input034,
    execute: ok,
  });
  const tool1 = defineTool({
    name: "word_1x",
    title: "Word",
    description: "1.x schema.",
    effect: "read",
    input: Type.Object(
      {
        word: Type.String(),
        mode: Type.Optional(Type.Enum(["plain", "loud"])),
        point: Type.Optional(Type.Object({ x: Type.Number(), y: Type.Number() }, closed)),
      },
      closed,
    ),
    execute: ok,
  });

  it.each([
    [{ wrod: "x" }],
    [{ word: "a", mode: "quiet" }],
    [{ word: 1, point: { x: 1, z: 2 } }],
    [undefined],
    [null],
    [JSON.parse('{"word": "a", "__proto__": 1}')],
  ])("%j", (args) => {
    const lines034 = linesOf(tool034, args);
    expect(lines034.length).toBeGreaterThan(0);
    expect(lines034).toEqual(linesOf(tool1, args));
  });

  it("accepts what fits", () => {
    expect(validateInput(tool034, { word: "a", mode: "loud", point: { x: 1, y: 2 } }).ok).toBe(true);
  });
});

describe("a union of a literal and an object", () => {
  const tool = defineTool({
    name: "pick_one",
    title: "Pick",
    description: "Takes a literal or an object.",
    effect: "read",
    input: Type.Object(
      { k: Type.Union([Type.Literal("auto"), Type.Object({ b: Type.Number() }, { additionalProperties: false })]) },
      { additionalProperties: false },
    ),
    execute: () => ({ content: [{ type: "text", text: "ok" }] }),
  });
  it("names the constant value instead of 'equal to constant'", () => {
    const result = validateInput(tool, { k: "manual" });
    expect(result.ok ? [] : result.error.lines).toEqual([
      'Invalid arguments at /k: must be "auto"',
      "Invalid arguments at /k: must be object",
      "Invalid arguments at /k: must match a schema in anyOf",
    ]);
  });
});
