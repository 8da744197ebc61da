/**
 * Benchmark 7: what each entry of the package costs to load. The package is
 * built into a private directory (never into the shared `dist/`), then every
 * entry is imported in fresh Node processes: import time, bytes on disk, and
 * which packages the import pulls in; `@agntn/tools` and `/ai` must not load the MCP SDK.
 * The build inlines TypeBox; a row beside it measures the same sources with
 * TypeBox left external, as the package was built before issue 25.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { buildPackage, CACHE, ROOT } from "./built.ts";
import { formatBytes, formatNs, formatRatio, median, QUICK, type Section, standalone, table } from "./harness.ts";

const OUT = join(CACHE, "dist");
/** The same sources built with TypeBox left external (bench/tsdown-typebox-external.ts), for the comparison row. */
const EXTERNAL = join(CACHE, "typebox-external");
const MUST_NOT_LOAD_SDK = ["index", "ai"];
const SDK = "@modelcontextprotocol/";

/** Builds the comparison; `undefined` when it cannot be built (the main figures do not depend on it). */
function buildExternal(): string | undefined {
  try {
    buildPackage(EXTERNAL, join(ROOT, "bench/tsdown-typebox-external.ts"));
    return existsSync(join(EXTERNAL, "index.js")) ? join(EXTERNAL, "index.js") : undefined;
  } catch {
    return undefined;
  }
}

/** Entry names as package.json exports them (`.` is `index`), kept when the build produced them. */
function entries(dir: string): { name: string; specifier: string; file: string }[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> };
  return Object.keys(pkg.exports)
    .filter((key) => key !== "./package.json")
    .map((key) => {
      const name = key === "." ? "index" : key.slice(2);
      return { name, specifier: key === "." ? "@agntn/tools" : `@agntn/tools/${name}`, file: join(dir, `${name}.js`) };
    })
    .filter((e) => existsSync(e.file));
}

/** The entry file and every local chunk it imports, statically, all the way down. */
function localFiles(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const match of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g)) {
    localFiles(resolve(dirname(file), match[1]!), seen);
  }
  return seen;
}

function sizes(file: string): { js: number; gzip: number; dts: number; files: number } {
  const files = [...localFiles(file)];
  const js = files.reduce((sum, f) => sum + statSync(f).size, 0);
  const gzip = gzipSync(Buffer.concat(files.map((f) => readFileSync(f)))).length;
  const dtsFiles = [...localDts(file.replace(/\.js$/, ".d.ts"))];
  const dts = dtsFiles.reduce((sum, f) => sum + statSync(f).size, 0);
  return { js, gzip, dts, files: files.length };
}

function localDts(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const match of code.matchAll(/from\s*["'](\.\.?\/[^"']+)["']/g)) {
    localDts(resolve(dirname(file), match[1]!.replace(/\.js$/, ".d.ts")), seen);
  }
  return seen;
}

/** Child script: time one dynamic import from a fresh start; `performance.now()` counts from the process start. */
const TIMING = `
const t0 = performance.now();
for (const target of JSON.parse(process.argv[1])) await import(target);
const t1 = performance.now();
process.stdout.write(JSON.stringify({ importMs: t1 - t0, totalMs: t1 }));
`;

/** Child script: record every module the import resolves, then name the packages among them. */
const PACKAGES = `
import { registerHooks } from "node:module";
const urls = new Set();
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); urls.add(r.url); return r; } });
for (const target of JSON.parse(process.argv[1])) await import(target);
const names = new Set();
for (const url of urls) {
  // The last node_modules segment names the package that owns the file (nested installs included).
  const m = [...url.matchAll(/\\/node_modules\\/((?:@[^/]+\\/)?[^/.][^/]*)\\//g)].pop();
  if (m) names.add(m[1]);
}
process.stdout.write(JSON.stringify({ modules: urls.size, packages: [...names].sort() }));
`;

/** Runs a child script that imports `targets` in order, in a fresh Node process started in the repository. */
function child<T>(script: string, targets: readonly string[]): T {
  const out = spawnSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(targets)], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (out.status !== 0) throw new Error(`importing ${targets.join(", ")} failed: ${out.stderr.split("\n").slice(0, 6).join(" ")}`);
  return JSON.parse(out.stdout) as T;
}

