/**
 * runCli: routes a command line to a command and runs it through the core,
 * then writes the answer: the content on stdout (text as text, every other
 * kind as one line, or saved under `--out`), `--json` details on stdout,
 * problems and log messages on stderr, exit code 1 for a problem.
 *
 * The command line has a log channel (stderr) but no model: a tool sees
 * `log` here and `sample` as `undefined`.
 */
import process from "node:process";
import { type CallFailure, type CallOutcome, type CallSuccess, runTool } from "../core/call.ts";
import type { HostContext } from "../core/context.ts";
import { failureText, ToolDefinitionError } from "../core/errors.ts";
import type { CallFacts } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";
import { quote, safeJson, sanitizeLine, sanitizeText } from "../core/sanitize.ts";
import { argumentLines, type HostFlags, looksLikeOption, readArgs } from "./args.ts";
import { buildCommands, type Command, type CommandTable, type TableOptions, type ToolCommand } from "./commands.ts";
import { enableCompileCache } from "./compile-cache.ts";
import { contentText, type SaveRun, saveBlocks } from "./content.ts";
import { commandHelp, programHelp } from "./help.ts";
import { DEFAULT_LOG_LEVEL, logSink } from "./log.ts";
import { type ProgressLine, progressLine } from "./progress.ts";
import { outDirProblem, saver } from "./save.ts";

export interface CliOptions extends TableOptions {
  /**
   * Marks errors a tool throws on purpose (a missing file, a refused login).
   * Every throw prints as `<command> failed: <message>`; with
   * `AGNTN_TOOLS_STACK=1` in the environment, an unexpected one (a bug)
   * prints its stack below that line too.
   */
  expected?: (error: unknown) => boolean;
  /**
   * Node's module compile cache, on unless `false` (or `NODE_DISABLE_COMPILE_CACHE`
   * is set): what loads after runCli starts, such as the `mcp` command's server,
   * is compiled once and read from disk on later runs.
   */
  compileCache?: boolean;
}

/** The environment variable that asks for the stack of an unexpected throw (named in `--help`). */
export const STACK_ENV = "AGNTN_TOOLS_STACK";

/** What a tool sees as `context.host` on the command line. */
export interface CliHost {
  cli: true;
  /** `--json` was given: the tool may stream rows as text otherwise, and return details for JSON. */
  json: boolean;
}

/** What middleware may know of a command-line call: only that the command line runs it. */
const FACTS: CallFacts = Object.freeze({ host: "cli" });

/** Exit codes: 0 done, 1 refused or failed, 130 interrupted (Ctrl-C). */
const OK = 0;
const FAILED = 1;
const INTERRUPTED = 130;

/** The reader of stdout closed (`| head`): later writes are dropped and a running tool is told to stop. */
const pipe = { closed: false, listeners: new Set<() => void>() };
let guarded = false;

/**
 * Without an `error` listener a write to a closed pipe crashes Node with EPIPE.
 * One listener per process, however often runCli runs.
 */
function guardPipes(): void {
  if (guarded) return;
  guarded = true;
  process.stdout.on("error", () => {
    pipe.closed = true;
    for (const listener of pipe.listeners) listener();
  });
  process.stderr.on("error", () => {});
}

function out(text: string): void {
  if (!pipe.closed) process.stdout.write(text);
}

function err(lines: readonly string[]): void {
  if (lines.length > 0) process.stderr.write(`${lines.join("\n")}\n`);
}

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

