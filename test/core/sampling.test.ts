/**
 * sample(request) as a tool sees it, through runTool with a host's sample
 * function: a bad request fails the call before any host sees it, a good one
 * reaches the host as checked, copied params with a stable fingerprint, and
 * every reply is checked again before the tool sees it.
 */
import {
  type AnyTool,
  defineTool,
  type HostContext,
  type PreparedSample,
  type SampleRequest,
  type SampleResult,
  type ToolContext,
  Type,
} from "@agntn/tools";
import { describe, expect, it, vi } from "vitest";
import { runTool } from "../../src/core/call.ts";
import { prepareTool } from "../../src/core/define.ts";
import { checkSampleReply, prepareSample, supportsSampling } from "../../src/core/sampling.ts";

const PNG = "iVBORw0KGgo=";
const REPLY_LINE = "sample_tool: the client's model answered with something that is not a sampling result";
const hello = { messages: [{ role: "user", content: { type: "text", text: "Say hello." } }], maxTokens: 50 } satisfies SampleRequest;

/** A tool that asks the model once and answers with the reply's text. */
function sampling(request: unknown, name = "sample_tool"): AnyTool {
  return defineTool({
    name,
    title: "Samples",
    description: "Asks the client's model.",
    effect: "read",
    input: Type.Object({}),
    execute: async (_input, { sample }) => {
      const reply = await sample?.(request as SampleRequest);
      return { content: [{ type: "text", text: reply?.text ?? "no sampling" }], details: reply };
    },
  });
}

