/**
 * The Google GenAI adapter inside the SDK's own automatic function calling:
 * `generateContent` against a fake Gemini API on loopback
 * (test/helpers/hosts/google.ts), whose model calls the tools.
 */
import { type ToolCall, ToolDefinitionError, withMiddleware } from "@agntn/tools";
import { toGoogleTool } from "@agntn/tools/google";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { frameworkTools, recordCalls } from "./fixtures/framework-tools.ts";
import { type GoogleRig, googleRig } from "./helpers/hosts/google.ts";

const tool = toGoogleTool([slugTool, ...frameworkTools]);
let rig: GoogleRig;

beforeAll(async () => {
  rig = await googleRig();
});

afterAll(async () => {
  await rig.close();
});

describe("toGoogleTool in generateContent", () => {
  it("declares each tool with the JSON Schema every host lists as parametersJsonSchema", async () => {
    await rig.run(tool, "text_slug", { text: "Hi" });
    expect(rig.requests.at(-2)?.tools).toEqual([
      {
        functionDeclarations: [
          { name: "text_slug", description: slugTool.description, parametersJsonSchema: JSON.parse(JSON.stringify(slugTool.input)) },
          {
            name: "fw_probe",
            description: frameworkTools[0]?.description,
            parametersJsonSchema: { type: "object", properties: { label: { type: "string" } }, additionalProperties: false },
          },
          {
            name: "fw_note",
            description: frameworkTools[1]?.description,
            parametersJsonSchema: JSON.parse(JSON.stringify(frameworkTools[1]?.input)),
          },
          {
            name: "fw_wipe",
            description: frameworkTools[2]?.description,
            parametersJsonSchema: JSON.parse(JSON.stringify(frameworkTools[2]?.input)),
          },
        ],
      },
    ]);
  });

  it("answers a valid call with the text as the response's output", async () => {
    expect(await rig.run(tool, "text_slug", { text: "Héllo Wörld", separator: "_" })).toEqual([
      { functionResponse: { id: "fc1", name: "text_slug", response: { output: "hello_world" } } },
    ]);
  });

  it("refuses a bad call with the core's lines, as the response's error", async () => {
    expect(await rig.run(tool, "text_slug", { txt: "Hello", separator: "+" })).toEqual([
      {
        functionResponse: {
          id: "fc1",
          name: "text_slug",
          response: {
            error: [
              'Invalid arguments: unknown property "txt"; takes text, separator',
              "Invalid arguments at /: must have required properties text",
              "Invalid arguments at /separator: must be one of -, _, .",
            ].join("\n"),
          },
        },
      },
    ]);
  });

  it("answers a returned isError with the tool's own words, as the response's error", async () => {
    expect(await rig.run(tool, "text_slug", { text: "!!!" })).toEqual([
      {
        functionResponse: {
          id: "fc1",
          name: "text_slug",
          response: { error: "The text has no letters or digits to keep; pass a title with at least one." },
        },
      },
    ]);
  });

  it("hands the tool the function call as its host, and no signal, progress, questions, log or sampling", async () => {
    expect(await rig.run(tool, "fw_probe", {})).toEqual([
      {
        functionResponse: {
          id: "fc1",
          name: "fw_probe",
          response: { output: "signal=undefined progress=undefined ask=undefined log=undefined sample=undefined host=given" },
        },
      },
    ]);
  });

  it("leaves a name it has no tool for to the callable tools beside it", async () => {
    expect(await tool.callTool([{ id: "x", name: "nope", args: {} }])).toEqual([]);
  });

  it("names itself to middleware: google", async () => {
    const seen: ToolCall[] = [];
    const wrapped = toGoogleTool(withMiddleware([slugTool], recordCalls(seen)));
    await rig.run(wrapped, "text_slug", { text: "Hi" });
    expect(seen.map(({ host }) => host)).toEqual(["google"]);
  });

  it("refuses options it does not know, naming the function", () => {
    expect(() => toGoogleTool([slugTool], { behavior: "BLOCKING" } as never)).toThrow(
      new ToolDefinitionError('toGoogleTool: unknown option "behavior"; it takes none yet'),
    );
  });
});
