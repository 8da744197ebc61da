/**
 * The Pi question dialogs at their edges, driven through Pi's `dialogAsk`
 * (the core's dialogs with Pi's options) with questions the core prepares:
 * hostile enum values, an option named like the toggle list's own entry, a
 * person who never stops toggling, numbers as people type them, and an abort.
 * The real-Pi paths are in pi.test.ts; every kind of field is in
 * test/terminal/dialogs.test.ts.
 */
import { quote, Type } from "@agntn/tools";
import { describe, expect, it } from "vitest";
import { prepareQuestion } from "../src/core/questions.ts";
import { dialogAsk } from "../src/pi/dialogs.ts";

type Reply = string | undefined;

function person(replies: Reply[]) {
  const shown: Array<{ kind: string; title: string; options?: string[]; signal?: AbortSignal }> = [];
  const notes: string[] = [];
  const next = (): Reply => {
    if (replies.length === 0) throw new Error("no reply left in the script");
    return replies.shift();
  };
  const ui = {
    select: async (title: string, options: string[], opts?: { signal?: AbortSignal }) => {
      shown.push({ kind: "select", title, options, signal: opts?.signal });
      return next();
    },
    input: async (title: string, _placeholder?: string, opts?: { signal?: AbortSignal }) => {
      shown.push({ kind: "input", title, signal: opts?.signal });
      return next();
    },
    notify: (message: string) => {
      notes.push(message);
    },
  };
  return { ui, shown, notes };
}

describe("Pi dialogs", () => {
  it("shows an enum value that cleaning would change quoted, and answers with the value itself", async () => {
    const values = ["plain", "red\u001b[31m", "two\nlines", "\u202eevil"];
    const question = prepareQuestion("t", {
      message: "Pick",
      schema: Type.Object({ v: Type.Enum(values) }, { additionalProperties: false }),
    });
    const { ui, shown } = person([quote("two\nlines")]);
    await expect(dialogAsk(ui, undefined)(question)).resolves.toEqual({ action: "accept", content: { v: "two\nlines" } });
    expect(shown[0]?.options).toEqual(["plain", quote("red\u001b[31m"), quote("two\nlines"), quote("\u202eevil")]);
  });

  it("keeps an option named Done apart from the entry that closes the toggle list", async () => {
    const question = prepareQuestion("t", {
      message: "Pick",
      schema: Type.Object({ v: Type.Array(Type.Enum(["Done", "later"])) }, { additionalProperties: false }),
    });
    const { ui, shown } = person(["[ ] Done", "Done"]);
    await expect(dialogAsk(ui, undefined)(question)).resolves.toEqual({ action: "accept", content: { v: ["Done"] } });
    expect(shown.map((s) => s.options)).toEqual([
      ["Done", "[ ] Done", "[ ] later"],
      ["Done", "[x] Done", "[ ] later"],
    ]);
  });

  it("closes a toggle list after 256 choices, so even a person's loop is bounded", async () => {
    const question = prepareQuestion("t", {
      message: "Pick",
      schema: Type.Object({ v: Type.Array(Type.Enum(["a", "b"])) }, { additionalProperties: false }),
    });
    const toggles = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? "[ ] a" : "[x] a"));
    const { ui, shown } = person(toggles);
    await expect(dialogAsk(ui, undefined)(question)).resolves.toEqual({ action: "accept", content: { v: [] } });
    expect(shown).toHaveLength(256);
  });

  it.each<[string, Reply, unknown, string[]]>([
    ["a plain integer", "42", 42, []],
    ["an exponent", "1e1", 10, []],
    ["spaces around", "  7 ", 7, []],
  ])("reads %s typed for a number", async (_case, typed, value, notes) => {
    const question = prepareQuestion("t", {
      message: "How many?",
      schema: Type.Object({ n: Type.Number() }, { additionalProperties: false }),
    });
    const script = person([typed]);
    await expect(dialogAsk(script.ui, undefined)(question)).resolves.toEqual({ action: "accept", content: { n: value } });
    expect(script.notes).toEqual(notes);
  });

  it.each(["0x1f", "Infinity", "1,5", "seven"])("refuses %s as a number, then takes the second try", async (typed) => {
    const question = prepareQuestion("t", {
      message: "How many?",
      schema: Type.Object({ n: Type.Integer() }, { additionalProperties: false }),
    });
    const script = person([typed, "3"]);
    await expect(dialogAsk(script.ui, undefined)(question)).resolves.toEqual({ action: "accept", content: { n: 3 } });
    expect(script.notes).toEqual(["n must be a number. Try again."]);
  });

  it("passes the call's signal to every dialog and cancels once it is aborted", async () => {
    const controller = new AbortController();
    const question = prepareQuestion("t", {
      message: "Two",
      schema: Type.Object({ a: Type.String(), b: Type.String() }, { additionalProperties: false }),
    });
    const script = person(["first", "second"]);
    const typeIn = script.ui.input;
    script.ui.input = async (title, placeholder, opts) => {
      const reply = await typeIn(title, placeholder, opts);
      controller.abort();
      return reply;
    };
    await expect(dialogAsk(script.ui, controller.signal)(question)).resolves.toEqual({ action: "cancel" });
    expect(script.shown).toHaveLength(1);
    expect(script.shown[0]?.signal).toBe(controller.signal);
  });

  it("offers to leave an optional boolean empty and omits it from the answer", async () => {
    const question = prepareQuestion("t", {
      message: "Flags",
      schema: Type.Object(
        { on: Type.Optional(Type.Boolean({ description: "Turn \u001b[5mit\u001b[0m on" })) },
        { additionalProperties: false },
      ),
    });
    const script = person(["(leave empty)"]);
    await expect(dialogAsk(script.ui, undefined)(question)).resolves.toEqual({ action: "accept", content: {} });
    expect(script.shown).toEqual([
      { kind: "select", title: "Flags\n\non: Turn it on (optional)", options: ["Yes", "No", "(leave empty)"], signal: undefined },
    ]);
  });
});
