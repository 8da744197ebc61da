/**
 * The MCP endpoint on a real h3 v2 server (srvx on a loopback port), called
 * by the SDK v2 client over Streamable HTTP on both protocol revisions. Every
 * answer must equal what `callTool` gives for the same call.
 */

import { createMcpRoute, registerMcpRoute } from "@agntn/tools/h3";
import { callTool, listTools } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { H3, serve } from "h3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools as demoTools, renameTool, slugTool } from "./fixtures/demo-tools.ts";
import { h3Seen, waitTool } from "./fixtures/h3-tools.ts";

const info = { name: "h3-demo", version: "1.0.0" };
const tools = [...demoTools, waitTool];
const MODERN = "2026-07-28";

type Revision = "legacy" | "modern";

type Reply = { action: "accept"; content: Record<string, unknown> } | { action: "decline" } | { action: "cancel" };

/** The replies the person gives, in order, to the questions of the next call. */
let replies: Reply[] = [];

const app = new H3();
const route = registerMcpRoute(app, info, tools);
const server = serve(app, { port: 0, hostname: "127.0.0.1", silent: true });
const clients = new Map<Revision, Client>();
const asked = new Map<Revision, unknown[]>();
let url: URL;

const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

/**
 * The tool's answer without the protocol envelope: on 2026-07-28 every result
 * carries the server's name in `_meta`; it must be exactly ours and nothing else.
 */
function answerOf(result: Record<string, unknown>, revision: Revision): Record<string, unknown> {
  const { _meta, ...answer } = result;
  if (revision === "modern") expect(_meta).toEqual({ [SERVER_INFO_KEY]: info });
  else expect(_meta).toBeUndefined();
  return answer;
}

async function connect(revision: Revision): Promise<Client> {
  const client = new Client(
    { name: `h3-test-${revision}`, version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } }, ...(revision === "modern" ? { versionNegotiation: { mode: { pin: MODERN } } } : {}) },
  );
  const seen: unknown[] = [];
  asked.set(revision, seen);
  client.setRequestHandler("elicitation/create", async (request) => {
    seen.push(request.params);
    const reply = replies[seen.length - 1] ?? { action: "cancel" };
    return structuredClone(reply) as never;
  });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

beforeAll(async () => {
  await server.ready();
  url = new URL("/mcp", server.url);
  expect(url.hostname).toBe("127.0.0.1");
  clients.set("legacy", await connect("legacy"));
  clients.set("modern", await connect("modern"));
});

afterAll(async () => {
  for (const client of clients.values()) await client.close().catch(() => {});
  await route.close();
  await server.close(true);
});

