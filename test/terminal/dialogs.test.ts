/**
 * The host-neutral dialogs (src/terminal/dialogs.ts) against a scripted person:
 * what each kind of field shows, what each reply becomes, the warnings and the
 * second try, cancelling, and what the `initialIndex` option changes. Pi and
 * OMP run these same dialogs; their own tests drive them inside the real hosts.
 */
import { type Answer, quote, type TSchema, Type } from "@agntn/tools";
import { describe, expect, it } from "vitest";
import { prepareQuestion } from "../../src/core/questions.ts";
import { type DialogAskOptions, type DialogOptions, type Dialogs, dialogAsk, MAX_TOGGLES } from "../../src/terminal/dialogs.ts";

type Reply = string | undefined;

interface Shown {
  kind: "select" | "input";
  title: string;
  /** Select entries, or the input's placeholder. */
  shown: string[] | string | undefined;
  initialIndex?: number;
}

/** A person who answers each dialog from a script and remembers what each one showed. */
function person(replies: Reply[]) {
  const shown: Shown[] = [];
  const notes: string[] = [];
  const signals: Array<AbortSignal | undefined> = [];
  const record = (entry: Shown, opts: DialogOptions | undefined): Reply => {
    shown.push(opts?.initialIndex === undefined ? entry : { ...entry, initialIndex: opts.initialIndex });
    signals.push(opts?.signal);
    if (replies.length === 0) throw new Error(`no reply left for "${entry.title}"`);
    return replies.shift();
  };
  const dialogs: Dialogs = {
    select: async (title, options, opts) => record({ kind: "select", title, shown: [...options] }, opts),
    input: async (title, placeholder, opts) => record({ kind: "input", title, shown: placeholder }, opts),
    notify: (message, level) => {
      notes.push(`${level}: ${message}`);
    },
  };
  return { dialogs, shown, notes, signals, replies };
}

const one = (name: string, schema: TSchema, required = true) =>
  prepareQuestion("t", {
    message: "Q",
    schema: Type.Object({ [name]: required ? schema : Type.Optional(schema) }, { additionalProperties: false }),
  });

const accept = (content: Record<string, unknown>): Answer => ({ action: "accept", content });
const cancel: Answer = { action: "cancel" };

interface Case {
  name: string;
  question: ReturnType<typeof one>;
  replies: Reply[];
  host?: DialogAskOptions;
  answer: Answer;
  shown: Shown[];
  notes?: string[];
}

const titled = Type.Union([Type.Literal("s", { title: "Small" }), Type.Literal("l", { title: "Large" })]);
const colors = Type.Array(Type.Enum(["red", "green"]), { title: "Colors", minItems: 1 });