async function readAll(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A failed call, as the person should see it: flags for input problems, the command word in a throw's line. */
function failureLines(command: ToolCommand, outcome: CallFailure, labels: ReadonlyMap<string, string>, options: CliOptions): string[] {
  if (outcome.kind === "input") return argumentLines(command, outcome, labels);
  if (outcome.kind === "result") return outcome.text.split("\n");
  if (outcome.kind === "returned") return [sanitizeText(outcome.text).replace(/\n+$/, "") || `${command.word} failed`];
  const { error } = outcome;
  const line = failureText(command.word, error);
  let expected = false;
  try {
    expected = options.expected?.(error) === true;
  } catch {
    // A broken `expected` must not hide the error: treat it as unexpected.
  }
  if (expected || !(error instanceof Error) || typeof error.stack !== "string" || process.env[STACK_ENV] !== "1") return [line];
  return [line, ...sanitizeText(error.stack).split("\n").slice(1)];
}

/** Saves the binary blocks when `--out` asks; nothing to report otherwise. */
function saveAll(command: ToolCommand, outcome: CallSuccess, out: string | undefined): Promise<SaveRun> | SaveRun {
  if (out === undefined) return { lines: new Map() };
  return saveBlocks(outcome.content, saver(out, command.entry.name));
}

/** The details as `--json` prints them, or the failure line when they are no JSON. */
function detailsJson(command: ToolCommand, outcome: CallSuccess): { text: string } | { problem: string } {
  try {
    // JSON for people and programs: indented, with every character that could hide text escaped (still valid JSON).
    return { text: safeJson(outcome.details, 2) };
  } catch (error) {
    return {
      problem: failureText(command.word, new Error(`details are not JSON: ${error instanceof Error ? error.message : String(error)}`)),
    };
  }
}

/** Writes an answer; the exit code. */
async function answer(
  command: ToolCommand,
  outcome: CallOutcome,
  labels: ReadonlyMap<string, string>,
  flags: HostFlags,
  options: CliOptions,
): Promise<number> {
  if (!outcome.ok) {
    err(failureLines(command, outcome, labels, options));
    return FAILED;
  }
  const json = flags.json ? detailsJson(command, outcome) : undefined;
  if (json && "problem" in json) {
    err([json.problem]);
    return FAILED;
  }
  const saved = await saveAll(command, outcome, flags.out);
  const problem = saved.problem === undefined ? [] : [`${command.word} failed: ${saved.problem}`];
  if (json) {
    out(`${json.text}\n`);
    // stdout holds one JSON document, so the lines naming saved files go to stderr.
    err([...saved.lines.values(), ...problem]);
  } else {
    if (outcome.content.length > 0) out(withNewline(contentText(outcome.content, saved.lines)));
    err(problem);
  }
  return problem.length > 0 ? FAILED : OK;
}

/** Runs one tool command with its words. */
async function runToolCommand(options: CliOptions, command: ToolCommand, words: readonly string[]): Promise<number> {
  const reading = await readArgs(command, words, readAll);
  if (reading.kind === "help") {
    out(commandHelp(options, command));
    return OK;
  }
  if (reading.kind === "version") {
    out(`${sanitizeLine(options.version)}\n`);
    return OK;
  }
  if (reading.kind === "error") {
    err(reading.lines);
    return FAILED;
  }
  // A DIR that cannot take files is said before the tool runs, not after it did its work.
  const outProblem = reading.out === undefined ? undefined : await outDirProblem(reading.out);
  if (outProblem !== undefined) {
    err([`Invalid arguments at --out: ${outProblem}`]);
    return FAILED;
  }
  const controller = new AbortController();
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
    controller.abort(new Error("interrupted"));
  };
  const onPipeClosed = () => controller.abort(new Error("output closed"));
  process.once("SIGINT", onInterrupt);
  pipe.listeners.add(onPipeClosed);
  // A dumb terminal cannot erase a line, so it gets no progress either.
  const line: ProgressLine | undefined = process.stderr.isTTY && process.env.TERM !== "dumb" ? progressLine(process.stderr) : undefined;
  const host: HostContext = { signal: controller.signal, host: { cli: true, json: reading.json } satisfies CliHost, call: FACTS };
  if (line) host.progress = (report) => line.show(report);
  // Log lines share stderr with the progress line: written above it, so it is drawn again below them.
  host.log = logSink(reading.logLevel ?? DEFAULT_LOG_LEVEL, (lines) => (line ? line.above(lines) : process.stderr.write(lines)));
  let outcome: CallOutcome;
  try {
    outcome = await runTool(command.entry, { args: reading.args }, host);
  } finally {
    process.off("SIGINT", onInterrupt);
    pipe.listeners.delete(onPipeClosed);
  }
  line?.clear();
  if (pipe.closed) return OK;
  // The person pressed Ctrl-C: whatever the tool returned is not what they waited for.
  if (interrupted) return INTERRUPTED;
  return answer(command, outcome, reading.labels, reading, options);
}

