/**
 * Benchmark 10: start-up, the time a person waits before the first answer.
 * One command of a `runCli` program against the same command written with
 * citty + zod, and `import("@agntn/tools")` against `import("zod")`, each in
 * fresh Node processes, interleaved round by round, ratios taken per round.
 * Measured on the built package (a private build laid out as an installed
 * package and imported by name), since that is what users run.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { type Build, CACHE, installBuilt } from "./built.ts";
import { formatBytes, formatNs, formatRatio, median, QUICK, type Section, standalone, type Target, table } from "./harness.ts";

const PROJECT = join(CACHE, "startup");
const SHIPPED = join(tmpdir(), `agntn-bench-startup-${process.pid}`);
const WORDS = ["slug", "--text", "Hello World"];
const ANSWER = "hello-world\n";

/** The work both programs do, written once so neither does more than the other. */
const SLUGIFY = `
function slugify(text, separator) {
  const words = text.normalize("NFKD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.join(separator);
}`;

/** One tool, served by runCli as the CLI guide shows (with its `mcp` command, which loads nothing until it runs). */
const OURS = `#!/usr/bin/env node
import { defineTool, Type } from "@agntn/tools";
import { runCli } from "@agntn/tools/cli";
${SLUGIFY}
const slug = defineTool({
  name: "text_slug",
  title: "Slug",
  description: "Turns a title into a URL slug.",
  effect: "read",
  input: Type.Object(
    { text: Type.String({ minLength: 1, description: "The title" }), separator: Type.Optional(Type.Enum(["-", "_", "."])) },
    { additionalProperties: false },
  ),
  execute: ({ text, separator = "-" }) => ({ content: [{ type: "text", text: slugify(text, separator) }] }),
});
await runCli({ name: "slugs", version: "1.0.0", description: "Turn titles into URL slugs.", tools: [slug], mcp: true });
`;

/** The yardstick: the same command, flags and checks with citty and zod, as a citty user writes it. */
const CITTY = `#!/usr/bin/env node
import { defineCommand, runMain } from "citty";
import { z } from "zod";
${SLUGIFY}
const Input = z.strictObject({ text: z.string().min(1), separator: z.enum(["-", "_", "."]).optional() });
const slug = defineCommand({
  meta: { name: "slug", description: "Turns a title into a URL slug." },
  args: {
    text: { type: "string", description: "The title", required: true },
    separator: { type: "string", description: "One of -, _ or ." },
  },
  run({ args }) {
    const parsed = Input.safeParse({ text: args.text, separator: args.separator });
    if (!parsed.success) {
      process.stderr.write(z.prettifyError(parsed.error) + "\\n");
      process.exitCode = 1;
      return;
    }
    process.stdout.write(slugify(parsed.data.text, parsed.data.separator ?? "-") + "\\n");
  },
});
await runMain(defineCommand({ meta: { name: "slugs", version: "1.0.0", description: "Turn titles into URL slugs." }, subCommands: { slug } }));
`;

interface Program {
  name: string;
  file: string;
  env?: Record<string, string>;
}

/** The environment of every child: no compile cache forced on or off from outside, so each program decides. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  if (!("NODE_COMPILE_CACHE" in extra)) delete env.NODE_COMPILE_CACHE;
  if (!("NODE_DISABLE_COMPILE_CACHE" in extra)) delete env.NODE_DISABLE_COMPILE_CACHE;
  delete env.NODE_OPTIONS;
  return env;
}

/** esbuild's options for the runCli program: the CLI guide's build.ts (docs/examples/cli-build.ts), or one file without splitting. */
function bundleOptions(entry: string, splitting: boolean, out: string): Record<string, unknown> {
  const common = { entryPoints: { slugs: entry }, bundle: true, format: "esm", platform: "node", target: "node22", logLevel: "silent" };
  return splitting ? { ...common, outdir: out, splitting: true, outExtension: { ".js": ".mjs" } } : { ...common, outfile: out };
}

/** Bundles the runCli program with esbuild; undefined when esbuild is missing or fails (the other rows do not depend on it). */
async function bundle(entry: string, splitting: boolean, out: string): Promise<string | undefined> {
  try {
    const { build } = await import("esbuild");
    await build(bundleOptions(entry, splitting, out) as never);
    return splitting ? join(out, "slugs.mjs") : out;
  } catch {
    return undefined;
  }
}