const cases: Case[] = [
  {
    name: "a text field: the typed text, title with the field's description",
    question: one("name", Type.String({ title: "Name", description: "Who\u001b[1m you are" })),
    replies: ["Ada"],
    answer: accept({ name: "Ada" }),
    shown: [{ kind: "input", title: "Q\n\nName: Who you are", shown: undefined }],
  },
  {
    name: "an empty required text: the empty string, checked by the field",
    question: one("name", Type.String({ minLength: 1 })),
    replies: ["", "x"],
    answer: accept({ name: "x" }),
    shown: [
      { kind: "input", title: "Q\n\nname", shown: undefined },
      { kind: "input", title: "Q\n\nname", shown: undefined },
    ],
    notes: ["warning: name must not have fewer than 1 characters. Try again."],
  },
  {
    name: "an empty optional text: left out, title says optional",
    question: one("note", Type.String({ format: "email" }), false),
    replies: [""],
    answer: accept({}),
    shown: [{ kind: "input", title: "Q\n\nnote (optional)", shown: "email" }],
  },
  {
    name: "an empty entry takes the default the placeholder shows",
    question: one("n", Type.Integer({ default: 4 })),
    replies: [" "],
    answer: accept({ n: 4 }),
    shown: [{ kind: "input", title: "Q\n\nn", shown: "4" }],
  },
  {
    name: "a required number left empty: required, then cancelled",
    question: one("n", Type.Number()),
    replies: ["", ""],
    answer: cancel,
    shown: [
      { kind: "input", title: "Q\n\nn", shown: "number" },
      { kind: "input", title: "Q\n\nn", shown: "number" },
    ],
    notes: ["warning: n is required. Try again.", "warning: n is required. The question is cancelled."],
  },
  ...["0x1f", "Infinity", "1e999", "1,5", "- 2", "NaN"].map<Case>((typed) => ({
    name: `${typed} is not a number`,
    question: one("n", Type.Number()),
    replies: [typed, "-2.5e1"],
    answer: accept({ n: -25 }),
    shown: [
      { kind: "input", title: "Q\n\nn", shown: "number" },
      { kind: "input", title: "Q\n\nn", shown: "number" },
    ],
    notes: ["warning: n must be a number. Try again."],
  })),
  {
    name: "a number outside its bounds twice: warned, then cancelled",
    question: one("n", Type.Integer({ title: "Size", minimum: 1, maximum: 3 })),
    replies: ["0", " 7 "],
    answer: cancel,
    shown: [
      { kind: "input", title: "Q\n\nSize", shown: "integer" },
      { kind: "input", title: "Q\n\nSize", shown: "integer" },
    ],
    notes: ["warning: Size must be >= 1. Try again.", "warning: Size must be <= 3. The question is cancelled."],
  },
  {
    name: "a boolean: Yes and No",
    question: one("on", Type.Boolean({ default: false })),
    replies: ["No"],
    answer: accept({ on: false }),
    shown: [{ kind: "select", title: "Q\n\non", shown: ["Yes", "No"] }],
  },
  {
    name: "a boolean with a default starts on it where the host can",
    question: one("on", Type.Boolean({ default: false }), false),
    host: { initialIndex: true },
    replies: ["(leave empty)"],
    answer: accept({}),
    shown: [{ kind: "select", title: "Q\n\non (optional)", shown: ["Yes", "No", "(leave empty)"], initialIndex: 1 }],
  },
  {
    name: "a titled enum shows its titles and answers with the value",
    question: one("size", titled),
    replies: ["Large"],
    answer: accept({ size: "l" }),
    shown: [{ kind: "select", title: "Q\n\nsize", shown: ["Small", "Large"] }],
  },
  {
    name: "an enum with a default starts on it where the host can",
    question: one("mode", Type.Enum(["a", "b"], { default: "b" })),
    host: { initialIndex: true },
    replies: ["a"],
    answer: accept({ mode: "a" }),
    shown: [{ kind: "select", title: "Q\n\nmode", shown: ["a", "b"], initialIndex: 1 }],
  },
  {
    name: "hostile enum values: shown quoted, entries unique, the value itself answered",
    question: one("v", Type.Enum(["(leave empty)", "x\ny", "\u202e"]), false),
    replies: ["(leave empty) (2)"],
    answer: accept({}),
    shown: [{ kind: "select", title: "Q\n\nv (optional)", shown: ["(leave empty)", quote("x\ny"), quote("\u202e"), "(leave empty) (2)"] }],
  },
  {
    name: "a multi-select: a toggle list closed by Done, below its minimum warned, the selection kept for the second try",
    question: one("c", colors),
    replies: ["Done", "[ ] green", "[ ] red", "[x] red", "Done"],
    answer: accept({ c: ["green"] }),
    shown: [
      { kind: "select", title: "Q\n\nColors", shown: ["Done", "[ ] red", "[ ] green"] },
      { kind: "select", title: "Q\n\nColors", shown: ["Done", "[ ] red", "[ ] green"] },
      { kind: "select", title: "Q\n\nColors", shown: ["Done", "[ ] red", "[x] green"] },
      { kind: "select", title: "Q\n\nColors", shown: ["Done", "[x] red", "[x] green"] },
      { kind: "select", title: "Q\n\nColors", shown: ["Done", "[ ] red", "[x] green"] },
    ],
    notes: ["warning: Colors must not have fewer than 1 items. Try again."],
  },
  {
    name: "a multi-select stays on the entry just flipped where the host can; its default starts checked",
    question: one("c", Type.Array(Type.Enum(["red", "green"]), { default: ["green"] })),
    host: { initialIndex: true },
    replies: ["[ ] red", "Done"],
    answer: accept({ c: ["red", "green"] }),
    shown: [
      { kind: "select", title: "Q\n\nc", shown: ["Done", "[ ] red", "[x] green"] },
      { kind: "select", title: "Q\n\nc", shown: ["Done", "[x] red", "[x] green"], initialIndex: 1 },
    ],
  },
  {
    name: "an optional multi-select with nothing chosen is left out",
    question: one("c", colors, false),
    replies: ["Done"],
    answer: accept({}),
    shown: [{ kind: "select", title: "Q\n\nColors (optional)", shown: ["Done", "[ ] red", "[ ] green"] }],
  },
  {
    name: "an option named Done stays apart from the entry that closes the list",
    question: one("v", Type.Array(Type.Enum(["Done"]))),
    replies: ["[ ] Done", "Done"],
    answer: accept({ v: ["Done"] }),
    shown: [
      { kind: "select", title: "Q\n\nv", shown: ["Done", "[ ] Done"] },
      { kind: "select", title: "Q\n\nv", shown: ["Done", "[x] Done"] },
    ],
  },
  {
    name: "Escape cancels the whole form",
    question: one("v", Type.Enum(["a"])),
    replies: [undefined],
    answer: cancel,
    shown: [{ kind: "select", title: "Q\n\nv", shown: ["a"] }],
  },
  {
    name: "a reply that is none of the entries cancels",
    question: one("v", Type.Enum(["a"])),
    replies: ["b"],
    answer: cancel,
    shown: [{ kind: "select", title: "Q\n\nv", shown: ["a"] }],
  },
  {
    name: "a field named __proto__ stays a key of the answer",
    question: one("__proto__", Type.String()),
    replies: ["p"],
    answer: accept(JSON.parse('{"__proto__":"p"}')),
    shown: [{ kind: "input", title: "Q\n\n__proto__", shown: undefined }],
  },
];

