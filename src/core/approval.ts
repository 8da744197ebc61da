/**
 * Which tools wait for a person's approval, from their effects: one rule for
 * every framework that can hold a call for approval (the Agents SDK's
 * `needsApproval`, Mastra's `requireApproval`, LangChain's human-in-the-loop
 * `interruptOn`, the Claude Agent SDK's `canUseTool`).
 *
 * By default only `destructive` tools wait. A `write` changes something, but
 * it is the kind of change an agent is run to make (saving a note, renaming a
 * file); holding every write would stop most agents at every step, so writes
 * run unasked unless `"writes"` says otherwise. A list of names picks the
 * tools one by one.
 */
import type { PreparedTool } from "./define.ts";
import { ToolDefinitionError } from "./errors.ts";
import { quote } from "./sanitize.ts";

/** `"destructive"` (the default): destructive tools; `"writes"`: write and destructive tools; or the tool names. */
export type Approval = "destructive" | "writes" | readonly string[];

/** The names of the tools that need approval. Throws {@link ToolDefinitionError} naming `where` for a bad value. */
export function toolsNeedingApproval(
  where: string,
  index: ReadonlyMap<string, PreparedTool>,
  approval: unknown = "destructive",
): Set<string> {
  if (approval === "destructive" || approval === "writes") {
    const held =
      approval === "writes"
        ? (entry: PreparedTool) => entry.tool.effect !== "read"
        : (entry: PreparedTool) => entry.tool.effect === "destructive";
    return new Set([...index.values()].filter(held).map((entry) => entry.name));
  }
  if (!Array.isArray(approval))
    throw new ToolDefinitionError(`${where}: approval must be "destructive", "writes" or an array of tool names`);
  for (const name of approval) {
    if (typeof name !== "string" || !index.has(name)) {
      throw new ToolDefinitionError(`${where}: approval names ${quote(String(name))}, which is not a tool in this list`);
    }
  }
  return new Set(approval as string[]);
}
