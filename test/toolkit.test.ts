import { defineTool, type JsonSchema, ToolDefinitionError, Type } from "@agntn/tools";
import { callTool } from "@agntn/tools/mcp";
import { type ToolkitTool, type ToolkitToolsOptions, toToolkitTools } from "@agntn/tools/toolkit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { McpHandlerOptions, McpToolDefinitionListItem } from "@nuxtjs/mcp-toolkit/server";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import * as zMini from "zod/v4-mini";
import { renameTool, slugTool, tools } from "../playground/server/tools.ts";
// The core's listing, without the views an MCP server adds: the toolkit serves a tool with a view as an ordinary one.
import { listTools } from "../src/protocol/list.ts";
import { checkStandIn, zodStandIn } from "../src/toolkit/zod-standin.ts";

const info = { name: "toolkit-demo" };

const written: JsonSchema = {
  type: "object",
  properties: {
    title: { type: "string", minLength: 1, pattern: "\\S" },
    note: { anyOf: [{ type: "string" }, { type: "null" }] },
    tag: { $ref: "#/$defs/tag" },
  },
  $defs: { tag: { type: "string", enum: ["a", "b"] } },
  required: ["title"],
  additionalProperties: false,
};

describe("the Zod stand-in (goes red when Zod moves the internals it uses)", () => {
  it("still finds _zod.run, _zod.parse and the _zod.toJSONSchema hook on a loose object", () => {
    const internals = (z.looseObject({}) as unknown as { _zod: Record<string, unknown> })._zod;
    expect(typeof internals.run).toBe("function");
    expect(typeof internals.parse).toBe("function");
    expect(() => checkStandIn()).not.toThrow();
  });

  it.each([
    { label: "zod, draft-7 input (SDK v1's listing)", convert: (s: z.ZodType) => z.toJSONSchema(s, { target: "draft-7", io: "input" }) },
    { label: "zod/v4-mini, draft-7 input", convert: (s: z.ZodType) => zMini.toJSONSchema(s as never, { target: "draft-7", io: "input" }) },
    { label: "zod, draft-2020-12 output", convert: (s: z.ZodType) => z.toJSONSchema(s, { target: "draft-2020-12", io: "output" }) },
  ])("converts to the schema as written, plus $schema: $label", ({ convert }) => {
    const { $schema, ...rest } = convert(zodStandIn(written)) as Record<string, unknown>;
    expect(typeof $schema).toBe("string");
    expect(rest).toEqual(written);
    expect(JSON.stringify(rest)).toBe(JSON.stringify(written));
  });

  it("hands every value over untouched, and a missing one as {}", async () => {
    const standIn = zodStandIn(written);
    const value = JSON.parse('{"__proto__":{"admin":true},"title":42,"extra":[1]}');
    const parsed = standIn.safeParse(value);
    expect(parsed.success && parsed.data).toBe(value);
    expect(Object.keys(value)).toEqual(["__proto__", "title", "extra"]);
    expect(standIn.parse(undefined)).toEqual({});
    expect(await standIn.parseAsync("not an object")).toBe("not an object");
    expect((await zMini.safeParseAsync(standIn as never, value)).data).toBe(value);
  });

  it("gives each conversion a fresh copy, so a caller cannot edit the next listing", () => {
    const standIn = zodStandIn(written);
    const first = z.toJSONSchema(standIn) as { properties: Record<string, unknown> };
    first.properties.title = "changed";
    expect((z.toJSONSchema(standIn) as { properties: Record<string, unknown> }).properties.title).toEqual({
      type: "string",
      minLength: 1,
      pattern: "\\S",
    });
  });
});

const iconTool = defineTool({
  name: "icon_tool",
  title: "Icon Tool",
  description: "A tool with icons and meta.",
  effect: "destructive",
  openWorld: true,
  icons: [{ src: "https://example.com/i.svg", mimeType: "image/svg+xml" }],
  meta: { ui: { resourceUri: "ui://icon" } },
  input: Type.Object({}, { additionalProperties: false }),
  execute: () => ({ content: [{ type: "text", text: "ok" }] }),
});

