/** definePrompt: the tools' name rule, string-only arguments, every refusal naming the prompt and the key in one line. */
import { type AnyPrompt, definePrompt, type PromptConfig, ToolDefinitionError, Type } from "@agntn/tools";
import { Type as Type034 } from "@sinclair/typebox";
import { describe, expect, expectTypeOf, it } from "vitest";
import { preparePrompt } from "../../src/core/prompts.ts";

const get = () => "Hello";

function base(overrides: Record<string, unknown> = {}): AnyPrompt {
  return { name: "summarize", get, ...overrides } as AnyPrompt;
}

function refusal(prompt: unknown): string {
  try {
    definePrompt(prompt as PromptConfig);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return (error as Error).message;
  }
  throw new Error("definePrompt accepted a broken definition");
}

const NAME_RULE = "must be 1-64 characters of a-z, 0-9 and _, starting with a letter";
const KEYS = "name, title, description, icons, meta, arguments, complete, get";
const WHY = "MCP sends prompt arguments as strings";

describe("definePrompt accepts a prompt and returns it as given", () => {
  it("with every key", () => {
    const prompt = definePrompt({
      name: "review_code",
      title: "Review code",
      description: "Asks for a code review.",
      icons: [{ src: "https://example.com/r.png" }],
      meta: { "example.com/team": "dx" },
      arguments: Type.Object({
        code: Type.String({ description: "The code", minLength: 1 }),
        language: Type.Optional(Type.Enum(["ts", "py"])),
        style: Type.Optional(Type.Union([Type.Literal("terse"), Type.Literal("kind")])),
        pattern: Type.Optional(Type.String({ pattern: "^[a-z]+$" })),
      }),
      complete: { language: (value) => ["ts", "py"].filter((l) => l.startsWith(value)) },
      get: ({ code, language }) => {
        expectTypeOf(code).toEqualTypeOf<string>();
        expectTypeOf(language).toEqualTypeOf<"ts" | "py" | undefined>();
        return `Review this ${language ?? ""} code:\n${code}`;
      },
    });
    expect(prompt.name).toBe("review_code");
    expect(preparePrompt(prompt as AnyPrompt).schema).toEqual({
      type: "object",
      required: ["code"],
      properties: {
        code: { type: "string", description: "The code", minLength: 1 },
        language: { enum: ["ts", "py"] },
        style: {
          anyOf: [
            { type: "string", const: "terse" },
            { type: "string", const: "kind" },
          ],
        },
        pattern: { type: "string", pattern: "^[a-z]+$" },
      },
    });
  });

  it("without arguments: get receives an empty object", () => {
    const prompt = definePrompt({
      name: "hello",
      get: (args) => {
        expectTypeOf(args).toEqualTypeOf<Record<string, never>>();
        return "Hello";
      },
    });
    expect(preparePrompt(prompt as AnyPrompt).schema).toBeUndefined();
  });

  it("with TypeBox 0.34 schemas", () => {
    const prompt = base({ arguments: Type034.Object({ a: Type034.String(), b: Type034.Optional(Type034.Literal("x")) }) });
    expect(preparePrompt(prompt).schema).toEqual({
      type: "object",
      required: ["a"],
      properties: { a: { type: "string" }, b: { const: "x", type: "string" } },
    });
  });

  it("with a closed object (unknown arguments are then refused at get)", () => {
    expect(() => definePrompt(base({ arguments: Type.Object({ a: Type.String() }, { additionalProperties: false }) }))).not.toThrow();
  });

  it.each([["a"], ["a".repeat(64)], ["x9_"], ["review_code"]])("the name %j", (name) => {
    expect(definePrompt(base({ name })).name).toBe(name);
  });
});

describe("definePrompt refuses a bad name, as defineTool does", () => {
  it.each([
    ["uppercase", "Summarize", `Prompt name "Summarize" ${NAME_RULE}`],
    ["65 characters", `a${"b".repeat(64)}`, `Prompt name "a${"b".repeat(64)}" ${NAME_RULE}`],
    ["a leading digit", "1x", `Prompt name "1x" ${NAME_RULE}`],
    ["a hyphen", "sum-up", `Prompt name "sum-up" ${NAME_RULE}`],
    ["empty", "", `Prompt name "" ${NAME_RULE}`],
    ["a newline, shown escaped", "a\nb", `Prompt name "a\\nb" ${NAME_RULE}`],
    ["an escape code, shown escaped", "a\u001b[31m", `Prompt name "a\\u001b[31m" ${NAME_RULE}`],
    ["__proto__", "__proto__", `Prompt name "__proto__" ${NAME_RULE}`],
    ["not a string", 42, `Prompt name number ${NAME_RULE}`],
    ["missing", undefined, `Prompt name undefined ${NAME_RULE}`],
  ])("%s", (_case, name, message) => {
    expect(refusal(base({ name }))).toBe(message);
  });

  it("refuses something that is not an object at all", () => {
    expect(() => preparePrompt(null as unknown as AnyPrompt)).toThrow(new ToolDefinitionError("A prompt must be an object, got null"));
    expect(() => preparePrompt(7 as unknown as AnyPrompt)).toThrow(new ToolDefinitionError("A prompt must be an object, got number"));
  });
});

