/**
 * registerOmpTools without the host: what it refuses before registering
 * anything, what it hands over, the status line drawn with a recording theme,
 * and `execute` called the way OMP calls it. The real host runs in omp.test.ts.
 */
import { type AnyTool, defineTool, ToolDefinitionError, Type } from "@agntn/tools";
import { type OmpExtensionApi, type OmpTheme, type OmpToolRegistration, registerOmpTools } from "@agntn/tools/omp";
import { describe, expect, test } from "vitest";
import { countTool, renameTool, slugTool, tools } from "../playground/server/tools.ts";
import { formTool, ompTools } from "./fixtures/omp-tools.ts";

/** A `pi` that records registrations; its Unsafe wraps the document so the test can see what went in. */
function recordingPi() {
  const registered: OmpToolRegistration[] = [];
  const pi: OmpExtensionApi = {
    typebox: { Type: { Unsafe: (schema) => ({ unsafe: schema }) } },
    registerTool: (tool: OmpToolRegistration) => {
      registered.push(tool);
    },
  };
  return { pi, registered };
}

const theme: OmpTheme = {
  fg: (color, text) => `<${color}>${text}</>`,
  bold: (text) => `*${text}*`,
  status: { success: "OK", error: "NO" },
};
const plainTheme: OmpTheme = { fg: (_color, text) => text, bold: (text) => text };
const asCall = { expanded: false, isPartial: false };
const asPartial = { expanded: false, isPartial: true };

function registrationOf(
  name: string,
  options?: Parameters<typeof registerOmpTools>[2],
  list: readonly AnyTool[] = [...tools, ...ompTools],
) {
  const { pi, registered } = recordingPi();
  registerOmpTools(pi, list, options);
  const found = registered.find((r) => r.name === name);
  if (!found) throw new Error(`${name} was not registered`);
  return found;
}

const withI = defineTool({
  name: "has_i",
  title: "Has I",
  description: "Takes a property OMP keeps for itself.",
  effect: "read",
  input: Type.Object({ i: Type.String() }, { additionalProperties: false }),
  execute: ({ i }) => ({ content: [{ type: "text", text: i }] }),
});
const constructorTool = defineTool({ ...slugTool, name: "constructor" });

describe("refused before anything is registered", () => {
  test.each<[string, unknown[], unknown, string]>([
    ["a duplicate name", [slugTool, countTool, slugTool], {}, 'Duplicate tool name "text_slug": every tool in a list needs its own name'],
    [
      "a property named i",
      [slugTool, withI],
      {},
      'has_i: input property "i" is reserved on OMP, which adds its own required "i" (the call\'s intent) to every tool and strips it before execute; rename the property',
    ],
    [
      "options for a tool not in the list",
      [slugTool],
      { perTool: { text_count: {} } },
      'registerOmpTools: perTool names "text_count", which is not a tool of this list',
    ],
    [
      "options for constructor, not in the list",
      [slugTool],
      { perTool: { constructor: {} } },
      'registerOmpTools: perTool names "constructor", which is not a tool of this list',
    ],
    [
      "an unknown loadMode",
      [slugTool],
      { loadMode: "hidden" },
      'registerOmpTools: loadMode must be "essential" or "discoverable", got "hidden"',
    ],
    [
      "an unknown per-tool loadMode",
      [slugTool],
      { perTool: { text_slug: { loadMode: "eager" } } },
      'registerOmpTools: perTool["text_slug"].loadMode must be "essential" or "discoverable"',
    ],
    ["an unknown validation", [slugTool], { validation: "none" }, 'registerOmpTools: validation must be "core" or "host", got "none"'],
    [
      "a renderer that is not a function",
      [slugTool],
      { perTool: { text_slug: { renderCall: "x" } } },
      'registerOmpTools: perTool["text_slug"].renderCall must be a function',
    ],
    [
      "a per-tool entry that is not an object",
      [slugTool],
      { perTool: { text_slug: 1 } },
      'registerOmpTools: perTool["text_slug"] must be an object',
    ],
    ["options that are not an object", [slugTool], "fast", "registerOmpTools: options must be an object"],
  ])("%s", (_what, list, options, message) => {
    const { pi, registered } = recordingPi();
    expect(() => registerOmpTools(pi, list as never, options as never)).toThrow(new ToolDefinitionError(message));
    expect(registered).toEqual([]);
  });

  test("a pi that is not OMP's ExtensionAPI", () => {
    expect(() => registerOmpTools({} as never, tools)).toThrow(
      new ToolDefinitionError("registerOmpTools needs the ExtensionAPI that OMP passes to an extension's default export"),
    );
    expect(() => registerOmpTools({ registerTool: () => {} } as never, tools)).toThrow(
      new ToolDefinitionError("registerOmpTools needs OMP's pi.typebox.Type.Unsafe (@oh-my-pi/pi-coding-agent 18.2 or newer)"),
    );
  });

  test("constructor is a tool name like any other", () => {
    const { pi, registered } = recordingPi();
    registerOmpTools(pi, [constructorTool], { perTool: { constructor: { loadMode: "essential" as const } } });
    expect(registered.map((r) => [r.name, r.loadMode])).toEqual([["constructor", "essential"]]);
  });
});

