/**
 * Reading a command's words into tool arguments, and naming argument problems
 * in command-line words.
 *
 * Read by hand, not with `node:util` `parseArgs` (measured on Node 24): in
 * strict mode it refuses `-5`, Morse code, a PGP armour line and
 * `--limit -5` as unknown options or ambiguous values; in loose mode it reads
 * `-5` as an option named "5", `-.-.` as an option "." plus the word "-.",
 * an armour line as an option named "---BEGIN …", an unknown `--kye` as a
 * boolean, and splits `-n5` into `-n 5` in both modes. Every token would need
 * a second reading, so the rules live here, short: `--` ends options;
 * `-h`/`--help`, `--version`, `--json`, `--out DIR` and `--log-level LEVEL`
 * belong to the host; a word shaped like an option (`--word`,
 * `--word=value`, `-x`) must be one this command takes; any other word,
 * dashes and all, is text for the next positional.
 */
import { LOG_LEVELS } from "../core/context.ts";
import type { ToolInputError } from "../core/errors.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import type { LogLevel } from "../core/types.ts";
import { displayPointer } from "../core/validate.ts";
import type { Param, ToolCommand } from "./commands.ts";

export type Reading =
  | { kind: "help" }
  | { kind: "version" }
  | ({ kind: "run"; args: Record<string, unknown>; labels: Map<string, string> } & HostFlags)
  | { kind: "error"; lines: string[] };

/** What the person asked of the host itself, beside the tool's own arguments. */
export interface HostFlags {
  json: boolean;
  /** `--out DIR`: where images, audio and blobs are saved. */
  out?: string;
  /** `--log-level LEVEL`: the least severe log level printed; absent means the default. */
  logLevel?: LogLevel;
}

/** The host's flags that take a value. */
const VALUE_FLAGS = ["--out", "--log-level"] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];
const LEVELS: ReadonlySet<string> = new Set(LOG_LEVELS);

/** Reads all of standard input; the caller decides how. */
export type StdinReader = () => Promise<Uint8Array>;

const LONG_OPTION = /^--[A-Za-z][A-Za-z0-9-]*(=|$)/;
const SHORT_OPTION = /^-[A-Za-z][A-Za-z0-9]*(=|$)/;
/** A plain decimal: no sign but `-`, no hex, no `_`, no exponent, no spaces, no `Infinity`. */
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/** Whether a word spells an option (known or not). `-5`, `-.-.` and `-----BEGIN PGP MESSAGE-----` do not. */
export function looksLikeOption(word: string): boolean {
  return LONG_OPTION.test(word) || SHORT_OPTION.test(word);
}

function invalid(problem: string): string {
  return `Invalid arguments: ${problem}`;
}

function invalidAt(where: string, problem: string): string {
  return `Invalid arguments at ${where}: ${problem}`;
}

/** What one parameter received: its words, and how the person named it (for error lines). */
interface Given {
  param: Param;
  words: string[];
  value?: boolean;
  via: string;
  /** Came after `--`: taken as typed. */
  literal?: boolean;
}

interface Scan {
  given: Map<string, Given>;
  bare: string[];
  /** Index in `bare` of the first word after `--`: from there on, `-` is a plain dash, not standard input. */
  literalFrom: number;
  flags: HostFlags;
  lines: string[];
  stop?: "help" | "version";
}

