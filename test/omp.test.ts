/**
 * OMP inside the real host: each script under test/omp runs a real OMP
 * (`@oh-my-pi/pi-coding-agent` 18.2.3) under bun with a scripted model and
 * prints what happened as JSON; these tests assert it exactly. Failure texts
 * are also compared with what the MCP host answers for the same call.
 */
import { readFileSync } from "node:fs";
import { callTool } from "@agntn/tools/mcp";
import { beforeAll, describe, expect, test } from "vitest";
import { tools } from "../playground/server/tools.ts";
import { ompTools } from "./fixtures/omp-tools.ts";
import { runOmpScript } from "./helpers/bun-script.ts";

const hostFacts = JSON.parse(readFileSync(new URL("./fixtures/spec-host-facts.json", import.meta.url), "utf8")) as Array<{
  key: string;
  registration: unknown;
}>;

interface Dialog {
  kind: "select" | "input";
  title: string;
  options?: string[];
  answer: string | null;
}
interface CallRecord {
  text: string;
  content: unknown[];
  isError: boolean;
  details?: unknown;
  updates: string[];
  dialogs: Dialog[];
  warnings: string[];
}

/** What the MCP host answers for the same call: every failure text must be the same on OMP. */
async function mcpText(name: string, args: unknown): Promise<string> {
  const result = await callTool({ name: "omp" }, [...tools, ...ompTools], name, args);
  return result.content.map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("\n");
}

const ok = (text: string, details?: unknown) => ({ text, isError: false, ...(details === undefined ? {} : { details }) });
const failed = (text: string) => ({ text, isError: true });

let calls: Record<string, unknown>;
let questions: Record<string, CallRecord>;
let registration: Record<string, unknown>;

beforeAll(async () => {
  [calls, questions, registration] = (await Promise.all([
    runOmpScript<Record<string, unknown>>("calls"),
    runOmpScript<Record<string, unknown>>("questions"),
    runOmpScript<Record<string, unknown>>("registration"),
  ])) as [Record<string, unknown>, Record<string, CallRecord>, Record<string, unknown>];
});