/** Writes the programs; the bundled ones only when they could be built. */
async function programs(): Promise<Program[]> {
  mkdirSync(PROJECT, { recursive: true });
  const ours = join(PROJECT, "slugs.mjs");
  const citty = join(PROJECT, "slugs-citty.mjs");
  writeFileSync(ours, OURS);
  writeFileSync(citty, CITTY);
  // A bin that turns the cache on before anything else loads, then imports the program: what the cache could do for all of it.
  const cachedFirst = join(PROJECT, "slugs-cache-first.mjs");
  writeFileSync(cachedFirst, 'import module from "node:module";\nmodule.enableCompileCache?.();\nawait import("./slugs.mjs");\n');
  // Outside the project's node_modules tree, as a shipped program is: nothing to resolve but Node's own modules.
  const guide = await bundle(ours, true, join(SHIPPED, "guide"));
  const single = await bundle(ours, false, join(SHIPPED, "single/slugs.mjs"));
  return [
    { name: "runCli program (compile cache on: the default)", file: ours },
    { name: "citty + zod", file: citty },
    { name: "runCli program, compile cache off (NODE_DISABLE_COMPILE_CACHE=1)", file: ours, env: { NODE_DISABLE_COMPILE_CACHE: "1" } },
    { name: "runCli program behind a bin that turns the compile cache on first, then imports it", file: cachedFirst },
    ...(guide ? [{ name: "runCli program bundled as the CLI guide shows (esbuild, the `mcp` server split off)", file: guide }] : []),
    ...(single ? [{ name: "runCli program bundled into a single file (esbuild, no splitting)", file: single }] : []),
  ];
}

/** Preloaded with `--import` in the CPU pass: on exit, the process's CPU time (user + system) and the modules it resolved. */
const PROBE = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from "node:module";
const urls = new Set();
registerHooks({ resolve(s, c, next) { const r = next(s, c); urls.add(r.url); return r; } });
process.on("exit", () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write("probe " + JSON.stringify({ cpuMs: (user + system) / 1000, modules: urls.size }) + "\\n");
});
`)}`;

interface Sample {
  /** Spawn to exit, measured in the parent, without the probe. */
  wallMs: number;
  /** CPU time of the child, in a second run with the probe: less swayed by other processes than the wall time. */
  cpuMs: number;
  /** Modules the child resolved, the probe's own data: URL left out. */
  modules: number;
}

/** Runs `words` once in a fresh process; throws unless it exits 0 with `answer` as its whole output. */
function spawnOnce(program: Program, words: readonly string[], answer: string, probe: boolean, input?: string) {
  const start = performance.now();
  const out = spawnSync(process.execPath, [...(probe ? ["--import", PROBE] : []), program.file, ...words], {
    cwd: PROJECT,
    env: childEnv(program.env),
    encoding: "utf8",
    input,
  });
  const wallMs = performance.now() - start;
  if (out.status !== 0 || !out.stdout.includes(answer)) {
    throw new Error(
      `${program.name} answered ${JSON.stringify(out.stdout.slice(0, 400))} (exit ${out.status}): ${out.stderr.slice(0, 400)}`,
    );
  }
  return { wallMs, stderr: out.stderr };
}

/** One sample: a plain run for the wall time, then a probed run for CPU time and modules. */
function measure(program: Program, words: readonly string[], answer: string, input?: string): Sample {
  const { wallMs } = spawnOnce(program, words, answer, false, input);
  const probed = /probe (\{.*\})/.exec(spawnOnce(program, words, answer, true, input).stderr);
  const { cpuMs, modules } = probed
    ? (JSON.parse(probed[1]!) as { cpuMs: number; modules: number })
    : { cpuMs: Number.NaN, modules: Number.NaN };
  return { wallMs, cpuMs, modules: modules - 1 };
}

/** Child script: time one dynamic import by name from a fresh start; `performance.now()` counts from the process start. */
const TIMING = `
const t0 = performance.now();
await import(process.argv[1]);
const t1 = performance.now();
process.stdout.write(JSON.stringify({ importMs: t1 - t0, totalMs: t1 }));
`;

