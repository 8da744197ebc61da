/**
 * The Agents SDK adapter inside the SDK's own loop: `run(agent, …)` with a
 * scripted `Model` (test/helpers/hosts/openai-agents.ts) calling the tools,
 * and the approval interruption of a destructive tool, resumed on the run's
 * state with `approve()` and with `reject()`.
 */
import { type ToolCall, ToolDefinitionError, withMiddleware } from "@agntn/tools";
import { toOpenAiAgentsTools } from "@agntn/tools/openai-agents";
import { Agent, RunContext, run } from "@openai/agents";
import { beforeEach, describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { frameworkTools, probeSeen, recordCalls, wiped } from "./fixtures/framework-tools.ts";
import { type AgentsCall, ScriptedModel } from "./helpers/hosts/openai-agents.ts";

const tools = toOpenAiAgentsTools([slugTool, ...frameworkTools]);

/** One run: what the model read of each call, in order. */
async function reads(calls: AgentsCall[], signal?: AbortSignal) {
  const model = new ScriptedModel(calls);
  await run(new Agent({ name: "test", model, tools }), "go", signal ? { signal } : {});
  return model.results().map((item) => (item as { output: unknown }).output);
}

beforeEach(() => {
  probeSeen.calls.length = 0;
  wiped.length = 0;
});

describe("toOpenAiAgentsTools in run()", () => {
  it("hands the SDK its function tools: the JSON Schema as written, not strict", () => {
    const [slug] = toOpenAiAgentsTools([slugTool]);
    expect({
      type: slug?.type,
      name: slug?.name,
      description: slug?.description,
      parameters: slug?.parameters,
      strict: slug?.strict,
    }).toEqual({
      type: "function",
      name: "text_slug",
      description: slugTool.description,
      parameters: JSON.parse(JSON.stringify(slugTool.input)),
      strict: false,
    });
  });

  it("answers a valid call with the tool's text", async () => {
    expect(await reads([["text_slug", '{"text":"Héllo Wörld","separator":"_"}']])).toEqual([{ type: "text", text: "hello_world" }]);
  });

  it("refuses a bad call with the core's lines, which the SDK would have passed on unchecked", async () => {
    expect(await reads([["text_slug", '{"txt":"Hello","separator":"+"}']])).toEqual([
      {
        type: "text",
        text: [
          'Invalid arguments: unknown property "txt"; takes text, separator',
          "Invalid arguments at /: must have required properties text",
          "Invalid arguments at /separator: must be one of -, _, .",
        ].join("\n"),
      },
    ]);
  });

  it("answers a returned isError with the tool's own words", async () => {
    expect(await reads([["text_slug", '{"text":"!!!"}']])).toEqual([
      { type: "text", text: "The text has no letters or digits to keep; pass a title with at least one." },
    ]);
  });

  it("gives the tool the run's signal and its host, and no progress, questions, log or sampling", async () => {
    expect(await reads([["fw_probe", "{}"]], new AbortController().signal)).toEqual([
      { type: "text", text: "signal=object progress=undefined ask=undefined log=undefined sample=undefined host=given" },
    ]);
  });

  it("names itself to middleware: openai-agents", async () => {
    const seen: ToolCall[] = [];
    const [wrapped] = toOpenAiAgentsTools(withMiddleware([slugTool], recordCalls(seen)));
    await wrapped!.invoke(new RunContext({}), '{"text":"Hi"}');
    expect(seen.map(({ host }) => host)).toEqual(["openai-agents"]);
  });

  it("refuses a misspelt option and an approval naming no tool, naming the function", () => {
    expect(() => toOpenAiAgentsTools([slugTool], { aproval: "writes" } as never)).toThrow(
      new ToolDefinitionError('toOpenAiAgentsTools: unknown option "aproval"; the options are approval'),
    );
    expect(() => toOpenAiAgentsTools([slugTool], { approval: ["nope"] })).toThrow(
      new ToolDefinitionError('toOpenAiAgentsTools: approval names "nope", which is not a tool in this list'),
    );
    expect(() => toOpenAiAgentsTools([slugTool], { approval: "all" as never })).toThrow(
      new ToolDefinitionError('toOpenAiAgentsTools: approval must be "destructive", "writes" or an array of tool names'),
    );
  });
});

describe("needsApproval from the effect", () => {
  async function held(args: string) {
    const model = new ScriptedModel([["fw_wipe", args]]);
    const agent = new Agent({ name: "test", model, tools });
    const first = await run(agent, "wipe it");
    return { model, agent, first };
  }

  it("holds a destructive call; approved on the state, it runs and the model reads its text", async () => {
    const { model, agent, first } = await held('{"name":"draft"}');
    expect(first.interruptions.map((item) => item.rawItem)).toMatchObject([
      { type: "function_call", name: "fw_wipe", arguments: '{"name":"draft"}' },
    ]);
    expect(wiped).toEqual([]);
    first.state.approve(first.interruptions[0]!);
    await run(agent, first.state);
    expect(wiped).toEqual(["draft"]);
    expect(model.results().map((item) => (item as { output: unknown }).output)).toEqual([{ type: "text", text: "wiped draft" }]);
  });

  it("a rejected call never runs, and the model reads the SDK's refusal", async () => {
    const { model, agent, first } = await held('{"name":"draft"}');
    first.state.reject(first.interruptions[0]!);
    await run(agent, first.state);
    expect(wiped).toEqual([]);
    expect(model.results().map((item) => (item as { output: unknown }).output)).toEqual([
      { type: "text", text: "Tool execution was not approved." },
    ]);
  });

  it("does not hold a call the core refuses: it answers the lines at once", async () => {
    const { model, first } = await held('{"name":""}');
    expect(first.interruptions).toEqual([]);
    expect(model.results().map((item) => (item as { output: unknown }).output)).toEqual([
      { type: "text", text: "Invalid arguments at /name: must not have fewer than 1 characters" },
    ]);
  });

  it("runs writes unheld by default, and holds them with approval: writes", async () => {
    // Valid arguments for each tool: arguments the core refuses are never held.
    const valid: Record<string, unknown> = { text_slug: { text: "x" }, fw_probe: {}, fw_note: { text: "x" }, fw_wipe: { name: "x" } };
    const reading = (list: typeof tools) =>
      Promise.all(list.map((tool) => tool.needsApproval(undefined as never, valid[tool.name] as never, "c")));
    expect(await reading(tools)).toEqual([false, false, false, true]);
    expect(await reading(toOpenAiAgentsTools([slugTool, ...frameworkTools], { approval: "writes" }))).toEqual([false, false, true, true]);
  });
});
