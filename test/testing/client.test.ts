/**
 * createTestClient from @agntn/tools/testing: the real SDK v2 client in this
 * process, on each target it takes (a tool list on both revisions, a server,
 * a handler), with scripted questions and sampling, and what the server sent
 * kept in order. Every expected value is a literal.
 */
import { createToolList, defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { createTestClient } from "@agntn/tools/testing";
import { describe, expect, test } from "vitest";

const order = defineTool({
  name: "order_tea",
  title: "Order Tea",
  description: "Asks how many cups, asks a model for a name, and reports progress and a log line on the way.",
  effect: "write",
  input: Type.Object({ kind: Type.String() }, { additionalProperties: false }),
  async execute({ kind }, context) {
    context.progress?.("counting", { progress: 1, total: 2 });
    context.log?.("info", `ordering ${kind}`);
    const answer = await context.ask?.({ message: "How many cups?", schema: Type.Object({ cups: Type.Integer() }) });
    if (answer?.action !== "accept") return { content: [{ type: "text", text: `no ${kind} today` }] };
    const named = await context.sample?.({ messages: [{ role: "user", content: { type: "text", text: "Name it" } }], maxTokens: 10 });
    context.progress?.("done", { progress: 2, total: 2 });
    return { content: [{ type: "text", text: `${answer.content.cups} ${kind}, called ${named?.text ?? "nothing"}` }] };
  },
});

const sampled = { role: "assistant", content: { type: "text", text: "Earl" }, model: "scripted" } as const;

describe.each(["2025-11-25", "2026-07-28"] as const)("a tool list on %s", (revision) => {
  test("a question and a sample answered by the script; progress and the log kept", async () => {
    const client = await createTestClient([order], {
      revision,
      questions: [{ action: "accept", content: { cups: 3 } }],
      samples: [sampled],
    });
    try {
      expect(await client.callTool("order_tea", { kind: "tea" })).toEqual({
        content: [{ type: "text", text: "3 tea, called Earl" }],
        ...(revision === "2026-07-28" ? { _meta: { "io.modelcontextprotocol/serverInfo": { name: "tools", version: "0.0.0" } } } : {}),
      });
      expect(client.questions.map((question) => question.message)).toEqual(["How many cups?"]);
      expect(client.samples).toHaveLength(1);
      // 2026-07-28 has no session to hold a call open while a question waits: the call is made again with the answers
      // so far, and the tool runs again from its start (docs: hosts/mcp), so its first report and its log line come three times.
      const rounds = revision === "2026-07-28" ? 3 : 1;
      const counting = { tool: "order_tea", progress: 1, total: 2, message: "counting" };
      expect(client.progress).toEqual([...Array(rounds).fill(counting), { tool: "order_tea", progress: 2, total: 2, message: "done" }]);
      expect(client.logs).toEqual(Array(rounds).fill({ level: "info", logger: "order_tea", data: "ordering tea" }));
      expect(client.notifications).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

test("a script that runs out: the tool is told, and the test reads the line", async () => {
  const client = await createTestClient([order], { questions: [], samples: [sampled] });
  try {
    const result = await client.callTool("order_tea", { kind: "tea" });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: "text", text: "order_tea failed: the test scripted 0 answers to questions and was asked for number 1" },
    ]);
  } finally {
    await client.close();
  }
});

test("no script: the client offers no questions, and the tool's ask is absent", async () => {
  const client = await createTestClient([order]);
  try {
    expect(await client.callTool("order_tea", { kind: "tea" })).toEqual({ content: [{ type: "text", text: "no tea today" }] });
  } finally {
    await client.close();
  }
});

test("a server from createMcpServer, and a handler from createMcpHttpHandler on both revisions", async () => {
  const list = createToolList([order]);
  const server = createMcpServer({ name: "shop", version: "2.0.0" }, list);
  const handler = createMcpHttpHandler({ name: "shop", version: "2.0.0" }, list);
  const clients = [
    await createTestClient(server),
    await createTestClient(handler),
    await createTestClient(handler, { revision: "2026-07-28" }),
  ];
  try {
    for (const client of clients) expect((await client.listTools()).map((tool) => tool.name)).toEqual(["order_tea"]);
  } finally {
    for (const client of clients) await client.close();
    await server.close();
    await handler.close();
  }
});

test("options are checked, one line each", async () => {
  await expect(createTestClient([order], { revison: "2026-07-28" } as never)).rejects.toThrow(
    'createTestClient: unknown option "revison"; the options are revision, server, questions, samples',
  );
  await expect(createTestClient([order], { revision: "2024-11-05" as never })).rejects.toThrow(
    'createTestClient: revision must be one of 2025-11-25, 2026-07-28, got "2024-11-05"',
  );
  await expect(createTestClient([order], { questions: "yes" as never })).rejects.toThrow(
    "createTestClient: questions must be an array of answers or a function",
  );
  await expect(createTestClient({} as never)).rejects.toThrow(
    "createTestClient: give it tools (an array or a list), a server from createMcpServer, or something with fetch",
  );
  await expect(createTestClient(createMcpServer({ name: "s", version: "1" }, [order]), { revision: "2026-07-28" })).rejects.toThrow(
    "createTestClient: a server from createMcpServer speaks 2025-11-25 in memory; give the tools or a handler for 2026-07-28",
  );
});
