/**
 * The command table: one command per tool, its word and aliases, and one
 * parameter per input property with the flag and positional spellings the
 * `cli` hints ask for. Every contradiction is refused here, at start-up, as a
 * ToolDefinitionError naming the tool and the property, so a person never
 * meets a half-working command.
 */
import { indexTools, type PreparedTool } from "../core/define.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";
import { isRecord, type JsonSchema, propertiesOf } from "../core/schema.ts";
import type { AnyTool, CliHints, ServerInfo } from "../core/types.ts";
import { type BundleOptions, checkBundleOptions } from "./bundle-options.ts";

/** How a word becomes a value. `text` is a property of no plain type: the word is passed as typed. */
export type ValueKind = "string" | "number" | "integer" | "boolean" | "json" | "text";

export interface Param {
  key: string;
  /** `--max-items` for `maxItems`. */
  flag: string;
  /** `-n`, when a short hint names one. */
  short?: string;
  kind: ValueKind;
  /** For a `rest` array: how each word becomes an item. */
  itemKind?: ValueKind;
  required: boolean;
  positional: boolean;
  rest: boolean;
  stdin: boolean;
  /** `<TEXT>`, `[TAG]`, `<WORDS...>`: how usage and errors name a positional. */
  label: string;
  schema: JsonSchema;
}

/** A spelling on the line: which parameter it sets, and whether it is a `--no-` form. */
export interface Spelling {
  param: Param;
  negated: boolean;
}

export interface ToolCommand {
  kind: "tool";
  word: string;
  aliases: string[];
  entry: PreparedTool;
  params: Param[];
  positionals: Param[];
  spellings: Map<string, Spelling>;
  /** A package-only command (from `commands`): no other host sees it. */
  packageOnly: boolean;
}

export interface McpCommand {
  kind: "mcp";
  word: "mcp";
  aliases: string[];
  info: ServerInfo;
}

export interface BundleCommand {
  kind: "bundle";
  word: "bundle";
  aliases: string[];
  info: ServerInfo;
  options: BundleOptions;
}

export type Command = ToolCommand | McpCommand | BundleCommand;

export interface CommandTable {
  commands: Command[];
  byWord: Map<string, Command>;
}

export interface TableOptions {
  /** The program's name, as typed (used in help and in "Run <name> --help"). */
  name: string;
  /** Printed by `--version`. */
  version: string;
  /** The first lines of the program's help. */
  description: string;
  /** The tools: each one a command, and the list the `mcp` command serves. */
  tools: readonly AnyTool[];
  /** Package-only commands, written as tool definitions: the command line runs them, no other host sees them. */
  commands?: readonly AnyTool[];
  /** The command word run on an empty line. Without it an empty line prints the help. */
  default?: string;
  /** The command word that reads the whole line when its first word names no command. */
  fallback?: string;
  /** Adds an `mcp` command serving `tools` over stdio: `true` announces name/version/description, or pass server info. */
  mcp?: boolean | ServerInfo;
  /**
   * Adds a `bundle` command that packs the program into an MCP Bundle and writes its server.json for the MCP
   * Registry. Needs `mcp`: the bundle starts the program's `mcp` command.
   */
  bundle?: boolean | BundleOptions;
}

/** Spellings the host keeps for itself on every command. */
export const RESERVED_FLAGS: ReadonlySet<string> = new Set(["--help", "--version", "--json", "--out", "--log-level", "-h"]);

/** A word a shell passes through untouched: no quotes, globs, spaces or `$`, and no leading dash. */
const COMMAND_WORD = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const FLAG_WORD = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const SHORT_LETTER = /^[A-Za-z]$/;

function fail(tool: string, message: string): never {
  throw new ToolDefinitionError(`${tool}: ${message}`);
}

/** `maxItems` → `max-items`, `URLPath` → `url-path`, `dry_run` → `dry-run`. */
export function kebab(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase();
}

/** The command word of a tool: its `cli.command`, else its name after the first `_` with `_` as `-`. */
export function commandWord(tool: AnyTool): string {
  if (tool.cli?.command !== undefined) return tool.cli.command;
  const cut = tool.name.indexOf("_");
  return (cut === -1 ? tool.name : tool.name.slice(cut + 1)).replace(/_/g, "-");
}