export async function run(): Promise<Section> {
  const built = buildPackage(OUT);
  const list = entries(built.dir);
  // Yardsticks loaded the same way: an empty module (Node's own start), our one dependency, the MCP SDK server.
  const external = buildExternal();
  const externalName = "comparison: @agntn/tools with TypeBox left external (the build before issue 25)";
  const targets = [
    ...list.map((e) => ({ name: e.specifier, targets: [pathToFileURL(e.file).href] })),
    ...(external ? [{ name: externalName, targets: [pathToFileURL(external).href] }] : []),
    { name: "(empty module: Node's own start)", targets: ["data:text/javascript,export{}"] },
    {
      name: "typebox/type + /compile + /value (what the core imports, from node_modules)",
      targets: ["typebox/type", "typebox/compile", "typebox/value"],
    },
    { name: "@modelcontextprotocol/server", targets: ["@modelcontextprotocol/server"] },
  ];
  const runs = QUICK ? 3 : 11;
  const samples = new Map<string, { importMs: number; totalMs: number }[]>(targets.map((t) => [t.name, []]));
  // Interleaved: each round imports every target once, each in its own fresh process.
  for (let r = 0; r < runs; r++) {
    for (const t of targets) samples.get(t.name)!.push(child(TIMING, t.targets));
  }
  const sdkRuns = samples.get("@modelcontextprotocol/server") ?? [];
  const timeRows = targets.map((t) => {
    const own = samples.get(t.name)!;
    const vsSdk = sdkRuns.length ? median(own.map((s, r) => s.importMs / sdkRuns[r]!.importMs)) : Number.NaN;
    return [
      t.name,
      formatNs(median(own.map((s) => s.importMs)) * 1e6),
      formatNs(median(own.map((s) => s.totalMs)) * 1e6),
      formatRatio(vsSdk),
    ];
  });
  const sizeRows = list.map((e) => {
    const s = sizes(e.file);
    return [e.specifier, String(s.files), formatBytes(s.js), formatBytes(s.gzip), formatBytes(s.dts)];
  });
  if (external) {
    const s = sizes(external);
    sizeRows.push([externalName, String(s.files), formatBytes(s.js), formatBytes(s.gzip), "—"]);
  }
  const indexRuns = samples.get("@agntn/tools");
  const externalRuns = samples.get(externalName);
  const externalLoss =
    indexRuns && externalRuns?.length ? median(externalRuns.map((s, r) => s.importMs / indexRuns[r]!.importMs)) : Number.NaN;
  const distTotal = readdirSync(built.dir).reduce((sum, f) => sum + statSync(join(built.dir, f)).size, 0);
  const loads = list.map((e) => ({ entry: e, ...child<{ modules: number; packages: string[] }>(PACKAGES, [pathToFileURL(e.file).href]) }));
  const loadRows = loads.map((l) => [l.entry.specifier, String(l.modules), l.packages.join(", ") || "none"]);
  const checks = loads
    .filter((l) => MUST_NOT_LOAD_SDK.includes(l.entry.name))
    .map((l) => {
      const sdk = l.packages.filter((p) => p.startsWith(SDK));
      return {
        what: `${l.entry.specifier} does not load the MCP SDK`,
        target: "no @modelcontextprotocol/* module",
        measured: sdk.length === 0 ? "none loaded" : `loads ${sdk.join(", ")}`,
        met: sdk.length === 0,
      };
    });
  const absent = MUST_NOT_LOAD_SDK.filter((name) => !list.some((e) => e.name === name));
  const body = [
    `Build: ${built.how}. Entries found: ${list.map((e) => e.name).join(", ")}${absent.length ? `; not built yet: ${absent.join(", ")}` : ""}.`,
    "",
    `Cold import: each row is the median of ${runs} fresh \`node\` processes, interleaved round by round; "import()" is the time of the dynamic import alone, "from process start" adds Node's own start-up. The ratio is taken per round against importing \`@modelcontextprotocol/server\` in that round.`,
    "",
    table(["module", "import()", "from process start", "ratio to SDK server import"], timeRows),
    "",
    external
      ? `Comparison: the same sources built with TypeBox left external (bench/tsdown-typebox-external.ts), as before issue 25, import ${formatRatio(externalLoss)} slower than the real \`@agntn/tools\` (median of per-round ratios): TypeBox's subpaths are hundreds of small files, each resolved, read and linked; inlined, they are one chunk.`
      : "Comparison (TypeBox left external): the build failed, no figure.",
    "",
    "Size on disk per entry: the entry file plus the shared chunks it imports (gzip of them together), and its type declarations.",
    "",
    table(["entry", "files", "JS", "JS gzip", ".d.ts"], sizeRows),
    "",
    `Whole build directory: ${formatBytes(distTotal)}.`,
    "",
    "Packages each entry loads (every module resolved during the import, recorded by a resolve hook):",
    "",
    table(["entry", "distinct modules", "packages"], loadRows),
  ].join("\n");
  return { id: 7, title: "Cold import time, size per entry, and what each entry loads", body, targets: checks };
}

if (import.meta.main) await standalone(run);