/** First pass: options and bare words, in order. */
function scan(command: ToolCommand, words: readonly string[]): Scan {
  const state: Scan = { given: new Map(), bare: [], literalFrom: Number.POSITIVE_INFINITY, flags: { json: false }, lines: [] };
  const takes = [...command.params.map((p) => p.flag), "--json"].join(", ");
  let textOnly = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (textOnly || !looksLikeOption(word)) {
      if (!textOnly && word === "--") {
        textOnly = true;
        state.literalFrom = state.bare.length;
      } else {
        state.bare.push(word);
      }
      continue;
    }
    if (word === "-h" || word === "--help") return { ...state, stop: "help" };
    if (word === "--version") return { ...state, stop: "version" };
    if (word === "--json") {
      if (state.flags.json) state.lines.push(invalid("--json given more than once"));
      state.flags.json = true;
      continue;
    }
    const cut = word.startsWith("--") ? word.indexOf("=") : -1;
    const spelling = cut === -1 ? word : word.slice(0, cut);
    const inline = cut === -1 ? undefined : word.slice(cut + 1);
    if (isValueFlag(spelling)) {
      const value = inline ?? words[i + 1];
      if (inline === undefined) {
        if (value === undefined || value === "--" || looksLikeOption(value)) {
          state.lines.push(invalid(`${spelling} needs a value`));
          continue;
        }
        i++;
      }
      hostFlag(state, spelling, value as string);
      continue;
    }
    const hit = command.spellings.get(spelling);
    if (!hit) {
      state.lines.push(invalid(`unknown option ${quote(spelling)}; takes ${takes}`));
      continue;
    }
    const { param, negated } = hit;
    const given: Given = { param, words: [], via: param.flag };
    if (param.kind === "boolean") {
      if (inline !== undefined) state.lines.push(invalid(`${spelling} takes no value`));
      given.value = !negated;
    } else if (inline !== undefined) {
      given.words.push(inline);
    } else {
      const next = words[i + 1];
      if (next === undefined || next === "--" || looksLikeOption(next)) {
        state.lines.push(invalid(`${spelling} needs a value`));
        continue;
      }
      given.words.push(next);
      i++;
    }
    if (state.given.has(param.key)) state.lines.push(invalid(`${spelling} given more than once`));
    else state.given.set(param.key, given);
  }
  return state;
}

function isValueFlag(spelling: string): spelling is ValueFlag {
  return (VALUE_FLAGS as readonly string[]).includes(spelling);
}

/** Sets one of the host's value flags, or names what is wrong with its value. */
function hostFlag(state: Scan, flag: ValueFlag, value: string): void {
  const { flags, lines } = state;
  if (flag === "--out") {
    if (flags.out !== undefined) lines.push(invalid("--out given more than once"));
    else if (value === "") lines.push(invalidAt("--out", "must name a directory"));
    else flags.out = value;
    return;
  }
  if (flags.logLevel !== undefined) lines.push(invalid("--log-level given more than once"));
  else if (!LEVELS.has(value)) lines.push(invalidAt("--log-level", `must be one of ${LOG_LEVELS.join(", ")}`));
  else flags.logLevel = value as LogLevel;
}

/** Second pass: bare words fill the positionals a flag did not already set, in order. */
function placeBareWords(command: ToolCommand, state: Scan): void {
  const open = command.positionals.filter((p) => !state.given.has(p.key));
  let k = 0;
  for (const param of open) {
    if (k >= state.bare.length) break;
    const words = param.rest ? state.bare.slice(k) : [state.bare[k] as string];
    const given: Given = { param, words, via: param.label };
    if (k >= state.literalFrom) given.literal = true;
    k += words.length;
    state.given.set(param.key, given);
  }
  for (const word of state.bare.slice(k)) state.lines.push(invalid(`unexpected argument ${quote(word)}`));
}

function plainNumber(word: string, integer: boolean): number | undefined {
  if (!DECIMAL.test(word)) return undefined;
  const value = Number(word);
  // An integer past 2^53 would arrive as a different number: refuse it rather than bend it.
  if (!Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) return undefined;
  return value;
}

/** One word as a value of `kind`, or the problem with it. */
function convert(word: string, kind: Param["kind"]): { value: unknown } | { problem: string } {
  switch (kind) {
    case "number":
    case "integer": {
      const value = plainNumber(word, kind === "integer");
      return value === undefined
        ? { problem: `${quote(word)} is not a plain decimal ${kind === "integer" ? "integer" : "number"}` }
        : { value };
    }
    case "json":
      try {
        return { value: JSON.parse(word) };
      } catch {
        return { problem: "not valid JSON" };
      }
    default:
      return { value: word };
  }
}

