/** defineTool: every refusal names the tool and the place; defaults follow the effect. */
import { type AnyTool, defineTool, ToolDefinitionError, Type } from "@agntn/tools";
import { Type as Type034 } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { indexTools, prepareTool } from "../../src/core/define.ts";
import { refusal } from "../helpers/refusal.ts";

const ok = () => ({ content: [{ type: "text" as const, text: "ok" }] });
const closed = { additionalProperties: false } as const;

/** A valid definition; each case overrides one part. */
function base(overrides: Record<string, unknown> = {}): AnyTool {
  return {
    name: "demo_tool",
    title: "Demo",
    description: "A tool for tests.",
    effect: "read",
    input: Type.Object({ word: Type.String() }, closed),
    execute: ok,
    ...overrides,
  } as AnyTool;
}

const NAME_RULE = "must be 1-64 characters of a-z, 0-9 and _, starting with a letter";

describe("defineTool refuses a bad name", () => {
  it.each([
    ["uppercase", "Demo_tool", `Tool name "Demo_tool" ${NAME_RULE}`],
    ["65 characters", `a${"b".repeat(64)}`, `Tool name "a${"b".repeat(64)}" ${NAME_RULE}`],
    ["a leading digit", "1tool", `Tool name "1tool" ${NAME_RULE}`],
    ["a leading underscore", "_tool", `Tool name "_tool" ${NAME_RULE}`],
    ["empty", "", `Tool name "" ${NAME_RULE}`],
    ["a hyphen", "demo-tool", `Tool name "demo-tool" ${NAME_RULE}`],
    ["a space", "demo tool", `Tool name "demo tool" ${NAME_RULE}`],
    ["a newline, shown escaped", "a\nb", `Tool name "a\\nb" ${NAME_RULE}`],
    ["an escape code, shown escaped", "a\u001b[31m", `Tool name "a\\u001b[31m" ${NAME_RULE}`],
    ["a bidi override, shown escaped", "a\u202eb", `Tool name "a\\u202eb" ${NAME_RULE}`],
    ["not a string", 42, `Tool name number ${NAME_RULE}`],
    ["missing", undefined, `Tool name undefined ${NAME_RULE}`],
  ])("%s", (_case, name, message) => {
    expect(refusal(base({ name }))).toBe(message);
  });

  it.each([["a"], ["a".repeat(64)], ["x9_"], ["text_slug"]])("accepts %j", (name) => {
    expect(defineTool(base({ name })).name).toBe(name);
  });
});

describe("defineTool refuses a broken definition, naming the tool and the place", () => {
  it.each([
    ["missing title", { title: undefined }, "demo_tool: title must be a non-empty string"],
    ["blank title", { title: "  " }, "demo_tool: title must be a non-empty string"],
    ["missing description", { description: undefined }, "demo_tool: description must be a non-empty string"],
    ["description not a string", { description: 7 }, "demo_tool: description must be a non-empty string"],
    ["missing execute", { execute: undefined }, "demo_tool: execute must be a function"],
    ["execute not a function", { execute: "run" }, "demo_tool: execute must be a function"],
    ["missing effect", { effect: undefined }, 'demo_tool: effect must be "read", "write" or "destructive", got "undefined"'],
    ["unknown effect", { effect: "delete" }, 'demo_tool: effect must be "read", "write" or "destructive", got "delete"'],
    ["effect with a newline", { effect: "x\ny" }, 'demo_tool: effect must be "read", "write" or "destructive", got "x\\ny"'],
    [
      "effect an object without a prototype",
      { effect: Object.create(null) },
      'demo_tool: effect must be "read", "write" or "destructive", got "unprintable value"',
    ],
    ["idempotent not a boolean", { idempotent: "yes" }, "demo_tool: idempotent must be a boolean"],
    ["openWorld not a boolean", { openWorld: 1 }, "demo_tool: openWorld must be a boolean"],
    ["snippet not a string", { snippet: 3 }, "demo_tool: snippet must be a string"],
    ["guidelines not strings", { guidelines: ["a", 1] }, "demo_tool: guidelines must be an array of strings"],
    ["meta not an object", { meta: [] }, "demo_tool: meta must be an object"],
    ["icons without src", { icons: [{}] }, "demo_tool: icons must be an array of { src, mimeType?, sizes? }"],
  ])("%s", (_case, overrides, message) => {
    expect(refusal(base(overrides))).toBe(message);
  });

  it("refuses something that is not an object at all", () => {
    expect(() => prepareTool(null as unknown as AnyTool)).toThrow(new ToolDefinitionError("A tool must be an object, got object"));
    expect(() => prepareTool("tool" as unknown as AnyTool)).toThrow(new ToolDefinitionError("A tool must be an object, got string"));
  });
});

