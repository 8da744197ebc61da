/**
 * Who sees a tool: a definition's `visibleTo(caller)` asked once per list
 * made for a caller, on every host. Only `true` shows the tool. A throw, a
 * rejection or any other value hides it and is reported in one line, so a
 * broken predicate fails closed and never lists an admin tool to everyone.
 * A predicate that answers at once is not awaited, so a list of plain
 * predicates costs no more turns of the microtask queue than a list without.
 */

import { indexTools } from "./define.ts";
import { ToolDefinitionError } from "./errors.ts";
import { checkOptionKeys } from "./options.ts";
import { describeValue, quote, sanitizeLine } from "./sanitize.ts";
import { isToolList, type ToolList, toolsNow } from "./tool-list.ts";
import type { AnyTool, Caller } from "./types.ts";

/** Where a predicate's failure is reported: one clean line, naming the tool. */
export type VisibilityReport = (error: Error) => void;

const QUIET: VisibilityReport = () => {};

/** Whether any tool of the list says who sees it (a list without one is the same for every caller). */
export function hasVisibility(tools: readonly AnyTool[]): boolean {
  return tools.some((tool) => tool.visibleTo !== undefined);
}

function refused(tool: AnyTool, why: string, report: VisibilityReport): false {
  report(new Error(`${sanitizeLine(tool.name)}: visibleTo ${why}; the tool is hidden`));
  return false;
}

function judged(tool: AnyTool, answer: unknown, report: VisibilityReport): boolean {
  if (answer === true) return true;
  if (answer === false) return false;
  return refused(tool, `returned ${sanitizeLine(describeValue(answer))}, not true or false`, report);
}

/**
 * Whether `caller` sees `tool`: `true` or `false` at once for a tool without a predicate or with one that answers at
 * once, a promise for one that answers later. Never throws or rejects.
 */
export function visibleNow(tool: AnyTool, caller: Caller | undefined, report: VisibilityReport = QUIET): boolean | Promise<boolean> {
  const predicate = tool.visibleTo;
  if (predicate === undefined) return true;
  let answer: unknown;
  try {
    answer = predicate(caller);
  } catch (error) {
    return refused(tool, `threw: ${sanitizeLine(describeValue(error)) || "no message"}`, report);
  }
  if (answer === null || typeof (answer as { then?: unknown })?.then !== "function") return judged(tool, answer, report);
  return Promise.resolve(answer).then(
    (settled) => judged(tool, settled, report),
    (error: unknown) => refused(tool, `rejected: ${sanitizeLine(describeValue(error)) || "no message"}`, report),
  );
}

/** The tools `caller` sees, in the list's order; the same array when no tool has a predicate. */
export function visibleTools(
  tools: readonly AnyTool[],
  caller: Caller | undefined,
  report: VisibilityReport = QUIET,
): readonly AnyTool[] | Promise<readonly AnyTool[]> {
  if (!hasVisibility(tools)) return tools;
  const answers = tools.map((tool) => visibleNow(tool, caller, report));
  if (!answers.some((answer) => typeof answer !== "boolean")) return tools.filter((_, at) => answers[at] === true);
  return Promise.all(answers).then((settled) => tools.filter((_, at) => settled[at] === true));
}

export interface ToolsForOptions {
  /** Told of each predicate that threw or answered something other than `true` or `false` (the tool is hidden). */
  onerror?: VisibilityReport;
}

/**
 * The tools a caller may see, for a host that builds a toolset per user (the AI SDK, a framework, Pi, OMP, the CLI):
 * each tool's `visibleTo` asked with `caller`, in the list's order. Give it a fixed list or a `createToolList` list
 * (read as it is now). Without a caller, each predicate is asked with `undefined`.
 */
export async function toolsFor(tools: readonly AnyTool[] | ToolList, caller?: Caller, options: ToolsForOptions = {}): Promise<AnyTool[]> {
  checkOptionKeys("toolsFor", options, ["onerror"]);
  if (options.onerror !== undefined && typeof options.onerror !== "function") {
    throw new ToolDefinitionError("toolsFor: onerror must be a function");
  }
  if (!isToolList(tools) && !Array.isArray(tools)) {
    throw new ToolDefinitionError(`toolsFor: tools must be an array of tools or a createToolList list, got ${quote(typeof tools)}`);
  }
  const now = toolsNow(tools);
  // Checked like any list a host is given: a broken tool or a name twice throws here.
  indexTools(now);
  return [...(await visibleTools(now, caller, options.onerror ?? QUIET))];
}