describe("what OMP receives", () => {
  test("text_slug: the schema through the host's Unsafe, the read tier, the status line renderers", () => {
    const slug = registrationOf("text_slug");
    expect({ ...slug, execute: typeof slug.execute, renderCall: typeof slug.renderCall, renderResult: typeof slug.renderResult }).toEqual({
      name: "text_slug",
      label: "Text Slug",
      description: slugTool.description,
      parameters: { unsafe: JSON.parse(JSON.stringify(slugTool.input)) },
      approval: "read",
      execute: "function",
      renderCall: "function",
      renderResult: "function",
    });
    expect(Object.getOwnPropertyDescriptor(slug, "lenientArgValidation")?.value).toBe(true);
    expect(Object.hasOwn(registrationOf("text_slug", { validation: "host" }), "lenientArgValidation")).toBe(false);
  });

  test.each([
    [slugTool.name, "read"],
    [renameTool.name, "write"],
    [formTool.name, "write"],
  ])("%s gets the approval tier %s", (name, tier) => {
    expect(registrationOf(name).approval).toBe(tier);
  });

  test("loadMode: one for the list, overridden per tool", () => {
    const options = { loadMode: "discoverable", perTool: { text_count: { loadMode: "essential" } } } as const;
    expect(registrationOf("text_slug", options).loadMode).toBe("discoverable");
    expect(registrationOf("text_count", options).loadMode).toBe("essential");
    expect(Object.hasOwn(registrationOf("text_slug"), "loadMode")).toBe(false);
  });

  test("the schema handed over is a copy: the host cannot change the tool's", () => {
    const slug = registrationOf("text_slug");
    const handed = (slug.parameters as { unsafe: { properties: Record<string, unknown> } }).unsafe;
    handed.properties.text = { type: "number" };
    expect(registrationOf("text_slug").parameters).toEqual({ unsafe: JSON.parse(JSON.stringify(slugTool.input)) });
  });

  test("your own renderers are passed through as they are", () => {
    const renderCall = () => ({ render: () => ["mine"] });
    const renderResult = () => ({ render: () => ["my result"] });
    const slug = registrationOf("text_slug", { perTool: { text_slug: { renderCall, renderResult } } });
    expect(slug.renderCall).toBe(renderCall);
    expect(slug.renderResult).toBe(renderResult);
  });
});

