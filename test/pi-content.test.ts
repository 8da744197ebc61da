/**
 * Content kinds, logging and sampling inside the real Pi: a session from
 * `createAgentSession` with pi-ai's faux provider as the model. What the
 * model read is the tool result message in the context of its next request;
 * what a sampling request sent is the context the faux provider was given.
 */
import { type AnyTool, ToolDefinitionError } from "@agntn/tools";
import { callTool } from "@agntn/tools/mcp";
import { type PiToolsOptions, registerPiTools } from "@agntn/tools/pi";
import { type FauxResponseStep, fauxAssistantMessage } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTools, PNG } from "./fixtures/pi-content-tools.ts";
import { type PiHarness, resultText, type ScriptedUi, scriptedUi, startPi } from "./fixtures/pi-session.ts";

const harnesses: PiHarness[] = [];
async function pi(options: PiToolsOptions = {}, ui?: ScriptedUi, list: AnyTool[] = contentTools): Promise<PiHarness> {
  const harness = await startPi({ extension: (api) => registerPiTools(api, list, options), ui: ui?.ui });
  harnesses.push(harness);
  return harness;
}
afterAll(() => {
  for (const harness of harnesses) harness.close();
});

/** MCP's text for the same call. */
async function mcpText(name: string, args: Record<string, unknown>): Promise<string> {
  const answer = await callTool({ name: "agntn" }, contentTools, name, args);
  return answer.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}

describe("content kinds on Pi", () => {
  let host: PiHarness;
  beforeAll(async () => {
    host = await pi();
  });

  it("gives the model the image as a Pi image block and every other kind as a note", async () => {
    const result = await host.call("media_mix", {});
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([
      { type: "text", text: "Here is the chart." },
      // Annotations have no place in Pi's image block: only data and mimeType go.
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "text", text: "[audio: audio/wav, 44 B]" },
      { type: "text", text: "[resource link: q3.pdf <file:///reports/q3.pdf>, application/pdf]" },
      { type: "text", text: "[resource: file:///notes.md, text/markdown]\n# Notes\nship it" },
    ]);
    expect(result.details).toEqual({ kinds: 5 });
  });

  it("answers a malformed block with the core's line, the text MCP sends", async () => {
    const result = await host.call("media_bad", {});
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: "text", text: "media_bad returned a malformed result: content[1] (image): data is not base64" },
    ]);
    expect(resultText(result)).toBe(await mcpText("media_bad", {}));
  });
});

describe("log on Pi", () => {
  it("is undefined without a UI: Pi's notify shows nothing there", async () => {
    const host = await pi();
    expect(resultText(await host.call("media_log", {}))).toBe("no log");
    expect(resultText(await host.call("media_offer", {}))).toBe("log: undefined, sample: function");
  });

  it("shows info and above as notices, levels folded onto Pi's three kinds, each line cleaned", async () => {
    const person = scriptedUi();
    const host = await pi({}, person);
    expect(resultText(await host.call("media_log", {}))).toBe("logged");
    expect(person.notes).toEqual([
      { message: "media_log: reading file now", type: "info" },
      { message: "media_log: half way", type: "info" },
      { message: "media_log: slow disk", type: "warning" },
      { message: "media_log: one file skipped", type: "error" },
      { message: "media_log: index damaged", type: "error" },
    ]);
  });

  it("takes its minimum from logLevel", async () => {
    const person = scriptedUi();
    const host = await pi({ logLevel: "error" }, person);
    await host.call("media_log", {});
    expect(person.notes).toEqual([
      { message: "media_log: one file skipped", type: "error" },
      { message: "media_log: index damaged", type: "error" },
    ]);
    const everything = scriptedUi();
    await (await pi({ logLevel: "debug" }, everything)).call("media_log", {});
    expect(everything.notes[0]).toEqual({ message: "media_log: cache warm", type: "info" });
    expect(everything.notes).toHaveLength(6);
  });

  it("refuses a logLevel that is not a level, before registering anything", () => {
    const api = { registerTool: () => {}, on: () => {} } as never;
    expect(() => registerPiTools(api, contentTools, { logLevel: "verbose" as never })).toThrow(
      new ToolDefinitionError(
        'registerPiTools: logLevel must be one of debug, info, notice, warning, error, critical, alert, emergency; got "verbose"',
      ),
    );
    expect(() => registerPiTools(api, contentTools, { loglevel: "info" } as never)).toThrow(
      'registerPiTools: unknown option "loglevel"; the options are keepErrorResults, confirm, perTool, Text, logLevel',
    );
  });
});

describe("sample on Pi: the session's own model", () => {
  let host: PiHarness;
  beforeAll(async () => {
    host = await pi();
  });

  it("sends the request to the session's model and gives the tool its reply", async () => {
    const asked: Array<{ messages: unknown[]; maxTokens: unknown; temperature: unknown }> = [];
    const reply: FauxResponseStep = (context, options) => {
      // Role and content only: the rest is Pi's bookkeeping (timestamps, and usage on the assistant turn).
      const messages = context.messages.map(({ role, content }) => ({ role, content }));
      asked.push({ messages: structuredClone(messages), maxTokens: options?.maxTokens, temperature: options?.temperature });
      return fauxAssistantMessage("a tiny red dot");
    };
    const result = await host.call("media_sample", {}, [reply]);
    expect(result.isError).toBe(false);
    expect(resultText(result)).toBe("caption: a tiny red dot");
    expect(host.session.model?.id).toBe("faux-1");
    expect(result.details).toEqual({ model: "faux-1", stopReason: "endTurn", blocks: [{ type: "text", text: "a tiny red dot" }] });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.maxTokens).toBe(50);
    expect(asked[0]?.temperature).toBe(0.2);
    expect(asked[0]?.messages).toEqual([
      { role: "system", content: "You caption media." },
      {
        role: "user",
        content: [
          { type: "text", text: "Caption this:" },
          { type: "image", data: PNG, mimeType: "image/png" },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "A red dot?" }] },
      {
        role: "user",
        content: [
          { type: "text", text: "And this sound:" },
          { type: "text", text: "[audio: audio/wav, 44 B]" },
        ],
      },
    ]);
  });

  it("maps Pi's stop reason onto MCP's: length is maxTokens", async () => {
    const result = await host.call("media_sample", {}, [fauxAssistantMessage("a tiny", { stopReason: "length" })]);
    expect(result.details).toEqual({ model: "faux-1", stopReason: "maxTokens", blocks: [{ type: "text", text: "a tiny" }] });
  });

  it("fails the call with the provider's message when the completion fails", async () => {
    const failed = fauxAssistantMessage("", { stopReason: "error", errorMessage: "rate \u001b[1mlimited\nretry" });
    const result = await host.call("media_sample", {}, [failed]);
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe("media_sample failed: rate limited retry");
  });
});
