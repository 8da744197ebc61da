/**
 * The command-line host, run as a real child process: the fixture bin
 * (test/fixtures/cli-bin.ts) serves the demo tools and the test tools under
 * Node with the package's source condition. Progress runs on a real
 * pseudo-terminal (util-linux `script`), and the `mcp` command is driven by
 * the SDK v2 client over stdio.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Type } from "@agntn/tools";
import { type CliOptions, runCli } from "@agntn/tools/cli";
import { listTools } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, describe, expect, it } from "vitest";
import { tools as demoTools } from "../playground/server/tools.ts";
import { BIN, children, fx, NODE, root, runFile, SOURCE } from "./fixtures/cli-run.ts";
import { fixtureTools } from "./fixtures/cli-tools.ts";

describe("help and version", () => {
  it("prints the program's help at the top, with -h, --help or an empty line without default", async () => {
    const long = await fx(["--help"]);
    const short = await fx(["-h"]);
    expect(long.code).toBe(0);
    expect(long.stderr).toBe("");
    expect(short.stdout).toBe(long.stdout);
    const lines = long.stdout.split("\n");
    expect(lines.slice(0, 6)).toEqual([
      "fx 1.2.3",
      "Fixture program for the command-line tests.",
      "",
      "Usage:",
      "  fx <command> [options]",
      "",
    ]);
    expect(lines).toContain("  slug    Turn a title into a lowercase URL slug.");
    expect(lines).toContain("  add, a  Add a note.");
    expect(lines).toContain("  about   Say what this program is.");
    expect(lines).toContain("  mcp     Serve the tools over MCP on standard input and output");
    expect(lines.slice(-9)).toEqual([
      "Options:",
      "  -h, --help  Show this help",
      "  --version   Print the version",
      "",
      "Environment:",
      "  AGNTN_TOOLS_STACK=1  Print the stack of an unexpected error",
      "",
      "Run fx <command> --help for the options of a command.",
      "",
    ]);
  });

  it("prints a command's aligned usage with --help or -h after it, even among other words", async () => {
    const help = await fx(["add", "--help"]);
    expect(help).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        "Usage:",
        "  fx add <TEXT> [TAG] [options]",
        "",
        "Add a note. The text may come from standard input.",
        "",
        "Aliases: a",
        "",
        "Arguments:",
        "  <TEXT>  What to note (- reads standard input)",
        "  [TAG]   A tag",
        "",
        "Options:",
        "  --text <string>            What to note (- reads standard input)",
        "  --tag <string>             A tag",
        "  -P, --pinned, --no-pinned  Keep on top",
        "  -p, --priority <integer>   1 to 5",
        "  --json                     Print the details as JSON",
        "  --out <dir>                Save images, audio and embedded files in this directory (created if missing)",
        "  --log-level <level>        Print log messages from this level up: debug, info, notice, warning, error, critical, alert, emergency (default: warning)",
        "  -h, --help                 Show this help",
        "",
      ].join("\n"),
    });
    expect((await fx(["a", "hello", "-h"])).stdout).toBe(help.stdout);
    const slug = await fx(["slug", "--help"]);
    expect(slug.stdout).toContain("  --separator <-|_|.>  Joins the words. '-' when omitted\n");
    expect(slug.stdout).toContain("  --text <string>      Title to slug (required)\n");
  });

  it.each([[["--version"]], [["add", "--version"]]])("prints the version for %j", async (args) => {
    expect(await fx(args)).toEqual({ code: 0, stdout: "1.2.3\n", stderr: "" });
  });
});

describe.concurrent("errors in command-line words", () => {
  it.for<[string[], string]>([
    [["get", "--kye", "x"], 'Invalid arguments: unknown option "--kye"; takes --key, --json'],
    [["get", "--kye=x"], 'Invalid arguments: unknown option "--kye"; takes --key, --json'],
    [["search", "--query", "q", "--limit", "1", "--limit", "2"], "Invalid arguments: --limit given more than once"],
    [["add", "x", "-P", "--no-pinned"], "Invalid arguments: --no-pinned given more than once"],
    [["search", "--query", "q", "--limit"], "Invalid arguments: --limit needs a value"],
    [["search", "--limit", "--query", "q"], "Invalid arguments: --limit needs a value"],
    [["add"], "Invalid arguments: missing <TEXT>"],
    [["echo"], "Invalid arguments: missing <WORDS...>"],
    [["get"], "Invalid arguments: missing --key"],
    [["search", "--query", "q", "--limit", "0"], "Invalid arguments at --limit: must be >= 1"],
    [["move", "--point", '{"x":"a","y":1}'], "Invalid arguments at /x of --point: must be number"],
    [["move", "--point", '{"x":1}'], "Invalid arguments at --point: must have required properties y"],
    [["move", "--point", '{"x":1,"y":2,"z":3}'], 'Invalid arguments at --point: unknown property "z"; takes x, y'],
    [["move", "--point", "{x:1}"], "Invalid arguments at --point: not valid JSON"],
    [["search", "--query", "q", "--limit", "0x10"], 'Invalid arguments at --limit: "0x10" is not a plain decimal integer'],
    [["search", "--query", "q", "--limit", "1_000"], 'Invalid arguments at --limit: "1_000" is not a plain decimal integer'],
    [["search", "--query", "q", "--limit", "1.5"], 'Invalid arguments at --limit: "1.5" is not a plain decimal integer'],
    [["search", "--query", "q", "--max-score", "Infinity"], 'Invalid arguments at --max-score: "Infinity" is not a plain decimal number'],
    [["search", "--query", "q", "--max-score", " 2"], 'Invalid arguments at --max-score: " 2" is not a plain decimal number'],
    [["search", "--query", "q", "--max-score", "1e3"], 'Invalid arguments at --max-score: "1e3" is not a plain decimal number'],
    [["sum", "1", "0x10"], 'Invalid arguments at /1 of <NUMBERS...>: "0x10" is not a plain decimal number'],
    [["add", "-p", "9", "x"], "Invalid arguments at --priority: must be <= 5"],
    [["add", "", "t"], "Invalid arguments at <TEXT>: must not have fewer than 1 characters"],
    [["add", "x", "t", "extra"], 'Invalid arguments: unexpected argument "extra"'],
    [["add", "--pinned=yes", "x"], "Invalid arguments: --pinned takes no value"],
    [["add", "-n5", "x"], 'Invalid arguments: unknown option "-n5"; takes --text, --tag, --pinned, --priority, --json'],
    [["add", "-p=2", "x"], 'Invalid arguments: unknown option "-p=2"; takes --text, --tag, --pinned, --priority, --json'],
    [
      ["search", "--query", "q", "--limit", "9007199254740993"],
      'Invalid arguments at --limit: "9007199254740993" is not a plain decimal integer',
    ],
    [["slug", "--text", "x", "--json", "--json"], "Invalid arguments: --json given more than once"],
    [["--kye"], 'Invalid arguments: unknown option "--kye"; takes --help, --version'],
  ])("%j → %s, exit 1, tool not run", async ([args, line], { expect }) => {
    expect(await fx(args)).toEqual({ code: 1, stdout: "", stderr: `${line}\n` });
  });

  it("names every problem the schema finds, one per line", async () => {
    const run = await fx(["slug", "--text", "   ", "--separator", "+"]);
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr:
        ['Invalid arguments at --text: must match pattern "\\S"', "Invalid arguments at --separator: must be one of -, _, ."].join("\n") +
        "\n",
    });
  });

  it("prints an unknown command, forged newline and bidi override included, as one clean line", async () => {
    const word = "nope\nInjected line\u202e\u001b[2J";
    expect(await fx([word])).toEqual({
      code: 1,
      stdout: "",
      stderr: 'Unknown command "nope\\nInjected line\\u202e\\u001b[2J"\nRun fx --help for the commands\n',
    });
  });
});

describe("running commands", () => {
  it("prints the text answer on stdout, and details as JSON with --json", async () => {
    expect(await fx(["slug", "--text", "Crème Brûlée", "--separator", "_"])).toEqual({ code: 0, stdout: "creme_brulee\n", stderr: "" });
    expect(await fx(["stats", "--text", "two words", "--json"])).toEqual({
      code: 0,
      stdout: '{\n  "characters": 9,\n  "words": 2,\n  "lines": 1\n}\n',
      stderr: "",
    });
    expect(await fx(["a", "hello", "work", "-P", "-p", "2", "--json"])).toEqual({
      code: 0,
      stdout: '{\n  "text": "hello",\n  "tag": "work",\n  "pinned": true,\n  "priority": 2\n}\n',
      stderr: "",
    });
    expect(await fx(["search", "--max-score", "-2.5", "--query", "q"])).toEqual({ code: 0, stdout: "q limit=10 max=-2.5\n", stderr: "" });
  });

  it("cleans escape codes out of text and escapes hidden characters in JSON", async () => {
    expect(await fx(["dirty"])).toEqual({ code: 0, stdout: "red  evil\n", stderr: "" });
    expect(await fx(["dirty", "--json"])).toEqual({ code: 0, stdout: '{\n  "note": "a\\u202eb"\n}\n', stderr: "" });
  });

  it.each([
    ["a tag character outside the BMP", "ok\u{E0041}"],
    ["an emoji outside the BMP", "👩🏽\u200D💻"],
    ["a Persian ZWNJ", "می\u200Cخواهم"],
    ["bidi override and separators", "a\u202Eb\u2028c\u2029d"],
    ["C1 and DEL", "a\u0085b\u007Fc"],
  ])("writes --json that reads back to the same string for %s, with nothing hidden left raw", async (_case, word) => {
    const run = await fx(["echo", word, "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ words: [word] });
    expect(run.stdout).not.toMatch(/[\p{Cf}\p{Zl}\p{Zp}\u007f-\u009f]/u);
    expect(run.stdout).not.toMatch(/\p{Cs}/u);
  });

  it("sends a returned isError to stderr with exit 1", async () => {
    expect(await fx(["slug", "--text", "!!!"])).toEqual({
      code: 1,
      stdout: "",
      stderr: "The text has no letters or digits to keep; pass a title with at least one.\n",
    });
    // The command line has nobody to ask questions of: the tool sees no `ask`.
    expect(await fx(["rename", "--names", '["A B"]'])).toEqual({
      code: 1,
      stdout: "",
      stderr: "Nobody to ask: run this where a person can answer, or rename by hand.\n",
    });
  });

  it("prints any throw as one line, with no stack and no path", async () => {
    expect(await fx(["get", "--key", "missing"])).toEqual({ code: 1, stdout: "", stderr: 'get failed: no key "missing"\n' });
    expect(await fx(["get", "--key", "crash"])).toEqual({ code: 1, stdout: "", stderr: "get failed: cannot read the store\n" });
  });

  it("prints the stack of an unexpected throw when AGNTN_TOOLS_STACK=1 asks for it, never of an expected one", async () => {
    const env = { AGNTN_TOOLS_STACK: "1" };
    expect(await fx(["get", "--key", "missing"], { env })).toEqual({ code: 1, stdout: "", stderr: 'get failed: no key "missing"\n' });
    const crash = await fx(["get", "--key", "crash"], { env });
    expect(crash.code).toBe(1);
    const [first, ...stack] = crash.stderr.trimEnd().split("\n");
    expect(first).toBe("get failed: cannot read the store");
    expect(stack.length).toBeGreaterThan(0);
    expect(stack.every((line) => line.startsWith("    at "))).toBe(true);
    expect(stack[0]).toContain("cli-tools.ts");
  });

  it("runs the default command on an empty line, and package-only commands stay off MCP", async () => {
    expect(await fx([])).toEqual({ code: 0, stdout: "fixture cli for tests\n", stderr: "" });
    expect(listTools([...demoTools, ...fixtureTools]).tools.map((t) => t.name)).not.toContain("cli_about");
  });

  it("hands a first word that names no command to the fallback", async () => {
    const env = { CLI_FIXTURE_FALLBACK: "1" };
    expect(await fx(["hello", "-5", "world"], { env })).toEqual({ code: 0, stdout: "hello -5 world\n", stderr: "" });
    expect(await fx(["slug", "--text", "A B"], { env })).toEqual({ code: 0, stdout: "a-b\n", stderr: "" });
  });

  it("prints nothing for a result without content, so a command's own bytes stay exact", async () => {
    expect(await fx(["rows", "--count", "3"])).toEqual({ code: 0, stdout: "row 1\nrow 2\nrow 3\n", stderr: "" });
    expect(await fx(["rows", "--count", "5", "--json"])).toEqual({ code: 0, stdout: "[\n  1,\n  2,\n  3\n]\n", stderr: "" });
  });

  it("gives no progress when stderr is not a terminal", async () => {
    expect(await fx(["count", "--text", "a b\nc\nd e f", "--chunk", "1"])).toEqual({ code: 0, stdout: "6 words\n", stderr: "" });
    expect(await fx(["wide"])).toEqual({ code: 0, stdout: "progress off\n", stderr: "" });
  });

  it("hands the tool { cli: true, json } as its host", async () => {
    expect(await fx(["host"])).toEqual({ code: 0, stdout: '{"cli":true,"json":false}\n', stderr: "" });
    expect(await fx(["host", "--json"])).toEqual({ code: 0, stdout: '{\n  "cli": true,\n  "json": true\n}\n', stderr: "" });
  });

  it("stops on Ctrl-C with exit code 130 and prints no answer", async () => {
    const child = spawn(NODE, [SOURCE, BIN, "rows", "--count", "100000000"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.stdout.once("data", () => child.kill("SIGINT"));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    children.delete(child);
    expect(stderr).toBe("");
    expect(code).toBe(130);
  });
});

describe.concurrent("dashed words and --", () => {
  it.for<[string[], string]>([
    [["echo", "-5"], "-5"],
    [["echo", "-.-.", "--..", "-...-"], "-.-. --.. -...-"],
    [["echo", "-----BEGIN PGP SIGNATURE-----"], "-----BEGIN PGP SIGNATURE-----"],
    [["echo", "---", "-", "--- x"], "--- - --- x"],
    [["echo", "--", "--key", "-h", "--json", "--"], "--key -h --json --"],
    [["echo", "a", "--", "-P"], "a -P"],
    [["sum", "1", "-5", "2.5"], "-1.5"],
    [["add", "--", "--not-a-flag"], 'added "--not-a-flag" (priority 3)'],
    [["search", "--query", "-5", "--limit", "2"], "-5 limit=2 max=none"],
    [["search", "--query=--limit"], "--limit limit=10 max=none"],
  ])("%j prints %s", async ([args, text], { expect }) => {
    expect(await fx(args)).toEqual({ code: 0, stdout: `${text}\n`, stderr: "" });
  });

  it("still refuses a word shaped like an unknown option before --", async () => {
    expect(await fx(["echo", "-x"])).toEqual({
      code: 1,
      stdout: "",
      stderr: 'Invalid arguments: unknown option "-x"; takes --words, --json\n',
    });
  });
});

describe("standard input", () => {
  it("reads all of stdin as UTF-8 for a stdin field given -", async () => {
    const text = "Grüße 🍣\nzweite Zeile\n";
    const run = await fx(["add", "-", "--json"], { input: Buffer.from(text, "utf8") });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ text, tag: null, pinned: false, priority: 3 });
    expect((await fx(["add", "--text", "-"], { input: "via flag" })).stdout).toBe('added "via flag" (priority 3)\n');
  });

  it.each([
    [["add", "-"], "<TEXT>"],
    [["add", "--text", "-"], "--text"],
  ])("refuses invalid UTF-8 for %j", async (args, where) => {
    const input = Buffer.from([0x68, 0x69, 0xff, 0xfe, 0xc3]);
    expect(await fx(args, { input })).toEqual({
      code: 1,
      stdout: "",
      stderr: `Invalid arguments at ${where}: standard input is not valid UTF-8\n`,
    });
  });

  it("reads - as plain text where the field takes no stdin, or after --", async () => {
    expect(await fx(["add", "note", "-"])).toEqual({ code: 0, stdout: 'added "note" (priority 3)\n', stderr: "" });
    expect(await fx(["add", "--", "-"], { input: "not read" })).toEqual({ code: 0, stdout: 'added "-" (priority 3)\n', stderr: "" });
  });

  it("reads standard input once only", async () => {
    expect(await fx(["diff", "-", "-"], { input: "x" })).toEqual({
      code: 1,
      stdout: "",
      stderr: "Invalid arguments at <RIGHT>: standard input is already read by <LEFT>\n",
    });
    expect(await fx(["diff", "b", "-"], { input: "a" })).toEqual({ code: 0, stdout: "differ\n", stderr: "" });
    expect(await fx(["diff", "--right=-", "-"], { input: "same" })).toEqual({
      code: 1,
      stdout: "",
      stderr: "Invalid arguments at <LEFT>: standard input is already read by --right\n",
    });
  });
});

describe("a closed pipe", () => {
  it("ends quietly when the reader goes away (a stdout destroyed mid-stream)", async () => {
    const child = spawn(NODE, [SOURCE, BIN, "rows", "--count", "100000000"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    let first = "";
    child.stdout.once("data", (chunk: Buffer) => {
      first = chunk.toString("utf8");
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    children.delete(child);
    expect(first.startsWith("row 1\n")).toBe(true);
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  it("ends quietly under `| head -1`", () => {
    const script = `set -o pipefail; "${NODE}" ${SOURCE} ${BIN} rows --count 100000000 | head -1`;
    const stdout = execFileSync("bash", ["-c", script], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    expect(stdout).toBe("row 1\n");
  });
});

const hasScript = (() => {
  try {
    return execFileSync("script", ["--version"], { encoding: "utf8" }).includes("util-linux");
  } catch {
    return false;
  }
})();

describe.skipIf(!hasScript)("progress on a pseudo-terminal", () => {
  const dir = mkdtempSync(join(tmpdir(), "agntn-cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs a command with stderr on a pty `columns` wide; stdout goes to a file. Returns the pty's bytes and stdout. */
  function onTerminal(columns: number, args: readonly string[]): { terminal: string; stdout: string } {
    const out = join(dir, `out-${columns}.txt`);
    const command = `stty cols ${columns}; "${NODE}" ${SOURCE} ${BIN} ${args.join(" ")} > "${out}"`;
    // A failing command makes `script` exit 1 too: read its output either way.
    const run = spawnSync("script", ["-qfec", command, "/dev/null"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { terminal: run.stdout, stdout: readFileSync(out, "utf8") };
  }

  const ERASE = "\u001b[K";

  it.each([
    [
      // 19 cells: the wide line is cut inside its ASCII words.
      20,
      ["處理中 🍣 first ste", "ascii only second s", "第三 👩‍💻 step (3/3)"],
    ],
    [
      // 9 cells: an emoji and a CJK character are never split across the edge.
      10,
      ["處理中 🍣", "ascii onl", "第三 👩‍💻 s"],
    ],
    [
      // 6 cells: 處理中 fills them exactly; the emoji would need cells 6 and 7, so it is left out whole.
      7,
      ["處理中", "ascii ", "第三 "],
    ],
  ])("at %i columns writes exactly the rewritten lines, then wipes them", (columns, lines) => {
    const { terminal, stdout } = onTerminal(columns, ["wide"]);
    expect(terminal).toBe(`${lines.map((line) => `\r${line}${ERASE}`).join("")}\r${ERASE}`);
    expect(stdout).toBe("progress on\n");
  });

  it("wipes the line before an error", () => {
    const { terminal, stdout } = onTerminal(40, ["count", "--text", "'a b'", "--chunk", "1"]);
    expect(terminal).toBe(`\rcounted 1 of 1 lines (1/1)${ERASE}\r${ERASE}`);
    expect(stdout).toBe("2 words\n");
    // An error after progress: the line is gone, then the error (the pty turns \n into \r\n).
    const failed = onTerminal(40, ["wide", "--fail"]);
    const steps = ["處理中 🍣 first step (1/3)", "ascii only second step (2/3)", "第三 👩‍💻 step (3/3)"];
    expect(failed.terminal).toBe(`${steps.map((line) => `\r${line}${ERASE}`).join("")}\r${ERASE}wide failed: stopped after 3 steps\r\n`);
    expect(failed.stdout).toBe("");
  });
});

