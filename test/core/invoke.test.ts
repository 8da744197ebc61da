/** invokeTool: validation first, guarded progress and questions, checked results, one clean failure text. */
import {
  type Answer,
  type AnyTool,
  defineTool,
  failureText,
  type HostContext,
  invokeTool,
  type PreparedQuestion,
  type ProgressReport,
  type ProgressUpdate,
  type ToolContext,
  ToolDefinitionError,
  ToolInputError,
  ToolResultError,
  Type,
} from "@agntn/tools";
import { describe, expect, it, vi } from "vitest";

const closed = { additionalProperties: false } as const;
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });

/** A tool whose body is the test's own function. */
function toolWith(execute: (input: Record<string, unknown>, context: ToolContext) => unknown, name = "probe_tool"): AnyTool {
  return defineTool({
    name,
    title: "Probe",
    description: "Runs the test's own body.",
    effect: "read",
    input: Type.Object({ n: Type.Optional(Type.Number()) }, closed),
    execute: execute as AnyTool["execute"],
  });
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets timers and pending callbacks run a few times. */
async function settle(rounds = 3): Promise<void> {
  for (let k = 0; k < rounds; k++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("validation comes first", () => {
  it("throws the ToolInputError and never runs execute", async () => {
    const execute = vi.fn(() => text("ran"));
    const tool = toolWith(execute);
    const error = await invokeTool(tool, { n: "x", extra: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolInputError);
    expect((error as ToolInputError).lines).toEqual([
      'Invalid arguments: unknown property "extra"; takes n',
      "Invalid arguments at /n: must be number",
    ]);
    expect(execute).not.toHaveBeenCalled();
  });

  it("refuses in one clean line arguments that throw when read (a getter, a proxy), and never runs execute", async () => {
    const execute = vi.fn(() => text("ran"));
    const getter = Object.defineProperty({}, "n", {
      enumerable: true,
      get() {
        throw new Error("no n\nforged line \u001b[31m");
      },
    });
    const proxy = new Proxy({}, { ownKeys: () => [42 as never] });
    for (const [args, line] of [
      [getter, "Invalid arguments: reading them threw: no n forged line"],
      [
        {
          n: 1,
          get extra() {
            throw "thrown text";
          },
        },
        "Invalid arguments: reading them threw: thrown text",
      ],
      [proxy, "Invalid arguments: reading them threw: 42 is not a valid property name"],
    ] as const) {
      const error = await invokeTool(toolWith(execute), args).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolInputError);
      expect((error as ToolInputError).lines).toEqual([line]);
    }
    expect(execute).not.toHaveBeenCalled();
  });

  it("reads missing arguments as {}", async () => {
    const execute = vi.fn(() => text("ran"));
    await expect(invokeTool(toolWith(execute), undefined)).resolves.toEqual(text("ran"));
    expect(execute).toHaveBeenCalledWith({}, {});
  });
});

describe("the context a tool sees", () => {
  it("holds nothing the host did not give", async () => {
    let seen: ToolContext | undefined;
    await invokeTool(
      toolWith((_input, context) => {
        seen = context;
        return text("ok");
      }),
      {},
    );
    expect(seen).toEqual({});
    expect([seen?.signal, seen?.progress, seen?.ask, seen?.log, seen?.sample, seen?.host]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("passes the signal and the host's own context through", async () => {
    const controller = new AbortController();
    const hostContext = { cli: true };
    let seen: ToolContext | undefined;
    await invokeTool(
      toolWith((_input, context) => {
        seen = context;
        return text("ok");
      }),
      {},
      { signal: controller.signal, host: hostContext },
    );
    expect(seen?.signal).toBe(controller.signal);
    expect(seen?.host).toBe(hostContext);
  });
});

describe("progress", () => {
  /** Runs a tool that sends the given reports and returns what the host received. */
  async function reportsFor(sent: Array<[string, ProgressUpdate?]>): Promise<ProgressReport[]> {
    const received: ProgressReport[] = [];
    const tool = toolWith((_input, { progress }) => {
      for (const [message, update] of sent) progress?.(message, update);
      return text("done");
    });
    await invokeTool(tool, {}, { progress: (report) => void received.push(report) });
    return received;
  }

  it("sanitizes every message", async () => {
    expect(
      await reportsFor([
        ["step \u001b[31mone\u001b[0m\nforged line", undefined],
        ["\u202Eevil\u200B \u001b]0;title\u0007 ok", undefined],
        [42 as unknown as string, undefined],
      ]),
    ).toEqual([
      { message: "step one forged line", progress: 1 },
      { message: "evil ok", progress: 2 },
      { message: "42", progress: 3 },
    ]);
  });

  it("only grows: a bare line counts up by one; a step back, NaN or Infinity is dropped", async () => {
    expect(
      await reportsFor([
        ["bare", undefined],
        ["jump", { progress: 5, total: 10 }],
        ["back", { progress: 3 }],
        ["same", { progress: 5 }],
        ["nan", { progress: Number.NaN }],
        ["infinity", { progress: Number.POSITIVE_INFINITY }],
        ["string", { progress: "9" as unknown as number }],
        ["bare again", {}],
        ["fraction, bad total", { progress: 7.5, total: Number.NaN }],
        ["negative total", { total: -1 }],
        ["total only", { total: 20 }],
      ]),
    ).toEqual([
      { message: "bare", progress: 1 },
      { message: "jump", progress: 5, total: 10 },
      { message: "bare again", progress: 6 },
      { message: "fraction, bad total", progress: 7.5 },
      { message: "negative total", progress: 8.5 },
      { message: "total only", progress: 9.5, total: 20 },
    ]);
  });

  it("a host callback that throws never fails the call", async () => {
    const tool = toolWith((_input, { progress }) => {
      progress?.("one");
      progress?.("two");
      return text("done");
    });
    const sink = vi.fn(() => {
      throw new Error("display gone");
    });
    await expect(invokeTool(tool, {}, { progress: sink })).resolves.toEqual(text("done"));
    expect(sink).toHaveBeenCalledTimes(2);
  });

  it("a host callback that rejects never fails the call nor leaves an unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const tool = toolWith((_input, { progress }) => {
        progress?.("one");
        return text("done");
      });
      const sink = vi.fn(async () => {
        throw new Error("send failed");
      });
      await expect(invokeTool(tool, {}, { progress: sink })).resolves.toEqual(text("done"));
      await settle();
      expect(sink).toHaveBeenCalledTimes(1);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("sends nothing after the call has answered", async () => {
    const received: ProgressReport[] = [];
    let late: ToolContext["progress"];
    const tool = toolWith((_input, { progress }) => {
      late = progress;
      progress?.("before");
      setTimeout(() => progress?.("from a timer"), 0);
      return text("done");
    });
    await invokeTool(tool, {}, { progress: (report) => void received.push(report) });
    late?.("after, by hand", { progress: 100 });
    await settle();
    expect(received).toEqual([{ message: "before", progress: 1 }]);
  });
});

describe("questions", () => {
  const choice = Type.Object({ separator: Type.Enum(["-", "_"]), note: Type.Optional(Type.String()) }, closed);

  /** A tool that asks once and reports the answer it saw. */
  const askingTool = toolWith(async (_input, { ask }) => {
    const answer = await ask?.({ message: "Which separator?\n\u001b[31mreally\u001b[0m", schema: choice });
    return { content: [{ type: "text", text: JSON.stringify(answer) }], details: answer };
  }, "asking_tool");

  it("hands the host a prepared form and the tool the checked answer, extra keys dropped", async () => {
    const asked: PreparedQuestion[] = [];
    const ask = async (question: PreparedQuestion): Promise<Answer> => {
      asked.push(question);
      return { action: "accept", content: { separator: "_", injected: "x" } };
    };
    const result = await invokeTool(askingTool, {}, { ask: ask as HostContext["ask"] });
    expect(result.details).toEqual({ action: "accept", content: { separator: "_" } });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.form).toEqual({
      message: "Which separator?\nreally",
      requestedSchema: {
        type: "object",
        properties: { separator: { type: "string", enum: ["-", "_"] }, note: { type: "string" } },
        required: ["separator"],
      },
    });
    expect(asked[0]?.fields).toEqual([
      ["separator", { type: "string", enum: ["-", "_"] }, true],
      ["note", { type: "string" }, false],
    ]);
  });

  it.each([
    ["decline", { action: "decline" }],
    ["cancel", { action: "cancel", content: { separator: "-" } }],
  ])("passes %s through, without content", async (action, reply) => {
    const result = await invokeTool(askingTool, {}, { ask: async () => reply as Answer });
    expect(result.details).toEqual({ action });
  });

  it.each([
    ["a value outside the enum", { action: "accept", content: { separator: "." } }],
    ["a missing required field", { action: "accept", content: { note: "hi" } }],
    ["a wrong type", { action: "accept", content: { separator: "-", note: 5 } }],
    ["an unknown action", { action: "maybe" }],
    ["not an answer at all", "yes"],
  ])("never hands the tool a reply that does not fit: %s", async (_case, reply) => {
    let reached = false;
    const tool = toolWith(async (_input, { ask }) => {
      await ask?.({ message: "Which separator?", schema: choice });
      reached = true;
      return text("applied");
    }, "strict_asker");
    const error = await invokeTool(tool, {}, { ask: async () => reply as Answer }).catch((e: unknown) => e);
    expect(error).toEqual(new Error("strict_asker: the answer did not fit the question"));
    expect(reached).toBe(false);
  });

  const FIELD_RULE = "must be a string, number, integer, boolean, string enum or array of string enum";
  it.each([
    ["a nested object", { nested: Type.Object({ a: Type.String() }, closed) }, `question field "nested" ${FIELD_RULE}`],
    [
      "an array of numbers",
      { nums: Type.Array(Type.Number()) },
      'question field "nums" is an array; forms take only arrays of a string enum (multi-select)',
    ],
    [
      "a format forms cannot show",
      { address: Type.String({ format: "ipv4" }) },
      'question field "address" has a format forms cannot show (use email, uri, date or date-time)',
    ],
    ["a null field", { nothing: Type.Null() }, `question field "nothing" ${FIELD_RULE}`],
    ["a hostile field name, quoted", { "a\nb": Type.Object({}) }, String.raw`question field "a\nb" ${FIELD_RULE}`],
  ])("refuses %s as a ToolDefinitionError before the host is asked", async (_case, properties, problem) => {
    const ask = vi.fn(async (): Promise<Answer> => ({ action: "decline" }));
    const tool = toolWith(async (_input, context) => {
      await context.ask?.({ message: "Question?", schema: Type.Object(properties, closed) });
      return text("unreachable");
    }, "bad_asker");
    const error = await invokeTool(tool, {}, { ask }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as Error).message).toBe(`bad_asker: ${problem}`);
    expect(ask).not.toHaveBeenCalled();
  });

  it.each([
    [
      "a schema that is not an object",
      { message: "Q?", schema: Type.String() },
      "bad_asker: a question schema must be a Type.Object of flat fields",
    ],
    ["an empty message", { message: "  ", schema: Type.Object({}) }, "bad_asker: a question needs a non-empty message"],
    ["no question at all", undefined, "bad_asker: a question must be { message, schema }"],
  ])("refuses %s", async (_case, question, message) => {
    const ask = vi.fn(async (): Promise<Answer> => ({ action: "decline" }));
    const tool = toolWith(async (_input, context) => {
      await context.ask?.(question as never);
      return text("unreachable");
    }, "bad_asker");
    await expect(invokeTool(tool, {}, { ask })).rejects.toThrow(new ToolDefinitionError(message));
    expect(ask).not.toHaveBeenCalled();
  });

  it("rejects a question asked after the call has answered", async () => {
    let kept: ToolContext["ask"];
    const ask = vi.fn(async (): Promise<Answer> => ({ action: "decline" }));
    const tool = toolWith((_input, context) => {
      kept = context.ask;
      return text("done");
    }, "late_asker");
    await invokeTool(tool, {}, { ask });
    await expect(kept?.({ message: "Too late?", schema: Type.Object({}) })).rejects.toThrow(
      new Error("late_asker asked a question after its call had answered"),
    );
    expect(ask).not.toHaveBeenCalled();
  });

  it("waits for a question the tool did not await", async () => {
    const reply = deferred<Answer>();
    const asked = vi.fn((_question: PreparedQuestion) => reply.promise);
    let answer: unknown;
    const tool = toolWith((_input, context) => {
      void context.ask?.({ message: "Still there?", schema: Type.Object({ yes: Type.Boolean() }, closed) }).then((a) => {
        answer = a;
      });
      return text("returned early");
    }, "forgetful_asker");
    let settled = false;
    const call = invokeTool(tool, {}, { ask: asked }).then((result) => {
      settled = true;
      return result;
    });
    await settle();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    reply.resolve({ action: "accept", content: { yes: true } });
    await expect(call).resolves.toEqual(text("returned early"));
    expect(answer).toEqual({ action: "accept", content: { yes: true } });
  });
});

describe("results", () => {
  it.each([
    ["undefined", undefined, "expected { content, details?, isError? }, got undefined"],
    ["null", null, "expected { content, details?, isError? }, got null"],
    ["a string", "done", "expected { content, details?, isError? }, got string"],
    ["no content", { details: 1 }, "content must be an array of content blocks, got undefined"],
    ["content not an array", { content: "done" }, "content must be an array of content blocks, got string"],
    ["content an object", { content: { type: "text", text: "done" } }, "content must be an array of content blocks, got object"],
    [
      "an image block with empty data",
      { content: [{ type: "image", data: "", mimeType: "image/png" }] },
      "content[0] (image): data is empty",
    ],
    ["a text block without text", { content: [{ type: "text" }] }, "content[0] (text) needs text as a string, got undefined"],
    ["a text that is not a string", { content: [{ type: "text", text: 5 }] }, "content[0] (text) needs text as a string, got number"],
    ["a null block", { content: [null] }, "content[0] must be an object, got null"],
    ["isError not a boolean", { content: [], isError: "yes" }, "isError must be a boolean"],
  ])("refuses %s as a ToolResultError", async (_case, returned, problem) => {
    const tool = toolWith(() => returned, "sloppy_tool");
    const error = await invokeTool(tool, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolResultError);
    const line = `sloppy_tool returned a malformed result: ${problem}`;
    expect((error as ToolResultError).lines).toEqual([line]);
    expect((error as ToolResultError).tool).toBe("sloppy_tool");
    expect(failureText("sloppy_tool", error)).toBe(line);
  });

  it("returns a well-formed result as it is, async or not", async () => {
    const result = { content: [{ type: "text" as const, text: "a" }], details: { x: 1 }, isError: true };
    await expect(
      invokeTool(
        toolWith(() => result),
        {},
      ),
    ).resolves.toBe(result);
    await expect(
      invokeTool(
        toolWith(async () => result),
        {},
      ),
    ).resolves.toBe(result);
  });

  it.each([
    ["an Error", new RangeError("out of range")],
    ["a string", "plain string"],
    ["undefined", undefined],
  ])("rethrows what execute throws: %s", async (_case, thrown) => {
    const tool = toolWith(() => {
      throw thrown;
    });
    const rejected = await invokeTool(tool, {}).then(
      () => "resolved",
      (e: unknown) => ({ e }),
    );
    expect(rejected).toEqual({ e: thrown });
  });
});

describe("failureText", () => {
  it.each([
    ["a string", "boom", "probe_tool failed: boom"],
    ["undefined", undefined, "probe_tool failed: undefined"],
    ["null", null, "probe_tool failed: null"],
    ["a number", 404, "probe_tool failed: 404"],
    [
      "an object with a hostile toString",
      {
        toString() {
          return "\u001b[2Jcleared\nand forged";
        },
      },
      "probe_tool failed: cleared and forged",
    ],
    [
      "an object whose toString throws",
      {
        toString() {
          throw new Error("no");
        },
      },
      "probe_tool failed: unprintable value",
    ],
    ["a plain object", { code: "E_BAD", detail: "x\ny" }, String.raw`probe_tool failed: {"code":"E_BAD","detail":"x\ny"}`],
    ["an Error with a newline and an escape code", new Error("multi\nline \u001b[31mred\u001b[0m"), "probe_tool failed: multi line red"],
    ["an Error with an empty message", new Error(""), "probe_tool failed: no message"],
    ["an Error with a bidi override", new Error("file \u202Etxt.exe"), "probe_tool failed: file txt.exe"],
  ])("for %s", (_case, error, line) => {
    expect(failureText("probe_tool", error)).toBe(line);
  });

  it("cleans a hostile tool name", () => {
    expect(failureText("a\nb\u001b[1m", "x")).toBe("a b failed: x");
  });

  it("joins the lines of a ToolInputError, each one clean", () => {
    const error = new ToolInputError("probe_tool", ["Invalid arguments: one", "Invalid arguments at /x: two\u001b[1m"], []);
    expect(failureText("probe_tool", error)).toBe("Invalid arguments: one\nInvalid arguments at /x: two");
  });

  it("gives a ToolDefinitionError's message on one line", () => {
    expect(failureText("probe_tool", new ToolDefinitionError('probe_tool: question field "a" is bad\nreally'))).toBe(
      'probe_tool: question field "a" is bad really',
    );
  });

  it("answers the same text through invokeTool for a thrown Error", async () => {
    const tool = toolWith(() => {
      throw new Error("disk\nfull \u001b]0;title\u0007now");
    });
    const error = await invokeTool(tool, {}).catch((e: unknown) => e);
    expect(failureText("probe_tool", error)).toBe("probe_tool failed: disk full now");
  });
});

it("a first report of 0 goes out ('0 of 100'), then numbers must grow", async () => {
  const { defineTool: define, invokeTool: invoke, Type: T } = await import("@agntn/tools");
  const tool = define({
    name: "zero_start",
    title: "Zero",
    description: "Starts at zero.",
    effect: "read",
    input: T.Object({}),
    execute: (_input, { progress }) => {
      progress?.("start", { progress: 0, total: 100 });
      progress?.("again zero", { progress: 0 });
      progress?.("next");
      return { content: [{ type: "text", text: "ok" }] };
    },
  });
  const reports: unknown[] = [];
  await invoke(tool, {}, { progress: (r) => void reports.push(r) });
  expect(reports).toEqual([
    { message: "start", progress: 0, total: 100 },
    { message: "next", progress: 1 },
  ]);
});

it("failureText describes a thrown Proxy whose every trap throws", async () => {
  const { failureText: describe_ } = await import("@agntn/tools");
  const hostile = new Proxy(
    {},
    {
      get: () => {
        throw new Error("no property");
      },
      getPrototypeOf: () => {
        throw new Error("no prototype");
      },
      ownKeys: () => {
        throw new Error("no keys");
      },
    },
  );
  expect(describe_("t", hostile)).toBe("t failed: unprintable value");
});
