/**
 * Help text: the program's commands, and one command's arguments and options,
 * in aligned columns. Everything shown comes from tool definitions, so it is
 * cleaned like any other output.
 */
import { LOG_LEVELS } from "../core/context.ts";
import { sanitizeLine, sanitizeText } from "../core/sanitize.ts";
import { displayWidth, padToWidth } from "../terminal/width.ts";
import type { Command, Param, ToolCommand } from "./commands.ts";
import { DEFAULT_LOG_LEVEL } from "./log.ts";

export interface HelpInfo {
  name: string;
  version: string;
  description: string;
}

/** Rows of two columns, the first padded to the widest. */
function table(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(0, ...rows.map(([left]) => displayWidth(left)));
  return rows.map(([left, right]) => (right ? `  ${padToWidth(left, width)}  ${right}` : `  ${left}`));
}

/** The first sentence of a description, for a one-line listing. */
function summary(description: string): string {
  const line = sanitizeLine(description);
  const end = line.search(/[.!?](\s|$)/);
  return end === -1 ? line : line.slice(0, end + 1);
}

function commandSummary(command: Command): string {
  if (command.kind === "mcp") return "Serve the tools over MCP on standard input and output";
  if (command.kind === "bundle") return "Pack the program into an MCP Bundle and write its server.json";
  return summary(command.entry.tool.description);
}

/** Help for the whole program. */
export function programHelp(info: HelpInfo, commands: readonly Command[]): string {
  const name = sanitizeLine(info.name);
  const rows = commands.map((c) => [[c.word, ...c.aliases].join(", "), commandSummary(c)] as const);
  return [
    `${name} ${sanitizeLine(info.version)}`,
    sanitizeText(info.description).trim(),
    "",
    "Usage:",
    `  ${name} <command> [options]`,
    "",
    "Commands:",
    ...table(rows),
    "",
    "Options:",
    ...table([
      ["-h, --help", "Show this help"],
      ["--version", "Print the version"],
    ]),
    "",
    "Environment:",
    ...table([["AGNTN_TOOLS_STACK=1", "Print the stack of an unexpected error"]]),
    "",
    `Run ${name} <command> --help for the options of a command.`,
    "",
  ].join("\n");
}

function placeholder(param: Param): string {
  const choices = param.schema.enum;
  if (Array.isArray(choices) && choices.length > 0 && choices.length <= 8 && choices.every((c) => typeof c === "string")) {
    return `<${choices.map((c) => sanitizeLine(c)).join("|")}>`;
  }
  return param.kind === "text" ? "<value>" : `<${param.kind}>`;
}

function describeParam(param: Param): string {
  const parts: string[] = [];
  if (typeof param.schema.description === "string") parts.push(sanitizeLine(param.schema.description));
  if (param.stdin) parts.push("(- reads standard input)");
  if (param.kind === "json") parts.push("(JSON)");
  if (param.required && !param.positional) parts.push("(required)");
  if (param.schema.default !== undefined) parts.push(`(default: ${sanitizeLine(JSON.stringify(param.schema.default))})`);
  return parts.join(" ");
}

function optionRow(param: Param): readonly [string, string] {
  const spelled = param.kind === "boolean" ? `${param.flag}, --no-${param.flag.slice(2)}` : `${param.flag} ${placeholder(param)}`;
  return [param.short ? `${param.short}, ${spelled}` : spelled, describeParam(param)];
}

/** Help for one command: usage line, description, positionals, options. */
export function commandHelp(info: HelpInfo, command: Command): string {
  const name = sanitizeLine(info.name);
  if (command.kind === "mcp") {
    return [
      "Usage:",
      `  ${name} mcp`,
      "",
      "Serve the tools over MCP (Model Context Protocol) on standard input and output, for an MCP client to start.",
      "",
    ].join("\n");
  }
  if (command.kind === "bundle") {
    return [
      "Usage:",
      `  ${name} bundle [options]`,
      "",
      "Pack the program, its tools and its production dependencies into an MCP Bundle (.mcpb) that a host such as",
      "Claude Desktop installs, and write server.json for the MCP Registry beside it.",
      "",
      "Options:",
      ...table([
        ["--out <dir>", "Write both files in this directory (created if missing; default: the current one)"],
        ["-h, --help", "Show this help"],
      ]),
      "",
    ].join("\n");
  }
  return toolHelp(name, command);
}

function toolHelp(name: string, command: ToolCommand): string {
  const usage = [name, command.word, ...command.positionals.map((p) => p.label), "[options]"].join(" ");
  const lines = ["Usage:", `  ${usage}`, "", sanitizeText(command.entry.tool.description).trim(), ""];
  if (command.aliases.length > 0) lines.push(`Aliases: ${command.aliases.join(", ")}`, "");
  if (command.positionals.length > 0) {
    lines.push("Arguments:", ...table(command.positionals.map((p) => [p.label, describeParam(p)] as const)), "");
  }
  const rows = [
    ...command.params.map(optionRow),
    ["--json", "Print the details as JSON"] as const,
    ["--out <dir>", "Save images, audio and embedded files in this directory (created if missing)"] as const,
    ["--log-level <level>", `Print log messages from this level up: ${LOG_LEVELS.join(", ")} (default: ${DEFAULT_LOG_LEVEL})`] as const,
    ["-h, --help", "Show this help"] as const,
  ];
  lines.push("Options:", ...table(rows), "");
  return lines.join("\n");
}