interface ImportRun {
  importMs: number;
  totalMs: number;
}

function importOnce(specifier: string): ImportRun {
  const out = spawnSync(process.execPath, ["--input-type=module", "-e", TIMING, specifier], {
    cwd: PROJECT,
    env: childEnv(),
    encoding: "utf8",
  });
  if (out.status !== 0) throw new Error(`importing ${specifier} failed: ${out.stderr.split("\n").slice(0, 6).join(" ")}`);
  return JSON.parse(out.stdout) as ImportRun;
}

/** Runs every item once per round, in an order that rotates so none always goes first. */
function rounds<T, R>(items: readonly T[], count: number, once: (item: T) => R): R[][] {
  const samples: R[][] = items.map(() => []);
  for (let r = 0; r < count; r++) {
    for (let k = 0; k < items.length; k++) {
      const at = (k + r) % items.length;
      samples[at]!.push(once(items[at]!));
    }
  }
  return samples;
}

function perRound(own: readonly number[], base: readonly number[]): number {
  return median(own.map((value, r) => value / base[r]!));
}

/** The JavaScript a plain command reads: the entry file and the chunks it imports statically (a bundle's own files only). */
function readBytes(file: string): number {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = readFileSync(path, "utf8");
    for (const match of code.matchAll(/^import\s[^;]*?from\s*["'](\.\.?\/[^"']+)["']/gm)) visit(join(dirname(path), match[1]!));
  };
  visit(file);
  return [...seen].reduce((sum, path) => sum + statSync(path).size, 0);
}

function sampleRows(list: readonly Program[], samples: readonly Sample[][], base: number): string[][] {
  return list.map((program, k) => {
    const own = samples[k]!;
    const yardstick = samples[base]!;
    return [
      program.name,
      formatNs(median(own.map((s) => s.wallMs)) * 1e6),
      formatRatio(
        perRound(
          own.map((s) => s.wallMs),
          yardstick.map((s) => s.wallMs),
        ),
      ),
      formatNs(median(own.map((s) => s.cpuMs)) * 1e6),
      formatRatio(
        perRound(
          own.map((s) => s.cpuMs),
          yardstick.map((s) => s.cpuMs),
        ),
      ),
      String(median(own.map((s) => s.modules))),
    ];
  });
}

function cliPart(list: Program[], count: number): { body: string; target: Target } {
  const once = (program: Program) => measure(program, WORDS, ANSWER);
  // Warm-up: fills the compile cache and the file system cache, as any second run of a command finds them.
  for (const program of list) for (let k = 0; k < 3; k++) once(program);
  const samples = rounds(list, count, once);
  const wall = (k: number) => samples[k]!.map((s) => s.wallMs);
  const ratio = perRound(wall(0), wall(1));
  const bundles = list.slice(4).map((program) => `${program.name}: ${formatBytes(readBytes(program.file))} read by a plain command`);
  return {
    body: [
      `\`slugs ${WORDS.slice(0, 2).join(" ")} "${WORDS[2]}"\` answering \`${ANSWER.trim()}\`, ${count} rounds; each round runs every program in fresh \`node\` processes, in a rotating order, after three warm-up runs each (which fill Node's compile cache for the programs that use it, as any second run of a command finds it). The wall time is spawn to exit, measured in the parent; the CPU time (user + system) and the modules come from a second run with a probe preloaded. Both programs check the same flags the same way (a required non-empty \`--text\`, an optional \`--separator\` out of three, no unknown flag). The bundles are written outside any node_modules, as a shipped program is.`,
      "",
      table(
        ["program", "wall, spawn to exit", "ratio to citty + zod", "CPU time", "CPU ratio to citty + zod", "modules resolved"],
        sampleRows(list, samples, 1),
      ),
      ...(bundles.length > 0 ? ["", ...bundles.map((line) => `- ${line}`)] : []),
    ].join("\n"),
    target: {
      what: 'one command of a runCli program (`slug --text "Hello World"`) vs the same command with citty + zod',
      target: "≤ 1.30×",
      measured: `${formatRatio(ratio)} (${formatNs(median(wall(0)) * 1e6)} vs ${formatNs(median(wall(1)) * 1e6)})`,
      met: ratio <= 1.3,
    },
  };
}

