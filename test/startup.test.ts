/**
 * Start-up (issue 25). A plain command of a runCli program loads neither the
 * question dialogs, nor a grapheme segmenter, nor the MCP SDK, and compiles
 * only the checks it runs; runCli turns
 * on Node's compile cache unless told not to. The built package (TypeBox
 * inlined into dist) loads no file outside dist, and checks schemas made with
 * the user's own `typebox` and with `@sinclair/typebox` 0.34 as the sources
 * do. The CLI guide's esbuild recipe makes a program that runs with no
 * node_modules at all. What loaded is recorded by test/fixtures/load-trace.ts.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type CliOptions, runCli } from "@agntn/tools/cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugTool } from "../playground/server/tools.ts";
import { besideReference } from "../src/core/ui.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const TRACE = "./test/fixtures/load-trace.ts";
const BIN = "test/fixtures/cli-startup-bin.ts";
const dist = pathToFileURL(join(root, "dist")).href;

interface Trace {
  urls: string[];
  segmenters: number;
  functions: number;
  compileCache: string | null;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  trace: Trace;
}

/** The environment with the compile cache neither forced on nor off from outside, plus `extra`. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const clean = { ...process.env };
  delete clean.NODE_COMPILE_CACHE;
  delete clean.NODE_DISABLE_COMPILE_CACHE;
  delete clean.NODE_OPTIONS;
  return { ...clean, ...extra };
}

/** Runs node with the trace preloaded; the trace's line is taken out of stderr. */
function traced(args: readonly string[], options: { env?: Record<string, string>; input?: string; cwd?: string } = {}): Run {
  const out = spawnSync(process.execPath, ["--import", pathToFileURL(join(root, TRACE)).href, ...args], {
    cwd: options.cwd ?? root,
    env: env(options.env),
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 60_000,
  });
  const line = out.stderr.split("\n").find((l) => l.startsWith("load-trace "));
  if (!line) throw new Error(`no trace (exit ${out.status}): ${out.stderr}`);
  const stderr = out.stderr.replace(`${line}\n`, "");
  return { code: out.status, stdout: out.stdout, stderr, trace: JSON.parse(line.slice("load-trace ".length)) as Trace };
}

/** Runs the one-tool fixture from the sources. */
const fixture = (words: readonly string[], options: { env?: Record<string, string>; input?: string } = {}) =>
  traced(["--conditions=agntn-source", BIN, ...words], options);

/** What of the optional parts a run loaded. */
function loaded(trace: Trace) {
  const some = (test: (url: string) => boolean) => trace.urls.some(test);
  return {
    dialogs: some((url) => url.endsWith("/src/terminal/dialogs.ts") || /\/dist\/dialogs-[\w-]+\.js$/.test(url)),
    mcpCommand: some((url) => url.endsWith("/src/cli/mcp.ts")),
    mcpSdk: some((url) => url.includes("/node_modules/@modelcontextprotocol/")),
    segmenters: trace.segmenters,
  };
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "test", version: "1" } },
};
const slugCall = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "text_slug", arguments: { text: "Hello World" } } };
const MCP_INPUT = `${[initialize, { jsonrpc: "2.0", method: "notifications/initialized" }, slugCall].map((m) => JSON.stringify(m)).join("\n")}\n`;
const VIEW_READ = { jsonrpc: "2.0", id: 3, method: "resources/read", params: { uri: "ui://text_stats/view.html" } };
const SLUG_ANSWER = '{"result":{"content":[{"type":"text","text":"hello-world"}]},"jsonrpc":"2.0","id":2}';