describe("headless calls in a real OMP session", () => {
  const call = (name: string) => (calls.calls as Record<string, CallRecord>)[name] as CallRecord;

  test("the trap is live: OMP rewrote the extension's bare typebox import, and TypeBox fed that schema accepts anything", () => {
    expect(calls.rewrittenSchemaType).toBe("function");
    expect(calls.rewrittenSchemaAcceptsNumber).toBe(true);
    // A tool built on that import is refused at definition, never served with a validator that passes everything.
    expect(calls.rewrittenToolError).toBe("ToolDefinitionError: shim_tool: input must be an object schema (Type.Object), got function");
    expect(calls.registrationError).toBeNull();
  });

  /** [what, key in the script's output, tool, arguments the model sent, what the model read]. */
  test.each<[string, string, string, unknown, object]>([
    [
      "success",
      "success",
      "text_slug",
      { text: "Héllo, Wörld!", separator: "_" },
      ok("hello_world", { slug: "hello_world", separator: "_" }),
    ],
    ["missing argument", "missing", "text_slug", {}, failed("Invalid arguments at /: must have required properties text")],
    [
      "empty text",
      "empty",
      "text_slug",
      { text: "" },
      failed('Invalid arguments at /text: must not have fewer than 1 characters\nInvalid arguments at /text: must match pattern "\\S"'),
    ],
    [
      "two problems",
      "tooLong",
      "text_slug",
      { text: "x".repeat(201), separator: "+" },
      failed("Invalid arguments at /text: must not have more than 200 characters\nInvalid arguments at /separator: must be one of -, _, ."),
    ],
    [
      "returned isError keeps its details",
      "returnedError",
      "text_slug",
      { text: "!!!" },
      { ...failed("The text has no letters or digits to keep; pass a title with at least one."), details: { slug: "", separator: "-" } },
    ],
    ["a throw, cleaned to one line", "thrown", "omp_throw", {}, failed("omp_throw failed: disk full now")],
    [
      "a malformed result",
      "malformed",
      "omp_malformed",
      {},
      failed("omp_malformed returned a malformed result: content must be an array of content blocks, got string"),
    ],
    ["details that fit the output schema", "reportOk", "omp_report", {}, ok("3 items", { count: 3, label: "items" })],
    [
      "details that break the output schema",
      "reportWrong",
      "omp_report",
      { wrong: true },
      failed(
        [
          "omp_report returned details that don't match its output schema",
          'at /: unknown property "name"; takes count, label',
          "at /: must have required properties label",
          "at /count: must be integer",
        ].join("\n"),
      ),
    ],
    [
      "a question without a UI: ask is undefined",
      "noUi",
      "files_rename",
      { names: ["a b"] },
      failed("Nobody to ask: run this where a person can answer, or rename by hand."),
    ],
  ])("%s", async (_what, key, name, args, expected) => {
    const seen = call(key);
    expect(seen).toMatchObject(expected);
    expect(seen.dialogs).toEqual([]);
    // The model reads on OMP exactly what it reads on MCP, failures included.
    expect(seen.text).toBe(await mcpText(name, args));
  });

  test("OMP's intent argument i is taken out before the tool sees the arguments", () => {
    expect(call("withIntent")).toMatchObject(ok("intent-kept-out", { slug: "intent-kept-out", separator: "-" }));
  });

  test("progress reaches OMP as partial results, in order, before the final text", () => {
    expect(call("progress")).toMatchObject({
      ...ok("6 words", { words: 6, lines: 3 }),
      updates: ["counted 1 of 3 lines", "counted 2 of 3 lines", "counted 3 of 3 lines"],
    });
  });

  test("OMP recorded the approval tier from each effect: read → read, write and destructive → write", () => {
    expect(calls.approvals).toEqual({ text_slug: "read", text_count: "read", files_rename: "write", omp_form: "write" });
  });

  test("loadMode essential puts text_slug up front; OMP adds its required i there", () => {
    expect(calls.upFront).toEqual(["text_slug"]);
    expect(calls.intent).toEqual({ required: ["text", "i"], hasProperty: true });
  });

  test("a list with a duplicate name registers nothing in OMP", () => {
    expect(calls.duplicate).toMatchObject({
      registrationError: 'ToolDefinitionError: Duplicate tool name "text_slug": every tool in a list needs its own name',
      registered: [],
      call: failed("Tool text_count not found"),
    });
  });

  test('validation "host" lets OMP refuse bad input with its own message first', () => {
    const seen = calls.hostValidated as CallRecord;
    expect(seen.isError).toBe(true);
    expect(seen.text.split("\n")[0]).toBe('Validation failed for tool "text_slug":');
    expect(seen.text).not.toContain("Invalid arguments");
  });
});

