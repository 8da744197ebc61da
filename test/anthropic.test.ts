/**
 * The Anthropic SDK adapter inside the SDK's own tool runner:
 * `client.beta.messages.toolRunner` against a fake Messages API on loopback
 * (test/helpers/hosts/anthropic.ts), whose model calls the tools.
 */
import { defineTool, type ToolCall, ToolDefinitionError, Type, withMiddleware } from "@agntn/tools";
import { toAnthropicTools } from "@agntn/tools/anthropic";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { frameworkTools, probeSeen, recordCalls } from "./fixtures/framework-tools.ts";
import { MATRIX_PNG } from "./fixtures/matrix-tools.ts";
import { type AnthropicRig, anthropicRig } from "./helpers/hosts/anthropic.ts";

const svgTool = defineTool({
  name: "fixture_svg",
  title: "Svg",
  description: "Answers with a PNG and an SVG.",
  effect: "read",
  input: Type.Object({}, { additionalProperties: false }),
  execute: () => ({
    content: [
      { type: "text", text: "two pictures" },
      { type: "image", data: MATRIX_PNG, mimeType: "image/png" },
      { type: "image", data: "PHN2Zz48L3N2Zz4=", mimeType: "image/svg+xml" },
    ],
  }),
});

const tools = toAnthropicTools([slugTool, svgTool, ...frameworkTools]);
let rig: AnthropicRig;

beforeAll(async () => {
  rig = await anthropicRig();
});

afterAll(async () => {
  await rig.api.close();
});

beforeEach(() => {
  probeSeen.calls.length = 0;
});

describe("toAnthropicTools in the tool runner", () => {
  it("sends each tool with the JSON Schema every host lists as input_schema", async () => {
    await rig.run(tools, "text_slug", { text: "Hi" });
    expect(rig.api.requests.at(-2)?.tools?.[0]).toEqual({
      type: "custom",
      name: "text_slug",
      description: slugTool.description,
      input_schema: JSON.parse(JSON.stringify(slugTool.input)),
    });
  });

  it("answers a valid call with the tool's text", async () => {
    expect(await rig.run(tools, "text_slug", { text: "Héllo Wörld", separator: "_" })).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: "hello_world" },
    ]);
  });

  it("refuses a bad call with the core's lines, as an is_error result", async () => {
    expect(await rig.run(tools, "text_slug", { txt: "Hello", separator: "+" })).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_1",
        content: [
          'Invalid arguments: unknown property "txt"; takes text, separator',
          "Invalid arguments at /: must have required properties text",
          "Invalid arguments at /separator: must be one of -, _, .",
        ].join("\n"),
        is_error: true,
      },
    ]);
  });

  it("answers a returned isError with the tool's own words, as an is_error result", async () => {
    expect(await rig.run(tools, "text_slug", { text: "!!!" })).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_1",
        content: "The text has no letters or digits to keep; pass a title with at least one.",
        is_error: true,
      },
    ]);
  });

  it("sends an image the API takes as an image block, and another image type as its note", async () => {
    expect(await rig.run(tools, "fixture_svg", {})).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_1",
        content: [
          { type: "text", text: "two pictures" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: MATRIX_PNG } },
          { type: "text", text: "[image: image/svg+xml, 11 B]" },
        ],
      },
    ]);
  });

  it("gives the tool the runner's signal and its context, and no progress, questions, log or sampling", async () => {
    const [read] = await rig.run(tools, "fw_probe", {}, new AbortController().signal);
    expect(read?.content).toBe("signal=object progress=undefined ask=undefined log=undefined sample=undefined host=given");
  });

  it("names itself to middleware: anthropic", async () => {
    const seen: ToolCall[] = [];
    const [wrapped] = toAnthropicTools(withMiddleware([slugTool], recordCalls(seen)));
    await rig.run([wrapped!], "text_slug", { text: "Hi" });
    expect(seen.map(({ host }) => host)).toEqual(["anthropic"]);
  });

  it("refuses options it does not know, naming the function", () => {
    expect(() => toAnthropicTools([slugTool], { approval: "writes" } as never)).toThrow(
      new ToolDefinitionError('toAnthropicTools: unknown option "approval"; it takes none yet'),
    );
  });
});