describe("the mcp command", () => {
  const clients: Client[] = [];
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => {});
  });

  it.each([
    ["2025-11-25", {}],
    ["2026-07-28", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
  ] as const)("serves the tools over stdio to the SDK v2 client (%s)", async (revision, options) => {
    const client = new Client({ name: "cli-test", version: "1.0.0" }, options as never);
    clients.push(client);
    await client.connect(new StdioClientTransport({ command: NODE, args: [SOURCE, BIN, "mcp"], cwd: root, stderr: "pipe" }));
    expect(client.getNegotiatedProtocolVersion()).toBe(revision);
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual([...demoTools, ...fixtureTools].map((t) => t.name));
    const called = await client.callTool({ name: "text_slug", arguments: { text: "Hello MCP" } });
    expect(called.content).toEqual([{ type: "text", text: "hello-mcp" }]);
    const refused = await client.callTool({ name: "list_search", arguments: { query: "q", limit: 0 } });
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([{ type: "text", text: "Invalid arguments at /limit: must be >= 1" }]);
    // On MCP the tool's host is not the command line, so it returns rows instead of writing to stdout (the protocol's pipe).
    const rows = await client.callTool({ name: "rows_stream", arguments: { count: 5 } });
    expect(rows.content).toEqual([]);
    expect(rows.isError).toBeUndefined();
    await client.close();
  });

  it("loads the MCP SDK only for the mcp command, not for --help", async () => {
    const trace = ["--import", "./test/fixtures/cli-trace.ts"];
    const help = await fx(["--help"], { node: trace });
    expect(help.code).toBe(0);
    expect(help.stderr).toBe("");
    const served = await fx(["mcp"], { node: trace });
    expect(served.code).toBe(0);
    expect(served.stdout).toBe("");
    expect(served.stderr).toContain("loaded @modelcontextprotocol/server/stdio\n");
  });

  it("takes no words but --help", async () => {
    expect(await fx(["mcp", "--port", "1"])).toEqual({
      code: 1,
      stdout: "",
      stderr: 'Invalid arguments: unknown option "--port"; takes --help\n',
    });
  });
});