/** Standard input, read once at most, as strict UTF-8. */
function stdinOnce(read: StdinReader): () => Promise<string | undefined> {
  let text: Promise<string | undefined> | undefined;
  return () => {
    text ??= read().then((bytes) => {
      try {
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        return undefined;
      }
    });
    return text;
  };
}

/** Turns the words of one parameter into its argument value. */
async function argumentValue(
  given: Given,
  stdin: () => Promise<string | undefined>,
  lines: string[],
  stdinTaken: { by?: string },
): Promise<unknown> {
  const { param, words, via } = given;
  if (given.value !== undefined) return given.value;
  if (param.stdin && !given.literal && words.length === 1 && words[0] === "-") {
    if (stdinTaken.by) {
      lines.push(invalidAt(via, `standard input is already read by ${stdinTaken.by}`));
      return undefined;
    }
    stdinTaken.by = via;
    const text = await stdin();
    if (text === undefined) lines.push(invalidAt(via, "standard input is not valid UTF-8"));
    return text;
  }
  if (param.rest && given.via === param.label) {
    if (param.itemKind === "string" && param.kind === "string") return words.join(" ");
    return words.map((word, k) => {
      const converted = convert(word, param.itemKind ?? "text");
      if ("problem" in converted) lines.push(invalidAt(`/${k} of ${via}`, converted.problem));
      return "value" in converted ? converted.value : undefined;
    });
  }
  const converted = convert(words[0] as string, param.kind);
  if ("problem" in converted) {
    lines.push(invalidAt(via, converted.problem));
    return undefined;
  }
  return converted.value;
}

/**
 * Reads a command's words. Problems in the words themselves (unknown option,
 * missing value, a word that is not a number) come back as lines; the schema's
 * own checks come later, from the core.
 */
export async function readArgs(command: ToolCommand, words: readonly string[], readStdin: StdinReader): Promise<Reading> {
  const state = scan(command, words);
  if (state.stop) return { kind: state.stop };
  // After an unknown option nobody knows which words were its value: name that problem alone.
  if (state.lines.length > 0) return { kind: "error", lines: state.lines };
  placeBareWords(command, state);
  const lines = state.lines;
  for (const param of command.params) {
    if (param.required && !state.given.has(param.key)) lines.push(invalid(`missing ${param.positional ? param.label : param.flag}`));
  }
  if (lines.length > 0) return { kind: "error", lines };
  const args: Record<string, unknown> = Object.create(null);
  const labels = new Map<string, string>();
  const stdin = stdinOnce(readStdin);
  const stdinTaken: { by?: string } = {};
  for (const given of state.given.values()) {
    args[given.param.key] = await argumentValue(given, stdin, lines, stdinTaken);
    labels.set(given.param.key, given.via);
  }
  if (lines.length > 0) return { kind: "error", lines };
  // Validators see a plain object, as every other host hands them.
  return { kind: "run", args: { ...args }, labels, ...state.flags };
}

function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * The core's validation problems in command-line words: `/limit` becomes
 * `--limit` (or `<TEXT>` when the person typed a bare word), and a place
 * inside a value reads `/x of --point`.
 */
export function argumentLines(
  command: ToolCommand,
  error: Pick<ToolInputError, "lines" | "issues">,
  labels: ReadonlyMap<string, string>,
): string[] {
  const lines = new Set<string>();
  for (const issue of error.issues) {
    const problem = sanitizeLine(issue.problem);
    const [key, ...inside] = pointerSegments(issue.at);
    if (key === undefined) {
      const missing = issue.missing?.map((k) => {
        const param = command.params.find((p) => p.key === k);
        return param ? (param.positional ? param.label : param.flag) : quote(k);
      });
      lines.add(missing ? invalid(`missing ${missing.join(", ")}`) : invalid(problem));
      continue;
    }
    const where = labels.get(key) ?? command.params.find((p) => p.key === key)?.flag ?? quote(key);
    lines.add(invalidAt(inside.length === 0 ? where : `${displayPointer(inside)} of ${where}`, problem));
  }
  if (lines.size === 0) return error.lines.map(sanitizeLine);
  return [...lines];
}
