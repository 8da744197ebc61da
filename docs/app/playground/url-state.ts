/**
 * The playground's state in the address, so a case can be shared:
 * `?tool=<name>&args=<JSON>&mcp=<revision>`. An address with `args` alone
 * (the old playground's, when `text_slug` was the only tool) still opens
 * `text_slug`. Reading never trusts the address: text that is not JSON is
 * shown as it came and reported, not run; an unknown tool or revision is
 * named in a note, and the default is used.
 */
import { quote } from "@agntn/tools";
import { DEFAULT_TOOL, isToolName, type OfferedName, showArgs, type ToolName } from "./presets.ts";
import { REVISIONS, type Revision } from "./types.ts";

export type ParsedArgs = { ok: true; value: unknown } | { ok: false; problem: string };

/** Parses the editor text; the problem line names what JSON.parse disliked. */
export function parseArgs(text: string): ParsedArgs {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** What the address asks for. `args` is the editor text, `undefined` when the address has none. */
export interface UrlState {
  tool: ToolName;
  args: string | undefined;
  revision: Revision;
  /** Lines about parts of the address that were not used, for the page to show. */
  notes: string[];
}

/** A query value as the router gives it: a string, an array of them (repeated key), or nothing. */
function first(value: unknown): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return typeof raw === "string" ? raw : undefined;
}

/** Reads the router's query (which keeps its values even while the router rewrites the address). */
export function readState(query: Record<string, unknown>): UrlState {
  const notes: string[] = [];
  const tool = first(query.tool);
  const revision = first(query.mcp);
  if (tool !== undefined && !isToolName(tool)) notes.push(`No demo tool is named ${quote(tool)}: showing ${DEFAULT_TOOL}.`);
  if (revision !== undefined && !isRevision(revision)) notes.push(`MCP has no revision ${quote(revision)} here: using ${REVISIONS[0]}.`);
  return {
    tool: isToolName(tool) ? tool : DEFAULT_TOOL,
    args: argsText(first(query.args)),
    revision: isRevision(revision) ? revision : REVISIONS[0]!,
    notes,
  };
}

function isRevision(value: unknown): value is Revision {
  return (REVISIONS as readonly unknown[]).includes(value);
}

/** Valid JSON is shown pretty; anything else as it came, so the reader sees what was shared. */
function argsText(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const parsed = parseArgs(raw);
  return parsed.ok ? showArgs(parsed.value) : raw;
}

/** The same query string with the state written in: the args compact (or as typed when not JSON), other parameters kept. */
export function writeState(search: string, state: { tool: OfferedName; args: string; revision: Revision }): string {
  const params = new URLSearchParams(search);
  const parsed = parseArgs(state.args);
  params.set("tool", state.tool);
  params.set("args", parsed.ok ? JSON.stringify(parsed.value) : state.args);
  // The default revision stays out of the address, so shared links read short.
  if (state.revision === REVISIONS[0]) params.delete("mcp");
  else params.set("mcp", state.revision);
  return `?${params.toString()}`;
}