describe.each(["legacy", "modern"] as const)("h3 endpoint, %s revision", (revision) => {
  const client = () => clients.get(revision)!;

  it("negotiated the revision asked for", () => {
    const version = client().getNegotiatedProtocolVersion();
    if (revision === "modern") expect(version).toBe(MODERN);
    else expect(version).toBe("2025-11-25");
  });

  it("lists the tools as listTools does, text_stats' view named in its _meta", async () => {
    const listed = await client().listTools();
    const view = { ui: { resourceUri: "ui://text_stats/view.html" }, "ui/resourceUri": "ui://text_stats/view.html" };
    const expected = listTools(tools).tools.map((tool) => (tool.name === "text_stats" ? { ...tool, _meta: view } : tool));
    expect(listed.tools).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it.each([
    ["success", "text_slug", { text: "Crème Brûlée", separator: "_" }],
    ["isError", "text_slug", { text: "!!!" }],
    ["bad input", "text_slug", { text: 5, extra: 1 }],
    ["missing input", "text_slug", undefined],
    ["output schema", "text_stats", { text: "two words\nand lines" }],
    ["unknown name", "nope", {}],
    ["prototype name", "toString", {}],
    ["hostile name", "bad\u001b[31m\nname", {}],
  ])("answers %s like callTool", async (_label, name, args) => {
    const expected = await callTool(info, tools, name, args);
    const params = args === undefined ? { name } : { name, arguments: args as Record<string, unknown> };
    const answer = answerOf(await client().callTool(params), revision);
    expect(answer).toEqual(expected);
  });

  it("states the exact texts for bad input and unknown names", async () => {
    const bad = answerOf(await client().callTool({ name: "text_slug", arguments: { text: 5, extra: 1 } }), revision);
    expect(bad).toEqual({
      content: [
        {
          type: "text",
          text: 'Invalid arguments: unknown property "extra"; takes text, separator\nInvalid arguments at /text: must be string',
        },
      ],
      isError: true,
    });
    const unknown = answerOf(await client().callTool({ name: "toString", arguments: {} }), revision);
    expect(unknown).toEqual({ content: [{ type: "text", text: 'Unknown h3-demo tool: "toString"' }], isError: true });
  });

  it("streams progress to a call with a progress token", async () => {
    const reports: unknown[] = [];
    const answer = answerOf(
      await client().callTool(
        { name: "text_count", arguments: { text: "one two\nthree\nfour five six", chunk: 2 } },
        { onprogress: (progress) => reports.push(progress) },
      ),
      revision,
    );
    expect(answer).toEqual(await callTool(info, tools, "text_count", { text: "one two\nthree\nfour five six", chunk: 2 }));
    expect(answer.content).toEqual([{ type: "text", text: "6 words" }]);
    expect(reports).toEqual([
      { progress: 2, total: 3, message: "counted 2 of 3 lines" },
      { progress: 3, total: 3, message: "counted 3 of 3 lines" },
    ]);
  });

  const separatorForm = {
    message: "How should 2 file name(s) be written?",
    requestedSchema: { type: "object", properties: { separator: { type: "string", enum: ["-", "_"], title: "Separator" } } },
  };
  const applyForm = {
    message: "Apply these renames?\nRead Me.md -> read_me_md\nÉté 2026.txt -> ete_2026_txt",
    requestedSchema: { type: "object", properties: { apply: { type: "boolean", title: "Apply" } } },
  };

  it.each([
    {
      label: "both questions accepted",
      script: [
        { action: "accept", content: { separator: "_" } },
        { action: "accept", content: { apply: true } },
      ] as Reply[],
      forms: [separatorForm, applyForm],
      text: "Renamed:\nRead Me.md -> read_me_md\nÉté 2026.txt -> ete_2026_txt",
    },
    {
      label: "the second question declined",
      script: [{ action: "accept", content: { separator: "_" } }, { action: "decline" }] as Reply[],
      forms: [separatorForm, applyForm],
      text: "Nothing renamed: the person did not confirm.",
    },
    {
      label: "the first question cancelled",
      script: [{ action: "cancel" }] as Reply[],
      forms: [separatorForm],
      text: "Nothing renamed: the person chose cancel.",
    },
  ])("asks the rename questions through the client's elicitation handler: $label", async ({ script, forms, text }) => {
    const seen = asked.get(revision)!;
    seen.length = 0;
    replies = script;
    const args = { names: ["Read Me.md", "Été 2026.txt"] };
    const answer = answerOf(await client().callTool({ name: renameTool.name, arguments: args }), revision);
    let turn = 0;
    const expected = await callTool(info, tools, renameTool.name, args, {
      ask: async (question) => question.check(script[turn++])!,
    });
    expect(answer).toEqual(expected);
    expect(answer.content).toEqual([{ type: "text", text }]);
    expect(seen).toMatchObject(forms);
  });

  it("aborts a running call when the client cancels it", async () => {
    const started = h3Seen.started;
    const aborted = h3Seen.aborted.length;
    const controller = new AbortController();
    const call = client().callTool({ name: waitTool.name, arguments: {} }, { signal: controller.signal });
    for (let i = 0; i < 200 && h3Seen.started === started; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h3Seen.started).toBe(started + 1);
    controller.abort(new Error("the person stopped it"));
    await expect(call).rejects.toThrow();
    for (let i = 0; i < 200 && h3Seen.aborted.length === aborted; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h3Seen.aborted.length).toBe(aborted + 1);
  });
});

describe("createMcpRoute", () => {
  it("serves on any path it is registered for", async () => {
    const other = new H3();
    const direct = createMcpRoute(info, [slugTool]);
    other.all("/tools/mcp", direct);
    const otherServer = serve(other, { port: 0, hostname: "127.0.0.1", silent: true });
    const client = new Client({ name: "h3-direct", version: "1.0.0" }, { versionNegotiation: { mode: { pin: MODERN } } });
    try {
      await otherServer.ready();
      await client.connect(new StreamableHTTPClientTransport(new URL("/tools/mcp", otherServer.url)));
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["text_slug"]);
      const answer = answerOf(await client.callTool({ name: "text_slug", arguments: { text: "Hello h3" } }), "modern");
      expect(answer).toEqual({ content: [{ type: "text", text: "hello-h3" }] });
    } finally {
      await client.close().catch(() => {});
      await direct.close();
      await otherServer.close(true);
    }
  });

  it("refuses a list with a duplicate name before any request", () => {
    expect(() => createMcpRoute(info, [slugTool, slugTool])).toThrow(
      'Duplicate tool name "text_slug": every tool in a list needs its own name',
    );
  });

  it("counts the open 2025 sessions", () => {
    expect(route.sessions).toBe(1);
  });
});
