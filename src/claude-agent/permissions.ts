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
 */
import type { CanUseTool, PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import { type Approval, toolsNeedingApproval } from "../core/approval.ts";
import { checkInput } from "../core/call.ts";
import { indexTools, type PreparedTool } from "../core/define.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { sanitizeLine } from "../core/sanitize.ts";
import type { AnyTool } from "../core/types.ts";

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

/** The callback for `query({ options: { canUseTool } })`. Throws {@link ToolDefinitionError} for a bad option or list. */
export function canUseToolFor(tools: readonly AnyTool[], options: CanUseToolOptions = {}): CanUseTool {
  checkCanUseOptions(options);
  const index = indexTools(tools);
  const held = toolsNeedingApproval("canUseToolFor", index, options.approval);
  const { approve, otherwise, server } = options;
  return async (toolName, input, callOptions): Promise<PermissionResult | null> => {
    const entry = ourTool(index, toolName, callOptions, server);
    if (!entry) {
      if (otherwise) return otherwise(toolName, input, callOptions);
      return { behavior: "deny", message: `${sanitizeLine(toolName)} is not a tool this app allows; it did not run.` };
    }
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