describe("defineTool refuses an input or output that is not an object schema", () => {
  it.each([
    ["input", "a string schema", Type.String(), 'demo_tool: input must be an object schema (Type.Object), got type "string"'],
    ["input", "an array schema", Type.Array(Type.String()), 'demo_tool: input must be an object schema (Type.Object), got type "array"'],
    [
      "input",
      "a union of objects",
      Type.Union([Type.Object({ a: Type.String() }, closed), Type.Object({ b: Type.String() }, closed)]),
      "demo_tool: input must be an object schema (Type.Object), got a schema without type object",
    ],
    ["input", "missing", undefined, "demo_tool: input must be an object schema (Type.Object), got undefined"],
    ["input", "null", null, "demo_tool: input must be an object schema (Type.Object), got null"],
    ["input", "a plain string", "object", "demo_tool: input must be an object schema (Type.Object), got string"],
    ["output", "a string schema", Type.String(), 'demo_tool: output must be an object schema (Type.Object), got type "string"'],
    ["output", "null", null, "demo_tool: output must be an object schema (Type.Object), got null"],
    ["output", "an array schema", Type.Array(Type.Number()), 'demo_tool: output must be an object schema (Type.Object), got type "array"'],
  ])("%s: %s", (field, _case, schema, message) => {
    expect(refusal(base({ [field]: schema }))).toBe(message);
  });
});

const OPEN = "an object with properties must be closed with additionalProperties: false";

describe("defineTool refuses an input object with properties that is not closed, at any depth", () => {
  it.each([
    ["the root", Type.Object({ word: Type.String() }), `demo_tool: input at /: ${OPEN}`],
    ["the root, explicitly open", Type.Object({ word: Type.String() }, { additionalProperties: true }), `demo_tool: input at /: ${OPEN}`],
    [
      "a nested object",
      Type.Object({ point: Type.Object({ x: Type.Number() }) }, closed),
      `demo_tool: input at /properties/point: ${OPEN}`,
    ],
    [
      "two levels down",
      Type.Object({ a: Type.Object({ b: Type.Object({ c: Type.Number() }) }, closed) }, closed),
      `demo_tool: input at /properties/a/properties/b: ${OPEN}`,
    ],
    [
      "an object inside an array",
      Type.Object({ list: Type.Array(Type.Object({ x: Type.Number() })) }, closed),
      `demo_tool: input at /properties/list/items: ${OPEN}`,
    ],
    [
      "an object in a union branch",
      Type.Object({ shape: Type.Union([Type.Object({ radius: Type.Number() }, closed), Type.Object({ side: Type.Number() })]) }, closed),
      `demo_tool: input at /properties/shape/anyOf/1: ${OPEN}`,
    ],
    [
      "an optional nested object",
      Type.Object({ opt: Type.Optional(Type.Object({ x: Type.Number() })) }, closed),
      `demo_tool: input at /properties/opt: ${OPEN}`,
    ],
    ["a TypeBox 0.34 object", Type034.Object({ word: Type034.String() }), `demo_tool: input at /: ${OPEN}`],
  ])("%s", (_case, input, message) => {
    expect(refusal(base({ input }))).toBe(message);
  });

  it.each([
    ["an empty Type.Object({})", Type.Object({})],
    ["an empty object nested", Type.Object({ any: Type.Object({}) }, closed)],
    ["closed objects at every depth", Type.Object({ list: Type.Array(Type.Object({ x: Type.Number() }, closed)) }, closed)],
    ["a record (no properties)", Type.Object({ tags: Type.Record(Type.String(), Type.Number()) }, closed)],
    ["a closed TypeBox 0.34 object", Type034.Object({ word: Type034.String() }, closed)],
  ])("accepts %s", (_case, input) => {
    const tool = base({ input });
    expect(defineTool(tool)).toBe(tool);
  });

  it("lets an output object stay open: only inputs must be closed", () => {
    const tool = base({ output: Type.Object({ count: Type.Number() }) });
    expect(defineTool(tool)).toBe(tool);
  });
});