describe("the status line", () => {
  const slugLine = (options?: Parameters<typeof registerOmpTools>[2]) => registrationOf("text_slug", options);
  const draw = (component: { render(width: number): readonly string[] }, width = 120) => component.render(width);

  test("call line: the title, then the summary, every value one clean line", () => {
    const plain = slugLine();
    expect(draw(plain.renderCall?.({ text: "x" }, asCall, theme) as never)).toEqual(["<toolTitle>*Text Slug*</>"]);
    const summarized = slugLine({ perTool: { text_slug: { summary: (args) => `for \u001b[31m${String(args.text)}\u202e` } } });
    expect(draw(summarized.renderCall?.({ text: "two\nlines" }, asCall, theme) as never)).toEqual([
      "<toolTitle>*Text Slug*</> <muted>for two lines</>",
    ]);
  });

  test("partial line: the last progress text", () => {
    const count = registrationOf("text_count");
    const partial = { content: [{ type: "text" as const, text: "counted 2 of 9 lines\u001b]0;title\u0007" }] };
    expect(draw(count.renderResult?.(partial, asPartial, theme) as never)).toEqual(["<dim>counted 2 of 9 lines</>"]);
  });

  test("final line: mark, title, tier, facts; an error shows no facts", () => {
    const facts = (details: unknown) => [`slug ${String((details as { slug: string }).slug)}`, "sep\n-"];
    const slug = slugLine({ perTool: { text_slug: { facts } } });
    const done = { content: [{ type: "text" as const, text: "a-b" }], details: { slug: "a-b" } };
    expect(draw(slug.renderResult?.(done, asCall, theme) as never)).toEqual([
      "<success>OK</> <toolTitle>*Text Slug*</> <muted>read</> <dim>slug a-b · sep -</>",
    ]);
    const failed = { ...done, isError: true };
    expect(draw(slug.renderResult?.(failed, asCall, theme) as never)).toEqual(["<error>NO</> <toolTitle>*Text Slug*</> <muted>read</>"]);
  });

  test("a summary or facts callback that throws is left out; a theme without status marks gets ✓ and ✗", () => {
    const boom = () => {
      throw new Error("boom");
    };
    const slug = slugLine({ perTool: { text_slug: { summary: boom, facts: boom } } });
    const done = { content: [{ type: "text" as const, text: "a" }] };
    expect(draw(slug.renderCall?.({}, asCall, plainTheme) as never)).toEqual(["Text Slug"]);
    expect(draw(slug.renderResult?.(done, asCall, plainTheme) as never)).toEqual(["✓ Text Slug read"]);
    expect(draw(slug.renderResult?.({ ...done, isError: true }, asCall, plainTheme) as never)).toEqual(["✗ Text Slug read"]);
  });

  test.each([
    [30, "✓ Text Slug read one fact"],
    [16, "✓ Text Slug read"],
    [12, "✓ Text Slug"],
    [8, "✓ Text …"],
    [1, "✓"],
    [0, ""],
  ])("cut to %i columns", (width, expected) => {
    const slug = slugLine({ perTool: { text_slug: { facts: () => "one fact" } } });
    const row = draw(slug.renderResult?.({ content: [] }, asCall, plainTheme) as never, width);
    expect(row).toEqual([expected]);
    expect(Array.from(row[0] ?? "").length).toBeLessThanOrEqual(width);
  });
});

describe("execute, called the way OMP calls it", () => {
  test("without a UI: no ask, progress as partial results, the signal and OMP's ctx reach the tool", async () => {
    const seen: unknown[] = [];
    const probe = defineTool({
      name: "probe",
      title: "Probe",
      description: "Reports what its context holds.",
      effect: "read",
      input: Type.Object({}, { additionalProperties: false }),
      execute: (_input, { ask, signal, host, progress }) => {
        progress?.("half", { progress: 1, total: 2 });
        seen.push(ask, signal, host);
        return { content: [{ type: "text", text: "done" }], details: { ok: true } };
      },
    });
    const execute = registrationOf("probe", {}, [probe]).execute;
    const signal = new AbortController().signal;
    const ctx = { hasUI: false, ui: {} };
    const updates: unknown[] = [];
    const result = await execute("id-1", {}, signal, (partial) => updates.push(partial), ctx);
    expect(result).toEqual({ content: [{ type: "text", text: "done" }], details: { ok: true } });
    expect(updates).toEqual([
      { content: [{ type: "text", text: "half" }], details: { progress: { message: "half", progress: 1, total: 2 } } },
    ]);
    expect(seen).toEqual([undefined, signal, ctx]);
  });

  test("an aborted signal reaches the tool, and its abort comes back as a failure text", async () => {
    const controller = new AbortController();
    controller.abort();
    const execute = registrationOf("text_count").execute;
    await expect(execute("id-4", { text: "a b" }, controller.signal, undefined, undefined)).resolves.toEqual({
      content: [{ type: "text", text: "text_count failed: This operation was aborted" }],
      isError: true,
    });
  });

  test("a UI without select and input gives no ask either", async () => {
    const execute = registrationOf("files_rename").execute;
    const result = await execute("id-2", { names: ["a"] }, undefined, undefined, { hasUI: true, ui: { notify: () => {} } });
    expect(result).toEqual({
      content: [{ type: "text", text: "Nobody to ask: run this where a person can answer, or rename by hand." }],
      isError: true,
    });
  });

  test("bad input is returned as an isError result with the core's lines; execute never throws", async () => {
    const execute = registrationOf("text_slug").execute;
    await expect(execute("id-3", { text: 3, extra: true }, undefined, undefined, undefined)).resolves.toEqual({
      content: [
        {
          type: "text",
          text: 'Invalid arguments: unknown property "extra"; takes text, separator\nInvalid arguments at /text: must be string',
        },
      ],
      isError: true,
    });
  });
});
