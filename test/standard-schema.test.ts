/**
 * toStandardSchema: a tool's input as Standard Schema V1 with Standard JSON
 * Schema, checked on its own and inside two real consumers: the MCP SDK v2's
 * `McpServer.registerTool` called by the SDK v2 client, and the Anthropic
 * SDK's `betaStandardSchemaTool` run by `client.beta.messages.toolRunner`
 * against a fake Messages API on loopback. Each consumer frames the core's
 * lines its own way; the texts below pin that framing.
 */
import { defineTool, ToolDefinitionError, Type, toStandardSchema } from "@agntn/tools";
import Anthropic from "@anthropic-ai/sdk";
import { betaStandardSchemaTool } from "@anthropic-ai/sdk/helpers/beta/standard-schema";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { type FakeMessagesApi, fakeMessagesApi, textTurn, toolResults, toolTurn } from "./helpers/fake-messages.ts";

const listTool = defineTool({
  name: "fixture_list",
  title: "List",
  description: "Takes a list of named items.",
  effect: "read",
  input: Type.Object(
    { items: Type.Array(Type.Object({ name: Type.String({ minLength: 1 }) }, { additionalProperties: false })) },
    { additionalProperties: false },
  ),
  execute: ({ items }) => ({ content: [{ type: "text", text: `${items.length} items` }] }),
});

const slugJson = JSON.parse(JSON.stringify(slugTool.input));

describe("the Standard Schema", () => {
  const schema = toStandardSchema(slugTool)["~standard"];

  it("names itself: version 1, vendor agntn", () => {
    expect({ version: schema.version, vendor: schema.vendor }).toEqual({ version: 1, vendor: "agntn" });
  });

  it("accepts valid input as it is", () => {
    expect(schema.validate({ text: "Hello", separator: "_" })).toEqual({ value: { text: "Hello", separator: "_" } });
  });

  it("gives one issue per core line, with a path where the problem is not at the root", () => {
    expect(schema.validate({ txt: "Hello", separator: "+" })).toEqual({
      issues: [
        { message: 'Invalid arguments: unknown property "txt"; takes text, separator' },
        { message: "Invalid arguments at /: must have required properties text" },
        { message: "Invalid arguments at /separator: must be one of -, _, .", path: ["separator"] },
      ],
    });
  });

  it("reads a missing value as {}, as every host does", () => {
    expect(schema.validate(undefined)).toEqual({ issues: [{ message: "Invalid arguments at /: must have required properties text" }] });
  });

  it("writes array indices in a path as numbers", () => {
    expect(toStandardSchema(listTool)["~standard"].validate({ items: [{ name: "a" }, { name: "" }] })).toEqual({
      issues: [{ message: "Invalid arguments at /items/1/name: must not have fewer than 1 characters", path: ["items", 1, "name"] }],
    });
  });

  it("hands out the JSON Schema every host lists, for input and output, as a fresh copy each time", () => {
    const first = schema.jsonSchema.input({ target: "draft-2020-12" });
    expect(first).toEqual(slugJson);
    expect(schema.jsonSchema.output({ target: "draft-07" })).toEqual(slugJson);
    first.type = "changed";
    expect(schema.jsonSchema.input({ target: "draft-07" })).toEqual(slugJson);
  });

  it("throws for a target it does not write, as the spec asks", () => {
    expect(() => schema.jsonSchema.input({ target: "openapi-3.0" })).toThrow(
      new ToolDefinitionError(
        'toStandardSchema: text_slug has no JSON Schema for target "openapi-3.0"; the targets are draft-2020-12, draft-07',
      ),
    );
  });
});

describe("in the MCP SDK v2's McpServer.registerTool", () => {
  let client: Client;
  let server: McpServer;
  const received: unknown[] = [];

  beforeAll(async () => {
    server = new McpServer({ name: "std", version: "1.0.0" });
    server.registerTool("text_slug", { description: slugTool.description, inputSchema: toStandardSchema(slugTool) }, async (args) => {
      received.push(args);
      return { content: [{ type: "text", text: "ran" }] };
    });
    client = new Client({ name: "std-client", version: "1.0.0" });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it("lists the tool with the JSON Schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.inputSchema)).toEqual([slugJson]);
  });

  it("runs valid input, handing the handler the checked value", async () => {
    expect(await client.callTool({ name: "text_slug", arguments: { text: "Hi" } })).toEqual({ content: [{ type: "text", text: "ran" }] });
    expect(received).toEqual([{ text: "Hi" }]);
  });

  it("refuses bad input with the core's lines, each with the path the SDK puts before it", async () => {
    const answer = await client.callTool({ name: "text_slug", arguments: { txt: "Hi", separator: "+" } });
    expect(answer).toEqual({
      content: [
        {
          type: "text",
          text:
            "Input validation error: Invalid arguments for tool text_slug: " +
            'Invalid arguments: unknown property "txt"; takes text, separator, ' +
            "Invalid arguments at /: must have required properties text, " +
            "separator: Invalid arguments at /separator: must be one of -, _, .",
        },
      ],
      isError: true,
    });
    expect(received).toEqual([{ text: "Hi" }]);
  });
});

describe("in the Anthropic SDK's betaStandardSchemaTool, run by the tool runner", () => {
  let api: FakeMessagesApi;
  let turns: Array<Record<string, unknown>>;

  beforeAll(async () => {
    api = await fakeMessagesApi((request) => {
      const results = toolResults(request);
      return results.length > 0 ? textTurn("done") : toolTurn("text_slug", turns.shift() ?? {});
    });
  });

  afterAll(async () => {
    await api.close();
  });

  async function runOnce(input: Record<string, unknown>) {
    turns = [input];
    const client = new Anthropic({ apiKey: "test-key", baseURL: api.url, maxRetries: 0 });
    const tool = betaStandardSchemaTool({
      name: "text_slug",
      description: slugTool.description,
      inputSchema: toStandardSchema(slugTool),
      run: (args) => `slugged ${args.text}`,
    });
    const from = api.requests.length;
    await client.beta.messages.toolRunner({
      model: "claude-test",
      max_tokens: 100,
      messages: [{ role: "user", content: "go" }],
      tools: [tool],
    });
    return { sent: api.requests[from]?.tools, read: toolResults(api.requests.at(-1)) };
  }

  it("sends the JSON Schema as input_schema and runs valid input", async () => {
    const { sent, read } = await runOnce({ text: "Hi" });
    expect(sent).toEqual([{ type: "custom", name: "text_slug", description: slugTool.description, input_schema: slugJson }]);
    expect(read).toEqual([{ type: "tool_result", tool_use_id: "toolu_1", content: "slugged Hi" }]);
  });

  it("refuses bad input with the core's lines inside the SDK's own error text", async () => {
    const { read } = await runOnce({ txt: "Hi" });
    expect(read).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_1",
        content:
          "Error: Schema validation failed with 2 issue(s):\n" +
          '  - Invalid arguments: unknown property "txt"; takes text, separator\n' +
          "  - Invalid arguments at /: must have required properties text",
        is_error: true,
      },
    ]);
  });
});