/** The `mcp` command takes no words but help. */
async function runMcp(options: CliOptions, command: Extract<Command, { kind: "mcp" }>, words: readonly string[]): Promise<number> {
  const [first] = words;
  if (first === "-h" || first === "--help") {
    out(commandHelp(options, command));
    return OK;
  }
  if (first !== undefined) {
    err([
      looksLikeOption(first)
        ? `Invalid arguments: unknown option ${quote(first)}; takes --help`
        : `Invalid arguments: unexpected argument ${quote(first)}`,
    ]);
    return FAILED;
  }
  const { serveMcp } = await import("./mcp.ts");
  return serveMcp(command.info, options.tools);
}

/** The `bundle` command takes `--out DIR` and help. */
async function runBundle(options: CliOptions, command: Extract<Command, { kind: "bundle" }>, words: readonly string[]): Promise<number> {
  let outDir = ".";
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === "-h" || word === "--help") {
      out(commandHelp(options, command));
      return OK;
    }
    if (word === "--out" || word.startsWith("--out=")) {
      const value = word === "--out" ? words[++i] : word.slice("--out=".length);
      if (value === undefined || value === "") {
        err(["Invalid arguments at --out: needs a directory"]);
        return FAILED;
      }
      outDir = value;
      continue;
    }
    err([
      looksLikeOption(word)
        ? `Invalid arguments: unknown option ${quote(word.includes("=") ? word.slice(0, word.indexOf("=")) : word)}; takes --out, --help`
        : `Invalid arguments: unexpected argument ${quote(word)}`,
    ]);
    return FAILED;
  }
  const { writeBundle } = await import("./bundle.ts");
  const program = { name: options.name, version: options.version, description: options.description, info: command.info };
  return writeBundle(
    { ...program, tools: options.tools, options: command.options },
    outDir,
    (line) => out(`${sanitizeLine(line)}\n`),
    (line) => err([sanitizeLine(line)]),
  );
}

function runCommand(options: CliOptions, command: Command, words: readonly string[]): Promise<number> {
  if (command.kind === "mcp") return runMcp(options, command, words);
  if (command.kind === "bundle") return runBundle(options, command, words);
  return runToolCommand(options, command, words);
}

async function route(options: CliOptions, table: CommandTable, argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  const byName = (word: string | undefined) => (word === undefined ? undefined : table.byWord.get(word));
  if (first === undefined) {
    const fallback = byName(options.default);
    if (fallback) return runCommand(options, fallback, []);
    out(programHelp(options, table.commands));
    return OK;
  }
  if (first === "-h" || first === "--help") {
    out(programHelp(options, table.commands));
    return OK;
  }
  if (first === "--version") {
    out(`${sanitizeLine(options.version)}\n`);
    return OK;
  }
  const command = byName(first);
  if (command) return runCommand(options, command, rest);
  const fallback = byName(options.fallback);
  if (fallback) return runCommand(options, fallback, argv);
  if (looksLikeOption(first)) {
    const spelling = first.startsWith("--") && first.includes("=") ? first.slice(0, first.indexOf("=")) : first;
    err([`Invalid arguments: unknown option ${quote(spelling)}; takes --help, --version`]);
    return FAILED;
  }
  err([`Unknown command ${quote(first)}`, `Run ${sanitizeLine(options.name)} --help for the commands`]);
  return FAILED;
}

/**
 * Runs a command-line program made of tools. Resolves with the exit code and
 * also sets `process.exitCode`, so a bin can simply `await runCli(...)` and
 * let Node exit once output is flushed (calling `process.exit` could cut a
 * piped answer short). A broken definition rejects with ToolDefinitionError
 * before anything is read or written.
 */
export async function runCli(options: CliOptions, argv: readonly string[] = process.argv.slice(2)): Promise<number> {
  checkOptionKeys("runCli", options, [
    "name",
    "version",
    "description",
    "tools",
    "commands",
    "default",
    "fallback",
    "mcp",
    "bundle",
    "expected",
    "compileCache",
  ]);
  const table = buildCommands(options);
  if (options.expected !== undefined && typeof options.expected !== "function")
    throw new ToolDefinitionError("runCli: expected must be a function");
  if (options.compileCache !== undefined && typeof options.compileCache !== "boolean")
    throw new ToolDefinitionError("runCli: compileCache must be a boolean");
  if (!Array.isArray(argv) || !argv.every((word) => typeof word === "string"))
    throw new ToolDefinitionError("runCli: argv must be an array of strings");
  if (options.compileCache !== false) enableCompileCache();
  guardPipes();
  const code = await route(options, table, argv);
  process.exitCode = code;
  return code;
}