describe("definePrompt refuses a broken definition, naming the prompt and the key", () => {
  it.each([
    ["an unknown key", { args: {} }, `Prompt "summarize": unknown key "args"; a prompt takes ${KEYS}`],
    [
      "an unknown key with an escape code, shown escaped",
      { "\u001b[2J": 1 },
      `Prompt "summarize": unknown key "\\u001b[2J"; a prompt takes ${KEYS}`,
    ],
    ["an empty title", { title: "" }, 'Prompt "summarize": title must be a non-empty string'],
    ["a description not a string", { description: [] }, 'Prompt "summarize": description must be a non-empty string'],
    ["icons without src", { icons: [{ href: "x" }] }, 'Prompt "summarize": icons must be an array of { src, mimeType?, sizes? }'],
    ["meta not an object", { meta: "x" }, 'Prompt "summarize": meta must be an object'],
    ["get missing", { get: undefined }, 'Prompt "summarize": get must be a function'],
    ["get not a function", { get: "Hello" }, 'Prompt "summarize": get must be a function'],
    [
      "arguments a string schema",
      { arguments: Type.String() },
      `Prompt "summarize": arguments must be an object schema (Type.Object) of strings, got type "string"`,
    ],
    [
      "arguments not a schema",
      { arguments: "topic" },
      `Prompt "summarize": arguments must be an object schema (Type.Object) of strings, got a string`,
    ],
    [
      "arguments a list",
      { arguments: ["topic"] },
      `Prompt "summarize": arguments must be an object schema (Type.Object) of strings, got an array`,
    ],
    [
      "a number argument",
      { arguments: Type.Object({ count: Type.Number() }) },
      `Prompt "summarize": argument "count" must be a string schema (${WHY}), got type "number"`,
    ],
    [
      "a boolean argument",
      { arguments: Type.Object({ loud: Type.Optional(Type.Boolean()) }) },
      `Prompt "summarize": argument "loud" must be a string schema (${WHY}), got type "boolean"`,
    ],
    [
      "an array argument",
      { arguments: Type.Object({ tags: Type.Array(Type.String()) }) },
      `Prompt "summarize": argument "tags" must be a string schema (${WHY}), got type "array"`,
    ],
    [
      "an argument of any type",
      { arguments: Type.Object({ x: Type.Unknown() }) },
      `Prompt "summarize": argument "x" must be a string schema (${WHY})`,
    ],
    [
      "a union with a number",
      { arguments: Type.Object({ x: Type.Union([Type.String(), Type.Number()]) }) },
      `Prompt "summarize": argument "x" must be a string schema (${WHY})`,
    ],
    [
      "an enum with a number",
      { arguments: Type.Object({ x: Type.Enum(["a", 1]) }) },
      `Prompt "summarize": argument "x" must be a string schema (${WHY})`,
    ],
    [
      "a string type with a number const",
      { arguments: { type: "object", properties: { x: { type: "string", const: 1 } } } },
      `Prompt "summarize": argument "x" must be a string schema (${WHY}), got type "string"`,
    ],
    [
      "an argument named with a newline, shown escaped",
      { arguments: Type.Object({ "a\nb": Type.Number() }) },
      `Prompt "summarize": argument "a\\nb" must be a string schema (${WHY}), got type "number"`,
    ],
    [
      "extra arguments that are not strings",
      { arguments: Type.Object({ a: Type.String() }, { additionalProperties: Type.Number() }) },
      `Prompt "summarize": arguments.additionalProperties must be false, true or a string schema (${WHY})`,
    ],
    [
      "pattern arguments that are not strings",
      { arguments: { type: "object", properties: {}, patternProperties: { "^n_": { type: "number" } } } },
      `Prompt "summarize": arguments.patternProperties["^n_"] must be a string schema (${WHY})`,
    ],
    [
      "complete for an argument the prompt lacks",
      { arguments: Type.Object({ topic: Type.String(), tone: Type.String() }), complete: { mood: () => [] } },
      'Prompt "summarize": complete names "mood", which is not an argument of the prompt; its arguments are "topic", "tone"',
    ],
    [
      "complete without arguments",
      { complete: { topic: () => [] } },
      'Prompt "summarize": complete names "topic", which is not an argument of the prompt; it has no arguments',
    ],
    [
      "a completer not a function",
      { arguments: Type.Object({ topic: Type.String() }), complete: { topic: "x" } },
      'Prompt "summarize": complete["topic"] must be a function',
    ],
    [
      "complete not an object",
      { arguments: Type.Object({ topic: Type.String() }), complete: [] },
      'Prompt "summarize": complete must be an object of functions, one per argument, got an array',
    ],
    [
      "complete for __proto__ (an own key)",
      { arguments: Type.Object({ topic: Type.String() }), complete: JSON.parse('{"__proto__": 1}') },
      'Prompt "summarize": complete names "__proto__", which is not an argument of the prompt; its arguments are "topic"',
    ],
  ])("%s", (_case, overrides, message) => {
    expect(refusal(base(overrides))).toBe(message);
  });

  it("takes completers for arguments named __proto__ and constructor", () => {
    const proto = "__proto__";
    const prompt = base({
      arguments: { type: "object", properties: JSON.parse('{"__proto__": {"type": "string"}, "constructor": {"type": "string"}}') },
      complete: { [proto]: () => ["p"], constructor: () => ["c"] },
    });
    expect([...preparePrompt(prompt).completers.keys()]).toEqual(["__proto__", "constructor"]);
  });
});
