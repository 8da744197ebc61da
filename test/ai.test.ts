import { type ContentBlock, ToolDefinitionError, ToolInputError } from "@agntn/tools";
import { AiToolError, type AiToolOutput, toAiTool, toAiTools } from "@agntn/tools/ai";
import { generateText, type InferToolInput, type InferToolOutput, stepCountIs, type ToolSet } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import { renameTool, slugTool, tools } from "../playground/server/tools.ts";
import registration from "./fixtures/ai-registration.json" with { type: "json" };
import {
  aiSeen,
  boomTool,
  clashTool,
  contextTool,
  legacyTool,
  outputTextTool,
  ownContentTool,
  shapesTool,
  waitTool,
  wrongDetailsTool,
} from "./fixtures/ai-tools.ts";
import { contentTools, mediaTool, PNG, WAV } from "./fixtures/pi-content-tools.ts";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

type Call = [toolName: string, input: unknown];

/** A model that calls the given tools in its first step and says "done" in its second. */
function scriptedModel(calls: Call[]) {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: calls.map(([toolName, input], i) => ({
          type: "tool-call" as const,
          toolCallId: `call${i + 1}`,
          toolName,
          input: JSON.stringify(input),
        })),
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      },
      { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
    ],
  });
}

/** Runs one agent turn; returns the results and errors of step one and what the model read in step two. */
async function turn(set: ToolSet, calls: Call[], abortSignal?: AbortSignal) {
  const model = scriptedModel(calls);
  const result = await generateText({ model, tools: set, prompt: "go", stopWhen: stepCountIs(2), ...(abortSignal ? { abortSignal } : {}) });
  const parts = result.steps[0]?.content ?? [];
  const outcomes = parts.flatMap((part) =>
    part.type === "tool-result"
      ? [{ id: part.toolCallId, output: part.output as unknown, error: undefined as unknown }]
      : part.type === "tool-error"
        ? [{ id: part.toolCallId, output: undefined as unknown, error: part.error }]
        : [],
  );
  outcomes.sort((a, b) => a.id.localeCompare(b.id));
  // A call refused by the input schema keeps its error object on the call part; its tool-error part holds only a string.
  const invalid = parts.flatMap((part) => (part.type === "tool-call" && part.invalid ? [part.error] : []));
  const read = model.doGenerateCalls[1]?.prompt.flatMap((message) =>
    message.role === "tool" ? message.content.flatMap((part) => (part.type === "tool-result" ? [part.output] : [])) : [],
  );
  return { outcomes, invalid, read, text: result.text };
}

const all = toAiTools([...tools, clashTool, shapesTool, wrongDetailsTool, boomTool, contextTool, waitTool, legacyTool]);

beforeEach(() => {
  aiSeen.contexts.length = 0;
  aiSeen.aborted.length = 0;
  aiSeen.onWait = () => {};
});

describe("toAiTool registration", () => {
  it("registers text_slug exactly as the host facts say", () => {
    const converted = toAiTool(slugTool) as unknown as Record<string, unknown>;
    const shown = Object.fromEntries(
      Object.entries(converted).map(([key, value]) => [
        key,
        typeof value === "function" ? "[function]" : key === "inputSchema" ? (value as { jsonSchema: unknown }).jsonSchema : value,
      ]),
    );
    expect(shown).toEqual(registration);
  });

  it("sends the model the same JSON Schema it registered", async () => {
    const model = scriptedModel([]);
    await generateText({ model, tools: toAiTools([slugTool]), prompt: "go" });
    expect(model.doGenerateCalls[0]?.tools).toEqual([
      { type: "function", name: "text_slug", description: registration.description, inputSchema: registration.inputSchema },
    ]);
  });

  it("keys a set by name with no prototype, and refuses a duplicate name before converting anything", () => {
    const set = toAiTools(tools);
    expect(Object.keys(set)).toEqual(["text_slug", "text_count", "files_rename", "text_stats", "text_badge"]);
    expect(Object.getPrototypeOf(set)).toBe(null);
    expect(() => toAiTools([slugTool, renameTool, slugTool])).toThrow(
      new ToolDefinitionError('Duplicate tool name "text_slug": every tool in a list needs its own name'),
    );
  });

  it("refuses at conversion an output schema that declares a text field", () => {
    expect(() => toAiTool(outputTextTool)).toThrow(ToolDefinitionError);
    expect(() => toAiTools([slugTool, outputTextTool])).toThrow(
      'fixture_output_text: its details have a field "text", which the AI SDK output uses for the tool\'s text; rename the field',
    );
  });

  it("refuses a broken definition", () => {
    expect(() => toAiTool({ ...slugTool, name: "Bad Name" })).toThrow(
      new ToolDefinitionError('Tool name "Bad Name" must be 1-64 characters of a-z, 0-9 and _, starting with a letter'),
    );
  });

  it("keeps the input and details types", () => {
    const one = toAiTool(slugTool);
    expectTypeOf<InferToolInput<typeof one>>().toEqualTypeOf<{ text: string; separator?: "-" | "_" | "." }>();
    // `content` lists the blocks of a result with media; a text-only result has none.
    type Media = { text: string; content?: ContentBlock[] };
    expectTypeOf<InferToolOutput<typeof one>>().toEqualTypeOf<{ slug: string; separator: "-" | "_" | "." } & Media>();
    expectTypeOf<AiToolOutput<number[]>>().toEqualTypeOf<{ details: number[] } & Media>();
    expectTypeOf<AiToolOutput<undefined>>().toEqualTypeOf<Media>();
    // Details with a `content` of their own never sit beside media (that is refused), so the type keeps theirs.
    expectTypeOf<AiToolOutput<{ content: string }>>().toEqualTypeOf<{ content: string } & { text: string }>();
  });
});