/** What the `mcp` command reads on standard input: initialize, then one call; the end of input ends the program. */
const MCP_INPUT = `${[
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "text_slug", arguments: { text: "Hello World" } } },
]
  .map((message) => JSON.stringify(message))
  .join("\n")}\n`;

/** Where the compile cache has work: `slugs mcp` loads the MCP server after runCli has turned the cache on. */
function mcpPart(program: Program, count: number): string {
  const list = [
    { ...program, name: "`slugs mcp`, compile cache on (the default)" },
    { ...program, name: "`slugs mcp`, compile cache off (NODE_DISABLE_COMPILE_CACHE=1)", env: { NODE_DISABLE_COMPILE_CACHE: "1" } },
  ];
  const once = (p: Program) => measure(p, ["mcp"], '"text":"hello-world"', MCP_INPUT);
  for (const p of list) for (let k = 0; k < 3; k++) once(p);
  const samples = rounds(list, QUICK ? 3 : Math.ceil(count / 2), once);
  return [
    "The `mcp` command of the same program (installed, not bundled), answering `initialize` and one `tools/call` on standard input until it closes. The MCP server loads after runCli has turned the compile cache on, so its modules are read back from the cache (`NODE_DEBUG_NATIVE=COMPILE_CACHE` shows the hits); a plain command loads nothing after that point, so there the cache has nothing to do.",
    "",
    table(
      ["program", "wall, spawn to exit", "ratio to cache on", "CPU time", "CPU ratio to cache on", "modules resolved"],
      sampleRows(list, samples, 0),
    ),
  ].join("\n");
}

function importPart(count: number): { body: string; target: Target } {
  const specifiers = ["@agntn/tools", "zod", "@agntn/tools/cli", "citty", "data:text/javascript,export{}"];
  for (const specifier of specifiers) importOnce(specifier);
  const samples = rounds(specifiers, count, importOnce);
  const zod = samples[1]!.map((s) => s.importMs);
  const rows = specifiers.map((specifier, k) => [
    specifier.startsWith("data:") ? "(empty module: Node's own start)" : `import("${specifier}")`,
    formatNs(median(samples[k]!.map((s) => s.importMs)) * 1e6),
    formatNs(median(samples[k]!.map((s) => s.totalMs)) * 1e6),
    formatRatio(
      perRound(
        samples[k]!.map((s) => s.importMs),
        zod,
      ),
    ),
  ]);
  const ours = samples[0]!.map((s) => s.importMs);
  const ratio = perRound(ours, zod);
  return {
    body: [
      `Each import alone, by name from a project that has the built package installed, in a fresh \`node\` process: ${count} rounds, rotating order. "import()" is the dynamic import alone; "from process start" adds Node's own start-up.`,
      "",
      table(["module", "import()", "from process start", 'ratio to import("zod") (per round)'], rows),
    ].join("\n"),
    target: {
      what: 'import("@agntn/tools") in a fresh process vs import("zod")',
      target: "≤ 1.50×",
      measured: `${formatRatio(ratio)} (${formatNs(median(ours) * 1e6)} vs ${formatNs(median(zod) * 1e6)})`,
      met: ratio <= 1.5,
    },
  };
}

export async function run(): Promise<Section> {
  rmSync(PROJECT, { recursive: true, force: true });
  const built: Build = installBuilt(PROJECT);
  const list = await programs();
  const count = QUICK ? 5 : 25;
  let cli: { body: string; target: Target };
  let mcp: string;
  try {
    cli = cliPart(list, count);
    mcp = mcpPart(list[0]!, count);
  } finally {
    rmSync(SHIPPED, { recursive: true, force: true });
  }
  const imports = importPart(count);
  const body = [
    `Build: ${built.how}, installed as \`node_modules/@agntn/tools\` of a scratch project; the programs import it by name.`,
    "",
    "### One command of a command-line program",
    "",
    cli.body,
    "",
    mcp,
    "",
    "### The package's cold import",
    "",
    imports.body,
  ].join("\n");
  return {
    id: 10,
    title: "Start-up: one command of a runCli program, and the cold import, vs citty + zod",
    body,
    targets: [cli.target, imports.target],
  };
}

if (import.meta.main) await standalone(run);
