/**
 * Benchmark 5: `listTools` and `callTool` with 10, 100, 1,000 and 10,000 tools.
 * A call looks its tool up in an index built once per list, so its cost must
 * not grow with the list; building the listing is linear and happens once.
 */
import { type AnyTool, joinedText } from "@agntn/tools";
import { callTool, listTools } from "@agntn/tools/mcp";
import { joinTool, validArgs, validText } from "./fixtures.ts";
import { compare, formatNs, formatRatio, median, pairedRatio, QUICK, type Section, standalone, table, timeOnce } from "./harness.ts";

const COUNTS = [10, 100, 1_000, 10_000];
/** A call with 10,000 tools may cost at most this many times a call with 10. */
const FLAT_SLACK = 1.25;
const info = { name: "bench" };

/**
 * `count` distinct tools sharing the fixture's schema and work. Plain fresh
 * objects (not passed through defineTool), so nothing is checked or prepared
 * until the first listing or call, as when a server starts.
 */
function makeTools(count: number): AnyTool[] {
  return Array.from({ length: count }, (_, k) => ({ ...joinTool, name: `tool_${String(k).padStart(5, "0")}` }) as AnyTool);
}

function lastName(tools: readonly AnyTool[]): string {
  return tools[tools.length - 1]!.name;
}

export async function run(): Promise<Section> {
  const lists = COUNTS.map(makeTools);
  for (const tools of lists) {
    const answer = await callTool(info, tools, lastName(tools), validArgs);
    if (joinedText(answer.content) !== validText) throw new Error(`callTool answered ${JSON.stringify(answer)}`);
    if (listTools(tools).tools.length !== tools.length) throw new Error("listTools lost tools");
  }
  // Warm: the index and listing are cached per list, as a server keeps them between requests.
  const calls = await compare(
    lists.map((tools) => ({ name: `${tools.length} tools`, fn: () => callTool(info, tools, lastName(tools), validArgs) })),
  );
  const lists_ = await compare(lists.map((tools) => ({ name: `${tools.length} tools`, fn: () => listTools(tools) })));
  // Cold: the first listing and the first call of a fresh list (definitions checked, schemas copied, index built).
  const runs = QUICK ? 3 : 7;
  const coldList: number[] = [];
  const coldCall: number[] = [];
  for (const count of COUNTS) {
    coldList.push(
      median(
        await timeOnce(
          runs,
          () => makeTools(count),
          (tools) => listTools(tools),
        ),
      ),
    );
    coldCall.push(
      median(
        await timeOnce(
          runs,
          () => makeTools(count),
          (tools) => callTool(info, tools, lastName(tools), validArgs),
        ),
      ),
    );
  }
  const rows = COUNTS.map((count, k) => [
    count.toLocaleString("en-US"),
    formatNs(calls[k]!.median),
    formatRatio(pairedRatio(calls[k]!, calls[0]!)),
    formatNs(lists_[k]!.median),
    formatNs(coldList[k]!),
    formatNs(coldList[k]! / count),
    formatNs(coldCall[k]!),
  ]);
  const flat = pairedRatio(calls[calls.length - 1]!, calls[0]!);
  const body = [
    "The called tool is the last of the list. Warm figures are medians of interleaved rounds; cold figures are medians of fresh lists (new tool objects, so every definition is checked and every schema copied again; the first call also compiles that tool's checker).",
    "",
    table(
      [
        "tools",
        "callTool (warm)",
        "ratio to 10 tools",
        "listTools (warm, cached)",
        "listTools (cold)",
        "cold per tool",
        "first callTool (cold)",
      ],
      rows,
    ),
  ].join("\n");
  return {
    id: 5,
    title: "Scale: listTools and callTool with 10 to 10,000 tools",
    body,
    targets: [
      {
        what: "warm callTool with 10,000 tools vs with 10 tools",
        target: `≤ ${FLAT_SLACK.toFixed(2)}× (flat)`,
        measured: formatRatio(flat),
        met: flat <= FLAT_SLACK,
      },
    ],
  };
}

if (import.meta.main) await standalone(run);