describe("calls through generateText", () => {
  it("returns details with the text, and the model reads the text only", async () => {
    const { outcomes, read, text } = await turn(all, [["text_slug", { text: "Crème Brûlée", separator: "_" }]]);
    expect(outcomes).toEqual([{ id: "call1", output: { slug: "creme_brulee", separator: "_", text: "creme_brulee" }, error: undefined }]);
    expect(read).toEqual([{ type: "text", value: "creme_brulee" }]);
    expect(text).toBe("done");
  });

  it.each([
    ["object", { size: 3, text: "kind object" }],
    ["array", { details: [1, 2], text: "kind array" }],
    ["number", { details: 7, text: "kind number" }],
    ["instance", { details: new Map([["a", 1]]), text: "kind instance" }],
    ["none", { text: "kind none" }],
    ["two", { size: 4, text: "kind two\nsecond line" }],
  ])("shapes %s details and gives the model only the text", async (kind, output) => {
    const { outcomes, read } = await turn(all, [["fixture_shapes", { kind }]]);
    expect(outcomes).toEqual([{ id: "call1", output, error: undefined }]);
    expect(read).toEqual([{ type: "text", value: output.text }]);
  });

  it("refuses bad input with the core's lines before execute runs", async () => {
    const { invalid, read } = await turn(all, [
      ["text_slug", { text: 5, extra: 1 }],
      ["fixture_context", { x: 1 }],
    ]);
    expect(aiSeen.contexts).toEqual([]);
    const cause = (invalid[0] as Error).cause as Error;
    expect(cause.cause).toBeInstanceOf(ToolInputError);
    expect((cause.cause as ToolInputError).lines).toEqual([
      'Invalid arguments: unknown property "extra"; takes text, separator',
      "Invalid arguments at /text: must be string",
    ]);
    expect(read).toEqual([
      {
        type: "error-text",
        value:
          'AI_InvalidToolInputError: Invalid input for tool text_slug: AI_TypeValidationError: Type validation failed: Value: {"text":5,"extra":1}.\n' +
          'Error message: ToolInputError: Invalid arguments: unknown property "extra"; takes text, separator\n' +
          "Invalid arguments at /text: must be string",
      },
      {
        type: "error-text",
        value:
          'AI_InvalidToolInputError: Invalid input for tool fixture_context: AI_TypeValidationError: Type validation failed: Value: {"x":1}.\n' +
          'Error message: ToolInputError: Invalid arguments: unknown property "x"; takes nothing',
      },
    ]);
  });

  it("turns a returned isError into a tool error the model reads as the tool's text", async () => {
    const { outcomes, read } = await turn(all, [["text_slug", { text: "!!!" }]]);
    const error = outcomes[0]?.error;
    expect(error).toBeInstanceOf(AiToolError);
    expect(error).toMatchObject({ tool: "text_slug", details: { slug: "", separator: "-" } });
    expect(read).toEqual([{ type: "error-text", value: "The text has no letters or digits to keep; pass a title with at least one." }]);
  });

  it("reports a throw as one clean line and keeps the original as the cause", async () => {
    const { outcomes, read } = await turn(all, [["fixture_boom", {}]]);
    const error = outcomes[0]?.error as AiToolError;
    expect(error).toBeInstanceOf(AiToolError);
    expect((error.cause as Error).message).toBe("disk\nfull \u001b[31mred\u001b[0m");
    expect(read).toEqual([{ type: "error-text", value: "fixture_boom failed: disk full red" }]);
  });

  it("refuses details with their own text field at call time, naming the tool", async () => {
    const { outcomes, read } = await turn(all, [["fixture_clash", {}]]);
    expect(outcomes[0]?.error).toBeInstanceOf(ToolDefinitionError);
    expect(read).toEqual([
      {
        type: "error-text",
        value:
          'ToolDefinitionError: fixture_clash: its details have a field "text", which the AI SDK output uses for the tool\'s text; rename the field',
      },
    ]);
  });

  it("refuses details that break the tool's output schema, as MCP does", async () => {
    const { outcomes, read } = await turn(all, [["fixture_wrong_details", {}]]);
    // An AiToolError like every other failure: the model reads the core's text alone, with no class name in front.
    expect(outcomes[0]?.error).toBeInstanceOf(AiToolError);
    expect(read).toEqual([
      {
        type: "error-text",
        value: "fixture_wrong_details returned details that don't match its output schema\nat /count: must be integer",
      },
    ]);
  });

  it("gives execute the abort signal and the SDK's call options, and no progress or ask", async () => {
    const controller = new AbortController();
    const { outcomes } = await turn(all, [["fixture_context", {}]], controller.signal);
    expect(outcomes).toEqual([{ id: "call1", output: { text: "recorded" }, error: undefined }]);
    expect(aiSeen.contexts).toMatchObject([{ signal: true, progress: "undefined", ask: "undefined", host: { toolCallId: "call1" } }]);
  });

  it("stops a running call when the caller aborts", async () => {
    const controller = new AbortController();
    aiSeen.onWait = () => controller.abort(new Error("stopped by the caller"));
    await expect(turn(all, [["fixture_wait", {}]], controller.signal)).rejects.toThrow("stopped by the caller");
    expect(aiSeen.aborted).toEqual(["Error: stopped by the caller"]);
  });

  it("runs a tool whose schema was built with TypeBox 0.34", async () => {
    const { outcomes, read } = await turn(all, [
      ["fixture_legacy", { word: "hey", times: 2 }],
      ["fixture_legacy", { word: "", times: 9 }],
    ]);
    expect(outcomes[0]).toEqual({ id: "call1", output: { times: 2, text: "hey hey" }, error: undefined });
    expect(read?.[0]).toEqual({ type: "text", value: "hey hey" });
    expect(read?.[1]).toEqual({
      type: "error-text",
      value:
        'AI_InvalidToolInputError: Invalid input for tool fixture_legacy: AI_TypeValidationError: Type validation failed: Value: {"word":"","times":9}.\n' +
        "Error message: ToolInputError: Invalid arguments at /word: must not have fewer than 1 characters\n" +
        "Invalid arguments at /times: must be <= 3",
    });
  });
});

