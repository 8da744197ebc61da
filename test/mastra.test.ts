/**
 * The Mastra adapter inside Mastra's own agent loop: an `Agent` on the AI
 * SDK's `MockLanguageModelV4` calling the tools (test/helpers/hosts/mastra.ts),
 * the tool's output stream carrying progress and log lines, and
 * `requireApproval` suspending a destructive call until it is approved or
 * declined on the run.
 */
import { type ToolCall, ToolDefinitionError, withMiddleware } from "@agntn/tools";
import { toMastraTools } from "@agntn/tools/mastra";
import { Mastra } from "@mastra/core";
import { Agent } from "@mastra/core/agent";
import { beforeEach, describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { frameworkTools, probeSeen, recordCalls, wiped } from "./fixtures/framework-tools.ts";
import { type MastraCall, modelReads, scriptedModel } from "./helpers/hosts/mastra.ts";

const tools = toMastraTools([slugTool, ...frameworkTools]);

function agentFor(calls: MastraCall[]) {
  const model = scriptedModel(calls);
  // Mastra types its models by its own copies of the AI SDK provider types; the V4 mock is one at run time.
  return { model, agent: new Agent({ id: "test", name: "test", instructions: "Use the tools.", model: model as never, tools }) };
}

/** The agent registered with a Mastra instance, which keeps a suspended run until it is approved or declined. */
function registeredAgent(calls: MastraCall[]) {
  const { model, agent } = agentFor(calls);
  const mastra = new Mastra({ agents: { test: agent }, logger: false });
  return { model, agent: mastra.getAgent("test") };
}

/** One generate: what the model read of each call, and what the program got back. */
async function generate(calls: MastraCall[]) {
  const { model, agent } = agentFor(calls);
  const result = await agent.generate("go");
  return { reads: modelReads(model), outputs: result.toolResults.map((part) => part.payload.result) };
}

beforeEach(() => {
  probeSeen.calls.length = 0;
  wiped.length = 0;
});

describe("toMastraTools in an Agent", () => {
  it("keys the tools by name on an object without a prototype", () => {
    expect(Object.keys(tools)).toEqual(["text_slug", "fw_probe", "fw_note", "fw_wipe"]);
    expect(Object.getPrototypeOf(tools)).toBe(null);
    expect({ id: tools.text_slug?.id, title: tools.text_slug?.title, description: tools.text_slug?.description }).toEqual({
      id: "text_slug",
      title: "Text Slug",
      description: slugTool.description,
    });
  });

  it("shows the model the JSON Schema every host lists, with the type Mastra adds to an enum that names none", async () => {
    const { model, agent } = agentFor([["text_slug", { text: "Hi" }]]);
    await agent.generate("go");
    const listed = JSON.parse(JSON.stringify(slugTool.input));
    // Mastra's own schema layer gives a property without `type` every JSON type; the enum still says what it takes.
    listed.properties.separator.type = ["string", "number", "integer", "boolean", "object", "null"];
    expect(model.doGenerateCalls[0]?.tools).toEqual([
      { type: "function", name: "text_slug", description: slugTool.description, inputSchema: listed, providerOptions: undefined },
      expect.objectContaining({ name: "fw_probe" }),
      expect.objectContaining({ name: "fw_note" }),
      expect.objectContaining({ name: "fw_wipe" }),
    ]);
  });

  it("answers a valid call: the model reads the text, the program gets the text and the details", async () => {
    expect(await generate([["text_slug", { text: "Héllo Wörld", separator: "_" }]])).toEqual({
      reads: [{ type: "text", value: "hello_world" }],
      outputs: [{ text: "hello_world", details: { slug: "hello_world", separator: "_" } }],
    });
  });

  it("refuses a bad call with the core's lines, not Mastra's wording, as the call's error", async () => {
    const { reads } = await generate([["text_slug", { txt: "Hello", separator: "+" }]]);
    expect(reads).toEqual([
      {
        type: "error-text",
        value: [
          'Invalid arguments: unknown property "txt"; takes text, separator',
          "Invalid arguments at /: must have required properties text",
          "Invalid arguments at /separator: must be one of -, _, .",
        ].join("\n"),
      },
    ]);
  });

  it("answers a returned isError with the tool's own words, as the call's error", async () => {
    const { reads } = await generate([["text_slug", { text: "!!!" }]]);
    expect(reads).toEqual([{ type: "error-text", value: "The text has no letters or digits to keep; pass a title with at least one." }]);
  });

  it("writes progress and log lines to the tool's output stream; ask and sample stay undefined", async () => {
    const { agent } = agentFor([["fw_probe", {}]]);
    const stream = await agent.stream("go");
    const written: unknown[] = [];
    for await (const chunk of stream.fullStream) {
      if (chunk.type === "tool-output")
        written.push({ call: chunk.payload.toolCallId, tool: chunk.payload.toolName, output: chunk.payload.output });
    }
    expect(written).toEqual([
      { call: "call1", tool: "fw_probe", output: { type: "progress", message: "half way", progress: 1, total: 2 } },
      { call: "call1", tool: "fw_probe", output: { type: "progress", message: "done", progress: 2 } },
      { call: "call1", tool: "fw_probe", output: { type: "log", level: "info", message: "probed", data: { step: 1 } } },
      { call: "call1", tool: "fw_probe", output: { type: "log", level: "debug", message: "details" } },
    ]);
    expect(probeSeen.calls.map(({ progress, ask, log, sample, host }) => ({ progress, ask, log, sample, host }))).toEqual([
      { progress: "function", ask: "undefined", log: "function", sample: "undefined", host: "given" },
    ]);
  });

  it("names itself to middleware: mastra", async () => {
    const seen: ToolCall[] = [];
    const wrapped = toMastraTools(withMiddleware([slugTool], recordCalls(seen)));
    await wrapped.text_slug!.execute!({ text: "Hi" }, {} as never);
    expect(seen.map(({ host }) => host)).toEqual(["mastra"]);
  });

  it("refuses a misspelt option, naming the function", () => {
    expect(() => toMastraTools([slugTool], { requireApproval: true } as never)).toThrow(
      new ToolDefinitionError('toMastraTools: unknown option "requireApproval"; the options are approval'),
    );
  });
});

describe("requireApproval from the effect", () => {
  it("suspends a destructive call; approved, it runs and the model reads its text", async () => {
    const { model, agent } = registeredAgent([["fw_wipe", { name: "draft" }]]);
    const first = await agent.generate("wipe it");
    expect({ finishReason: first.finishReason, payload: first.suspendPayload }).toMatchObject({
      finishReason: "suspended",
      payload: { toolCallId: "call1", toolName: "fw_wipe", args: { name: "draft" } },
    });
    expect(wiped).toEqual([]);
    await agent.approveToolCallGenerate({ runId: first.runId as string, toolCallId: "call1" });
    expect(wiped).toEqual(["draft"]);
    expect(modelReads(model)).toEqual([{ type: "text", value: "wiped draft" }]);
  });

  it("a declined call never runs, and the model reads the reason given", async () => {
    const { model, agent } = registeredAgent([["fw_wipe", { name: "draft" }]]);
    const first = await agent.generate("wipe it");
    await agent.declineToolCallGenerate({ runId: first.runId as string, toolCallId: "call1", reason: "Keep the draft." });
    expect(wiped).toEqual([]);
    expect(modelReads(model)).toEqual([{ type: "text", value: "Keep the draft." }]);
  });

  it("does not hold a call the core refuses: the model reads the lines at once", async () => {
    const { model, agent } = agentFor([["fw_wipe", { name: "" }]]);
    const result = await agent.generate("wipe it");
    expect(result.finishReason).toBe("stop");
    expect(modelReads(model)).toEqual([{ type: "error-text", value: "Invalid arguments at /name: must not have fewer than 1 characters" }]);
  });

  it("runs writes unheld by default, and holds them with approval: writes", async () => {
    const held = async (set: typeof tools, name: string, input: unknown) => {
      const tool = set[name] as unknown as { requireApproval: boolean | ((input: unknown) => boolean) };
      return typeof tool.requireApproval === "function" ? tool.requireApproval(input) : tool.requireApproval;
    };
    expect(await held(tools, "fw_note", { text: "x" })).toBe(false);
    expect(await held(tools, "fw_wipe", { name: "x" })).toBe(true);
    expect(await held(toMastraTools(frameworkTools, { approval: "writes" }), "fw_note", { text: "x" })).toBe(true);
  });
});