describe("a command loads only what it runs", () => {
  it("a plain command: no dialogs, no segmenter, no MCP server or SDK", () => {
    const run = fixture(["slug", "--text", "Hello World"]);
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: "hello-world\n", stderr: "" });
    expect(loaded(run.trace)).toEqual({ dialogs: false, mcpCommand: false, mcpSdk: false, segmenters: 0 });
  });

  it("--help makes the one segmenter it measures with, and loads no MCP code", () => {
    const run = fixture(["--help"]);
    expect(run.code).toBe(0);
    expect(loaded(run.trace)).toEqual({ dialogs: false, mcpCommand: false, mcpSdk: false, segmenters: 1 });
  });

  it("checkers compile on first use: none for --help, one per check a command runs", () => {
    // TypeBox's first compile also probes once whether `new Function` works: one more function, made once.
    const compiled = (words: string[]) => fixture(words).trace.functions;
    expect({
      help: compiled(["--help"]),
      slug: compiled(["slug", "--text", "Hello World"]),
      statsWithOutput: compiled(["stats", "--text", "Hello World"]),
    }).toEqual({ help: 0, slug: 2, statsWithOutput: 3 });
  });

  it("the mcp command loads the MCP server and the SDK, and answers", () => {
    const run = fixture(["mcp"], { input: MCP_INPUT });
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n")[1]).toBe(SLUG_ANSWER);
    expect(loaded(run.trace)).toEqual({ dialogs: false, mcpCommand: true, mcpSdk: true, segmenters: 0 });
  });
});

describe("Node's compile cache", () => {
  // Node's default directory is `node-compile-cache` in the temp dir. The fixture gets a temp dir of its own: the
  // machine's shared one may already hold that folder for another user, who alone can write there (then Node leaves
  // the cache off, and the command still runs), so the test would depend on who ran Node on the machine before.
  const temp = mkdtempSync(join(tmpdir(), "agntn-startup-tmp-"));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  const defaultDir = join(temp, "node-compile-cache");
  const cacheOf = (run: Run) => (run.trace.compileCache === null ? null : dirname(run.trace.compileCache));

  it("is off in a plain Node process (the control)", () => {
    expect(traced(["-e", "0"]).trace.compileCache).toBe(null);
  });

  it("is turned on by runCli, in Node's default directory", () => {
    const run = fixture(["slug", "--text", "Hello World"], { env: { TMPDIR: temp } });
    expect({ stdout: run.stdout, cache: cacheOf(run) }).toEqual({ stdout: "hello-world\n", cache: defaultDir });
  });

  it("stays off with compileCache: false", () => {
    const run = fixture(["slug", "--text", "Hello World"], { env: { FIXTURE_COMPILE_CACHE: "off" } });
    expect({ stdout: run.stdout, cache: cacheOf(run) }).toEqual({ stdout: "hello-world\n", cache: null });
  });

  it.each(["1", "0", ""])("stays off with NODE_DISABLE_COMPILE_CACHE=%j, as Node reads it (set at all)", (value) => {
    const run = fixture(["slug", "--text", "Hello World"], { env: { NODE_DISABLE_COMPILE_CACHE: value } });
    expect({ stdout: run.stdout, cache: cacheOf(run) }).toEqual({ stdout: "hello-world\n", cache: null });
  });

  const base: CliOptions = { name: "slugs", version: "1.0.0", description: "Slugs.", tools: [slugTool] };

  it("a compileCache that is not a boolean is a ToolDefinitionError at start-up", async () => {
    await expect(runCli({ ...base, compileCache: "no" as never }, ["--help"])).rejects.toMatchObject({
      name: "ToolDefinitionError",
      message: "runCli: compileCache must be a boolean",
    });
  });

  it("a misspelt compileCache is refused with the options' names", async () => {
    await expect(runCli({ ...base, compileCahe: false } as never, ["--help"])).rejects.toMatchObject({
      name: "ToolDefinitionError",
      message:
        'runCli: unknown option "compileCahe"; the options are name, version, description, tools, commands, default, fallback, mcp, bundle, expected, compileCache',
    });
  });
});

/** A script run from the repository by plain Node: `@agntn/tools` resolves to dist, as it does for users. */
const builtRun = (script: string, extra: string[] = []) => traced(["--input-type=module", "-e", script, ...extra]);

