/**
 * Tool lists on the Claude Agent SDK's in-process server: a `createToolList`
 * list given to `toClaudeAgentServer` (and `canUseToolFor`), and `visibleTo`
 * asked with no caller. First as an MCP client sees the server: SDK v1's
 * client over SDK v1's in-memory pair, as test/claude-agent.test.ts connects
 * it. Then inside `query()`: the bundled Claude Code against the fake
 * Messages API on loopback, hearing a tool added in the middle of a run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AnyTool, createToolList, defineTool, ToolDefinitionError, type ToolList, Type } from "@agntn/tools";
import { canUseToolFor, toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { type Options, query } from "@anthropic-ai/claude-agent-sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeTurn, fakeMessagesApi, type MessagesRequest, textTurn } from "./helpers/fake-messages.ts";
import { claudeCodeEnv } from "./helpers/hosts/claude-agent.ts";

const INFO = { name: "notes", version: "1.0.0" };

function textTool(name: string, text: string, more: Partial<AnyTool> = {}): AnyTool {
  return defineTool({
    name,
    title: name,
    description: `Answers ${text}.`,
    effect: "read",
    input: Type.Object({}, { additionalProperties: false }),
    execute: () => ({ content: [{ type: "text", text }] }),
    ...more,
  } as AnyTool);
}

const unknown = (name: string) => ({ content: [{ type: "text", text: `Unknown notes tool: "${name}"` }], isError: true });

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A config's instance connected to SDK v1's client, with every `tools/list_changed` it hears counted. */
async function connect(server: ReturnType<typeof toClaudeAgentServer>) {
  const client = new Client({ name: "probe", version: "1.0.0" });
  const heard: string[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    heard.push("tools/list_changed");
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.instance.connect(serverSide), client.connect(clientSide)]);
  open.push(client);
  const names = async () => (await client.listTools()).tools.map((tool) => tool.name);
  return { client, heard, names };
}

describe("a createToolList list on toClaudeAgentServer, as an MCP client sees it", () => {
  it("declares tools.listChanged", async () => {
    const { client } = await connect(toClaudeAgentServer(INFO, createToolList([textTool("alpha", "a")])));
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
  });

  it("tells the client of a tool added while it is connected, then lists it and calls it", async () => {
    const list = createToolList([textTool("alpha", "a")]);
    const { client, heard, names } = await connect(toClaudeAgentServer(INFO, list));
    expect(await names()).toEqual(["alpha"]);
    list.add(textTool("beta", "b"));
    await expect.poll(() => heard).toEqual(["tools/list_changed"]);
    expect(await names()).toEqual(["alpha", "beta"]);
    expect(await client.callTool({ name: "beta", arguments: {} })).toEqual({ content: [{ type: "text", text: "b" }] });
  });

  it("serves a replaced tool's new definition, and answers a removed one as an unknown name", async () => {
    const list = createToolList([textTool("alpha", "a")]);
    const { client, heard } = await connect(toClaudeAgentServer(INFO, list, { alwaysLoad: true }));
    list.replace(textTool("alpha", "a2"));
    await expect.poll(() => heard).toEqual(["tools/list_changed"]);
    const listed = (await client.listTools()).tools.map(({ name, description, _meta }) => ({ name, description, _meta }));
    expect(listed).toEqual([{ name: "alpha", description: "Answers a2.", _meta: { "anthropic/alwaysLoad": true } }]);
    expect(await client.callTool({ name: "alpha", arguments: {} })).toEqual({ content: [{ type: "text", text: "a2" }] });
    expect(list.remove("alpha")).toBe(true);
    await expect.poll(() => heard).toEqual(["tools/list_changed", "tools/list_changed"]);
    expect((await client.listTools()).tools).toEqual([]);
    expect(await client.callTool({ name: "alpha", arguments: {} })).toEqual(unknown("alpha"));
  });

  it("lets a call already running finish on the definition it started with; the next call gets the new one", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow = textTool("slow", "version 1", {
      execute: async () => {
        started();
        await released;
        return { content: [{ type: "text", text: "version 1" }] };
      },
    });
    const list = createToolList([slow]);
    const { client } = await connect(toClaudeAgentServer(INFO, list));
    const call = client.callTool({ name: "slow", arguments: {} });
    await running;
    list.replace(textTool("slow", "version 2"));
    release();
    expect(await call).toEqual({ content: [{ type: "text", text: "version 1" }] });
    expect(await client.callTool({ name: "slow", arguments: {} })).toEqual({ content: [{ type: "text", text: "version 2" }] });
  });

  it("refuses a change it could not list (a meta that is not JSON), and the list stays as it was", async () => {
    const list = createToolList([textTool("alpha", "a")]);
    const { heard, names } = await connect(toClaudeAgentServer(INFO, list));
    const sized = textTool("sized", "s", { meta: { size: 10n } });
    const refusal = new ToolDefinitionError(
      'toClaudeAgentServer: "sized" cannot be listed (Do not know how to serialize a BigInt); its meta and icons must be plain JSON',
    );
    expect(() => list.add(sized)).toThrow(refusal);
    expect(list.tools.map((tool) => tool.name)).toEqual(["alpha"]);
    expect(await names()).toEqual(["alpha"]);
    expect(heard).toEqual([]);
    // The same tool in an array is refused when the server is made, in the same words.
    expect(() => toClaudeAgentServer(INFO, [sized])).toThrow(refusal);
  });

  it("keeps following the list between connections: a config handed to one query after another", async () => {
    const list = createToolList([textTool("alpha", "a")]);
    const server = toClaudeAgentServer(INFO, list);
    const errors: string[] = [];
    server.instance.server.onerror = (error) => errors.push(error.message);
    const first = await connect(server);
    await first.client.close();
    // Nobody is connected: nothing is sent, nothing fails.
    list.add(textTool("beta", "b"));
    const second = await connect(server);
    expect(await second.names()).toEqual(["alpha", "beta"]);
    list.remove("alpha");
    await expect.poll(() => second.heard).toEqual(["tools/list_changed"]);
    expect(await second.names()).toEqual(["beta"]);
    expect({ firstHeard: first.heard, errors }).toEqual({ firstHeard: [], errors: [] });
  });

  it("refuses tools that are neither an array nor a list, naming the function", () => {
    expect(() => toClaudeAgentServer(INFO, { tools: [] } as never)).toThrow(
      new ToolDefinitionError("toClaudeAgentServer: tools must be an array of tools or a createToolList list"),
    );
    expect(() => canUseToolFor("tools" as never)).toThrow(
      new ToolDefinitionError("canUseToolFor: tools must be an array of tools or a createToolList list"),
    );
  });
});

