/**
 * The Claude Agent SDK adapter. First the server itself, as an MCP client
 * sees it: SDK v1's client connected to the config's instance over SDK v1's
 * in-memory pair (listing, hints, progress, questions, log levels, sampling).
 * Then inside the real loop: `query()` running the bundled Claude Code
 * against a fake Messages API on loopback (test/helpers/hosts/claude-agent.ts),
 * calling the tools and asking for approval through `canUseToolFor`.
 */
import { defineTool, type ToolCall, ToolDefinitionError, Type, withMiddleware } from "@agntn/tools";
import { canUseToolFor, toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { frameworkTools, probeSeen, recordCalls, wiped } from "./fixtures/framework-tools.ts";
import { runClaude } from "./helpers/hosts/claude-agent.ts";

const INFO = { name: "notes", version: "1.0.0" };

/** Asks the person for a colour, and with the answer asks the client's model for a name. */
const paintTool = defineTool({
  name: "fw_paint",
  title: "Paint",
  description: "Asks which colour to paint with.",
  effect: "write",
  input: Type.Object({}, { additionalProperties: false }),
  async execute(_input, { ask }) {
    if (!ask) return { content: [{ type: "text", text: "nobody to ask" }] };
    const answer = await ask({ message: "Which colour?", schema: Type.Object({ colour: Type.Enum(["red", "blue"]) }) });
    return {
      content: [{ type: "text", text: answer.action === "accept" ? `painted ${answer.content.colour}` : `not painted (${answer.action})` }],
    };
  },
});

const sampleTool = defineTool({
  name: "fw_name",
  title: "Name",
  description: "Asks the client's model for a name.",
  effect: "read",
  input: Type.Object({}, { additionalProperties: false }),
  async execute(_input, { sample }) {
    if (!sample) return { content: [{ type: "text", text: "no model" }] };
    const reply = await sample({ messages: [{ role: "user", content: { type: "text", text: "A name?" } }], maxTokens: 10 });
    return { content: [{ type: "text", text: `named ${reply.text}` }] };
  },
});

const tools = [slugTool, ...frameworkTools, paintTool, sampleTool];

beforeEach(() => {
  probeSeen.calls.length = 0;
  wiped.length = 0;
});

describe("the server, as an MCP client sees it", () => {
  let client: Client | undefined;

  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  /** The config's instance, connected to SDK v1's client over SDK v1's in-memory pair. */
  async function connect(capabilities: ConstructorParameters<typeof Client>[1] = {}, options = {}) {
    const server = toClaudeAgentServer(INFO, tools, options);
    client = new Client({ name: "probe", version: "1.0.0" }, capabilities);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.instance.connect(serverSide), client.connect(clientSide)]);
    return { server, client };
  }

  it("is the SDK's in-process config: type sdk, the server's name, an MCP SDK v1 McpServer, the timeout asked for", () => {
    const server = toClaudeAgentServer(INFO, tools, { timeout: 5000 });
    expect({ type: server.type, name: server.name, timeout: server.timeout, isServer: server.instance instanceof McpServer }).toEqual({
      type: "sdk",
      name: "notes",
      timeout: 5000,
      isServer: true,
    });
  });

  it("lists each tool with the JSON Schema and MCP's hints from its effect", async () => {
    const { client } = await connect();
    const { tools: listed } = await client.listTools();
    expect(listed.find((tool) => tool.name === "fw_wipe")).toEqual({
      name: "fw_wipe",
      title: "Wipe",
      description: "Deletes a named thing for good.",
      inputSchema: JSON.parse(JSON.stringify(frameworkTools[2]?.input)),
      annotations: { title: "Wipe", readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    });
  });

  it("marks every tool for Claude Code's first prompt with alwaysLoad", async () => {
    const { client } = await connect({}, { alwaysLoad: true });
    const { tools: listed } = await client.listTools();
    expect(listed.map((tool) => tool._meta)).toEqual(tools.map(() => ({ "anthropic/alwaysLoad": true })));
  });

  it("answers calls as the MCP host does: the core's lines for bad input, isError", async () => {
    const { client } = await connect();
    expect(await client.callTool({ name: "text_slug", arguments: { txt: "Hi" } })).toEqual({
      content: [
        {
          type: "text",
          text: 'Invalid arguments: unknown property "txt"; takes text, separator\nInvalid arguments at /: must have required properties text',
        },
      ],
      isError: true,
    });
    expect(await client.callTool({ name: "nope", arguments: {} })).toEqual({
      content: [{ type: "text", text: 'Unknown notes tool: "nope"' }],
      isError: true,
    });
  });

  it("sends progress for a call with a token, and log lines at or above the client's level", async () => {
    const { client } = await connect();
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push(notification.params);
    });
    await client.setLoggingLevel("info");
    const progress: unknown[] = [];
    await client.callTool({ name: "fw_probe", arguments: {} }, undefined, { onprogress: (update) => progress.push(update) });
    expect(progress).toEqual([
      { progress: 1, total: 2, message: "half way" },
      { progress: 2, message: "done" },
    ]);
    expect(logged).toEqual([{ level: "info", logger: "fw_probe", data: { message: "probed", data: { step: 1 } } }]);
  });

  it("asks through elicitation and samples through the client's model, when the client declared them", async () => {
    const { client } = await connect({ capabilities: { elicitation: {}, sampling: {} } });
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      expect(request.params.message).toBe("Which colour?");
      return { action: "accept", content: { colour: "blue" } };
    });
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({
      role: "assistant",
      content: { type: "text", text: "Ada" },
      model: "client-model",
    }));
    expect(await client.callTool({ name: "fw_paint", arguments: {} })).toEqual({ content: [{ type: "text", text: "painted blue" }] });
    expect(await client.callTool({ name: "fw_name", arguments: {} })).toEqual({ content: [{ type: "text", text: "named Ada" }] });
  });

  it("gives no ask and no sample to a client that declared neither", async () => {
    const { client } = await connect();
    expect(await client.callTool({ name: "fw_paint", arguments: {} })).toEqual({ content: [{ type: "text", text: "nobody to ask" }] });
    expect(await client.callTool({ name: "fw_name", arguments: {} })).toEqual({ content: [{ type: "text", text: "no model" }] });
  });

  it("names itself to middleware: claude-agent, with the method, the request id and _meta", async () => {
    const seen: ToolCall[] = [];
    const server = toClaudeAgentServer(INFO, withMiddleware([slugTool], recordCalls(seen)));
    client = new Client({ name: "probe", version: "1.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.instance.connect(serverSide), client.connect(clientSide)]);
    await client.callTool({ name: "text_slug", arguments: { text: "Hi" }, _meta: { trace: "t1" } });
    expect(seen.map(({ host, method, requestId, meta }) => ({ host, method, requestId: typeof requestId, meta }))).toEqual([
      { host: "claude-agent", method: "tools/call", requestId: "number", meta: { trace: "t1" } },
    ]);
  });

  it("refuses a bad info or option, naming the function", () => {
    expect(() => toClaudeAgentServer({ name: "", version: "1" }, tools)).toThrow(
      new ToolDefinitionError(
        "toClaudeAgentServer: info must be { name, version }, the server's name (the tools read mcp__<name>__<tool> in Claude Code) and version",
      ),
    );
    expect(() => toClaudeAgentServer(INFO, tools, { alwaysload: true } as never)).toThrow(
      new ToolDefinitionError('toClaudeAgentServer: unknown option "alwaysload"; the options are alwaysLoad, timeout, resources, prompts'),
    );
    expect(() => canUseToolFor(tools, { approve: true } as never)).toThrow(
      new ToolDefinitionError("canUseToolFor: approve must be a function"),
    );
  });
});