describe("toToolkitTools entries", () => {
  const all = [...tools, iconTool];

  it("list what the core lists, icons left home, schemas through the stand-in", () => {
    const entries = toToolkitTools(all);
    const listed = listTools(all).tools;
    expect(entries.map((entry) => entry.name)).toEqual(listed.map((tool) => tool.name));
    for (const [i, entry] of entries.entries()) {
      const tool = listed[i]!;
      const { inputSchema, outputSchema, handler, ...rest } = entry;
      const expected: Record<string, unknown> = {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        annotations: tool.annotations,
      };
      if (tool._meta) expected._meta = tool._meta;
      expect(rest).toEqual(expected);
      expect(typeof handler).toBe("function");
      const { $schema: _a, ...input } = z.toJSONSchema(inputSchema) as Record<string, unknown>;
      expect(input).toEqual(tool.inputSchema);
      if (tool.outputSchema) {
        const { $schema: _b, ...output } = z.toJSONSchema(outputSchema!) as Record<string, unknown>;
        expect(output).toEqual(tool.outputSchema);
      } else {
        expect(outputSchema).toBeUndefined();
      }
    }
    expect(entries.at(-1)).not.toHaveProperty("icons");
  });

  it("refuse a list with a duplicate name before anything is served", () => {
    expect(() => toToolkitTools([slugTool, slugTool])).toThrow(ToolDefinitionError);
  });

  it("fit defineMcpHandler({ tools }) without any SDK v2 type", () => {
    const entries = toToolkitTools(tools);
    expectTypeOf(entries).toExtend<McpToolDefinitionListItem[]>();
    const options: McpHandlerOptions = { name: "demo", tools: entries };
    expect(options.tools).toBe(entries);
  });
});

interface Wired {
  client: Client;
  forms: unknown[];
}

const wired: Array<{ client: Client; server: McpServer }> = [];

afterEach(async () => {
  for (const { client, server } of wired.splice(0)) {
    await client.close();
    await server.close();
  }
});

/** An SDK v1 McpServer with the entries registered as @nuxtjs/mcp-toolkit does, and an SDK v1 client in memory. */
async function wire(entries: ToolkitTool[], replies?: unknown[]): Promise<Wired> {
  const server = new McpServer({ name: info.name, version: "1.0.0" });
  for (const entry of entries) {
    const { name, handler, ...config } = entry;
    server.registerTool(name, { ...config, _meta: { ...config._meta } }, handler as never);
  }
  const client = new Client({ name: "toolkit-test", version: "1.0.0" }, { capabilities: replies ? { elicitation: {} } : {} });
  const forms: unknown[] = [];
  if (replies) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      forms.push(request.params);
      return (replies.shift() ?? { action: "cancel" }) as never;
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  wired.push({ client, server });
  return { client, forms };
}

const canAsk: ToolkitToolsOptions = { elicitation: () => ({ supports: (mode) => mode === "form" }) };

describe("answers through SDK v1's McpServer", () => {
  it.each([
    { label: "success", name: "text_slug", args: { text: "Hello World" } },
    { label: "bad input", name: "text_slug", args: { text: "", other: 1 } },
    { label: "missing arguments", name: "text_slug", args: undefined },
    { label: "output schema", name: "text_stats", args: { text: "a b" } },
  ])("equal callTool's: $label", async ({ name, args }) => {
    const { client } = await wire(toToolkitTools(tools));
    const answer = await client.callTool({ name, ...(args === undefined ? {} : { arguments: args }) });
    expect(answer).toEqual(await callTool(info, tools, name, args));
  });

  it("send no progress without a session, even when the call has a token", async () => {
    const { client } = await wire(toToolkitTools(tools));
    const reports: unknown[] = [];
    const answer = await client.callTool({ name: "text_count", arguments: { text: "a\nb" } }, undefined, {
      onprogress: (p) => reports.push(p),
    });
    expect(answer).toEqual({ content: [{ type: "text", text: "2 words" }] });
    expect(reports).toEqual([]);
  });

  it("ask through elicitation/create when the composable says the client fills forms", async () => {
    const { client, forms } = await wire(toToolkitTools([renameTool], canAsk), [
      { action: "accept", content: { separator: "-" } },
      { action: "accept", content: { apply: true } },
    ]);
    const answer = await client.callTool({ name: "files_rename", arguments: { names: ["A B"] } });
    expect(answer).toEqual({ content: [{ type: "text", text: "Renamed:\nA B -> a-b" }] });
    expect(forms).toHaveLength(2);
  });

  it("leave ask undefined without the option, or when the client fills no forms", async () => {
    const nobody = "Nobody to ask: run this where a person can answer, or rename by hand.";
    const withoutOption = await wire(toToolkitTools([renameTool]), []);
    const noForms = await wire(toToolkitTools([renameTool], { elicitation: () => ({ supports: () => false }) }), []);
    for (const { client, forms } of [withoutOption, noForms]) {
      const answer = await client.callTool({ name: "files_rename", arguments: { names: ["a"] } });
      expect(answer).toEqual({ content: [{ type: "text", text: nobody }], isError: true });
      expect(forms).toEqual([]);
    }
  });

  it("answer every call with the composable's error when it cannot find the request", async () => {
    const { client } = await wire(
      toToolkitTools(tools, {
        elicitation: () => {
          throw new Error("Nitro request context is not available. Enable the experimental flag using `experimental.asyncContext: true`.");
        },
      }),
    );
    for (const name of ["text_slug", "files_rename"]) {
      expect(await client.callTool({ name, arguments: {} })).toEqual({
        content: [
          {
            type: "text",
            text: `${name} failed: Nitro request context is not available. Enable the experimental flag using \`experimental.asyncContext: true\`.`,
          },
        ],
        isError: true,
      });
    }
  });
});