describe("defineTool refuses a union of literals where an enum is meant", () => {
  it.each([
    [
      "at a property",
      Type.Object({ mode: Type.Union([Type.Literal("plain"), Type.Literal("loud")]) }, closed),
      'demo_tool: input at /properties/mode: a union of literals; write Type.Enum(["plain", "loud"]) so every host sees a plain enum',
    ],
    [
      "in an array",
      Type.Object({ modes: Type.Array(Type.Union([Type.Literal(1), Type.Literal(2)])) }, closed),
      "demo_tool: input at /properties/modes/items: a union of literals; write Type.Enum([1, 2]) so every host sees a plain enum",
    ],
    [
      "from TypeBox 0.34's Type.Enum",
      Type034.Object({ sep: Type034.Enum({ dash: "-", dot: "." }) }, closed),
      'demo_tool: input at /properties/sep: a union of literals; write Type.Enum(["-", "."]) so every host sees a plain enum',
    ],
  ])("%s", (_case, input, message) => {
    expect(refusal(base({ input }))).toBe(message);
  });

  it("refuses it in an output too", () => {
    const output = Type.Object({ level: Type.Union([Type.Literal("low"), Type.Literal("high")]) });
    expect(refusal(base({ output }))).toBe(
      'demo_tool: output at /properties/level: a union of literals; write Type.Enum(["low", "high"]) so every host sees a plain enum',
    );
  });

  it("accepts Type.Enum, a single literal and a union mixing a literal with another type", () => {
    const input = Type.Object(
      {
        mode: Type.Enum(["plain", "loud"]),
        kind: Type.Literal("circle"),
        size: Type.Union([Type.Literal("auto"), Type.Number()]),
      },
      closed,
    );
    expect(prepareTool(base({ input })).input.properties).toEqual({
      mode: { enum: ["plain", "loud"] },
      kind: { type: "string", const: "circle" },
      size: { anyOf: [{ type: "string", const: "auto" }, { type: "number" }] },
    });
  });
});

describe("defaults and the prepared form", () => {
  it.each([
    ["read", undefined, undefined, true, false],
    ["write", undefined, undefined, false, false],
    ["destructive", undefined, undefined, false, false],
    ["read", false, true, false, true],
    ["destructive", true, true, true, true],
  ] as const)(
    "effect %s, idempotent %s, openWorld %s → idempotent %s, openWorld %s",
    (effect, idempotent, openWorld, wantIdem, wantOpen) => {
      const prepared = prepareTool(base({ effect, idempotent, openWorld }));
      expect([prepared.idempotent, prepared.openWorld]).toEqual([wantIdem, wantOpen]);
    },
  );

  it("returns the very definition it was given", () => {
    const tool = base();
    expect(defineTool(tool)).toBe(tool);
  });

  it("keeps a plain JSON copy of a TypeBox 0.34 schema, without symbol keys", () => {
    const input = Type034.Object({ word: Type034.String(), n: Type034.Optional(Type034.Number()) }, closed);
    const prepared = prepareTool(base({ input }));
    expect(Object.getOwnPropertySymbols(input).length).toBeGreaterThan(0);
    expect(Object.getOwnPropertySymbols(prepared.input)).toEqual([]);
    expect(Object.getOwnPropertySymbols(prepared.input.properties as object)).toEqual([]);
    expect(prepared.input).toEqual({
      type: "object",
      additionalProperties: false,
      required: ["word"],
      properties: { word: { type: "string" }, n: { type: "number" } },
    });
  });
});

describe("indexTools", () => {
  it("refuses a duplicate name", () => {
    expect(() => indexTools([base(), base()])).toThrow(
      new ToolDefinitionError('Duplicate tool name "demo_tool": every tool in a list needs its own name'),
    );
  });

  it("refuses a list with one broken tool, naming it", () => {
    expect(() => indexTools([base(), base({ name: "other", effect: "x" })])).toThrow(
      new ToolDefinitionError('other: effect must be "read", "write" or "destructive", got "x"'),
    );
  });

  it("refuses something that is not an array", () => {
    expect(() => indexTools({} as unknown as AnyTool[])).toThrow(new ToolDefinitionError("tools must be an array of tool definitions"));
  });

  it("indexes by name in a Map, so names like constructor are ordinary", () => {
    const index = indexTools([base({ name: "constructor" }), base({ name: "to_string" })]);
    expect([...index.keys()]).toEqual(["constructor", "to_string"]);
    expect(index.get("toString")).toBeUndefined();
    expect(index.get("__proto__")).toBeUndefined();
  });
});