describe("canUseToolFor, as Claude Code calls it", () => {
  const signal = new AbortController().signal;
  const sdk = { signal, toolUseID: "toolu_1", requestId: "r1", mcpServer: { name: "notes", source: "sdk" } };

  it("allows tools that do not wait, puts held ones to approve, and denies what it does not know", async () => {
    const asked: unknown[] = [];
    const canUse = canUseToolFor(tools, {
      approve: ({ tool, title, input }) => {
        asked.push({ tool, title, input });
        return input.name === "old";
      },
    });
    expect(await canUse("mcp__notes__fw_note", { text: "x" }, sdk)).toEqual({ behavior: "allow", updatedInput: { text: "x" } });
    expect(await canUse("mcp__notes__fw_wipe", { name: "old" }, sdk)).toEqual({ behavior: "allow", updatedInput: { name: "old" } });
    expect(await canUse("mcp__notes__fw_wipe", { name: "new" }, sdk)).toEqual({
      behavior: "deny",
      message: "The person declined fw_wipe; it did not run. Do not call it again unless the person asks for it.",
    });
    expect(asked).toEqual([
      { tool: "fw_wipe", title: "Wipe", input: { name: "old" } },
      { tool: "fw_wipe", title: "Wipe", input: { name: "new" } },
    ]);
    // A call the core refuses is not put to the person: the server answers it with the core's lines.
    expect(await canUse("mcp__notes__fw_wipe", { name: "" }, sdk)).toEqual({ behavior: "allow", updatedInput: { name: "" } });
    expect(await canUse("Bash", { command: "ls" }, { signal, toolUseID: "toolu_1", requestId: "r1" })).toEqual({
      behavior: "deny",
      message: "Bash is not a tool this app allows; it did not run.",
    });
  });

  it("does not take a configured server's tool for one of ours, even under the same name", async () => {
    const canUse = canUseToolFor(tools);
    const configured = { signal, toolUseID: "toolu_1", requestId: "r1", mcpServer: { name: "notes", source: "project" } };
    expect(await canUse("mcp__notes__fw_probe", {}, configured)).toEqual({
      behavior: "deny",
      message: "mcp__notes__fw_probe is not a tool this app allows; it did not run.",
    });
    expect(await canUse("mcp__notes__fw_probe", {}, sdk)).toEqual({ behavior: "allow", updatedInput: {} });
  });

  it("denies a held call when nobody can approve it, and hands other tools to otherwise", async () => {
    const canUse = canUseToolFor(tools, {
      approval: "writes",
      otherwise: async (_name, input) => ({ behavior: "allow", updatedInput: input }),
    });
    expect(await canUse("mcp__notes__fw_note", { text: "x" }, sdk)).toEqual({
      behavior: "deny",
      message: "fw_note needs the person's approval, and nobody can give it here. It did not run.",
    });
    expect(await canUse("Read", { file_path: "a" }, { signal, toolUseID: "toolu_1", requestId: "r1" })).toEqual({
      behavior: "allow",
      updatedInput: { file_path: "a" },
    });
  });
});