describe("content kinds through generateText", () => {
  const media = toAiTools([...contentTools, ownContentTool]);

  it("returns the blocks beside the text, and the model reads the image and the sound as file parts", async () => {
    const { outcomes, read } = await turn(media, [["media_mix", {}]]);
    const blocks = (mediaTool.execute({}, {}) as { content: unknown[] }).content;
    expect(outcomes).toEqual([{ id: "call1", output: { kinds: 5, text: "Here is the chart.", content: blocks }, error: undefined }]);
    expect(read).toEqual([
      {
        type: "content",
        value: [
          { type: "text", text: "Here is the chart." },
          { type: "file", mediaType: "image/png", data: { type: "data", data: PNG } },
          { type: "file", mediaType: "audio/wav", data: { type: "data", data: WAV } },
          { type: "text", text: "[resource link: q3.pdf <file:///reports/q3.pdf>, application/pdf]" },
          { type: "text", text: "[resource: file:///notes.md, text/markdown]\n# Notes\nship it" },
        ],
      },
    ]);
  });

  it("maps an output read back from storage the same way (convertToModelMessages reads stored outputs)", async () => {
    const converted = toAiTool(mediaTool);
    const output = await converted.execute?.({}, { toolCallId: "stored", messages: [], context: {} });
    const stored = JSON.parse(JSON.stringify(output));
    const fresh = await converted.toModelOutput?.({ toolCallId: "stored", input: {}, output: output as never });
    expect(await converted.toModelOutput?.({ toolCallId: "stored", input: {}, output: stored })).toEqual(fresh);
    expect(fresh).toMatchObject({ type: "content" });
  });

  it("answers a malformed block with the core's line", async () => {
    const { outcomes, read } = await turn(media, [["media_bad", {}]]);
    expect(outcomes[0]?.error).toBeInstanceOf(AiToolError);
    expect(read).toEqual([{ type: "error-text", value: "media_bad returned a malformed result: content[1] (image): data is not base64" }]);
  });

  it("keeps details with their own content field beside text, and refuses them beside media", async () => {
    const { outcomes, read } = await turn(media, [
      ["fixture_own_content", { image: false }],
      ["fixture_own_content", { image: true }],
    ]);
    expect(outcomes[0]).toEqual({ id: "call1", output: { content: "the tool's own", text: "text only" }, error: undefined });
    expect(outcomes[1]?.error).toBeInstanceOf(ToolDefinitionError);
    expect(read).toEqual([
      { type: "text", value: "text only" },
      {
        type: "error-text",
        value:
          'ToolDefinitionError: fixture_own_content: its details have a field "content", which the AI SDK output uses for the result\'s media blocks; rename the field',
      },
    ]);
  });
});

