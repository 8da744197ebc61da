/**
 * The Pi adapter inside the real Pi: `createAgentSession` with pi-ai's faux
 * provider scripting the model's tool calls, the tools registered by an inline
 * extension that calls `registerPiTools`, and a scripted UI bound with
 * `bindExtensions({ uiContext })` where a person must answer.
 */
import { type AnyTool, ToolDefinitionError } from "@agntn/tools";
import { callTool } from "@agntn/tools/mcp";
import { type PiToolsOptions, registerPiTools } from "@agntn/tools/pi";
import { Text } from "@earendil-works/pi-tui";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTool, tools as demoTools, renameTool, slugTool, statsTool } from "../playground/server/tools.ts";
import registration from "./fixtures/pi-registration.json" with { type: "json" };
import { type PiHarness, resultText, type ScriptedUi, scriptedUi, startPi } from "./fixtures/pi-session.ts";
import { boomTool, legacyTool, noteTool, probe, probeTool, surveyTool, waited, waitTool, writes } from "./fixtures/pi-tools.ts";

const info = { name: "agntn" };
const tools: AnyTool[] = [...demoTools, boomTool, noteTool, surveyTool, probeTool, waitTool, legacyTool];

/** MCP's text for the same call: the Pi answer must be the same words. */
async function mcpText(name: string, args: Record<string, unknown>): Promise<string> {
  const answer = await callTool(info, tools, name, args);
  return answer.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}

/** A registration with every function shown as "[function]", as the host-facts panel prints it. */
function snapshot(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === "function" ? "[function]" : v)));
}

const harnesses: PiHarness[] = [];
async function pi(options: PiToolsOptions = {}, ui?: ScriptedUi, list: AnyTool[] = tools): Promise<PiHarness> {
  const harness = await startPi({ extension: (api) => registerPiTools(api, list, options), ui: ui?.ui });
  harnesses.push(harness);
  return harness;
}
afterAll(() => {
  for (const harness of harnesses) harness.close();
});