describe("dialogAsk", () => {
  it.each(cases)("$name", async ({ question, replies, host, answer, shown, notes = [] }) => {
    const script = person([...replies]);
    const got = await dialogAsk(script.dialogs, host)(question);
    expect(got).toEqual(answer);
    // Own keys, in order: a field named __proto__ must be a key, not the prototype.
    const keys = (a: Answer) => (a.action === "accept" ? Object.keys(a.content) : []);
    expect(keys(got)).toEqual(keys(answer));
    expect(script.shown).toEqual(shown);
    expect(script.notes).toEqual(notes);
    expect(script.replies).toEqual([]);
  });

  it(`closes a toggle list after ${MAX_TOGGLES} choices`, async () => {
    const script = person(Array.from({ length: MAX_TOGGLES + 10 }, (_, i) => (i % 2 === 0 ? "[ ] a" : "[x] a")));
    await expect(dialogAsk(script.dialogs)(one("v", Type.Array(Type.Enum(["a"]))))).resolves.toEqual(accept({ v: [] }));
    expect(script.shown).toHaveLength(MAX_TOGGLES);
  });

  it("passes the signal to every dialog and asks nothing once it is aborted", async () => {
    const controller = new AbortController();
    const question = prepareQuestion("t", {
      message: "Q",
      schema: Type.Object({ a: Type.String(), b: Type.String() }, { additionalProperties: false }),
    });
    const script = person(["x", "y"]);
    await expect(dialogAsk(script.dialogs, { signal: controller.signal })(question)).resolves.toEqual(accept({ a: "x", b: "y" }));
    expect(script.signals).toEqual([controller.signal, controller.signal]);
    controller.abort();
    const late = person([]);
    await expect(dialogAsk(late.dialogs, { signal: controller.signal })(question)).resolves.toEqual(cancel);
    expect(late.shown).toEqual([]);
  });

  it("cancels when the signal aborts while a dialog is open, without asking the next field", async () => {
    const controller = new AbortController();
    const question = prepareQuestion("t", {
      message: "Q",
      schema: Type.Object({ a: Type.String(), b: Type.String() }, { additionalProperties: false }),
    });
    const script = person(["x", "y"]);
    const input = script.dialogs.input;
    script.dialogs.input = async (title, placeholder, opts) => {
      const reply = await input(title, placeholder, opts);
      controller.abort();
      return reply;
    };
    await expect(dialogAsk(script.dialogs, { signal: controller.signal })(question)).resolves.toEqual(cancel);
    expect(script.shown).toHaveLength(1);
  });
});