describe("canUseToolFor with a createToolList list", () => {
  const signal = new AbortController().signal;
  const sdk = { signal, toolUseID: "toolu_1", requestId: "r1", mcpServer: { name: "notes", source: "sdk" } };

  it("judges each call by the list as it is then: an added tool is ours, a removed one is not", async () => {
    const list = createToolList([textTool("alpha", "a")]);
    const asked: string[] = [];
    const canUse = canUseToolFor(list, {
      approve: ({ tool }) => {
        asked.push(tool);
        return true;
      },
    });
    list.add(textTool("wipe", "wiped", { effect: "destructive" }));
    expect(await canUse("mcp__notes__wipe", {}, sdk)).toEqual({ behavior: "allow", updatedInput: {} });
    expect(asked).toEqual(["wipe"]);
    list.remove("wipe");
    expect(await canUse("mcp__notes__wipe", {}, sdk)).toEqual({
      behavior: "deny",
      message: "mcp__notes__wipe is not a tool this app allows; it did not run.",
    });
    expect(asked).toEqual(["wipe"]);
  });

  it("takes a tool its predicate hides for a name outside the list", async () => {
    const canUse = canUseToolFor([textTool("secret", "s", { effect: "destructive", visibleTo: () => false })], {
      approve: () => true,
    });
    // The same name to a callback whose list never had the tool: the two answers are one.
    expect(await canUse("mcp__notes__secret", {}, sdk)).toEqual(await canUseToolFor([])("mcp__notes__secret", {}, sdk));
    expect(await canUse("mcp__notes__secret", {}, sdk)).toEqual({
      behavior: "deny",
      message: "mcp__notes__secret is not a tool this app allows; it did not run.",
    });
  });
});

describe("visibleTo on toClaudeAgentServer", () => {
  it("lists only what each predicate, asked with no caller, shows; a hidden tool's call is the unknown-name answer", async () => {
    const asked: unknown[] = [];
    const tools = [
      textTool("alpha", "a"),
      textTool("secret", "s", {
        visibleTo: (caller) => {
          asked.push(caller);
          return false;
        },
      }),
      textTool("later", "l", { visibleTo: async () => true }),
    ];
    const { client, names } = await connect(toClaudeAgentServer(INFO, tools));
    expect(await names()).toEqual(["alpha", "later"]);
    expect(asked).toEqual([undefined]);
    const hidden = await client.callTool({ name: "secret", arguments: {} });
    // The same name on a server that never had the tool: the two answers are one.
    const { client: without } = await connect(toClaudeAgentServer(INFO, [textTool("alpha", "a")]));
    expect(hidden).toEqual(await without.callTool({ name: "secret", arguments: {} }));
    expect(hidden).toEqual(unknown("secret"));
    expect(await client.callTool({ name: "later", arguments: {} })).toEqual({ content: [{ type: "text", text: "l" }] });
  });

  it("hides a tool whose predicate throws or answers something else, with one line each on the server's onerror", async () => {
    const server = toClaudeAgentServer(INFO, [
      textTool("alpha", "a"),
      textTool("broken", "b", {
        visibleTo: () => {
          throw new Error("no flags\nloaded");
        },
      }),
      textTool("vague", "v", { visibleTo: (() => "yes") as never }),
    ]);
    const errors: string[] = [];
    server.instance.server.onerror = (error) => errors.push(error.message);
    const { client, names } = await connect(server);
    expect(await names()).toEqual(["alpha"]);
    expect(errors).toEqual([
      "broken: visibleTo threw: no flags loaded; the tool is hidden",
      'vague: visibleTo returned "yes", not true or false; the tool is hidden',
    ]);
    // A call asks the predicate too: the answer is the unknown name's, and the throw is one more line.
    expect(await client.callTool({ name: "broken", arguments: {} })).toEqual(unknown("broken"));
    expect(errors.slice(2)).toEqual(["broken: visibleTo threw: no flags loaded; the tool is hidden"]);
  });

  it("asks again at each listing, so a tool shows once its predicate says true", async () => {
    let ready = false;
    const list = createToolList([textTool("alpha", "a"), textTool("gated", "g", { visibleTo: () => ready })]);
    const { client, names } = await connect(toClaudeAgentServer(INFO, list));
    expect(await names()).toEqual(["alpha"]);
    expect(await client.callTool({ name: "gated", arguments: {} })).toEqual(unknown("gated"));
    ready = true;
    expect(await names()).toEqual(["alpha", "gated"]);
    expect(await client.callTool({ name: "gated", arguments: {} })).toEqual({ content: [{ type: "text", text: "g" }] });
  });
});