describe("in query(), with the bundled Claude Code and a fake Messages API", () => {
  it("calls the tools; Claude Code records the core's texts, and isError for a failure", async () => {
    const server = toClaudeAgentServer(INFO, tools, { alwaysLoad: true });
    const run = await runClaude(
      [
        { name: "mcp__notes__text_slug", input: { text: "Héllo Wörld", separator: "_" } },
        { name: "mcp__notes__text_slug", input: { txt: "Hi" } },
        { name: "mcp__notes__fw_probe", input: {} },
      ],
      { mcpServers: { notes: server }, allowedTools: ["mcp__notes"] },
    );
    expect(run.results.get("toolu_1")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [{ type: "text", text: "hello_world" }],
    });
    expect(run.results.get("toolu_2")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_2",
      content:
        'Invalid arguments: unknown property "txt"; takes text, separator\nInvalid arguments at /: must have required properties text',
      is_error: true,
    });
    // Claude Code sends a progress token with every call, and declares no capability to an in-process server: no forms, no sampling.
    expect(server.instance.server.getClientCapabilities()).toEqual({});
    expect(probeSeen.calls).toEqual([
      { signal: "object", progress: "function", ask: "undefined", log: "function", sample: "undefined", host: "given" },
    ]);
  }, 60_000);

  it("holds a destructive call for canUseToolFor's approve, and runs it only once approved", async () => {
    const server = toClaudeAgentServer(INFO, tools, { alwaysLoad: true });
    const approvals: unknown[] = [];
    const run = await runClaude(
      [
        { name: "mcp__notes__fw_wipe", input: { name: "old" } },
        { name: "mcp__notes__fw_wipe", input: { name: "new" } },
        { name: "mcp__notes__fw_probe", input: {} },
      ],
      {
        mcpServers: { notes: server },
        canUseTool: canUseToolFor(tools, {
          approve: ({ tool, input }) => {
            approvals.push({ tool, input });
            return input.name === "old";
          },
        }),
      },
    );
    expect(wiped).toEqual(["old"]);
    expect(approvals).toEqual([
      { tool: "fw_wipe", input: { name: "old" } },
      { tool: "fw_wipe", input: { name: "new" } },
    ]);
    expect(run.results.get("toolu_1")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [{ type: "text", text: "wiped old" }],
    });
    expect(run.results.get("toolu_2")).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_2",
      content: "The person declined fw_wipe; it did not run. Do not call it again unless the person asks for it.",
      is_error: true,
    });
    // A read tool is allowed without asking anyone.
    expect(run.results.get("toolu_3")?.is_error).toBeUndefined();
    expect(probeSeen.calls).toHaveLength(1);
  }, 60_000);
});