function kindOf(schema: JsonSchema): ValueKind {
  const type = schema.type;
  if (type === "string" || type === "number" || type === "integer" || type === "boolean") return type;
  if (type === "object" || type === "array" || type === "null") return "json";
  if (type === undefined && Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string")) return "string";
  if (type === undefined && typeof schema.const === "string") return "string";
  return "text";
}

function checkHintsShape(name: string, hints: unknown): CliHints {
  if (hints === undefined) return {};
  if (!isRecord(hints)) fail(name, "cli must be an object of hints");
  const stringList = (field: string) => {
    const value = hints[field];
    if (value !== undefined && !(Array.isArray(value) && value.every((v) => typeof v === "string")))
      fail(name, `cli.${field} must be an array of strings`);
  };
  if (hints.command !== undefined && typeof hints.command !== "string") fail(name, "cli.command must be a string");
  stringList("aliases");
  stringList("positional");
  stringList("stdin");
  if (hints.rest !== undefined && typeof hints.rest !== "boolean") fail(name, "cli.rest must be a boolean");
  if (hints.short !== undefined && !(isRecord(hints.short) && Object.values(hints.short).every((v) => typeof v === "string")))
    fail(name, "cli.short must be an object of one-letter strings");
  return hints as CliHints;
}

function requireProperty(name: string, properties: Map<string, JsonSchema>, key: string, hint: string): JsonSchema {
  const schema = properties.get(key);
  if (!schema) fail(name, `cli.${hint} names ${quote(key)}, which is not a property of its input`);
  return schema;
}

/** The parameters of one tool, with every hint checked against its input schema. */
function buildParams(entry: PreparedTool, hints: CliHints): { params: Param[]; positionals: Param[] } {
  const name = entry.name;
  const properties = propertiesOf(entry.input);
  const required = new Set(Array.isArray(entry.input.required) ? entry.input.required.map(String) : []);
  const positional = hints.positional ?? [];
  const stdin = new Set(hints.stdin ?? []);
  const shorts = new Map<string, string>();
  for (const [key, letter] of Object.entries(hints.short ?? {})) {
    requireProperty(name, properties, key, "short");
    if (!SHORT_LETTER.test(letter)) fail(name, `cli.short gives ${quote(key)} ${quote(letter)}; a short flag is one letter a-z or A-Z`);
    shorts.set(key, `-${letter}`);
  }
  for (const key of positional) requireProperty(name, properties, key, "positional");
  for (const key of stdin) {
    const schema = requireProperty(name, properties, key, "stdin");
    if (kindOf(schema) !== "string") fail(name, `cli.stdin names ${quote(key)}, which is not a string`);
  }
  if (new Set(positional).size !== positional.length) fail(name, "cli.positional names a property twice");
  if (hints.rest && positional.length === 0) fail(name, "cli.rest needs at least one positional to take the remaining words");

  const params: Param[] = [];
  for (const [key, schema] of properties) {
    const flagWord = kebab(key);
    if (!FLAG_WORD.test(flagWord))
      fail(name, `property ${quote(key)} has no command-line spelling; name it in camelCase or snake_case letters and digits`);
    const at = positional.indexOf(key);
    const isRest = at !== -1 && hints.rest === true && at === positional.length - 1;
    const kind = kindOf(schema);
    const param: Param = {
      key,
      flag: `--${flagWord}`,
      kind,
      required: required.has(key),
      positional: at !== -1,
      rest: isRest,
      stdin: stdin.has(key),
      label: "",
      schema,
    };
    const short = shorts.get(key);
    if (short) param.short = short;
    if (param.positional && kind === "boolean") fail(name, `cli.positional names ${quote(key)}, a boolean; booleans are --flags only`);
    if (isRest) param.itemKind = restItemKind(name, key, schema, kind);
    const word = flagWord.toUpperCase();
    const inner = isRest ? `${word}...` : word;
    param.label = param.required ? `<${inner}>` : `[${inner}]`;
    params.push(param);
  }
  const positionals = positional.map((key) => params.find((p) => p.key === key) as Param);
  const firstOptional = positionals.findIndex((p) => !p.required);
  const lateRequired = firstOptional === -1 ? undefined : positionals.slice(firstOptional).find((p) => p.required);
  if (lateRequired) {
    fail(
      name,
      `cli.positional puts required ${quote(lateRequired.key)} after optional ${quote((positionals[firstOptional] as Param).key)}`,
    );
  }
  return { params, positionals };
}

/** A rest positional is a string (words joined by a space) or an array of plain items (one word each). */
function restItemKind(name: string, key: string, schema: JsonSchema, kind: ValueKind): ValueKind {
  if (kind === "string") return "string";
  if (schema.type === "array" && isRecord(schema.items)) {
    const item = kindOf(schema.items);
    if (item !== "boolean" && item !== "json") return item;
  }
  fail(name, `cli.rest makes ${quote(key)} take the remaining words, so it must be a string or an array of strings or numbers`);
}

/** Every spelling of a command's flags; two parameters with one spelling, or a reserved one, is refused. */
function buildSpellings(name: string, params: Param[]): Map<string, Spelling> {
  const spellings = new Map<string, Spelling>();
  const claim = (spelling: string, param: Param, negated: boolean) => {
    if (RESERVED_FLAGS.has(spelling))
      fail(name, `property ${quote(param.key)} would be ${spelling}, which the command line keeps for itself`);
    const other = spellings.get(spelling);
    if (other) fail(name, `properties ${quote(other.param.key)} and ${quote(param.key)} are both spelled ${spelling}`);
    spellings.set(spelling, { param, negated });
  };
  for (const param of params) {
    claim(param.flag, param, false);
    if (param.kind === "boolean") claim(`--no-${param.flag.slice(2)}`, param, true);
    if (param.short) claim(param.short, param, false);
  }
  return spellings;
}

function toolCommand(entry: PreparedTool, packageOnly: boolean): ToolCommand {
  const hints = checkHintsShape(entry.name, entry.tool.cli);
  const word = commandWord(entry.tool);
  const aliases = hints.aliases ?? [];
  for (const w of [word, ...aliases]) {
    if (!COMMAND_WORD.test(w))
      fail(
        entry.name,
        `command word ${quote(w)} would be mangled by a shell or read as an option; use letters, digits, ".", "_" and "-", starting with a letter or digit`,
      );
  }
  const { params, positionals } = buildParams(entry, hints);
  return { kind: "tool", word, aliases, entry, params, positionals, spellings: buildSpellings(entry.name, params), packageOnly };
}

function checkOptions(options: TableOptions): void {
  if (!isRecord(options)) throw new ToolDefinitionError("runCli needs an options object");
  for (const field of ["name", "version", "description"] as const) {
    if (typeof options[field] !== "string" || options[field].trim() === "")
      throw new ToolDefinitionError(`runCli: ${field} must be a non-empty string`);
  }
  if (!Array.isArray(options.tools)) throw new ToolDefinitionError("runCli: tools must be an array of tool definitions");
  for (const field of ["default", "fallback"] as const) {
    if (options[field] !== undefined && typeof options[field] !== "string")
      throw new ToolDefinitionError(`runCli: ${field} must be a command word`);
  }
  if (options.commands !== undefined && !Array.isArray(options.commands))
    throw new ToolDefinitionError("runCli: commands must be an array of tool definitions");
  const mcp = options.mcp;
  if (
    mcp !== undefined &&
    typeof mcp !== "boolean" &&
    !(isRecord(mcp) && typeof mcp.name === "string" && typeof mcp.version === "string")
  ) {
    throw new ToolDefinitionError("runCli: mcp must be true, false or server info { name, version }");
  }
}

/** Builds and checks the whole table. Throws ToolDefinitionError on the first contradiction. */
export function buildCommands(options: TableOptions): CommandTable {
  checkOptions(options);
  const packageOnly = options.commands ?? [];
  const index = indexTools([...options.tools, ...packageOnly]);
  const own = new Set<AnyTool>(packageOnly);
  const commands: Command[] = [...index.values()].map((entry) => toolCommand(entry, own.has(entry.tool)));
  const bundle = checkBundleOptions(options.bundle);
  if (bundle && !options.mcp) throw new ToolDefinitionError("runCli: bundle needs mcp, since a bundle starts the program's mcp command");
  if (options.mcp) {
    const info: ServerInfo =
      options.mcp === true ? { name: options.name, version: options.version, description: options.description } : options.mcp;
    commands.push({ kind: "mcp", word: "mcp", aliases: [], info });
    if (bundle) commands.push({ kind: "bundle", word: "bundle", aliases: [], info, options: bundle });
  }
  const byWord = new Map<string, Command>();
  for (const command of commands) {
    for (const word of [command.word, ...command.aliases]) {
      const other = byWord.get(word);
      if (other)
        throw new ToolDefinitionError(`${ownerName(command)}: command word ${quote(word)} is already taken by ${ownerName(other)}`);
      byWord.set(word, command);
    }
  }
  for (const field of ["default", "fallback"] as const) {
    const word = options[field];
    if (word === undefined) continue;
    if (byWord.get(word)?.kind !== "tool") throw new ToolDefinitionError(`runCli: ${field} must name a tool command, got ${quote(word)}`);
  }
  return { commands, byWord };
}

function ownerName(command: Command): string {
  return command.kind === "tool" ? command.entry.name : `the ${command.word} command`;
}
