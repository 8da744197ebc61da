/**
 * Resources and prompts on the Claude Agent SDK's in-process server
 * (`toClaudeAgentServer(info, tools, { resources, prompts })`), as Claude Code
 * reads them: SDK v1's client over SDK v1's in-memory pair. The answers and
 * refusals are the ones the SDK v2 faces give (test/mcp-resources.test.ts).
 */
import { definePrompt, defineResource, Type } from "@agntn/tools";
import { toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure } from "./helpers/json-rpc-failure.ts";

const notes = defineResource({ name: "Notes", uri: "notes://all", mimeType: "text/plain", read: () => "buy milk" });
const note = defineResource({
  name: "Note",
  uriTemplate: "notes://{id}",
  complete: { id: (typed) => ["1", "2", "12"].filter((id) => id.startsWith(typed)) },
  read: ({ id }) => {
    if (id === "404") throw new Error("no such note\u001b[2J");
    return `note ${id}`;
  },
});
const recap = definePrompt({
  name: "recap",
  arguments: Type.Object({ day: Type.String({ enum: ["today", "yesterday"] }) }, { additionalProperties: false }),
  get: ({ day }) => `Recap ${day}.`,
});

describe("toClaudeAgentServer with resources and prompts", () => {
  const server = toClaudeAgentServer({ name: "notes", version: "1.0.0" }, [], { resources: [notes, note], prompts: [recap] });
  const client = new Client({ name: "probe", version: "1.0.0" });

  beforeAll(async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.instance.connect(serverSide), client.connect(clientSide)]);
  });
  afterAll(async () => {
    await client.close();
  });

  it("declares, lists, reads and completes", async () => {
    expect(client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {}, completions: {} });
    expect((await client.listResources()).resources).toEqual([{ uri: "notes://all", name: "Notes", mimeType: "text/plain" }]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([{ uriTemplate: "notes://{id}", name: "Note" }]);
    expect(await client.readResource({ uri: "notes://7" })).toEqual({ contents: [{ uri: "notes://7", text: "note 7" }] });
    expect(
      (await client.complete({ ref: { type: "ref/resource", uri: "notes://{id}" }, argument: { name: "id", value: "1" } })).completion,
    ).toEqual({
      values: ["1", "12"],
    });
    expect(await client.getPrompt({ name: "recap", arguments: { day: "today" } })).toEqual({
      messages: [{ role: "user", content: { type: "text", text: "Recap today." } }],
    });
  });

  it("refuses as the SDK v2 faces do, in one clean line", async () => {
    expect(await failure(client.readResource({ uri: "notes://404" }))).toEqual({
      code: -32603,
      message: "MCP error -32603: Note failed: no such note",
    });
    expect(await failure(client.readResource({ uri: "files://x" }))).toEqual({
      code: -32602,
      message: 'MCP error -32602: Resource not found: "files://x"',
    });
    expect(await failure(client.getPrompt({ name: "recap", arguments: { day: "someday" } }))).toEqual({
      code: -32602,
      message: "MCP error -32602: Invalid arguments at /day: must be one of today, yesterday",
    });
    expect(await failure(client.getPrompt({ name: "toString" }))).toEqual({
      code: -32602,
      message: 'MCP error -32602: Unknown prompt: "toString"',
    });
  });

  it("refuses a bad option at once, naming the face", () => {
    expect(() => toClaudeAgentServer({ name: "n", version: "1" }, [], { resources: [notes, notes] })).toThrow(
      'toClaudeAgentServer: Duplicate resource URI "notes://all": every fixed resource needs its own URI',
    );
    expect(() => toClaudeAgentServer({ name: "n", version: "1" }, [], { resource: [notes] } as never)).toThrow(
      'toClaudeAgentServer: unknown option "resource"; the options are alwaysLoad, timeout, resources, prompts',
    );
  });
});
