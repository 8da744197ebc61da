/**
 * The LangChain adapter inside LangChain's own agent loop: `createAgent` from
 * `langchain` with LangChain's fake chat model (`fakeModel` from
 * `@langchain/core/testing`) calling the tools, the custom stream carrying
 * progress and log lines, and `humanInTheLoopMiddleware` holding a
 * destructive call until a `Command` resumes it (with LangGraph's MemorySaver).
 */
import { type ToolCall, ToolDefinitionError, withMiddleware } from "@agntn/tools";
import { interruptOnFor, LangChainToolError, toLangChainTools } from "@agntn/tools/langchain";
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { beforeEach, describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { frameworkTools, noteTool, probeSeen, probeTool, recordCalls, wiped, wipeTool } from "./fixtures/framework-tools.ts";

const tools = toLangChainTools([slugTool, ...frameworkTools]);

type Call = { name: string; args: Record<string, unknown> };

/** A fake model that calls the given tools (one turn each), then says "done". */
function scripted(calls: Call[]) {
  const model = fakeModel();
  for (const [k, call] of calls.entries()) model.respondWithTools([{ ...call, id: `call${k + 1}` }]);
  return model.respond(new AIMessage("done"));
}

/** The tool messages of a run, as the model read them: content, status, artifact. */
function toolReads(messages: BaseMessage[]) {
  return messages.filter(ToolMessage.isInstance).map((m) => ({ content: m.content, status: m.status, artifact: m.artifact }));
}

async function runAgent(calls: Call[]) {
  const agent = createAgent({ model: scripted(calls), tools });
  const { messages } = await agent.invoke({ messages: [{ role: "user", content: "go" }] });
  return toolReads(messages);
}

beforeEach(() => {
  probeSeen.calls.length = 0;
  wiped.length = 0;
});

describe("toLangChainTools in createAgent", () => {
  it("answers a valid call with the text for the model and the details as the artifact", async () => {
    expect(await runAgent([{ name: "text_slug", args: { text: "Héllo Wörld", separator: "_" } }])).toEqual([
      { content: "hello_world", status: "success", artifact: { slug: "hello_world", separator: "_" } },
    ]);
  });

  it("refuses a bad call with the core's lines, not LangChain's wording, as an error ToolMessage", async () => {
    expect(await runAgent([{ name: "text_slug", args: { txt: "Hello", separator: "+" } }])).toEqual([
      {
        content: [
          'Invalid arguments: unknown property "txt"; takes text, separator',
          "Invalid arguments at /: must have required properties text",
          "Invalid arguments at /separator: must be one of -, _, .",
        ].join("\n"),
        status: "error",
        artifact: undefined,
      },
    ]);
  });

  it("answers a returned isError with the tool's own words and keeps its details", async () => {
    expect(await runAgent([{ name: "text_slug", args: { text: "!!!" } }])).toEqual([
      {
        content: "The text has no letters or digits to keep; pass a title with at least one.",
        status: "error",
        artifact: { slug: "", separator: "-" },
      },
    ]);
  });

  it("LangChain's own tool() with the same JSON Schema would refuse in its words: the adapter keeps it from checking", async () => {
    const plain = tool(async () => "ran", { name: "plain", description: "d", schema: { ...JSON.parse(JSON.stringify(slugTool.input)) } });
    await expect(plain.invoke({ txt: "Hello" })).rejects.toThrow("Received tool input did not match expected schema");
    const [ours] = toLangChainTools([slugTool]);
    await expect(ours!.invoke({ txt: "Hello" })).rejects.toThrow(
      new LangChainToolError(
        "text_slug",
        'Invalid arguments: unknown property "txt"; takes text, separator\nInvalid arguments at /: must have required properties text',
      ),
    );
  });

  it("shows the model the JSON Schema every host lists", () => {
    const [ours] = toLangChainTools([slugTool]);
    expect(convertToOpenAITool(ours!)).toEqual({
      type: "function",
      function: {
        name: "text_slug",
        description: slugTool.description,
        parameters: JSON.parse(JSON.stringify(slugTool.input)),
      },
    });
  });

  it("writes progress and log lines to the custom stream, naming the tool and the call; ask and sample stay undefined", async () => {
    const agent = createAgent({ model: scripted([{ name: "fw_probe", args: {} }]), tools });
    const custom: unknown[] = [];
    const stream = await agent.stream({ messages: [{ role: "user", content: "go" }] }, { streamMode: "custom" });
    for await (const chunk of stream) custom.push(chunk);
    expect(custom).toEqual([
      { type: "progress", tool: "fw_probe", toolCallId: "call1", message: "half way", progress: 1, total: 2 },
      { type: "progress", tool: "fw_probe", toolCallId: "call1", message: "done", progress: 2 },
      { type: "log", tool: "fw_probe", toolCallId: "call1", level: "info", message: "probed", data: { step: 1 } },
      { type: "log", tool: "fw_probe", toolCallId: "call1", level: "debug", message: "details" },
    ]);
    expect(probeSeen.calls).toEqual([
      { signal: "object", progress: "function", ask: "undefined", log: "function", sample: "undefined", host: "given" },
    ]);
  });

  it("gives a tool invoked outside a graph no progress and no log: there is no writer", async () => {
    const [probe] = toLangChainTools([probeTool]);
    expect(await probe!.invoke({})).toBe("signal=undefined progress=undefined ask=undefined log=undefined sample=undefined host=given");
  });

  it("names itself to middleware: langchain", async () => {
    const seen: ToolCall[] = [];
    const [wrapped] = toLangChainTools(withMiddleware([slugTool], recordCalls(seen)));
    await wrapped!.invoke({ id: "c1", name: "text_slug", args: { text: "Hi" }, type: "tool_call" });
    expect(seen.map(({ host, method }) => ({ host, method }))).toEqual([{ host: "langchain", method: undefined }]);
  });

  it("refuses options it does not know, naming the function", () => {
    expect(() => toLangChainTools([slugTool], { sampling: {} } as never)).toThrow(
      new ToolDefinitionError('toLangChainTools: unknown option "sampling"; it takes none yet'),
    );
  });
});

describe("interruptOnFor with humanInTheLoopMiddleware", () => {
  it("holds destructive tools by default, writes with approval: writes, and names on request", () => {
    const strip = (map: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(map).map(([name, entry]) => [
          name,
          entry === false ? false : (entry as { allowedDecisions: unknown }).allowedDecisions,
        ]),
      );
    const all = ["approve", "edit", "reject"];
    expect(strip(interruptOnFor([slugTool, ...frameworkTools]))).toEqual({
      text_slug: false,
      fw_probe: false,
      fw_note: false,
      fw_wipe: all,
    });
    expect(strip(interruptOnFor(frameworkTools, { approval: "writes" }))).toEqual({ fw_probe: false, fw_note: all, fw_wipe: all });
    expect(strip(interruptOnFor(frameworkTools, { approval: ["fw_probe"], allowedDecisions: ["approve", "reject"] }))).toEqual({
      fw_probe: ["approve", "reject"],
      fw_note: false,
      fw_wipe: false,
    });
    expect(() => interruptOnFor(frameworkTools, { approval: ["fw_nope"] })).toThrow(
      new ToolDefinitionError('interruptOnFor: approval names "fw_nope", which is not a tool in this list'),
    );
    expect(() => interruptOnFor(frameworkTools, { aproval: "writes" } as never)).toThrow(
      new ToolDefinitionError('interruptOnFor: unknown option "aproval"; the options are approval, allowedDecisions'),
    );
  });

  /** An agent that calls `fw_wipe` with `args`, behind the middleware, on a thread of its own. */
  function heldAgent(args: Record<string, unknown>) {
    const model = scripted([{ name: "fw_wipe", args }]);
    const agent = createAgent({
      model,
      tools,
      middleware: [humanInTheLoopMiddleware({ interruptOn: interruptOnFor([slugTool, ...frameworkTools]) })],
      checkpointer: new MemorySaver(),
    });
    return { agent, config: { configurable: { thread_id: "t1" } } };
  }

  it("interrupts before a destructive call, which runs once approved", async () => {
    const { agent, config } = heldAgent({ name: "draft" });
    const held = await agent.invoke({ messages: [{ role: "user", content: "wipe it" }] }, config);
    expect(held.__interrupt__?.[0]?.value).toEqual({
      actionRequests: [
        {
          name: "fw_wipe",
          args: { name: "draft" },
          description: 'Tool execution requires approval\n\nTool: fw_wipe\nArgs: {\n  "name": "draft"\n}',
        },
      ],
      reviewConfigs: [{ actionName: "fw_wipe", allowedDecisions: ["approve", "edit", "reject"] }],
    });
    expect(wiped).toEqual([]);
    const resumed = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
    expect(wiped).toEqual(["draft"]);
    expect(toolReads(resumed.messages)).toEqual([{ content: "wiped draft", status: "success", artifact: undefined }]);
  });

  it("a rejected call never runs, and the model reads the person's message", async () => {
    const { agent, config } = heldAgent({ name: "draft" });
    await agent.invoke({ messages: [{ role: "user", content: "wipe it" }] }, config);
    const resumed = await agent.invoke(new Command({ resume: { decisions: [{ type: "reject", message: "Keep the draft." }] } }), config);
    expect(wiped).toEqual([]);
    expect(toolReads(resumed.messages)).toEqual([{ content: "Keep the draft.", status: "error", artifact: undefined }]);
  });

  it("does not hold a call the core refuses: the model reads the lines at once", async () => {
    const { agent, config } = heldAgent({ name: "" });
    const result = await agent.invoke({ messages: [{ role: "user", content: "wipe it" }] }, config);
    expect(result.__interrupt__).toBeUndefined();
    expect(toolReads(result.messages)).toEqual([
      { content: "Invalid arguments at /name: must not have fewer than 1 characters", status: "error", artifact: undefined },
    ]);
  });
});

describe("a write tool", () => {
  it("runs unheld by default", async () => {
    expect(noteTool.effect).toBe("write");
    expect(await runAgent([{ name: "fw_note", args: { text: "milk" } }])).toEqual([
      { content: "saved: milk", status: "success", artifact: { length: 4 } },
    ]);
  });

  it("is unheld in the default interruptOn map as well", () => {
    expect(interruptOnFor([noteTool, wipeTool]).fw_note).toBe(false);
  });
});