describe("registerPiTools in a Pi session without a UI", () => {
  let host: PiHarness;
  beforeAll(async () => {
    host = await pi();
  });

  it("registers text_slug exactly as the host-facts panel shows it", () => {
    const registered = host.extensions.extensions[0]?.tools.get("text_slug")?.definition;
    expect(snapshot(registered)).toEqual(registration);
    expect(registered?.parameters).toBe(slugTool.input);
    expect(host.extensions.errors).toEqual([]);
  });

  it("declares the tool to the model with its description, schema, snippet and guideline", async () => {
    await host.call("text_slug", { text: "Hello" });
    const declared = host.seen
      .at(-1)
      ?.flatMap((m) => (m.role === "system" ? (m.toolsAdded ?? []) : []))
      .find((t) => t.name === "text_slug");
    expect(snapshot(declared)).toEqual({ name: "text_slug", description: registration.description, parameters: registration.parameters });
    expect(host.session.systemPrompt).toContain("Use text_slug to turn a title into a URL slug.");
    expect(host.session.systemPrompt).toContain("Pass separator '_' for identifiers. The default '-' is for URLs.");
  });

  it("gives the model the tool's text and keeps its details", async () => {
    const result = await host.call("text_slug", { text: "Crème Brûlée, 2nd try!", separator: "_" });
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([{ type: "text", text: "creme_brulee_2nd_try" }]);
    expect(result.details).toEqual({ slug: "creme_brulee_2nd_try", separator: "_" });
  });

  it.each([
    ["a blank text and a separator outside the enum", "text_slug", { text: "   ", separator: "/" }],
    ["a missing required property", "text_slug", { separator: "-" }],
    ["an unknown property", "text_slug", { text: "ok", shout: true }],
    ["a text over 200 characters", "text_slug", { text: "x".repeat(201) }],
    ["a chunk below its minimum, sent as a string", "text_count", { text: "a", chunk: "0" }],
    ["an unknown property with a control character in its name", "text_stats", { text: "a", "bad\u001b[2Jkey": 1 }],
  ])("answers %s with the core's lines, the text MCP sends", async (_case, name, args) => {
    const expected = await mcpText(name, args);
    const result = await host.call(name, args);
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(expected);
    expect(expected).not.toContain("Validation failed");
  });

  it("serves a tool written with TypeBox 0.34 the same way", async () => {
    expect(resultText(await host.call("pi_legacy", { word: "hey", times: 2 }))).toBe("hey hey");
    const bad = { word: "", times: 9 };
    const result = await host.call("pi_legacy", bad);
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(await mcpText("pi_legacy", bad));
  });

  it("lets Pi convert a numeric string before the core checks the call", async () => {
    const result = await host.call("text_count", { text: "one two\nthree", chunk: "2" });
    expect(result.isError).toBe(false);
    expect(resultText(result)).toBe("3 words");
  });

  it("turns a returned isError into a failed call with the tool's text", async () => {
    const result = await host.call("text_slug", { text: "!!!" });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe("The text has no letters or digits to keep; pass a title with at least one.");
    expect(resultText(result)).toBe(await mcpText("text_slug", { text: "!!!" }));
  });

  it("answers a throw with one clean line, the text MCP sends", async () => {
    const result = await host.call("pi_boom", {});
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe("pi_boom failed: disk full retry later");
    expect(resultText(result)).toBe(await mcpText("pi_boom", {}));
  });

  it("streams progress as text partials through onUpdate", async () => {
    const result = await host.call("text_count", { text: "a b\nc\nd e f", chunk: 1 });
    expect(resultText(result)).toBe("6 words");
    expect(host.updates.get(result.toolCallId)).toEqual([
      { content: [{ type: "text", text: "counted 1 of 3 lines" }], details: { progress: 1, total: 3 } },
      { content: [{ type: "text", text: "counted 2 of 3 lines" }], details: { progress: 2, total: 3 } },
      { content: [{ type: "text", text: "counted 3 of 3 lines" }], details: { progress: 3, total: 3 } },
    ]);
  });

  it("passes Pi's signal and ctx to the tool, and no ask without a UI", async () => {
    const result = await host.call("pi_probe", { n: 4 });
    expect(resultText(result)).toBe("n=4");
    expect(probe.signal).toBeInstanceOf(AbortSignal);
    expect(probe.hasAsk).toBe(false);
    expect(probe.hasProgress).toBe(true);
    expect(probe.host).toMatchObject({ hasUI: false, cwd: host.session.sessionManager.getCwd() });
  });

  it("aborts a running call through the signal Pi gives it", async () => {
    const result = await host.abortDuring("pi_wait", {});
    expect(waited.aborted).toBe(true);
    expect(result.isError).toBe(true);
    expect(waited.reason).toBe("AbortError: This operation was aborted");
    expect(resultText(result)).toBe("pi_wait failed: This operation was aborted");
  });

  it("lets a tool that needs a person say so when nobody can answer", async () => {
    const result = await host.call("files_rename", { names: ["A.txt"] });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe("Nobody to ask: run this where a person can answer, or rename by hand.");
  });

  it("checks details against an output schema and sends them as structured content", async () => {
    const result = await host.call("text_stats", { text: "two words" });
    expect(result.isError).toBe(false);
    expect(result.details).toEqual({ characters: 9, words: 2, lines: 1 });
  });
});

describe("a call another extension blocks", () => {
  it("keeps the block reason: only Pi's own validation failure is rewritten", async () => {
    const host = await startPi({
      extension: (api) => {
        registerPiTools(api, [countTool]);
        api.on("tool_call", (event) => (event.toolName === "text_count" ? { block: true, reason: "blocked by policy" } : undefined));
      },
    });
    harnesses.push(host);
    // "2" is not an integer to the core, but Pi converts it, so the call reaches the block and not a validation failure.
    const result = await host.call("text_count", { text: "a", chunk: "2" });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe("blocked by policy");
  });
});

describe("keepErrorResults", () => {
  it("returns a tool's isError result as is, details included", async () => {
    const host = await pi({ keepErrorResults: true }, undefined, [slugTool]);
    const result = await host.call("text_slug", { text: "???" });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe("The text has no letters or digits to keep; pass a title with at least one.");
    expect(result.details).toEqual({ slug: "", separator: "-" });
  });
});

