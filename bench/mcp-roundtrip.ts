/**
 * Benchmark 1: one `tools/call` round trip over the SDK v2 in-memory pair, the
 * same tool and the same 3-field input served three ways: this library's
 * `createMcpServer`, the SDK's `McpServer.registerTool` with a Zod schema, and
 * `McpServer` with the plain JSON schema through `fromJsonSchema`.
 */
import { createMcpServer } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { fromJsonSchema, InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import {
  invalidArgs,
  type JoinArgs,
  joinTool,
  joinWords,
  jsonInput,
  TOOL_DESCRIPTION,
  TOOL_NAME,
  TOOL_TITLE,
  validArgs,
  validText,
  zodInput,
} from "./fixtures.ts";
import { compare, comparisonTable, formatNs, formatRatio, pairedRatio, QUICK, type Section, standalone } from "./harness.ts";

const info = { name: "bench", version: "1.0.0" };

interface Connectable {
  connect(transport: InMemoryTransport): Promise<void>;
  close(): Promise<void>;
}

function sdkServer(inputSchema: typeof zodInput | ReturnType<typeof fromJsonSchema<JoinArgs>>): McpServer {
  const server = new McpServer(info, { capabilities: { tools: {} } });
  server.registerTool(
    TOOL_NAME,
    { title: TOOL_TITLE, description: TOOL_DESCRIPTION, inputSchema: inputSchema as typeof zodInput, annotations: { readOnlyHint: true } },
    async (args: JoinArgs) => ({ content: [{ type: "text", text: joinWords(args) }] }),
  );
  return server;
}

async function connect(server: Connectable): Promise<{ client: Client; close: () => Promise<void> }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

function textOf(result: unknown): string {
  const content = (result as { content?: { text?: string }[] }).content;
  return content?.map((c) => c.text).join("\n") ?? "";
}

export async function run(): Promise<Section> {
  const servers: [string, Connectable][] = [
    ["@agntn/tools createMcpServer", createMcpServer(info, [joinTool]) as unknown as Connectable],
    ["SDK McpServer + Zod", sdkServer(zodInput)],
    ["SDK McpServer + fromJsonSchema", sdkServer(fromJsonSchema<JoinArgs>(jsonInput as never))],
  ];
  const pairs = [];
  for (const [name, server] of servers) pairs.push({ name, ...(await connect(server)) });
  try {
    // Same answer from all three before any timing, or the comparison means nothing.
    const invalidTexts: string[] = [];
    for (const pair of pairs) {
      const ok = await pair.client.callTool({ name: TOOL_NAME, arguments: validArgs as never });
      if (textOf(ok) !== validText || ok.isError) throw new Error(`${pair.name} answered ${JSON.stringify(ok)}`);
      const bad = await pair.client.callTool({ name: TOOL_NAME, arguments: invalidArgs });
      if (!bad.isError) throw new Error(`${pair.name} accepted the invalid input`);
      invalidTexts.push(`- ${pair.name}: ${JSON.stringify(textOf(bad))}`);
    }
    // Short batches, many rounds: a round trip crosses the event loop, where a busy machine's pauses land.
    const rounds = { rounds: QUICK ? 9 : 41, batchMs: 10 };
    const valid = await compare(
      pairs.map((p) => ({ name: p.name, fn: () => p.client.callTool({ name: TOOL_NAME, arguments: validArgs as never }) })),
      rounds,
    );
    const invalid = await compare(
      pairs.map((p) => ({ name: p.name, fn: () => p.client.callTool({ name: TOOL_NAME, arguments: invalidArgs }) })),
      rounds,
    );
    const ours = valid[0]!;
    // The refusal path against the SDK's usual way of writing a tool (McpServer + Zod), paired round by round.
    const refusal = pairedRatio(invalid[0]!, invalid[1]!);
    // The fastest SDK variant is the one ours compares worst against, judged by the paired per-round ratios.
    const [fastest, vsFastest] = valid
      .slice(1)
      .map((sdk) => [sdk, pairedRatio(ours, sdk)] as const)
      .reduce((a, b) => (b[1] > a[1] ? b : a));
    const body = [
      "Sequential `client.callTool` round trips (client → in-memory pair → server → tool → back), one call in flight.",
      "",
      "Valid input:",
      "",
      comparisonTable(valid),
      "",
      `Ours against each SDK variant (median of per-round ratios): ${valid
        .slice(1)
        .map((sdk) => `${formatRatio(pairedRatio(ours, sdk))} of ${sdk.name}`)
        .join(", ")}.`,
      "",
      "Invalid input (4 problems; every server answers `isError`):",
      "",
      comparisonTable(invalid),
      "",
      "What each server answers to the invalid input:",
      "",
      ...invalidTexts,
    ].join("\n");
    return {
      id: 1,
      title: "tools/call round trip over the SDK v2 in-memory pair",
      body,
      targets: [
        {
          what: `round trip, valid input, vs fastest SDK variant (${fastest.name})`,
          target: "≤ 1.00×",
          measured: `${formatRatio(vsFastest)} (${formatNs(ours.median)} vs ${formatNs(fastest.median)})`,
          met: vsFastest <= 1,
        },
        {
          what: `round trip, invalid input (4 problems), vs ${invalid[1]!.name}`,
          target: "≤ 1.00×",
          measured: `${formatRatio(refusal)} (${formatNs(invalid[0]!.median)} vs ${formatNs(invalid[1]!.median)})`,
          met: refusal <= 1,
        },
      ],
    };
  } finally {
    for (const pair of pairs) await pair.close();
  }
}

if (import.meta.main) await standalone(run);