describe("log and sample on the AI SDK", () => {
  /** A second model that answers the tool's sampling request, recording what it was sent. */
  function samplingModel(text: string, finish: "stop" | "length" = "stop") {
    return new MockLanguageModelV4({
      modelId: "caption-model",
      doGenerate: { content: [{ type: "text", text }], finishReason: { unified: finish, raw: undefined }, usage, warnings: [] },
    });
  }

  it("gives no log (the AI SDK has no place for one) and no sample without the sampling option", async () => {
    const { read } = await turn(toAiTools(contentTools), [
      ["media_offer", {}],
      ["media_log", {}],
      ["media_sample", {}],
    ]);
    expect(read).toEqual([
      { type: "text", value: "log: undefined, sample: undefined" },
      { type: "text", value: "no log" },
      { type: "text", value: "no sample" },
    ]);
  });

  it("runs sample on the model given as sampling.model: the request it saw, the reply the tool got", async () => {
    const captioner = samplingModel("a tiny red dot");
    const { outcomes, read } = await turn(toAiTools(contentTools, { sampling: { model: captioner } }), [["media_sample", {}]]);
    expect(read).toEqual([{ type: "text", value: "caption: a tiny red dot" }]);
    expect(outcomes[0]?.output).toEqual({
      model: "caption-model",
      stopReason: "endTurn",
      blocks: [{ type: "text", text: "a tiny red dot" }],
      text: "caption: a tiny red dot",
    });
    expect(captioner.doGenerateCalls).toHaveLength(1);
    const call = captioner.doGenerateCalls[0]!;
    expect({
      maxOutputTokens: call.maxOutputTokens,
      temperature: call.temperature,
      stopSequences: call.stopSequences,
      tools: call.tools,
    }).toEqual({
      maxOutputTokens: 50,
      temperature: 0.2,
      stopSequences: ["END"],
      tools: undefined,
    });
    expect(call.prompt).toEqual([
      { role: "system", content: "You caption media." },
      {
        role: "user",
        content: [
          { type: "text", text: "Caption this:" },
          { type: "file", mediaType: "image/png", data: { type: "data", data: PNG } },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "A red dot?" }] },
      {
        role: "user",
        content: [
          { type: "text", text: "And this sound:" },
          { type: "file", mediaType: "audio/wav", data: { type: "data", data: WAV } },
        ],
      },
    ]);
  });

  it("maps the finish reason: length is maxTokens", async () => {
    const { outcomes } = await turn(toAiTools(contentTools, { sampling: { model: samplingModel("a tiny", "length") } }), [
      ["media_sample", {}],
    ]);
    expect(outcomes[0]?.output).toMatchObject({ model: "caption-model", stopReason: "maxTokens", text: "caption: a tiny" });
  });

  it("fails the call with the model's error when generateText throws", async () => {
    const broken = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error("quota \u001b[1mexceeded\nfor today");
      },
    });
    const { outcomes, read } = await turn(toAiTools(contentTools, { sampling: { model: broken } }), [["media_sample", {}]]);
    expect(outcomes[0]?.error).toBeInstanceOf(AiToolError);
    expect(read).toEqual([{ type: "error-text", value: "media_sample failed: quota exceeded for today" }]);
  });

  it("checks the options when the tools are converted", () => {
    expect(() => toAiTool(slugTool, { sample: {} } as never)).toThrow(
      new ToolDefinitionError('toAiTool: unknown option "sample"; the options are sampling'),
    );
    expect(() => toAiTools(tools, { sampling: { model: 3 } } as never)).toThrow(
      new ToolDefinitionError("toAiTools: sampling.model must be a language model or a model id string"),
    );
    expect(() => toAiTool(slugTool, { sampling: { model: samplingModel("x"), retries: 2 } } as never)).toThrow(
      new ToolDefinitionError('toAiTool: sampling: unknown option "retries"; the options are model'),
    );
    expect(() => toAiTool(slugTool, { sampling: "gpt" } as never)).toThrow(new ToolDefinitionError("toAiTool: sampling must be { model }"));
  });
});