describe("questions through Pi's dialogs", () => {
  let host: PiHarness;
  let person: ScriptedUi;
  beforeAll(async () => {
    person = scriptedUi();
    host = await pi({}, person);
  });
  const fresh = (...replies: Array<string | boolean | undefined>) => {
    person.dialogs.length = 0;
    person.notes.length = 0;
    person.replies.splice(0, person.replies.length, ...replies);
  };

  it("asks each field in its own dialog and gives the tool the answers", async () => {
    fresh("_", "Yes");
    const result = await host.call("files_rename", { names: ["My File.txt", "Ünïcode Name"] });
    expect(resultText(result)).toBe("Renamed:\nMy File.txt -> my_file_txt\nÜnïcode Name -> unicode_name");
    expect(person.dialogs).toEqual([
      { kind: "select", title: "How should 2 file name(s) be written?\n\nSeparator", shown: ["-", "_"] },
      {
        kind: "select",
        title: "Apply these renames?\nMy File.txt -> my_file_txt\nÜnïcode Name -> unicode_name\n\nApply",
        shown: ["Yes", "No"],
      },
    ]);
    expect(person.replies).toEqual([]);
  });

  it("cancels the form when the person presses Escape", async () => {
    fresh(undefined);
    const result = await host.call("files_rename", { names: ["a.txt"] });
    expect(result.isError).toBe(false);
    expect(resultText(result)).toBe("Nothing renamed: the person chose cancel.");
    expect(person.dialogs).toHaveLength(1);
  });

  it("cancels on Escape in a later dialog too", async () => {
    fresh("-", undefined);
    const result = await host.call("files_rename", { names: ["a.txt"] });
    expect(resultText(result)).toBe("Nothing renamed: the person did not confirm.");
    expect(person.dialogs.map((d) => d.kind)).toEqual(["select", "select"]);
  });

  it("warns about a value that does not fit and asks once more, for every kind of field", async () => {
    fresh(
      "x", // name: too short
      "Ada", // name: fits on the second try
      "ten", // size: not a number
      "11", // size: above its maximum on the second try, so the form is cancelled
    );
    const result = await host.call("pi_survey", {});
    expect(resultText(result)).toBe('{"action":"cancel"}');
    expect(person.notes).toEqual([
      { message: "Name must not have fewer than 2 characters. Try again.", type: "warning" },
      { message: "Size must be a number. Try again.", type: "warning" },
      { message: "Size must be <= 10. The question is cancelled.", type: "warning" },
    ]);
  });

  it("builds a multi-select from a toggle list and leaves optional fields empty on request", async () => {
    fresh(
      "Ada", // name
      " 7 ", // size
      "No", // public
      "[ ] red", // toggle red on
      "[ ] blue", // toggle blue on
      "[x] red", // toggle red off
      "Done",
      "", // note: left empty
      "(leave empty)", // tier
    );
    const result = await host.call("pi_survey", {});
    expect(JSON.parse(resultText(result))).toEqual({
      action: "accept",
      content: { name: "Ada", size: 7, public: false, colors: ["blue"] },
    });
    const toggles = person.dialogs.filter((d) => d.title.endsWith("Colors"));
    expect(toggles.map((d) => d.shown)).toEqual([
      ["Done", "[ ] red", "[ ] green", "[ ] blue"],
      ["Done", "[x] red", "[ ] green", "[ ] blue"],
      ["Done", "[x] red", "[ ] green", "[x] blue"],
      ["Done", "[ ] red", "[ ] green", "[x] blue"],
    ]);
    expect(person.dialogs[0]?.title).toBe("Tell us about the project\n\nName");
    expect(person.dialogs.at(-1)).toEqual({
      kind: "select",
      title: "Tell us about the project\n\nTier (optional)",
      shown: ["free", "pro", "(leave empty)"],
    });
  });

  it("asks again for a required number left empty and a multi-select below its minimum", async () => {
    fresh("Ada", "", "3", "Yes", "Done", "[ ] green", "Done", "n", "pro");
    const result = await host.call("pi_survey", {});
    expect(JSON.parse(resultText(result))).toEqual({
      action: "accept",
      content: { name: "Ada", size: 3, public: true, colors: ["green"], note: "n", tier: "pro" },
    });
    expect(person.notes).toEqual([
      { message: "Size is required. Try again.", type: "warning" },
      { message: "Colors must not have fewer than 1 items. Try again.", type: "warning" },
    ]);
  });

  it("gives the tool an ask and Pi's ctx with a UI", async () => {
    await host.call("pi_probe", {});
    expect(probe.hasAsk).toBe(true);
    expect(probe.host).toMatchObject({ hasUI: true });
  });
});

