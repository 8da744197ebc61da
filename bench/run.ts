/**
 * Runs every benchmark, each in its own fresh Node process (so one's JIT and
 * heap state cannot colour the next), and writes bench/RESULTS.md with the
 * machine, the Node version and the date. `BENCH_QUICK=1` for a short smoke run;
 * `node --conditions=agntn-source bench/run.ts 3 5` runs only those benchmarks
 * (into RESULTS.partial.md), and with `--merge` puts them into RESULTS.md in
 * place of their old sections (bench/merge.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { QUICK, renderSection, type Section, table } from "./harness.ts";
import { mergeSections } from "./merge.ts";

const BENCHMARKS: { id: number; file: string; title: string }[] = [
  { id: 1, file: "mcp-roundtrip.ts", title: "tools/call round trip over the SDK v2 in-memory pair" },
  { id: 2, file: "call-overhead.ts", title: "callTool without a transport vs execute" },
  { id: 3, file: "validation.ts", title: "Validation: core vs Ajv vs Zod" },
  { id: 4, file: "sanitize.ts", title: "sanitizeLine vs stripVTControlCharacters" },
  { id: 5, file: "scale.ts", title: "Scale: 10 to 10,000 tools" },
  { id: 6, file: "nuxt-route.ts", title: "The Nuxt /mcp route under load" },
  { id: 7, file: "imports.ts", title: "Cold import time and size per entry" },
  { id: 8, file: "route-scale.ts", title: "The module's route scaled out" },
  { id: 9, file: "sessions.ts", title: "2025 sessions: memory, cost with many open, and a flood" },
  { id: 10, file: "startup.ts", title: "Start-up: one command of a runCli program, and the cold import" },
  { id: 11, file: "frameworks.ts", title: "Agent frameworks: a valid call, ours vs each framework's native Zod tool" },
  { id: 12, file: "cold-start.ts", title: "The route's cold start, memory and size, against a toolkit-only app" },
  { id: 13, file: "middleware.ts", title: "Middleware and telemetry: the round trip with telemetry() vs without middleware" },
  { id: 14, file: "catalog-roundtrip.ts", title: "Resources and prompts: resources/read and prompts/get round trips vs the SDK McpServer" },
  { id: 15, file: "list-change.ts", title: "A change to a followed tool list: 10,000 tools vs 100" },
  { id: 16, file: "visibility.ts", title: "Lists per caller: tools/list of 1,000 tools with visibleTo vs without" },
  { id: 17, file: "tasks.ts", title: "Tasks: a task's round trip vs a plain call, and tasks/get on memory vs Redis" },
];

function cpuModel(): string {
  try {
    const line = readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    return line?.split(":")[1]?.trim() ?? "unknown";
  } catch {
    return "unknown (no /proc/cpuinfo)";
  }
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
}

/** One benchmark in a child process; a failure becomes a section that says so instead of stopping the run. */
function runOne(bench: (typeof BENCHMARKS)[number]): Section {
  const started = Date.now();
  const out = spawnSync(process.execPath, ["--conditions=agntn-source", join(import.meta.dirname, bench.file), "--json"], {
    encoding: "utf8",
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 20 * 60_000,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const line = out.stdout?.trim().split("\n").pop();
  if (out.status === 0 && line) {
    process.stderr.write(`benchmark ${bench.id} done in ${seconds} s\n`);
    return JSON.parse(line) as Section;
  }
  const why = out.error ? String(out.error) : (out.stderr ?? "").trim().split("\n").slice(0, 12).join("\n");
  process.stderr.write(`benchmark ${bench.id} FAILED after ${seconds} s\n${why}\n`);
  return { id: bench.id, title: `${bench.title} (failed)`, body: `The benchmark failed:\n\n\`\`\`\n${why}\n\`\`\``, targets: [] };
}

const only = process.argv.slice(2).map(Number).filter(Number.isInteger);
const chosen = BENCHMARKS.filter((b) => only.length === 0 || only.includes(b.id));
const startedAt = new Date();
const loadBefore = load();
const sections = chosen.map(runOne);
const loadAfter = load();

const summary = sections.flatMap((s) => s.targets.map((t) => [`${s.id}`, t.what, t.target, t.measured, t.met ? "yes" : "**no**"]));
const report = [
  "# Benchmarks",
  "",
  "Written by `bench/run.ts` (`npm run bench`); every figure below comes from that one run. Times are medians of several",
  "interleaved rounds, and every ratio is taken round by round within one process, so a busy moment of the machine weighs on",
  "all contenders alike. Absolute times are for scale only; compare the ratios.",
  "",
  table(
    ["", ""],
    [
      ["date", startedAt.toISOString()],
      ["machine", `${cpuModel()}, ${availableParallelism()} cores, ${(totalmem() / 1024 ** 3).toFixed(0)} GB`],
      ["Node", process.version],
      ["load average (1/5/15 min) before / after", `${loadBefore} — ${loadAfter}`],
      ["mode", QUICK ? "quick (BENCH_QUICK=1: fewer, shorter rounds; indicative only)" : "full"],
    ],
  ),
  "",
  "## Targets",
  "",
  table(["#", "target", "aim", "measured", "met"], summary),
  "",
  ...sections.flatMap((s) => [renderSection(s), ""]),
].join("\n");

/** Everything below this line in RESULTS.md is written by hand (profiles, what stands in the way) and survives a re-run. */
const NOTES_MARK = "<!-- notes below are written by hand and kept when run.ts rewrites this file -->";

function keptNotes(file: string): string {
  if (!existsSync(file)) return `${NOTES_MARK}\n`;
  const old = readFileSync(file, "utf8");
  const at = old.indexOf(NOTES_MARK);
  return at === -1 ? `${NOTES_MARK}\n` : old.slice(at);
}

const results = join(import.meta.dirname, "RESULTS.md");
const merge = only.length > 0 && process.argv.includes("--merge") && existsSync(results);
const file = only.length === 0 || merge ? results : join(import.meta.dirname, "RESULTS.partial.md");
const notes = keptNotes(results);
const rerun = { date: startedAt.toISOString(), load: `${loadBefore} — ${loadAfter}`, quick: QUICK };
writeFileSync(file, merge ? mergeSections(readFileSync(results, "utf8"), notes, sections, rerun) : `${report}\n${notes}`);
// Biome formats markdown in this repository (tables padded): format the file so \`biome check\` stays clean.
const biome = spawnSync(join(import.meta.dirname, "../node_modules/.bin/biome"), ["format", "--write", file], { encoding: "utf8" });
if (biome.status !== 0) process.stderr.write(`biome format failed on ${file}:\n${biome.stderr}\n`);
process.stderr.write(`wrote ${file}\n`);