/** A host whose client answers every request with `reply`, keeping what it was sent. */
function hostAnswering(reply: unknown): { host: HostContext; sent: PreparedSample[] } {
  const sent: PreparedSample[] = [];
  return {
    sent,
    host: {
      sample: async (prepared) => {
        sent.push(prepared);
        // A host hands the core what its client sent; the core checks it again.
        return reply as SampleResult;
      },
    },
  };
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

async function settle(rounds = 3): Promise<void> {
  for (let k = 0; k < rounds; k++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("a bad request fails the call with one line, before the host sees it", () => {
  const user = (content: unknown) => ({ messages: [{ role: "user", content }], maxTokens: 10 });
  const withField = (fields: Record<string, unknown>) => ({ ...hello, ...fields });
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;

  it.each([
    ["no request", undefined, "a sampling request must be { messages, maxTokens }"],
    ["a string", "hello", "a sampling request must be { messages, maxTokens }"],
    ["no messages", { maxTokens: 10 }, "messages must be a non-empty array"],
    ["an empty list of messages", { messages: [], maxTokens: 10 }, "messages must be a non-empty array"],
    ["messages not a list", { messages: { role: "user" }, maxTokens: 10 }, "messages must be a non-empty array"],
    ["a message that is no object", { messages: ["hi"], maxTokens: 10 }, "messages[0] must be { role, content }"],
    [
      "a system role",
      { messages: [{ role: "system", content: { type: "text", text: "x" } }], maxTokens: 10 },
      'messages[0].role must be "user" or "assistant"',
    ],
    ["empty content", user([]), "messages[0].content is empty"],
    ["no content", user(undefined), "messages[0].content may hold only text, image and audio blocks"],
    [
      "a resource block",
      user({ type: "resource", resource: { uri: "u:1", text: "x" } }),
      "messages[0].content may hold only text, image and audio blocks",
    ],
    [
      "a resource link among text",
      user([
        { type: "text", text: "a" },
        { type: "resource_link", uri: "u:1", name: "n" },
      ]),
      "messages[0].content may hold only text, image and audio blocks",
    ],
    [
      "an image that is not base64",
      user({ type: "image", data: "!!", mimeType: "image/png" }),
      "messages[0].content[0] (image): data is not base64",
    ],
    [
      "a text that is no string, second",
      user([
        { type: "text", text: "a" },
        { type: "text", text: 1 },
      ]),
      "messages[0].content[1] (text) needs text as a string, got number",
    ],
    [
      "an audio block with an image type",
      user({ type: "audio", data: PNG, mimeType: "image/png" }),
      'messages[0].content[0] (audio): mimeType "image/png" is not an audio type',
    ],
    ["maxTokens 0", withField({ maxTokens: 0 }), "maxTokens must be a whole number above 0"],
    ["maxTokens 1.5", withField({ maxTokens: 1.5 }), "maxTokens must be a whole number above 0"],
    ["maxTokens negative", withField({ maxTokens: -5 }), "maxTokens must be a whole number above 0"],
    ["maxTokens a string", withField({ maxTokens: "100" }), "maxTokens must be a whole number above 0"],
    ["maxTokens missing", { messages: hello.messages }, "maxTokens must be a whole number above 0"],
    ["temperature a string", withField({ temperature: "hot" }), "temperature must be a number"],
    ["temperature NaN", withField({ temperature: Number.NaN }), "temperature must be a number"],
    ["temperature Infinity", withField({ temperature: Number.POSITIVE_INFINITY }), "temperature must be a number"],
    ["systemPrompt a number", withField({ systemPrompt: 5 }), "systemPrompt must be a string"],
    ["stopSequences a string", withField({ stopSequences: "END" }), "stopSequences must be a list of strings"],
    ["stopSequences with a number", withField({ stopSequences: ["END", 1] }), "stopSequences must be a list of strings"],
    ["modelPreferences a string", withField({ modelPreferences: "fast" }), "modelPreferences must be an object"],
    [
      "a cost priority above 1",
      withField({ modelPreferences: { costPriority: 2 } }),
      "modelPreferences.costPriority must be a number from 0 to 1",
    ],
    [
      "a speed priority below 0",
      withField({ modelPreferences: { speedPriority: -1 } }),
      "modelPreferences.speedPriority must be a number from 0 to 1",
    ],
    [
      "an intelligence priority as a string",
      withField({ modelPreferences: { intelligencePriority: "high" } }),
      "modelPreferences.intelligencePriority must be a number from 0 to 1",
    ],
    [
      "hints not a list",
      withField({ modelPreferences: { hints: "claude" } }),
      "modelPreferences.hints must be a list of { name?: string }",
    ],
    [
      "a hint with a numeric name",
      withField({ modelPreferences: { hints: [{ name: 5 }] } }),
      "modelPreferences.hints must be a list of { name?: string }",
    ],
    [
      "modelPreferences with a cycle",
      withField({ modelPreferences: cycle }),
      "modelPreferences cannot be sent as JSON (it holds a cycle or a BigInt)",
    ],
    ["metadata a list", withField({ metadata: [] }), "metadata must be an object"],
    ["metadata with a BigInt", withField({ metadata: { n: BigInt(1) } }), "metadata cannot be sent as JSON (it holds a cycle or a BigInt)"],
    [
      "several problems, joined on one line",
      {
        messages: [
          { role: "tool", content: [] },
          { role: "user", content: [] },
        ],
        maxTokens: 0,
        temperature: "x",
      },
      'messages[0].role must be "user" or "assistant"; messages[1].content is empty; maxTokens must be a whole number above 0; temperature must be a number',
    ],
  ])("%s", async (_case, request, problem) => {
    const sample = vi.fn(async () => ({ role: "assistant", content: { type: "text", text: "x" }, model: "m" }) as unknown as SampleResult);
    const outcome = await runTool(prepareTool(sampling(request)), { args: {} }, { sample });
    const line = `bad sampling request: ${problem}`;
    expect(outcome).toMatchObject({ ok: false, kind: "thrown", text: `sample_tool failed: ${line}` });
    expect(outcome.ok === false && outcome.kind === "thrown" && outcome.error).toEqual(new TypeError(line));
    expect(sample).not.toHaveBeenCalled();
    expect(() => prepareSample(request as SampleRequest)).toThrow(new TypeError(line));
  });
});

describe("a good request reaches the host as checked, copied params", () => {
  const full = {
    messages: [
      { role: "user", content: { type: "text", text: "Describe this.", annotations: { priority: 1 }, stray: 1 } },
      {
        role: "assistant",
        content: [
          { type: "image", data: PNG, mimeType: "image/png" },
          { type: "audio", data: "UklGRg==", mimeType: "audio/wav", name: "stray" },
        ],
      },
    ],
    maxTokens: 200,
    systemPrompt: "Be brief.",
    temperature: 0.2,
    stopSequences: ["END"],
    modelPreferences: { hints: [{ name: "claude" }], costPriority: 0.3, speedPriority: 0, intelligencePriority: 1 },
    metadata: { trace: "abc" },
    includeContext: "thisServer",
  };
  const params = {
    messages: [
      { role: "user", content: { type: "text", text: "Describe this.", annotations: { priority: 1 } } },
      {
        role: "assistant",
        content: [
          { type: "image", data: PNG, mimeType: "image/png" },
          { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
        ],
      },
    ],
    maxTokens: 200,
    systemPrompt: "Be brief.",
    temperature: 0.2,
    stopSequences: ["END"],
    modelPreferences: { hints: [{ name: "claude" }], costPriority: 0.3, speedPriority: 0, intelligencePriority: 1 },
    metadata: { trace: "abc" },
  };

  it("with every field: stray keys dropped, a single block kept single, the rest as given", async () => {
    const { host, sent } = hostAnswering({ role: "assistant", content: { type: "text", text: "A chart." }, model: "m" });
    const outcome = await runTool(prepareTool(sampling(full)), { args: {} }, host);
    expect(outcome).toMatchObject({ ok: true, text: "A chart." });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toStrictEqual(params);
  });

  it("with only the required fields", () => {
    expect(prepareSample(hello).params).toStrictEqual({
      messages: [{ role: "user", content: { type: "text", text: "Say hello." } }],
      maxTokens: 50,
    });
  });

  it("as a copy: a later change to the tool's request reaches no host", () => {
    const request = structuredClone(full);
    const prepared = prepareSample(request as SampleRequest);
    const blocks = request.messages[1]?.content as Array<{ data: string }>;
    (blocks[0] as { data: string }).data = "AAAA";
    request.stopSequences.push("STOP");
    request.modelPreferences.hints.push({ name: "other" });
    request.metadata.trace = "changed";
    expect(prepared.params).toStrictEqual(params);
  });

  it("with a stable fingerprint: the same request gives the same one, any change another", () => {
    const fingerprint = (request: unknown) => prepareSample(request as SampleRequest).fingerprint;
    const base = fingerprint(full);
    expect(base).toMatch(/^[0-9a-z]+$/);
    expect(fingerprint(structuredClone(full))).toBe(base);
    // Stray keys do not go on the wire, so they do not change the fingerprint either.
    expect(fingerprint({ ...full, extra: true })).toBe(base);
    const changed = [
      { ...full, maxTokens: 201 },
      { ...full, systemPrompt: "Be long." },
      { ...full, temperature: 0.3 },
      { ...full, stopSequences: [] },
      { ...full, metadata: { trace: "abd" } },
      { ...full, messages: full.messages.slice(0, 1) },
      { ...full, messages: [{ role: "user", content: { type: "text", text: "Describe that." } }, full.messages[1]] },
    ].map(fingerprint);
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1);
  });

  it("hands the host the checker it must pass the reply through", () => {
    expect(prepareSample(hello).check).toBe(checkSampleReply);
  });
});

describe("replies: checked again before the tool sees them", () => {
  it.each([
    [
      "a single text block",
      { role: "assistant", content: { type: "text", text: "Hello!" }, model: "claude-x", stopReason: "endTurn" },
      { role: "assistant", content: [{ type: "text", text: "Hello!" }], text: "Hello!", model: "claude-x", stopReason: "endTurn" },
    ],
    [
      "a list of blocks: text joined, other kinds kept, stray keys dropped",
      {
        role: "assistant",
        content: [
          { type: "text", text: "one", extra: 1 },
          { type: "image", data: PNG, mimeType: "image/png" },
          { type: "text", text: "two" },
        ],
        model: "m",
        usage: { tokens: 3 },
      },
      {
        role: "assistant",
        content: [
          { type: "text", text: "one" },
          { type: "image", data: PNG, mimeType: "image/png" },
          { type: "text", text: "two" },
        ],
        text: "one\ntwo",
        model: "m",
      },
    ],
    [
      "an image only: empty text",
      { role: "assistant", content: { type: "image", data: PNG, mimeType: "image/png" }, model: "m", stopReason: "maxTokens" },
      { role: "assistant", content: [{ type: "image", data: PNG, mimeType: "image/png" }], text: "", model: "m", stopReason: "maxTokens" },
    ],
    [
      "a client's own stop reason",
      { role: "assistant", content: { type: "text", text: "x" }, model: "", stopReason: "toolUse" },
      { role: "assistant", content: [{ type: "text", text: "x" }], text: "x", model: "", stopReason: "toolUse" },
    ],
  ])("%s", async (_case, reply, result) => {
    expect(checkSampleReply(reply)).toStrictEqual(result);
    const { host } = hostAnswering(reply);
    const outcome = await runTool(prepareTool(sampling(hello)), { args: {} }, host);
    expect(outcome).toMatchObject({ ok: true, text: result.text || "", details: result });
  });

  it.each([
    ["a user role", { role: "user", content: { type: "text", text: "x" }, model: "m" }],
    ["no role", { content: { type: "text", text: "x" }, model: "m" }],
    ["no model", { role: "assistant", content: { type: "text", text: "x" } }],
    ["a numeric model", { role: "assistant", content: { type: "text", text: "x" }, model: 4 }],
    ["no content", { role: "assistant", model: "m" }],
    ["empty content", { role: "assistant", content: [], model: "m" }],
    ["a text that is no string", { role: "assistant", content: { type: "text", text: 5 }, model: "m" }],
    ["an image that is not base64", { role: "assistant", content: { type: "image", data: "!!", mimeType: "image/png" }, model: "m" }],
    ["a resource block", { role: "assistant", content: { type: "resource", resource: { uri: "u:1", text: "x" } }, model: "m" }],
    ["a numeric stop reason", { role: "assistant", content: { type: "text", text: "x" }, model: "m", stopReason: 1 }],
    ["null", null],
    ["a string", "Hello!"],
  ])("%s: the tool's sample rejects with the line", async (_case, reply) => {
    expect(checkSampleReply(reply)).toBeUndefined();
    let rejected: unknown;
    const tool = defineTool({
      name: "sample_tool",
      title: "Samples",
      description: "Asks and reports what came back.",
      effect: "read",
      input: Type.Object({}),
      execute: async (_input, { sample }) => {
        rejected = await sample?.(hello).then(
          () => "resolved",
          (error: unknown) => error,
        );
        return { content: [{ type: "text", text: "handled" }] };
      },
    });
    await runTool(prepareTool(tool), { args: {} }, hostAnswering(reply).host);
    expect(rejected).toEqual(new Error(REPLY_LINE));
    const unhandledByTool = await runTool(prepareTool(sampling(hello)), { args: {} }, hostAnswering(reply).host);
    expect(unhandledByTool).toMatchObject({ ok: false, kind: "thrown", text: `sample_tool failed: ${REPLY_LINE}` });
  });

  it("a host whose client refused: the tool sees the host's error", async () => {
    const outcome = await runTool(
      prepareTool(sampling(hello)),
      { args: {} },
      {
        sample: async () => {
          throw new Error("the user declined the sampling request\nreally");
        },
      },
    );
    expect(outcome).toMatchObject({ ok: false, kind: "thrown", text: "sample_tool failed: the user declined the sampling request really" });
  });
});

describe("timing", () => {
  it("a sample after the call answered rejects, and the host is not asked", async () => {
    let kept: ToolContext["sample"];
    const sample = vi.fn(async () => ({ role: "assistant", content: [], text: "", model: "m" }) as SampleResult);
    const tool = defineTool({
      name: "late_sampler",
      title: "Late",
      description: "Keeps sample for later.",
      effect: "read",
      input: Type.Object({}),
      execute: (_input, context) => {
        kept = context.sample;
        return { content: [{ type: "text", text: "done" }] };
      },
    });
    await expect(runTool(prepareTool(tool), { args: {} }, { sample })).resolves.toMatchObject({ ok: true });
    await expect(kept?.(hello)).rejects.toThrow(new Error("late_sampler asked the model after its call had answered"));
    expect(sample).not.toHaveBeenCalled();
  });

  it.each([
    [
      "resolves",
      (reply: ReturnType<typeof deferred<SampleResult>>) =>
        reply.resolve({ role: "assistant", content: { type: "text", text: "late hello" }, model: "m" } as never),
      "late hello",
    ],
    ["rejects", (reply: ReturnType<typeof deferred<SampleResult>>) => reply.reject(new Error("client gone")), "Error: client gone"],
  ])("an un-awaited sample holds the call until it settles (%s)", async (_case, finish, seen) => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const reply = deferred<SampleResult>();
      let got: string | undefined;
      const tool = defineTool({
        name: "forgetful_sampler",
        title: "Forgetful",
        description: "Asks the model without waiting.",
        effect: "read",
        input: Type.Object({}),
        execute: (_input, { sample }) => {
          void sample?.(hello).then(
            (result) => {
              got = result.text;
            },
            (error: unknown) => {
              got = String(error);
            },
          );
          return { content: [{ type: "text", text: "returned early" }] };
        },
      });
      let answered = false;
      const call = runTool(prepareTool(tool), { args: {} }, { sample: () => reply.promise }).then((outcome) => {
        answered = true;
        return outcome;
      });
      await settle();
      expect(answered).toBe(false);
      finish(reply);
      await expect(call).resolves.toMatchObject({ ok: true, text: "returned early" });
      expect(got).toBe(seen);
      await settle();
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("a host without sampling gives the tool no sample", async () => {
    let seen: ToolContext | undefined;
    const tool = defineTool({
      name: "plain",
      title: "Plain",
      description: "Looks at its context.",
      effect: "read",
      input: Type.Object({}),
      execute: (_input, context) => {
        seen = context;
        return { content: [] };
      },
    });
    await runTool(prepareTool(tool), { args: {} }, { log: () => {} });
    expect(seen?.sample).toBeUndefined();
    expect("sample" in (seen as object)).toBe(false);
  });
});

describe("supportsSampling", () => {
  it.each([
    ["sampling declared", { sampling: {} }, true],
    ["sampling with sub-capabilities", { sampling: { tools: {}, context: {} }, elicitation: {} }, true],
    ["no sampling", { elicitation: { form: {} } }, false],
    ["sampling true, not an object", { sampling: true }, false],
    ["sampling null", { sampling: null }, false],
    ["no capabilities", undefined, false],
    ["null capabilities", null, false],
    ["capabilities a string", "sampling", false],
  ])("%s", (_case, capabilities, expected) => {
    expect(supportsSampling(capabilities)).toBe(expected);
  });
});