describe("the built package", () => {
  /** Every URL the run resolved that is neither in dist nor one of Node's own modules. */
  const outside = (trace: Trace) => trace.urls.filter((url) => !url.startsWith(`${dist}/`) && !url.startsWith("node:"));

  it('import("@agntn/tools") loads no file outside dist: TypeBox is inlined, none of its files is resolved', () => {
    const run = builtRun('await import("@agntn/tools"); console.log(import.meta.resolve("@agntn/tools"));');
    expect(run.stdout).toBe(`${dist}/index.js\n`);
    expect(outside(run.trace)).toEqual([]);
  });

  it("a plain command of a runCli program loads no file outside dist, no dialogs, no segmenter and no MCP chunk", () => {
    const script = `
      import { defineTool, Type } from "@agntn/tools";
      import { runCli } from "@agntn/tools/cli";
      const tool = defineTool({ name: "text_slug", title: "Slug", description: "Slugs.", effect: "read",
        input: Type.Object({ text: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
        execute: ({ text }) => ({ content: [{ type: "text", text: text.toLowerCase().split(" ").join("-") }] }) });
      await runCli({ name: "slugs", version: "1.0.0", description: "Slugs.", tools: [tool], mcp: true }, process.argv.slice(1));`;
    const run = builtRun(script, ["slug", "--text", "Hello World"]);
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: "hello-world\n", stderr: "" });
    expect(outside(run.trace)).toEqual([]);
    expect(loaded(run.trace)).toEqual({ dialogs: false, mcpCommand: false, mcpSdk: false, segmenters: 0 });
    // The chunk behind the mcp command is another file of dist, loaded only by that command.
    expect(run.trace.urls.filter((url) => /\/dist\/mcp-[\w-]+\.js$/.test(url))).toEqual([]);
  });

  it("checks schemas from the user's own typebox and from @sinclair/typebox 0.34 as the sources do", async () => {
    const script = `
      import { defineTool, Type, validateInput } from "@agntn/tools";
      import { Type as Own } from "typebox";
      import { Type as Legacy } from "@sinclair/typebox";
      const schema = (T) => T.Object({ who: T.String({ minLength: 1 }), times: T.Optional(T.Integer({ minimum: 1, maximum: 3 })) },
        { additionalProperties: false });
      const answers = {};
      for (const [name, T] of [["inlined", Type], ["own", Own], ["legacy", Legacy]]) {
        const tool = defineTool({ name: "greet_" + name, title: "Greet", description: "Greets.", effect: "read", input: schema(T),
          execute: ({ who }) => ({ content: [{ type: "text", text: "Hello, " + who + "!" }] }) });
        const good = validateInput(tool, { who: "Ada", times: 2 });
        const bad = validateInput(tool, { who: "", times: 9, x: 1 });
        answers[name] = { good: good.ok, bad: bad.ok ? "accepted" : bad.error.message };
      }
      console.log(JSON.stringify(answers));`;
    const run = builtRun(script);
    expect(run.stderr).toBe("");
    const bad = [
      'Invalid arguments: unknown property "x"; takes who, times',
      "Invalid arguments at /who: must not have fewer than 1 characters",
      "Invalid arguments at /times: must be <= 3",
    ].join("\n");
    expect(JSON.parse(run.stdout)).toEqual({
      inlined: { good: true, bad },
      own: { good: true, bad },
      legacy: { good: true, bad },
    });
    // The sources, where the core's TypeBox is the user's: the same lines.
    const { defineTool, Type, validateInput } = await import("@agntn/tools");
    const tool = defineTool({
      name: "greet_source",
      title: "Greet",
      description: "Greets.",
      effect: "read",
      input: Type.Object(
        { who: Type.String({ minLength: 1 }), times: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })) },
        { additionalProperties: false },
      ),
      execute: () => ({ content: [] }),
    });
    const source = validateInput(tool, { who: "", times: 9, x: 1 });
    expect(source.ok ? "accepted" : source.error.message).toBe(bad);
  });

  it("the declarations keep importing typebox, so Static and Type are the user's own TypeBox types", () => {
    // The bundler may put them in a shared declaration chunk that index.d.ts re-exports: what matters is that some
    // chunk imports them from typebox and none holds a copy of its own.
    const dist = join(root, "dist");
    const chunks = readdirSync(dist).filter((file) => file.endsWith(".d.ts"));
    const texts = chunks.map((file) => readFileSync(join(dist, file), "utf8"));
    const entry = readFileSync(join(dist, "index.d.ts"), "utf8");
    for (const name of ["Static", "TObject", "TSchema", "Type"]) expect(entry).toMatch(new RegExp(`export \\{[^}]*\\b(type )?${name}\\b`));
    expect(texts.some((text) => text.includes('import { Static, TObject, TSchema } from "typebox";'))).toBe(true);
    expect(texts.some((text) => text.includes('import * as Type from "typebox/type";'))).toBe(true);
    expect(texts.filter((text) => /\b(?:type|interface) (?:Static|TObject|TSchema)\s*[<={]/.test(text))).toEqual([]);
  });
});