describe("confirm", () => {
  let host: PiHarness;
  let person: ScriptedUi;
  beforeAll(async () => {
    person = scriptedUi();
    host = await pi({ confirm: "writes" }, person, [noteTool, slugTool]);
  });

  it("runs the call once the person approves", async () => {
    person.replies.push(true);
    const before = writes.count;
    const result = await host.call("notes_write", { text: "buy \u001b[31mmilk" });
    expect(resultText(result)).toBe('stored "buy \\u001b[31mmilk"');
    expect(writes.count).toBe(before + 1);
    expect(person.dialogs.at(-1)).toEqual({ kind: "confirm", title: "Allow Write Note?", shown: 'text: "buy \\u001b[31mmilk"' });
  });

  it("refuses and tells the model not to retry when the person says no", async () => {
    person.replies.push(false);
    const before = writes.count;
    const result = await host.call("notes_write", { text: "x" });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe("The person declined notes_write; it did not run. Do not call it again unless the person asks for it.");
    expect(writes.count).toBe(before);
  });

  it("refuses bad input with the core's lines before asking anyone", async () => {
    const asked = person.dialogs.length;
    const result = await host.call("notes_write", { text: "" });
    expect(resultText(result)).toBe(await mcpText("notes_write", { text: "" }));
    expect(person.dialogs).toHaveLength(asked);
  });

  it("asks nothing for a read tool", async () => {
    const asked = person.dialogs.length;
    expect(resultText(await host.call("text_slug", { text: "A B" }))).toBe("a-b");
    expect(person.dialogs).toHaveLength(asked);
  });

  it("refuses clearly when nobody can approve", async () => {
    const headless = await pi({ confirm: ["notes_write"] }, undefined, [noteTool]);
    const before = writes.count;
    const result = await headless.call("notes_write", { text: "x" });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(
      "notes_write needs the person's approval, and nobody can give it here (Pi runs without a UI). It did not run.",
    );
    expect(writes.count).toBe(before);
  });
});

describe("a list Pi must refuse", () => {
  it("registers nothing from a list with a duplicate name, and Pi reports why", async () => {
    const host = await pi({}, undefined, [slugTool, countTool, slugTool]);
    expect(host.extensions.errors.map((e) => e.error)).toEqual([
      expect.stringContaining('Duplicate tool name "text_slug": every tool in a list needs its own name'),
    ]);
    expect(host.session.getAllTools().map((t) => t.name)).not.toContain("text_count");
  });
});

/** A stand-in for Pi's extension API that records what the adapter asks of it. */
function recordingPi() {
  const registered: Array<Record<string, unknown>> = [];
  const events: string[] = [];
  const api = {
    registerTool: (tool: Record<string, unknown>) => {
      registered.push(tool);
    },
    on: (event: string) => {
      events.push(event);
      return () => {};
    },
  };
  return { api: api as unknown as Parameters<typeof registerPiTools>[0], registered, events };
}

