/**
 * Benchmark 16: `tools/list` of 1,000 tools when every tool says who sees it
 * (`visibleTo`), against the same 1,000 tools without a predicate, over the
 * SDK v2 in-memory pair with the SDK v2 client. The predicates answer at once
 * and show every tool, so both servers send the same list and the difference
 * is what asking 1,000 predicates and filtering costs per request. A second
 * server without predicates runs beside them: how far two identical servers
 * drift apart is the noise any ratio carries. A third variant hides every other
 * tool, for the record (its list is half as long, so it is cheaper to send).
 *
 * Variants run interleaved in one process, a batch of requests each per round,
 * the order rotating round by round; each ratio is the median of the per-round
 * ratios of CPU time (user + system), as in benchmarks 13 and 14.
 */
import { type AnyTool, defineTool, Type } from "@agntn/tools";
import { createMcpServer } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { formatNs, formatRatio, keep, median, QUICK, type Section, standalone } from "./harness.ts";
import { type Paired, paired, pairedTable, ratioOf } from "./paired.ts";

const info = { name: "bench", version: "1.0.0" };
const COUNT = 1000;

function toolsWith(visibleTo?: (index: number) => AnyTool["visibleTo"]): AnyTool[] {
  return Array.from({ length: COUNT }, (_, index) =>
    defineTool({
      name: `tool_${index}`,
      title: `Tool ${index}`,
      description: `The tool number ${index}.`,
      effect: "read",
      input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
      ...(visibleTo ? { visibleTo: visibleTo(index) } : {}),
      execute: ({ text }) => ({ content: [{ type: "text", text }] }),
    }),
  );
}

async function connect(name: string, tools: AnyTool[]) {
  const server = createMcpServer(info, tools);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    name,
    list: () => client.listTools(),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export async function run(): Promise<Section> {
  const plain = await connect("1,000 tools, no predicate", toolsWith());
  const shown = await connect(
    "1,000 tools, each with visibleTo → true",
    toolsWith(() => () => true),
  );
  const second = await connect("1,000 tools, no predicate, a second server", toolsWith());
  const half = await connect(
    "1,000 tools, visibleTo hides every other one",
    toolsWith((i) => () => i % 2 === 0),
  );
  const all = [plain, shown, second, half];
  try {
    // The same list from the compared servers before any timing, or the comparison means nothing.
    const names = async (one: (typeof all)[number]) => (await one.list()).tools.map((tool) => tool.name).join(",");
    const expected = await names(plain);
    for (const one of [shown, second]) if ((await names(one)) !== expected) throw new Error(`${one.name}: a different list`);
    if ((await half.list()).tools.length !== COUNT / 2) throw new Error(`${half.name}: expected ${COUNT / 2} tools`);
    const rounds = QUICK ? 11 : 151;
    const perBatch = 10;
    for (let i = 0; i < (QUICK ? 20 : 200); i++) for (const one of all) keep(await one.list());
    const results = await paired(
      all.map((one) => ({ name: one.name, fn: () => one.list() })),
      rounds,
      perBatch,
    );
    const [base, ours, twin] = results as [Paired, Paired, Paired, Paired];
    const ratio = ratioOf(ours.cpu, base.cpu);
    const noise = ratioOf(twin.cpu, base.cpu);
    const body = [
      `Sequential \`tools/list\` round trips (SDK v2 client → in-memory pair → \`createMcpServer\` → back) of ${COUNT.toLocaleString("en")} tools,`,
      "one request in flight, no token (each predicate is asked with `undefined`). Variants interleaved,",
      `${rounds} rounds of a batch of ${perBatch} requests each, the order rotating; CPU is the process's user + system time over a batch.`,
      "",
      pairedTable(results, "request", base),
      "",
      `With a predicate on every tool against none: ${formatRatio(ratio)} in CPU, ${formatRatio(ratioOf(ours.wall, base.wall))} in wall time.`,
      `The two servers without predicates: ${formatRatio(noise)} in CPU.`,
    ];
    return {
      id: 16,
      title: "Lists per caller: tools/list of 1,000 tools with visibleTo vs without",
      body: body.join("\n"),
      targets: [
        {
          what: "tools/list of 1,000 tools, each with visibleTo, vs none (CPU per request)",
          target: "≤ 1.20×",
          measured: `${formatRatio(ratio)} (${formatNs(median(ours.cpu))} vs ${formatNs(median(base.cpu))}; the two plain servers ${formatRatio(noise)})`,
          met: ratio <= 1.2,
        },
      ],
    };
  } finally {
    for (const one of all) await one.close();
  }
}

if (import.meta.main) await standalone(run);
