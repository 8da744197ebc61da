/**
 * log(level, message, data) as a tool sees it, through runTool with a host's
 * log sink: levels pass through, the message is one clean line, data is a
 * JSON copy, a bad level is the tool's bug, and nothing the sink does can
 * fail the call.
 */
import { type AnyTool, defineTool, type HostContext, type LogEntry, type LogLevel, type ToolContext, Type } from "@agntn/tools";
import { describe, expect, it } from "vitest";
import { runTool } from "../../src/core/call.ts";
import { LOG_LEVELS } from "../../src/core/context.ts";
import { prepareTool } from "../../src/core/define.ts";

const LEVEL_LINE = "log level must be one of debug, info, notice, warning, error, critical, alert, emergency; got";

/** A tool that runs the test's body with its context, then answers "done". */
function logging(body: (context: ToolContext) => unknown): AnyTool {
  return defineTool({
    name: "log_tool",
    title: "Logs",
    description: "Logs what the test says.",
    effect: "read",
    input: Type.Object({}),
    execute: async (_input, context) => {
      await body(context);
      return { content: [{ type: "text", text: "done" }] };
    },
  });
}

/** Runs the tool with a sink that keeps every entry. */
async function entriesOf(body: (context: ToolContext) => unknown, host: HostContext = {}) {
  const entries: LogEntry[] = [];
  const outcome = await runTool(prepareTool(logging(body)), { args: {} }, { ...host, log: (entry) => void entries.push(entry) });
  return { entries, outcome };
}