describe("registerPiTools checks everything before registering", () => {
  it.each<[string, AnyTool[], PiToolsOptions, RegExp]>([
    ["a duplicate name", [slugTool, renameTool, slugTool], {}, /^Duplicate tool name "text_slug"/],
    [
      "a confirm entry naming no tool",
      [slugTool],
      { confirm: ["text_slug", "files_delete"] },
      /confirm names "files_delete", which is not a tool/,
    ],
    [
      'a confirm that is neither "writes" nor a list',
      [slugTool],
      { confirm: "all" as never },
      /^registerPiTools: confirm must be "writes" or an array of tool names$/,
    ],
    [
      "a renderer naming no tool",
      [slugTool],
      { perTool: { constructor: { renderCall: () => ({ render: () => [], invalidate() {} }) } } },
      /perTool names "constructor", which is not a tool/,
    ],
    ["a callLine without Pi's Text", [slugTool], { perTool: { text_slug: { callLine: true } } }, /pass it as the Text option/],
    [
      "a callLine beside a renderCall",
      [slugTool],
      { perTool: { text_slug: { callLine: true, renderCall: () => ({ render: () => [], invalidate() {} }) } } },
      /give renderCall or callLine, not both/,
    ],
  ])("refuses %s with a ToolDefinitionError and registers nothing", (_case, list, options, message) => {
    const { api, registered, events } = recordingPi();
    expect(() => registerPiTools(api, list, options)).toThrow(ToolDefinitionError);
    expect(() => registerPiTools(api, list, options)).toThrow(message);
    expect(registered).toEqual([]);
    expect(events).toEqual([]);
  });

  it("passes renderers through and copies guidelines", () => {
    const { api, registered, events } = recordingPi();
    const renderCall = () => ({ render: () => ["call"], invalidate() {} });
    const renderResult = () => ({ render: () => ["result"], invalidate() {} });
    registerPiTools(api, [slugTool, statsTool], { perTool: { text_slug: { renderCall, renderResult } } });
    expect(registered.map((t) => t.name)).toEqual(["text_slug", "text_stats"]);
    expect(registered[0]?.renderCall).toBe(renderCall);
    expect(registered[0]?.renderResult).toBe(renderResult);
    expect(registered[0]?.promptGuidelines).toEqual(slugTool.guidelines);
    expect(registered[0]?.promptGuidelines).not.toBe(slugTool.guidelines);
    expect(registered[1]?.outputSchema).toBe(statsTool.output);
    expect("renderCall" in (registered[1] ?? {})).toBe(false);
    expect(events).toEqual(["tool_execution_start", "message_end"]);
  });

  it("draws a one-line call description with the host's Text, every value cleaned", () => {
    const theme = { fg: (color: string, text: string) => `<${color}>${text}</${color}>`, bold: (text: string) => `*${text}*` };
    const { api, registered } = recordingPi();
    registerPiTools(api, [slugTool, countTool], {
      Text,
      perTool: { text_slug: { callLine: true }, text_count: { callLine: (args) => `${String(args.text).length} chars\u001b[2J\nnext` } },
    });
    type Draw = (args: unknown, theme: unknown, context?: { lastComponent?: unknown }) => Text;
    const slugLine = registered[0]?.renderCall as Draw;
    const countLine = registered[1]?.renderCall as Draw;
    const drawn = (component: Text) => component.render(200).map((line) => line.trimEnd());
    const first = slugLine({ text: "Hi\u0007 there", separator: "_" }, theme, {});
    expect(first).toBeInstanceOf(Text);
    expect(drawn(first)).toEqual(['<toolTitle>*Text Slug*</toolTitle> <muted>text="Hi\\u0007 there" separator="_"</muted>']);
    const again = slugLine({ text: "x" }, theme, { lastComponent: first });
    expect(again).toBe(first);
    expect(drawn(again)).toEqual(['<toolTitle>*Text Slug*</toolTitle> <muted>text="x"</muted>']);
    expect(drawn(countLine({ text: "abc" }, theme, {}))).toEqual(["<toolTitle>*Count Words*</toolTitle> <muted>3 chars next</muted>"]);
    // A summary that throws leaves the title alone on the line: drawing never fails.
    const broken = recordingPi();
    registerPiTools(broken.api, [slugTool], {
      Text,
      perTool: {
        text_slug: {
          callLine: () => {
            throw new Error("no");
          },
        },
      },
    });
    const brokenLine = broken.registered[0]?.renderCall as Draw;
    expect(drawn(brokenLine({}, theme, {}))).toEqual(["<toolTitle>*Text Slug*</toolTitle>"]);
  });

  it("hands execute the very signal Pi passes", async () => {
    const { api, registered } = recordingPi();
    registerPiTools(api, [probeTool]);
    const controller = new AbortController();
    const execute = registered[0]?.execute as (...args: unknown[]) => Promise<unknown>;
    await expect(execute("call-1", { n: 1 }, controller.signal, undefined, undefined)).resolves.toEqual({
      content: [{ type: "text", text: "n=1" }],
      details: undefined,
    });
    expect(probe.signal).toBe(controller.signal);
    expect(probe.host).toBeUndefined();
    expect(probe.hasProgress).toBe(false);
  });
});
