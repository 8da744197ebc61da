/** prepareQuestion: the form hosts show, the check every reply passes, the fingerprint that binds a replayed answer. */
import { type FormField, ToolDefinitionError, Type } from "@agntn/tools";
import { describe, expect, it, test } from "vitest";
import { choicesOf, prepareQuestion } from "../../src/core/questions.ts";

const closed = { additionalProperties: false } as const;
const schema = Type.Object(
  {
    name: Type.String({ minLength: 2, maxLength: 20, title: "Name", description: "Who", default: "ann" }),
    email: Type.Optional(Type.String({ format: "email" })),
    count: Type.Integer({ minimum: 1, maximum: 3 }),
    ratio: Type.Optional(Type.Number()),
    apply: Type.Optional(Type.Boolean({ default: true })),
    picks: Type.Array(Type.Enum(["a", "b"]), { minItems: 1, maxItems: 2 }),
    mode: Type.Enum(["x", "y"], { default: "x" }),
  },
  closed,
);
const question = prepareQuestion("ask_tool", { message: "Apply to A?\n\u001b[31mreally\u001b[0m \u202E", schema });

describe("the form", () => {
  it("keeps each field in the restricted shape elicitation accepts, message cleaned", () => {
    expect(question.form).toEqual({
      message: "Apply to A?\nreally",
      requestedSchema: {
        type: "object",
        properties: {
          name: { title: "Name", description: "Who", type: "string", minLength: 2, maxLength: 20, default: "ann" },
          email: { type: "string", format: "email" },
          count: { type: "integer", minimum: 1, maximum: 3 },
          ratio: { type: "number" },
          apply: { type: "boolean", default: true },
          picks: { type: "array", items: { type: "string", enum: ["a", "b"] }, minItems: 1, maxItems: 2 },
          mode: { type: "string", enum: ["x", "y"], default: "x" },
        },
        required: ["name", "count", "picks", "mode"],
      },
    });
    expect(question.fields.map(([name, , required]) => [name, required])).toEqual([
      ["name", true],
      ["email", false],
      ["count", true],
      ["ratio", false],
      ["apply", false],
      ["picks", true],
      ["mode", true],
    ]);
  });

  it("gives the same question the same fingerprint and a changed one another", () => {
    const same = prepareQuestion("ask_tool", { message: "Apply to A?\n\u001b[31mreally\u001b[0m \u202E", schema });
    const other = prepareQuestion("ask_tool", { message: "Apply to B?\nreally", schema });
    const otherField = prepareQuestion("ask_tool", {
      message: "Apply to A?\nreally",
      schema: Type.Object({ name: Type.String() }, closed),
    });
    expect(same.fingerprint).toBe(question.fingerprint);
    expect(new Set([question.fingerprint, other.fingerprint, otherField.fingerprint]).size).toBe(3);
  });
});

