/**
 * The command-line host: runCli as a real program, one Node process per call,
 * reading the tools from the module the options name. Each call is made when
 * the host opens, one after the other, and answers with the exit code and what
 * the program wrote on stdout and stderr.
 */
import { pathToFileURL } from "node:url";
import type { AnyTool } from "@agntn/tools";
import { commandWord, kebab } from "../../cli/commands.ts";
import type { HostOptions, HostSession, TestCall } from "../types.ts";
import { conditionFlags, type Ended, runChild } from "./child.ts";
import { lineText } from "./read.ts";

/** What one run of the program left: its exit code, its standard output and its standard error. */
export type CliRun = Ended;

/** What the child is told, as JSON: where the tools are, the program's name, and the one call to make. */
interface ChildRequest {
  module: string;
  exportName: string;
  name: string;
  version: string;
  words: readonly string[];
}

/** The exit code of a child that could not load the tools (runCli itself ends with 0, 1 or 130). */
const LOAD_FAILED = 70;

/** The program each child runs, an ES module given to `node -e`: the tools from the module, and runCli on the words. */
const PROGRAM = `
import { toolsFor } from "@agntn/tools";
import { runCli } from "@agntn/tools/cli";

const request = JSON.parse(process.argv[1]);
const tools = await (async () => {
  const exported = (await import(request.module))[request.exportName];
  if (exported === undefined) throw new Error("it has no export " + JSON.stringify(request.exportName));
  return toolsFor(exported);
})().catch((error) => {
  process.stderr.write("cannot load the tools from " + request.module + ": " + (error?.message ?? String(error)) + "\\n");
  process.exit(${LOAD_FAILED});
});
await runCli({ name: request.name, version: request.version, description: request.name + ", the tools on the command line", tools }, request.words);
`;

/** The tools of the options as they are now, hidden ones included (a hidden tool still has the word its command would have). */
function listedTools(options: HostOptions): readonly AnyTool[] {
  return Array.isArray(options.tools) ? options.tools : (options.tools as { tools: readonly AnyTool[] }).tools;
}

/** The word the command line knows the call's tool by, by runCli's own rule; a name no tool has, by the same rule. */
function commandWordOf(call: TestCall, options: HostOptions): string {
  return commandWord(listedTools(options).find((one) => one.name === call.tool) ?? ({ name: call.tool } as AnyTool));
}

/**
 * The call's words: its own, or the command word and `--<kebab-key> <value>` per argument (a value that is not a
 * string as JSON; a boolean as `--key` or `--no-key`, a flag that takes no value).
 */
function wordsOf(call: TestCall, options: HostOptions): readonly string[] {
  if (call.words) return call.words;
  const flag = ([key, value]: [string, unknown]) => {
    if (typeof value === "boolean") return [value ? `--${kebab(key)}` : `--no-${kebab(key)}`];
    return [`--${kebab(key)}`, typeof value === "string" ? value : JSON.stringify(value)];
  };
  return [commandWordOf(call, options), ...Object.entries(call.args ?? {}).flatMap(flag)];
}

/** Runs the program once for one call. */
function runOnce(options: HostOptions, call: TestCall): Promise<CliRun> {
  const request: ChildRequest = {
    module: pathToFileURL(options.module as string).href,
    exportName: options.exportName,
    name: options.server.name,
    version: options.server.version,
    words: wordsOf(call, options),
  };
  // Pipes, not a terminal: no progress line. And no AGNTN_TOOLS_STACK, so a throw prints its one line, as a user's does.
  const { AGNTN_TOOLS_STACK: _stack, ...env } = process.env;
  const args = [...conditionFlags(), "--input-type=module", "-e", PROGRAM, JSON.stringify(request)];
  return runChild(process.execPath, args, { env });
}

/** Every call is made now, one process at a time (each is a Node start-up). */
export async function open(options: HostOptions): Promise<HostSession> {
  const runs = new Map<string, CliRun>();
  for (const [id, call] of Object.entries(options.calls)) {
    const run = await runOnce(options, call);
    // A program that could not load the tools answers no call: the host does not open.
    if (run.code === LOAD_FAILED) throw new Error(`the command line did not start: ${run.stderr.trim()}`);
    runs.set(id, run);
  }
  return {
    async call(id) {
      const run = runs.get(id);
      if (!run) throw new Error(`the command line made no call named ${id}`);
      return run;
    },
    async close() {},
  };
}

// ─── Reading an answer ───────────────────────────────────────────────────────

/** Each spelling a person may name an argument by (`--max-items`, `<MAX-ITEMS>`, `[MAX-ITEMS]`), to the key a model names it by. */
function spellingsOf(call: TestCall, options: HostOptions): Map<string, string> {
  const input = listedTools(options).find((one) => one.name === call.tool)?.input as { properties?: unknown } | undefined;
  const schemaKeys = typeof input?.properties === "object" && input.properties !== null ? Object.keys(input.properties) : [];
  const spellings = new Map<string, string>();
  for (const key of [...schemaKeys, ...Object.keys(call.args ?? {})]) {
    const word = kebab(key);
    for (const spelling of [`--${word}`, `<${word.toUpperCase()}>`, `[${word.toUpperCase()}]`, `<${word.toUpperCase()}...>`])
      spellings.set(spelling, key);
  }
  return spellings;
}

/** `Invalid arguments at --limit: …` as a model reads it, `… at /limit: …`; a place inside a value (`/x of --point`) too. */
function pointerLine(line: string, spellings: ReadonlyMap<string, string>): string {
  const match = /^Invalid arguments at (?:(\/\S*) of )?(\S+): /.exec(line);
  const key = match ? spellings.get(match[2] as string) : undefined;
  if (!match || key === undefined) return line;
  return `Invalid arguments at /${key}${match[1] ?? ""}: ${line.slice(match[0].length)}`;
}

/**
 * The command line's failure lines in a model's words. A throw is worded with the command word the person typed
 * (`throw failed: …`) where a model reads the tool name (`matrix_throw failed: …`); an argument's problem names the
 * flag (`at --limit`) where a model reads the key's JSON pointer (`at /limit`). Both are put back.
 */
function modelWords(text: string, call: TestCall, options: HostOptions): string {
  const failed = `${commandWordOf(call, options)} failed: `;
  const spellings = spellingsOf(call, options);
  return text
    .split("\n")
    .map((line) => (line.startsWith(failed) ? `${call.tool} failed: ${line.slice(failed.length)}` : pointerLine(line, spellings)))
    .join("\n");
}

/** A stream's text without the line break the program ends each output with. */
const withoutFinalBreak = (text: string): string => (text.endsWith("\n") ? text.slice(0, -1) : text);

/**
 * The command line's framing: exit 0 is a success, its answer on stdout, where each media block is a note on a
 * line of its own (with a hint naming `--out`): those lines are left out. Any other exit is a failure, its lines
 * on stderr. The program adds a final line break to each; it is taken off. No details: they are printed only
 * with `--json`.
 */
export function answerOf(raw: unknown, call: TestCall, options: HostOptions): { text: string; isError: boolean } {
  const run = raw as CliRun;
  if (run.code === 0) return { text: lineText(withoutFinalBreak(run.stdout)), isError: false };
  return { text: modelWords(withoutFinalBreak(run.stderr), call, options), isError: true };
}
