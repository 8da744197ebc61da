/**
 * How tools are drawn in Pi's terminal: the user's own renderers passed
 * through, or a one-line call description (title and a short summary of the
 * arguments) drawn with the host's `Text`.
 */
import type { PreparedTool } from "../core/define.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import { shortValue } from "./confirm.ts";
import type { PiComponent, PiRegisteredTool, PiTextClass, PiTheme, PiToolRenderer, PiToolsOptions } from "./types.ts";

type RendererFields = Pick<PiRegisteredTool, "renderCall" | "renderResult" | "renderShell">;

/** Longest call line summary, in code points. */
const MAX_SUMMARY = 100;

/**
 * Checks the perTool option against the tool list and returns the fields to
 * add to each registration. Lookups go through a Map: a tool may be named
 * `constructor`.
 */
export function renderersFor(index: ReadonlyMap<string, PreparedTool>, options: PiToolsOptions): Map<string, RendererFields> {
  const out = new Map<string, RendererFields>();
  const given = options.perTool;
  if (given === undefined) return out;
  if (typeof given !== "object" || given === null)
    throw new ToolDefinitionError("registerPiTools: perTool must be an object keyed by tool name");
  for (const name of Object.keys(given)) {
    const entry = index.get(name);
    if (!entry) throw new ToolDefinitionError(`registerPiTools: perTool names ${quote(name)}, which is not a tool in this list`);
    out.set(name, rendererFields(entry, given[name], options.Text));
  }
  return out;
}

function rendererFields(entry: PreparedTool, renderer: PiToolRenderer | undefined, Text: PiTextClass | undefined): RendererFields {
  const where = `registerPiTools: perTool[${quote(entry.name)}]`;
  if (typeof renderer !== "object" || renderer === null) throw new ToolDefinitionError(`${where} must be an object`);
  for (const key of ["renderCall", "renderResult"] as const) {
    if (renderer[key] !== undefined && typeof renderer[key] !== "function")
      throw new ToolDefinitionError(`${where}: ${key} must be a function`);
  }
  const fields: RendererFields = {};
  if (renderer.renderCall) fields.renderCall = renderer.renderCall;
  if (renderer.renderResult) fields.renderResult = renderer.renderResult;
  if (renderer.renderShell !== undefined) fields.renderShell = renderer.renderShell;
  const { callLine } = renderer;
  if (callLine === undefined) return fields;
  if (callLine !== true && typeof callLine !== "function") throw new ToolDefinitionError(`${where}: callLine must be true or a function`);
  if (renderer.renderCall) throw new ToolDefinitionError(`${where}: give renderCall or callLine, not both`);
  if (typeof Text !== "function") {
    throw new ToolDefinitionError(
      `${where}: callLine draws with Pi's Text; pass it as the Text option (import { Text } from "@earendil-works/pi-tui")`,
    );
  }
  const summarize = callLine === true ? summarizeArgs : callLine;
  fields.renderCall = (args, theme, context) => drawCallLine(Text, entry.tool.title, summarize, args, theme, context?.lastComponent);
  return fields;
}

function drawCallLine(
  Text: PiTextClass,
  title: string,
  summarize: (args: Record<string, unknown>) => string | undefined,
  args: unknown,
  theme: PiTheme,
  last: PiComponent | undefined,
): PiComponent {
  const line = callLineText(title, safeSummary(summarize, args), theme);
  // Reuse the component Pi drew last time, as Pi's own tools do, so a redraw does not allocate.
  if (last instanceof Text) {
    last.setText(line);
    return last;
  }
  return new Text(line, 0, 0);
}

/** The line itself: the title in the tool-title colour, the summary muted. Both are cleaned before styling. */
export function callLineText(title: string, summary: string, theme: Pick<PiTheme, "fg" | "bold">): string {
  const head = theme.fg("toolTitle", theme.bold(sanitizeLine(title)));
  return summary === "" ? head : `${head} ${theme.fg("muted", summary)}`;
}

/** The user's summary, cleaned and cut; a summary function that throws leaves the title alone on the line. */
function safeSummary(summarize: (args: Record<string, unknown>) => string | undefined, args: unknown): string {
  let text: unknown;
  try {
    text = summarize(isPlainRecord(args) ? args : {});
  } catch {
    return "";
  }
  if (text === undefined || text === null) return "";
  const chars = Array.from(sanitizeLine(text));
  return chars.length > MAX_SUMMARY ? `${chars.slice(0, MAX_SUMMARY - 1).join("")}…` : chars.join("");
}

/** The default summary: `key=value` pairs, strings quoted. */
export function summarizeArgs(args: Record<string, unknown>): string {
  return Object.keys(args)
    .map((key) => `${sanitizeLine(key)}=${shortValue(args[key])}`)
    .join(" ");
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