describe("check", () => {
  const fitting = { name: "ann", count: 2, picks: ["a"], mode: "y" };
  it.each([
    ["a fitting answer", { action: "accept", content: fitting }, { action: "accept", content: fitting }],
    [
      "extra keys dropped",
      { action: "accept", content: { ...fitting, injected: 1, __proto__: 2 } },
      { action: "accept", content: fitting },
    ],
    ["decline, content dropped", { action: "decline", content: fitting }, { action: "decline" }],
    ["cancel", { action: "cancel" }, { action: "cancel" }],
    ["accept without content (required fields missing)", { action: "accept" }, undefined],
    ["a value outside the enum", { action: "accept", content: { ...fitting, mode: "z" } }, undefined],
    ["an item outside the multi-select", { action: "accept", content: { ...fitting, picks: ["c"] } }, undefined],
    ["a number out of range", { action: "accept", content: { ...fitting, count: 4 } }, undefined],
    ["a string for a number", { action: "accept", content: { ...fitting, count: "2" } }, undefined],
    ["an unknown action", { action: "later" }, undefined],
    ["null", null, undefined],
    ["a string", "accept", undefined],
  ])("%s", (_case, reply, answer) => {
    expect(question.check(reply)).toEqual(answer);
  });

  it("keeps a __proto__ answer key out of the content and off the prototype", () => {
    const reply = JSON.parse(
      '{"action":"accept","content":{"name":"ann","count":1,"picks":["b"],"mode":"x","__proto__":{"polluted":true}}}',
    );
    const answer = question.check(reply);
    expect(answer).toEqual({ action: "accept", content: { name: "ann", count: 1, picks: ["b"], mode: "x" } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("checkField", () => {
  it.each([
    ["name", "ann", undefined],
    ["name", "a", "must not have fewer than 2 characters"],
    ["name", 5, "must be string"],
    ["count", 0, "must be >= 1"],
    ["count", 1.5, "must be integer"],
    ["ratio", "1", "must be number"],
    ["apply", "yes", "must be boolean"],
    ["mode", "z", "must be one of x, y"],
    ["picks", ["b"], undefined],
    ["picks", ["c"], "item 0 must be one of a, b"],
    ["picks", ["a", "c"], "item 1 must be one of a, b"],
    ["picks", [], "must not have fewer than 1 items"],
    ["nope", 1, "is not a field of this question"],
    ["__proto__", 1, "is not a field of this question"],
  ])("%s = %j", (name, value, problem) => {
    expect(question.checkField(name, value)).toBe(problem);
  });
});

describe("refusals", () => {
  it.each([
    ["a string schema", { message: "Q?", schema: Type.String() }, "ask_tool: a question schema must be a Type.Object of flat fields"],
    ["no message", { schema: Type.Object({}) }, "ask_tool: a question needs a non-empty message"],
    [
      "an array of objects",
      { message: "Q?", schema: Type.Object({ list: Type.Array(Type.Object({})) }) },
      'ask_tool: question field "list" is an array; forms take only arrays of a string enum (multi-select)',
    ],
    [
      "a union",
      { message: "Q?", schema: Type.Object({ u: Type.Union([Type.String(), Type.Number()]) }) },
      'ask_tool: question field "u" must be a string, number, integer, boolean, string enum or array of string enum',
    ],
    [
      "a format that is not a string",
      { message: "Q?", schema: Type.Object({ d: Type.Unsafe({ type: "string", format: 5 }) }) },
      'ask_tool: question field "d" has a format forms cannot show (use email, uri, date or date-time)',
    ],
  ])("%s", (_case, q, message) => {
    expect(() => prepareQuestion("ask_tool", q as never)).toThrow(new ToolDefinitionError(message));
  });

  it.each([["email"], ["uri"], ["date"], ["date-time"]])("accepts format %s", (format) => {
    const prepared = prepareQuestion("ask_tool", { message: "Q?", schema: Type.Object({ v: Type.String({ format }) }) });
    expect(prepared.form.requestedSchema.properties.v).toEqual({ type: "string", format });
  });
});

test("a field named __proto__ is an ordinary key of the answer", () => {
  const question = prepareQuestion("t", {
    message: "Name?",
    schema: Type.Object({ ["__proto__"]: Type.String() }, { additionalProperties: false }),
  });
  const answer = question.check({ action: "accept", content: JSON.parse('{"__proto__":"x"}') });
  expect(answer?.action).toBe("accept");
  expect(Object.getOwnPropertyDescriptor((answer as { content: object }).content, "__proto__")?.value).toBe("x");
  expect(Object.getPrototypeOf((answer as { content: object }).content)).toBe(Object.prototype);
});

describe("titled enums, in each of MCP's shapes", () => {
  const question = prepareQuestion("t", {
    message: "Pick",
    schema: Type.Object(
      {
        plain: Type.Enum(["a", "b"]),
        legacy: Type.Enum(["a", "b"], { enumNames: ["Apple", "Banana"] }),
        titled: Type.Union([Type.Literal("a", { title: "Apple" }), Type.Literal("b", { title: "Banana" })]),
        many: Type.Array(Type.Enum(["a", "b"])),
        manyTitled: Type.Array(Type.Union([Type.Literal("a", { title: "Apple" }), Type.Literal("b", { title: "Banana" })])),
      },
      { additionalProperties: false },
    ),
  });
  const properties = question.form.requestedSchema.properties;

  it("writes each field in the shape MCP defines", () => {
    expect(properties).toEqual({
      plain: { type: "string", enum: ["a", "b"] },
      legacy: { type: "string", enum: ["a", "b"], enumNames: ["Apple", "Banana"] },
      titled: {
        type: "string",
        oneOf: [
          { const: "a", title: "Apple" },
          { const: "b", title: "Banana" },
        ],
      },
      many: { type: "array", items: { type: "string", enum: ["a", "b"] } },
      manyTitled: {
        type: "array",
        items: {
          anyOf: [
            { const: "a", title: "Apple" },
            { const: "b", title: "Banana" },
          ],
        },
      },
    });
  });

  it.each([
    ["plain", ["a", "b"]],
    ["legacy", ["Apple", "Banana"]],
    ["titled", ["Apple", "Banana"]],
    ["many", ["a", "b"]],
    ["manyTitled", ["Apple", "Banana"]],
  ] as const)("choicesOf(%s) gives the values and the labels a person reads", (name, labels) => {
    expect(choicesOf(properties[name] as FormField)).toEqual({ values: ["a", "b"], labels });
  });

  it("checks answers against the titled values", () => {
    const content = { plain: "a", legacy: "b", titled: "b", many: ["a"], manyTitled: ["b", "a"] };
    expect(question.check({ action: "accept", content })).toEqual({ action: "accept", content });
    expect(question.check({ action: "accept", content: { ...content, titled: "Banana" } })).toBeUndefined();
    expect(question.checkField("manyTitled", ["a", "c"])).toBe("item 1 must be one of a, b");
    expect(question.checkField("titled", "Apple")).toBe("must be one of a, b");
  });
});

describe("hostile text in a form", () => {
  it("cleans field titles, descriptions and every kind of enum title before the form leaves", () => {
    const red = "\u001b[31mRed\u001b[0m\nline\u202Eevil";
    const question = prepareQuestion("t", {
      message: "Pick",
      schema: Type.Object(
        {
          text: Type.String({ title: red, description: `why${red}` }),
          legacy: Type.Enum(["a"], { enumNames: [red] }),
          titled: Type.Union([Type.Literal("a", { title: red })]),
          manyTitled: Type.Array(Type.Union([Type.Literal("a", { title: red })])),
        },
        { additionalProperties: false },
      ),
    });
    const clean = "Red line evil";
    expect(question.form.requestedSchema.properties).toEqual({
      text: { type: "string", title: clean, description: `why${clean}` },
      legacy: { type: "string", enum: ["a"], enumNames: [clean] },
      titled: { type: "string", oneOf: [{ const: "a", title: clean }] },
      manyTitled: { type: "array", items: { anyOf: [{ const: "a", title: clean }] } },
    });
  });
});