describe("the docs example", () => {
  const example = "docs/examples/cli.ts";

  it("is a working bin", async () => {
    expect(await runFile(example, ["slug", "--text", "Hello World"])).toEqual({ code: 0, stdout: "hello-world\n", stderr: "" });
    const help = await runFile(example, ["--help"]);
    expect(help.stdout.split("\n").slice(0, 2)).toEqual(["slugs 1.0.0", "Turn titles into URL slugs, and count words."]);
    expect(await runFile(example, ["slug"])).toEqual({ code: 1, stdout: "", stderr: "Invalid arguments: missing --text\n" });
  });
});

describe("definition contradictions", () => {
  const base = { name: "t", version: "1", description: "d" };
  const tool = (name: string, input: Record<string, unknown>, cli?: Record<string, unknown>) => ({
    name,
    title: "T",
    description: "D.",
    effect: "read" as const,
    input: Type.Object(input as never, { additionalProperties: false }),
    ...(cli ? { cli } : {}),
    execute: () => ({ content: [] }),
  });
  const text = { text: Type.String() };

  it.each<[string, Partial<CliOptions>, string]>([
    [
      "unknown positional",
      { tools: [tool("a_b", text, { positional: ["txt"] })] },
      'a_b: cli.positional names "txt", which is not a property of its input',
    ],
    [
      "unknown short",
      { tools: [tool("a_b", text, { short: { tex: "t" } })] },
      'a_b: cli.short names "tex", which is not a property of its input',
    ],
    [
      "unknown stdin",
      { tools: [tool("a_b", text, { stdin: ["body"] })] },
      'a_b: cli.stdin names "body", which is not a property of its input',
    ],
    [
      "boolean positional",
      { tools: [tool("a_b", { on: Type.Boolean() }, { positional: ["on"] })] },
      'a_b: cli.positional names "on", a boolean; booleans are --flags only',
    ],
    [
      "two flags, one spelling",
      { tools: [tool("a_b", { maxItems: Type.Integer(), max_items: Type.Integer() })] },
      'a_b: properties "maxItems" and "max_items" are both spelled --max-items',
    ],
    [
      "a negated boolean clashing with a property",
      { tools: [tool("a_b", { cache: Type.Boolean(), noCache: Type.String() })] },
      'a_b: properties "cache" and "noCache" are both spelled --no-cache',
    ],
    [
      "two short flags, one letter",
      { tools: [tool("a_b", { a: Type.String(), b: Type.String() }, { short: { a: "x", b: "x" } })] },
      'a_b: properties "a" and "b" are both spelled -x',
    ],
    [
      "required positional after an optional one",
      { tools: [tool("a_b", { a: Type.Optional(Type.String()), b: Type.String() }, { positional: ["a", "b"] })] },
      'a_b: cli.positional puts required "b" after optional "a"',
    ],
    [
      "flag reserved for json",
      { tools: [tool("a_b", { json: Type.Boolean() })] },
      'a_b: property "json" would be --json, which the command line keeps for itself',
    ],
    [
      "flag reserved for --out",
      { tools: [tool("a_b", { out: Type.String() })] },
      'a_b: property "out" would be --out, which the command line keeps for itself',
    ],
    [
      "flag reserved for --log-level",
      { tools: [tool("a_b", { logLevel: Type.String() })] },
      'a_b: property "logLevel" would be --log-level, which the command line keeps for itself',
    ],
    [
      "flag reserved for help",
      { tools: [tool("a_b", { help: Type.String() })] },
      'a_b: property "help" would be --help, which the command line keeps for itself',
    ],
    [
      "flag reserved for version",
      { tools: [tool("a_b", { version: Type.String() })] },
      'a_b: property "version" would be --version, which the command line keeps for itself',
    ],
    [
      "short -h",
      { tools: [tool("a_b", text, { short: { text: "h" } })] },
      'a_b: property "text" would be -h, which the command line keeps for itself',
    ],
    [
      "short of two letters",
      { tools: [tool("a_b", text, { short: { text: "tx" } })] },
      'a_b: cli.short gives "text" "tx"; a short flag is one letter a-z or A-Z',
    ],
    [
      "stdin on a number",
      { tools: [tool("a_b", { n: Type.Number() }, { stdin: ["n"] })] },
      'a_b: cli.stdin names "n", which is not a string',
    ],
    [
      "rest without positional",
      { tools: [tool("a_b", text, { rest: true })] },
      "a_b: cli.rest needs at least one positional to take the remaining words",
    ],
    [
      "rest on a number",
      { tools: [tool("a_b", { n: Type.Number() }, { positional: ["n"], rest: true })] },
      'a_b: cli.rest makes "n" take the remaining words, so it must be a string or an array of strings or numbers',
    ],
    [
      "a command word a shell would mangle",
      { tools: [tool("a_b", text, { command: "do it" })] },
      'a_b: command word "do it" would be mangled by a shell or read as an option; use letters, digits, ".", "_" and "-", starting with a letter or digit',
    ],
    [
      "an alias read as an option",
      { tools: [tool("a_b", text, { aliases: ["-x"] })] },
      'a_b: command word "-x" would be mangled by a shell or read as an option; use letters, digits, ".", "_" and "-", starting with a letter or digit',
    ],
    [
      "a glob in a word",
      { tools: [tool("a_b", text, { command: "b*" })] },
      'a_b: command word "b*" would be mangled by a shell or read as an option; use letters, digits, ".", "_" and "-", starting with a letter or digit',
    ],
    ["two commands, one word", { tools: [tool("a_x", text), tool("b_x", text)] }, 'b_x: command word "x" is already taken by a_x'],
    [
      "an alias taking another command's word",
      { tools: [tool("a_x", text), tool("b_y", text, { aliases: ["x"] })] },
      'b_y: command word "x" is already taken by a_x',
    ],
    [
      "a tool named mcp with mcp on",
      { tools: [tool("a_mcp", text)], mcp: true },
      'the mcp command: command word "mcp" is already taken by a_mcp',
    ],
    [
      "a property with no spelling",
      { tools: [tool("a_b", { "a b": Type.String() })] },
      'a_b: property "a b" has no command-line spelling; name it in camelCase or snake_case letters and digits',
    ],
    [
      "a default naming no command",
      { tools: [tool("a_b", text)], default: "nope" },
      'runCli: default must name a tool command, got "nope"',
    ],
    [
      "a fallback naming mcp",
      { tools: [tool("a_b", text)], mcp: true, fallback: "mcp" },
      'runCli: fallback must name a tool command, got "mcp"',
    ],
    ["tools that are not a list", { tools: "slug" as never }, "runCli: tools must be an array of tool definitions"],
    ["an expected that is not a function", { tools: [tool("a_b", text)], expected: true as never }, "runCli: expected must be a function"],
    [
      "a hint of the wrong shape",
      { tools: [tool("a_b", text, { positional: "text" })] },
      "a_b: cli.positional must be an array of strings",
    ],
  ])("%s is a ToolDefinitionError at start-up", async (_label, options, message) => {
    const run = runCli({ ...base, tools: [], ...options } as CliOptions, ["--help"]);
    await expect(run).rejects.toMatchObject({ name: "ToolDefinitionError", message });
  });
});

describe("the mcp command at its limits", () => {
  function start(): ChildProcessWithoutNullStreams {
    const child = spawn(NODE, [SOURCE, BIN, "mcp"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    children.add(child);
    return child;
  }

  function ended(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
  }

  it("ends a line over 10 MiB with one clean line and exit 1, no warning, nothing on stdout", async () => {
    const child = start();
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    const done = ended(child);
    child.stdin.on("error", () => {});
    child.stdin.write(`${"x".repeat(11 * 1024 * 1024)}\n`);
    expect(await done).toEqual({ code: 1, stderr: "fx mcp: a message is longer than the 10 MiB a line may hold; stopping\n" });
    expect(stdout).toBe("");
    child.stdin.destroy();
  });

  it("ends with one line and exit 1 when the client stops reading and closes standard output", async () => {
    const child = start();
    const done = ended(child);
    child.stdin.on("error", () => {});
    const init = {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    };
    child.stdin.write(`${JSON.stringify(init)}\n`);
    for (let id = 1; id <= 300; id++) child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list" })}\n`);
    child.stdout.once("data", () => child.stdout.destroy());
    expect(await done).toEqual({ code: 1, stderr: "fx mcp: standard output closed (the client went away); stopping\n" });
  });
});
