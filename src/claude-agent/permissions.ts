/**
 * Approval on the Claude Agent SDK: a `canUseTool` callback, which Claude Code
 * asks before a call that no rule allows. `canUseToolFor` answers for the
 * tools of a list by the core's one rule (destructive tools wait by default,
 * `"writes"` holds every tool that changes something, or names): a tool that
 * does not wait is allowed; one that waits is put to `approve` when the app
 * gives one, and denied when it does not, with a line telling the model it
 * did not run. Arguments the core refuses are allowed through, so the model
 * reads the core's lines instead of a person being asked about a call that
 * cannot run. A tool outside the list (Claude Code's own, another server's)
 * goes to `otherwise`, or is denied.
 *
 * A tool is recognised by Claude Code's name for it, `mcp__<server>__<tool>`,
 * and only on an in-process server the app registered: Claude Code says so
 * (`mcpServer.source: "sdk"`), and a server from a settings file whose tool
 * shares a name with one of ours is not taken for it.
 *
 * Given a `createToolList` list, each call is judged by the list as it is
 * then, so a tool added while the agent runs is recognised; a tool whose
 * `visibleTo` (asked with no caller, as the in-process server asks it) does
 * not show it counts as a name outside the list.
 */
import type { CanUseTool, PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import { type Approval, toolsNeedingApproval } from "../core/approval.ts";
import { checkInput } from "../core/call.ts";
import type { PreparedTool } from "../core/define.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { sanitizeLine } from "../core/sanitize.ts";
import { isToolList, type ToolList } from "../core/tool-list.ts";
import type { AnyTool } from "../core/types.ts";
import { visibleNow } from "../core/visibility.ts";
import { toolIndex } from "../protocol/call.ts";

/** One held call, as `approve` sees it. */
export interface ApprovalRequest {
  /** The tool's own name (without Claude Code's `mcp__<server>__` prefix). */
  tool: string;
  title: string;
  input: Record<string, unknown>;
  signal: AbortSignal;
}

export interface CanUseToolOptions {
  /** Which tools wait for a person: `"destructive"` (the default), `"writes"`, or tool names. */
  approval?: Approval;
  /** Asks the person about one held call; resolves `true` to let it run. Without it, held calls are denied. */
  approve?: (request: ApprovalRequest) => boolean | Promise<boolean>;
  /** Decides for a tool outside the list; without it, such a tool is denied. */
  otherwise?: CanUseTool;
  /** The server's name as passed to `toClaudeAgentServer`, for a CLI that does not say which server a tool is on. */
  server?: string;
}

type Options = Parameters<CanUseTool>[2];

/** Our tool behind Claude Code's name for it, or `undefined` when the name is not one of ours on an app-registered server. */
function ourTool(
  index: ReadonlyMap<string, PreparedTool>,
  toolName: string,
  options: Options,
  server: string | undefined,
): PreparedTool | undefined {
  const named = options.mcpServer;
  if (named && named.source !== "sdk") return undefined;
  const expected = named?.name ?? server;
  if (expected !== undefined) {
    const prefix = `mcp__${expected}__`;
    return toolName.startsWith(prefix) ? index.get(toolName.slice(prefix.length)) : undefined;
  }
  // Neither the CLI nor the app named the server: any in-process server's tool of that name.
  const match = /^mcp__.+?__(.+)$/.exec(toolName);
  return match?.[1] === undefined ? undefined : index.get(match[1]);
}

function checkCanUseOptions(options: CanUseToolOptions): void {
  checkOptionKeys("canUseToolFor", options, ["approval", "approve", "otherwise", "server"]);
  for (const key of ["approve", "otherwise"] as const) {
    if (options[key] !== undefined && typeof options[key] !== "function")
      throw new ToolDefinitionError(`canUseToolFor: ${key} must be a function`);
  }
  if (options.server !== undefined && (typeof options.server !== "string" || options.server === "")) {
    throw new ToolDefinitionError("canUseToolFor: server must be the server's name");
  }
}

/**
 * Which tools of each state of the list wait for approval. Names given in `approval` were checked against the list
 * the callback was made with; a name the list later loses simply holds nothing.
 */
function heldBy(approval: CanUseToolOptions["approval"], first: ReadonlyMap<string, PreparedTool>) {
  const named = Array.isArray(approval) ? toolsNeedingApproval("canUseToolFor", first, approval) : undefined;
  const made = new WeakMap<ReadonlyMap<string, PreparedTool>, Set<string>>();
  return (index: ReadonlyMap<string, PreparedTool>): Set<string> => {
    if (named) return named;
    let held = made.get(index);
    if (!held) {
      held = toolsNeedingApproval("canUseToolFor", index, approval);
      made.set(index, held);
    }
    return held;
  };
}

/** The callback for `query({ options: { canUseTool } })`. Throws {@link ToolDefinitionError} for a bad option or list. */
export function canUseToolFor(tools: readonly AnyTool[] | ToolList, options: CanUseToolOptions = {}): CanUseTool {
  checkCanUseOptions(options);
  if (!isToolList(tools) && !Array.isArray(tools)) {
    throw new ToolDefinitionError("canUseToolFor: tools must be an array of tools or a createToolList list");
  }
  const list = isToolList(tools) ? tools : undefined;
  // An array is copied, so the callback judges by the tools it was given even if the app's array changes later.
  const fixed = list ? undefined : Object.freeze([...(tools as readonly AnyTool[])]);
  const indexNow = () => toolIndex(list?.tools ?? (fixed as readonly AnyTool[]));
  const heldIn = heldBy(options.approval, indexNow());
  // Checked now, so a broken tool or a bad approval value throws here rather than at the first call.
  heldIn(indexNow());
  const { approve, otherwise, server } = options;
  return async (toolName, input, callOptions): Promise<PermissionResult | null> => {
    const index = indexNow();
    const found = ourTool(index, toolName, callOptions, server);
    // A tool hidden from this caller is, here as on the server, a name the app does not have.
    const entry = found && (await visibleNow(found.tool, undefined)) ? found : undefined;
    if (!entry) {
      if (otherwise) return otherwise(toolName, input, callOptions);
      return { behavior: "deny", message: `${sanitizeLine(toolName)} is not a tool this app allows; it did not run.` };
    }
    const held = heldIn(index);
    if (!held.has(entry.name) || !checkInput(entry, input).ok) return { behavior: "allow", updatedInput: input };
    if (!approve) {
      return { behavior: "deny", message: `${entry.name} needs the person's approval, and nobody can give it here. It did not run.` };
    }
    const approved = await approve({ tool: entry.name, title: entry.tool.title, input, signal: callOptions.signal });
    if (approved === true) return { behavior: "allow", updatedInput: input };
    return {
      behavior: "deny",
      message: `The person declined ${entry.name}; it did not run. Do not call it again unless the person asks for it.`,
    };
  };
}