/** Lets timers and pending callbacks run a few times. */
async function settle(rounds = 3): Promise<void> {
  for (let k = 0; k < rounds; k++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("levels", () => {
  it("lists the eight levels, least to most severe", () => {
    expect(LOG_LEVELS).toEqual(["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]);
  });

  it.each(LOG_LEVELS)("%s passes through with the tool's name as the logger", async (level) => {
    const { entries, outcome } = await entriesOf(({ log }) => log?.(level, `at ${level}`));
    expect(entries).toStrictEqual([{ level, message: `at ${level}`, logger: "log_tool" }]);
    expect(outcome).toMatchObject({ ok: true, text: "done" });
  });

  it.each([
    ["a misspelt level", "warn", `${LEVEL_LINE} "warn"`],
    ["a level in capitals", "INFO", `${LEVEL_LINE} "INFO"`],
    ["an empty level", "", `${LEVEL_LINE} ""`],
    ["a number", 3, `${LEVEL_LINE} 3`],
    ["null", null, `${LEVEL_LINE} null`],
    ["undefined", undefined, `${LEVEL_LINE} undefined`],
    ["an object", { level: "info" }, `${LEVEL_LINE} {"level":"info"}`],
    ["a BigInt", BigInt(7), `${LEVEL_LINE} bigint`],
    ["a symbol", Symbol("info"), `${LEVEL_LINE} symbol`],
    ["a hostile string, escaped on one line", "info\u001b[2J\r\nforged", String.raw`${LEVEL_LINE} "info\u001b[2J\r\nforged"`],
  ])("%s throws the TypeError and fails the call with its line", async (_case, level, message) => {
    let thrown: unknown;
    const { entries, outcome } = await entriesOf(({ log }) => {
      try {
        log?.(level as LogLevel, "never sent");
      } catch (error) {
        thrown = error;
        throw error;
      }
    });
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as TypeError).message).toBe(message);
    expect(outcome).toMatchObject({ ok: false, kind: "thrown", text: `log_tool failed: ${message}` });
    expect(entries).toEqual([]);
  });
});

describe("the message: one clean line", () => {
  it.each([
    ["escape codes", "step \u001b[31mred\u001b[0m done", "step red done"],
    ["CR LF", "first\r\nsecond", "first second"],
    ["a lone CR", "first\rsecond", "first second"],
    ["U+2028 and U+2029", "first\u2028second\u2029third", "first second third"],
    ["a bidi override and a zero-width space", "file \u202Etxt.exe\u200B ok", "file txt.exe ok"],
    ["an OSC title sequence", "\u001b]0;pwned\u0007hello", "hello"],
    ["surrounding spaces", "   padded   ", "padded"],
    ["an empty message", "", ""],
    ["a number", 42, "42"],
    ["an object", { a: 1 }, '{"a":1}'],
  ])("%s", async (_case, message, line) => {
    const { entries } = await entriesOf(({ log }) => log?.("info", message as string));
    expect(entries).toStrictEqual([{ level: "info", message: line, logger: "log_tool" }]);
  });
});

describe("data: a JSON copy", () => {
  it.each([
    ["an object", { count: 2, list: [1, "a"] }, { count: 2, list: [1, "a"] }],
    ["null", null, null],
    ["a number", 0, 0],
    ["a string", "text", "text"],
    ["false", false, false],
    ["a Date, as JSON writes it", new Date("2026-12-01T09:00:00.000Z"), "2026-12-01T09:00:00.000Z"],
    ["an object with undefined and function fields, as JSON drops them", { a: undefined, f: () => 1, b: 1 }, { b: 1 }],
    ["a Map, as JSON writes it", new Map([["a", 1]]), {}],
  ])("%s", async (_case, data, copy) => {
    const { entries } = await entriesOf(({ log }) => log?.("debug", "with data", data));
    expect(entries).toStrictEqual([{ level: "debug", message: "with data", data: copy, logger: "log_tool" }]);
  });

  it("no data: the entry has no data key", async () => {
    const { entries } = await entriesOf(({ log }) => {
      log?.("info", "bare");
      log?.("info", "explicit undefined", undefined);
    });
    expect(entries).toStrictEqual([
      { level: "info", message: "bare", logger: "log_tool" },
      { level: "info", message: "explicit undefined", logger: "log_tool" },
    ]);
    expect(entries.map((entry) => Object.keys(entry))).toEqual([
      ["level", "message", "logger"],
      ["level", "message", "logger"],
    ]);
  });

  it("a later change to the tool's object does not change what the sink got", async () => {
    const state = { step: 1, seen: ["a"] };
    const { entries } = await entriesOf(({ log }) => {
      log?.("info", "state", state);
      state.step = 2;
      state.seen.push("b");
    });
    expect(entries[0]?.data).toEqual({ step: 1, seen: ["a"] });
    expect(entries[0]?.data).not.toBe(state);
  });

  const cycle: Record<string, unknown> = { name: "loop" };
  cycle.self = cycle;
  it.each([
    ["a cycle", cycle],
    ["a BigInt", { n: BigInt(1) }],
    ["a bare BigInt", BigInt(2)],
    [
      "a toJSON that throws",
      {
        toJSON: () => {
          throw new Error("no");
        },
      },
    ],
    ["a function", () => 1],
    ["a symbol", Symbol("s")],
  ])("%s: the message says so, and no data goes", async (_case, data) => {
    const { entries, outcome } = await entriesOf(({ log }) => log?.("warning", "odd \u001b[1mdata", data));
    expect(entries).toStrictEqual([{ level: "warning", message: "odd data (its data could not be sent as JSON)", logger: "log_tool" }]);
    expect(outcome).toMatchObject({ ok: true });
  });
});

describe("after the call has answered", () => {
  it("drops every log: from a timer and by hand", async () => {
    let kept: ToolContext["log"];
    const { entries } = await entriesOf(({ log }) => {
      kept = log;
      log?.("info", "before");
      setTimeout(() => log?.("info", "from a timer"), 0);
    });
    kept?.("error", "by hand");
    await settle();
    expect(entries).toStrictEqual([{ level: "info", message: "before", logger: "log_tool" }]);
  });

  it("still refuses a bad level (the tool's bug, whenever it happens)", async () => {
    let kept: ToolContext["log"];
    await entriesOf(({ log }) => {
      kept = log;
    });
    expect(() => kept?.("loud" as LogLevel, "x")).toThrow(new TypeError(`${LEVEL_LINE} "loud"`));
  });

  it("passes logs sent while an un-awaited question holds the call", async () => {
    let answer!: (value: { action: "decline" }) => void;
    const entries: LogEntry[] = [];
    const tool = defineTool({
      name: "log_tool",
      title: "Logs",
      description: "Asks, logs on answer, returns early.",
      effect: "read",
      input: Type.Object({}),
      execute: (_input, { ask, log }) => {
        void ask?.({ message: "Go?", schema: Type.Object({}) }).then(() => log?.("info", "answered"));
        return { content: [{ type: "text", text: "returned early" }] };
      },
    });
    const call = runTool(
      prepareTool(tool),
      { args: {} },
      {
        log: (entry) => void entries.push(entry),
        ask: () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    );
    await settle();
    answer({ action: "decline" });
    await expect(call).resolves.toMatchObject({ ok: true, text: "returned early" });
    expect(entries).toStrictEqual([{ level: "info", message: "answered", logger: "log_tool" }]);
  });
});

describe("a sink that fails never fails the call", () => {
  it("one that throws: every log still reaches it, the call answers", async () => {
    const seen: string[] = [];
    const outcome = await runTool(
      prepareTool(
        logging(({ log }) => {
          log?.("info", "one");
          log?.("error", "two");
        }),
      ),
      { args: {} },
      {
        log: (entry) => {
          seen.push(entry.message);
          throw new Error("log channel closed");
        },
      },
    );
    expect(seen).toEqual(["one", "two"]);
    expect(outcome).toMatchObject({ ok: true, text: "done" });
  });

  it("one that rejects: the call answers and no rejection goes unhandled", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      let calls = 0;
      const outcome = await runTool(
        prepareTool(logging(({ log }) => log?.("info", "one"))),
        { args: {} },
        {
          log: async () => {
            calls++;
            throw new Error("send failed");
          },
        },
      );
      await settle();
      expect(calls).toBe(1);
      expect(outcome).toMatchObject({ ok: true, text: "done" });
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});

describe("a host without a log sink", () => {
  it("gives the tool no log, whatever else it gives", async () => {
    let seen: ToolContext | undefined;
    const outcome = await runTool(
      prepareTool(
        logging((context) => {
          seen = context;
        }),
      ),
      { args: {} },
      { progress: () => {}, ask: async () => ({ action: "cancel" }), host: { cli: true } },
    );
    expect(seen?.log).toBeUndefined();
    expect("log" in (seen as object)).toBe(false);
    expect(typeof seen?.progress).toBe("function");
    expect(outcome).toMatchObject({ ok: true });
  });

  it("gives a log function only where the host has a sink", async () => {
    let seen: ToolContext | undefined;
    await entriesOf((context) => {
      seen = context;
    });
    expect(typeof seen?.log).toBe("function");
  });
});
