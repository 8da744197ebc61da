/**
 * Benchmark 2: what the library adds to a call when no transport is involved.
 * `callTool` (lookup, validation, context, result check, MCP shape) against
 * calling the tool's own `execute` with the same arguments; the steps in
 * between are measured too, so an overhead can be traced to its part.
 */
import { invokeTool, joinedText, validateInput } from "@agntn/tools";
import { callTool } from "@agntn/tools/mcp";
import { invalidArgs, joinTool, TOOL_NAME, validArgs, validText } from "./fixtures.ts";
import { compare, comparisonTable, formatNs, formatRatio, type Section, standalone, table } from "./harness.ts";

const info = { name: "bench" };
const tools = [joinTool];
const TARGET_US = 3;

export async function run(): Promise<Section> {
  const answer = await callTool(info, tools, TOOL_NAME, validArgs);
  if (answer.isError || joinedText(answer.content) !== validText) throw new Error(`callTool answered ${JSON.stringify(answer)}`);
  // Both sides await, so the promise machinery of an async host is on both sides of the subtraction.
  const results = await compare([
    { name: "await execute(args, {})", fn: async () => joinTool.execute(validArgs, {}) },
    { name: "validateInput(tool, args) alone (sync)", fn: () => validateInput(joinTool, validArgs) },
    { name: "invokeTool(tool, args)", fn: () => invokeTool(joinTool, validArgs) },
    { name: "callTool(info, tools, name, args)", fn: () => callTool(info, tools, TOOL_NAME, validArgs) },
  ]);
  // A rejected call, for scale: execute never runs; the cost is writing the four problem lines.
  const rejected = await compare([
    { name: "callTool, valid input", fn: () => callTool(info, tools, TOOL_NAME, validArgs) },
    { name: "callTool, invalid input (4 problems)", fn: () => callTool(info, tools, TOOL_NAME, invalidArgs) },
    { name: "validateInput, invalid input (sync)", fn: () => validateInput(joinTool, invalidArgs) },
  ]);
  const direct = results[0]!;
  // validateInput is a part, not a whole call: subtracting execute from it would mean nothing.
  const rows = results.map((m, k) => [
    m.name,
    formatNs(m.median),
    k === 0 || k === 1 ? "—" : formatNs(m.median - direct.median),
    k === 1 ? "—" : formatRatio(m.ratio),
  ]);
  const overhead = results[3]!.median - direct.median;
  const body = [
    "Each variant is wrapped so that it is awaited like a host awaits a tool; the valid 3-field input of benchmark 1.",
    "",
    table(["variant", "median / call", "added over execute", "ratio to execute"], rows),
    "",
    "A rejected call beside an accepted one (execute does not run when the input is invalid):",
    "",
    comparisonTable(rejected),
  ].join("\n");
  return {
    id: 2,
    title: "callTool without a transport vs calling execute directly",
    body,
    targets: [
      {
        what: "callTool overhead per call (median callTool − median execute)",
        target: `≤ ${TARGET_US} µs`,
        measured: formatNs(overhead),
        met: overhead <= TARGET_US * 1000,
      },
    ],
  };
}

if (import.meta.main) await standalone(run);