/**
 * One query whose model plays `turns` in order (then says "done"), each turn given the request it answers. The
 * requests and the tool results Claude Code recorded come back. Claude Code runs as in test/helpers/hosts/claude-agent.ts:
 * a temporary home, no settings files, no session saved.
 */
async function runTurns(turns: Array<(request: MessagesRequest) => FakeTurn>, options: Options) {
  let next = 0;
  const api = await fakeMessagesApi((request) => {
    // Side work (a title, a summary) offers none of our tools: only the agent's own turns follow the script.
    const offered = (request.tools ?? []).some((tool) => tool.name.startsWith("mcp__"));
    const turn = offered ? turns[next] : undefined;
    if (!turn) return textTurn("done");
    next += 1;
    return turn(request);
  });
  const home = mkdtempSync(join(tmpdir(), "agntn-claude-"));
  let stream: ReturnType<typeof query> | undefined;
  try {
    const results: Array<Record<string, unknown>> = [];
    stream = query({
      prompt: "Use the tools.",
      options: {
        model: "claude-test",
        maxTurns: turns.length + 1,
        cwd: home,
        settingSources: [],
        persistSession: false,
        env: claudeCodeEnv(home, api.url),
        ...options,
      },
    });
    for await (const message of stream) {
      if (message.type !== "user" || typeof message.message.content === "string") continue;
      for (const block of message.message.content as unknown as Array<Record<string, unknown>>) {
        if (block.type === "tool_result") results.push(block);
      }
    }
    return { requests: [...api.requests], results };
  } finally {
    stream?.close();
    await api.close();
    rmSync(home, { recursive: true, force: true });
  }
}

const offeredTools = (request: MessagesRequest | undefined) =>
  (request?.tools ?? []).map((tool) => tool.name).filter((name) => name.startsWith("mcp__"));

describe("in query(), with the bundled Claude Code and a fake Messages API", () => {
  it("offers a tool added during the run on the model's next turn, and calls it; a hidden tool is never offered", async () => {
    // Claude Code lists again a moment after it hears list_changed. The hidden tool's predicate is asked at each listing,
    // so install returns once Claude Code has listed again: the model's next turn is then offered the new tool.
    let listed: () => void = () => {};
    let list: ToolList | undefined;
    const install = textTool("install", "installed echo", {
      effect: "write",
      execute: async () => {
        const relisted = new Promise<void>((resolve) => {
          listed = resolve;
        });
        list?.add(textTool("echo", "echoed"));
        await relisted;
        return { content: [{ type: "text", text: "installed echo" }] };
      },
    });
    const secret = textTool("secret", "s", {
      visibleTo: () => {
        listed();
        return false;
      },
    });
    list = createToolList([install, secret]);
    const seen: string[][] = [];
    const run = await runTurns(
      [
        (request) => {
          seen.push(offeredTools(request));
          return { content: [{ type: "tool_use", id: "toolu_1", name: "mcp__notes__install", input: {} }], stop_reason: "tool_use" };
        },
        (request) => {
          seen.push(offeredTools(request));
          return { content: [{ type: "tool_use", id: "toolu_2", name: "mcp__notes__echo", input: {} }], stop_reason: "tool_use" };
        },
      ],
      { mcpServers: { notes: toClaudeAgentServer(INFO, list, { alwaysLoad: true }) }, allowedTools: ["mcp__notes"] },
    );
    expect(seen).toEqual([["mcp__notes__install"], ["mcp__notes__echo", "mcp__notes__install"]]);
    expect(run.results.map(({ tool_use_id, content, is_error }) => ({ tool_use_id, content, is_error }))).toEqual([
      { tool_use_id: "toolu_1", content: [{ type: "text", text: "installed echo" }], is_error: undefined },
      { tool_use_id: "toolu_2", content: [{ type: "text", text: "echoed" }], is_error: undefined },
    ]);
  }, 60_000);
});
