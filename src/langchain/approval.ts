/**
 * LangChain's approval: `humanInTheLoopMiddleware({ interruptOn })` in
 * `createAgent` holds a call before it runs until a person decides (the
 * agent needs a checkpointer, and resumes with a `Command`). The middleware
 * is configured per tool name; `interruptOnFor` writes that configuration
 * from the tools' effects, by the core's one rule (destructive tools by
 * default, `"writes"` for every tool that changes something, or names).
 * Arguments the core refuses are not held: the call runs at once and the
 * model reads the refusal, so nobody is asked to approve a call that cannot run.
 */
import { type Approval, toolsNeedingApproval } from "../core/approval.ts";
import { checkInput } from "../core/call.ts";
import { indexTools } from "../core/define.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyTool } from "../core/types.ts";

/** The decisions a person may take on a held call, as the middleware names them. */
export type LangChainDecision = "approve" | "edit" | "reject";

export interface InterruptOnOptions {
  /** Which tools wait for a decision: `"destructive"` (the default), `"writes"`, or tool names. */
  approval?: Approval;
  /** What the person may decide; default all three (an edited call is checked by the core like any other). */
  allowedDecisions?: readonly LangChainDecision[];
}

/** One tool's entry: `false` runs unheld; otherwise the decisions and when to hold. */
export type InterruptOnEntry =
  | false
  | { allowedDecisions: LangChainDecision[]; when: (request: { toolCall: { args?: unknown } }) => boolean };

const DECISIONS: ReadonlySet<string> = new Set<LangChainDecision>(["approve", "edit", "reject"]);

/**
 * The `interruptOn` map for `humanInTheLoopMiddleware`: every tool by name,
 * `false` for those that run unheld. Built on a null-prototype object, so a
 * tool named `constructor` is a key like any other. Throws for a bad option.
 */
export function interruptOnFor(tools: readonly AnyTool[], options: InterruptOnOptions = {}): Record<string, InterruptOnEntry> {
  checkOptionKeys("interruptOnFor", options, ["approval", "allowedDecisions"]);
  const index = indexTools(tools);
  const held = toolsNeedingApproval("interruptOnFor", index, options.approval);
  const allowedDecisions = decisionsOf(options.allowedDecisions);
  const map: Record<string, InterruptOnEntry> = Object.create(null);
  for (const [name, entry] of index) {
    map[name] = held.has(name)
      ? { allowedDecisions: [...allowedDecisions], when: (request) => checkInput(entry, request.toolCall.args).ok }
      : false;
  }
  return map;
}

function decisionsOf(option: unknown): LangChainDecision[] {
  if (option === undefined) return ["approve", "edit", "reject"];
  if (!Array.isArray(option) || option.length === 0 || !option.every((d) => typeof d === "string" && DECISIONS.has(d))) {
    throw new ToolDefinitionError('interruptOnFor: allowedDecisions must list one or more of "approve", "edit", "reject"');
  }
  return [...new Set(option as LangChainDecision[])];
}