describe("approval and questions with a scripted UI (approval mode always-ask)", () => {
  const approve = (tool: string): Dialog => ({
    kind: "select",
    title: `Allow tool: ${tool}`,
    options: ["Approve", "Deny"],
    answer: "Approve",
  });

  test("a read-tier tool runs without an approval dialog", () => {
    expect(questions.readTier).toMatchObject({ ...ok("no-prompt"), dialogs: [], warnings: [] });
  });

  test("a write-tier tool waits for approval; then one select per question field", () => {
    const renamed = "Renamed:\nMy File.txt -> my_file_txt\nNotes 2 -> notes_2";
    expect(questions.renamed).toEqual({
      ...ok(renamed, {
        plan: ["My File.txt -> my_file_txt", "Notes 2 -> notes_2"],
        applied: true,
      }),
      content: [{ type: "text", text: renamed }],
      updates: [],
      warnings: [],
      dialogs: [
        approve("files_rename"),
        { kind: "select", title: "How should 2 file name(s) be written?\n\nSeparator", options: ["-", "_"], answer: "_" },
        {
          kind: "select",
          title: "Apply these renames?\nMy File.txt -> my_file_txt\nNotes 2 -> notes_2\n\nApply",
          options: ["Yes", "No"],
          answer: "Yes",
        },
      ],
    });
    expect(questions.notConfirmed).toMatchObject(ok("Nothing renamed: the person did not confirm."));
  });

  test("Escape cancels the form; the tool reads cancel", () => {
    expect(questions.escaped).toMatchObject(ok("Nothing renamed: the person chose cancel."));
    expect(questions.escaped?.dialogs.map((d) => d.answer)).toEqual(["Approve", null]);
  });

  test("a denied approval never runs the tool", () => {
    expect(questions.denied).toMatchObject({ ...failed("Tool call denied by user: files_rename"), dialogs: [{ answer: "Deny" }] });
  });

  test("every kind of field, a wrong value warned and asked again, optional fields left empty", () => {
    const form = questions.form as CallRecord;
    expect(form).toMatchObject(ok('{"action":"accept","content":{"count":3,"tags":["green"],"loud":false}}'));
    expect(form.warnings).toEqual(["Count must be a number. Try again."]);
    const tags = "Fill in the form\n\nTags";
    expect(form.dialogs).toEqual([
      approve("omp_form"),
      { kind: "input", title: "Fill in the form\n\nCount", answer: "abc" },
      { kind: "input", title: "Fill in the form\n\nCount", answer: "3" },
      { kind: "select", title: tags, options: ["Done", "[ ] red", "[ ] green", "[ ] blue"], answer: "[ ] green" },
      // OMP's select takes initialIndex: the list stays on the entry just flipped.
      { kind: "select", title: tags, options: ["Done", "[ ] red", "[x] green", "[ ] blue"], initialIndex: 2, answer: "[ ] red" },
      { kind: "select", title: tags, options: ["Done", "[x] red", "[x] green", "[ ] blue"], initialIndex: 1, answer: "[x] red" },
      { kind: "select", title: tags, options: ["Done", "[ ] red", "[x] green", "[ ] blue"], initialIndex: 1, answer: "Done" },
      { kind: "select", title: "Fill in the form\n\nLoud", options: ["Yes", "No"], answer: "No" },
      { kind: "input", title: "Fill in the form\n\nNote: Anything else (optional)", answer: "" },
      {
        kind: "select",
        title: "Fill in the form\n\nMode (optional)",
        options: ["fast", "slow", "(leave empty)"],
        initialIndex: 1, // the default, "slow"
        answer: "(leave empty)",
      },
    ]);
  });

  test("an empty multi-select is warned; every field can be filled", () => {
    const form = questions.formDefaults as CallRecord;
    expect(form.text).toBe('{"action":"accept","content":{"count":9,"tags":["blue"],"loud":true,"note":"loud please","mode":"fast"}}');
    expect(form.warnings).toEqual(["Tags must not have fewer than 1 items. Try again."]);
  });

  test("a value wrong twice cancels the form", () => {
    expect(questions.formTwiceWrong).toMatchObject({
      ...ok('{"action":"cancel"}'),
      warnings: ["Count must be >= 1. Try again.", "Count must be <= 9. The question is cancelled."],
    });
  });
});

describe("registration with OMP's real pi.typebox.Type.Unsafe", () => {
  const omp = hostFacts.find((h) => h.key === "omp") as { registration: { parameters: { unsafe: unknown } } };

  test("text_slug registers exactly as the host-facts panel shows it", () => {
    expect(registration.registered).toEqual(["text_slug", "text_count", "files_rename", "text_stats", "text_badge"]);
    expect(registration.snapshot).toEqual(omp.registration);
    expect((registration.hostValidation as { snapshot: unknown }).snapshot).toEqual(omp.registration);
  });

  test("the host builder took the document as is: a callable schema whose JSON is ours", () => {
    expect(registration.hostSchema).toEqual({
      isFunction: true,
      json: omp.registration.parameters.unsafe,
    });
  });

  test("core validation is an own, hidden flag OMP reads; host validation leaves it out", () => {
    expect(registration.lenient).toEqual({ value: true, writable: false, enumerable: false, configurable: false });
    expect((registration.hostValidation as { lenient: unknown }).lenient).toBeNull();
    expect(registration.loadMode).toBe("essential");
  });

  test("the status line in OMP's own theme, every row within the width", () => {
    const themed = registration.themed as Record<string, unknown>;
    const { successMark, errorMark } = themed as { successMark: string; errorMark: string };
    expect(themed.call).toEqual([{ plain: "Count Words", width: 11 }]);
    expect(themed.partial).toEqual([{ plain: "counted 2 of 3 lines", width: 20 }]);
    expect(themed.done).toEqual([{ plain: `${successMark} Count Words read`, width: 18 }]);
    expect(themed.failed).toEqual([{ plain: `${errorMark} Count Words read`, width: 18 }]);
    expect(themed.narrow).toEqual([{ plain: `${successMark} Coun…`, width: 7 }]);
  });
});