describe("the CLI guide's recipe: esbuild with splitting", () => {
  // Made when the block runs, not when the file loads: a run that filters this block out leaves nothing behind.
  let work = "";
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), "agntn-cli-build-"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** The guide's project: bin/slugs.ts and what it imports, build.ts, and node_modules with the package and esbuild. */
  function project(): string {
    const dir = join(work, "project");
    mkdirSync(join(dir, "bin/demo"), { recursive: true });
    const examples = join(root, "docs/examples");
    cpSync(join(examples, "cli.ts"), join(dir, "bin/slugs.ts"));
    cpSync(join(examples, "define-log.ts"), join(dir, "bin/define-log.ts"));
    // tools.ts re-exports this repository's demo tools: copied beside it, the one path rewritten.
    const list = readFileSync(join(examples, "tools.ts"), "utf8").replaceAll("../../playground/server/tools.ts", "./demo/tools.ts");
    writeFileSync(join(dir, "bin/tools.ts"), list);
    for (const name of ["tools.ts", "badge.ts", "stats-view.html", "stats-view.ts"])
      cpSync(join(root, "playground/server", name), join(dir, "bin/demo", name));
    cpSync(join(examples, "cli-build.ts"), join(dir, "build.ts"));
    mkdirSync(join(dir, "node_modules/@agntn"), { recursive: true });
    mkdirSync(join(dir, "node_modules/@modelcontextprotocol"), { recursive: true });
    // The package as installed: its package.json exports lead to the built dist. Beside it what the build uses:
    // esbuild, and Vite with its plugin and the view's own import (the MCP Apps package) to bundle the view.
    symlinkSync(root, join(dir, "node_modules/@agntn/tools"), "dir");
    for (const name of ["esbuild", "vite", "vite-plugin-singlefile", "@modelcontextprotocol/ext-apps"])
      symlinkSync(join(root, "node_modules", name), join(dir, "node_modules", name), "dir");
    return dir;
  }

  it("builds a program that runs where no node_modules is, reading the MCP server only for `mcp`", () => {
    const dir = project();
    const build = spawnSync(process.execPath, ["build.ts"], { cwd: dir, env: env(), encoding: "utf8", timeout: 120_000 });
    expect({ code: build.status, stderr: build.stderr }).toEqual({ code: 0, stderr: "" });
    // Shipped: the built files alone, in a folder with no node_modules above it.
    const shipped = join(work, "shipped");
    cpSync(join(dir, "dist"), shipped, { recursive: true });
    const program = join(shipped, "slugs.mjs");
    expect(readFileSync(program, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");

    const plain = traced([program, "slug", "--text", "Crème_Brûlée", "--separator", "."], { cwd: shipped });
    expect({ code: plain.code, stdout: plain.stdout, stderr: plain.stderr }).toEqual({ code: 0, stdout: "creme.brulee\n", stderr: "" });
    const files = (run: Run) => run.trace.urls.filter((url) => !url.startsWith("node:")).map((url) => basename(fileURLToPath(url)));
    const all = readdirSync(shipped).sort();
    // Every file the run read is one of the shipped ones; the plain command leaves at least one (the MCP server's) unread.
    expect(files(plain).every((name) => all.includes(name))).toBe(true);
    expect(files(plain).length).toBeLessThan(all.length);

    const mcp = traced([program, "mcp"], { cwd: shipped, input: MCP_INPUT });
    expect(mcp.code).toBe(0);
    expect(mcp.stdout.trim().split("\n")[1]).toBe(SLUG_ANSWER);
    expect(files(mcp).length).toBeGreaterThan(files(plain).length);

    // The view went into the code as one document: no view file was shipped, none is read, and it is served whole.
    expect(all.filter((name) => !name.endsWith(".mjs"))).toEqual([]);
    const read = traced([program, "mcp"], { cwd: shipped, input: `${MCP_INPUT}${JSON.stringify(VIEW_READ)}\n` });
    const answer = JSON.parse(read.stdout.trim().split("\n")[2] as string) as { result: { contents: Array<{ text: string }> } };
    const html = answer.result.contents[0]?.text ?? "";
    expect([read.code, html.startsWith("<!doctype html>"), besideReference(html), html.includes("data-badge-image")]).toEqual([
      0,
      true,
      undefined,
      true,
    ]);
  }, 180_000);
});
