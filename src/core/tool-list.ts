/**
 * A tool list that changes while a server runs: tools added, replaced and
 * removed in place (a plugin loaded at run time, a feature switched on).
 *
 * Each change makes a new frozen snapshot (`tools`), checked whole before it
 * takes effect, so a server reads one consistent list per request and a call
 * already running keeps the definition it started with. Servers made from the
 * list hear each change (`subscribe`) and tell their clients: MCP sends
 * `list_changed` (../mcp/server.ts, ../mcp/http.ts); an in-process host
 * reads `tools` again when it next builds its toolset.
 *
 * A tool added or replaced here may not bring an MCP Apps view (`ui`): its
 * resource would not reach clients already connected. Put tools with views in
 * the list the server starts with.
 */
import { indexTools } from "./define.ts";
import { ToolDefinitionError } from "./errors.ts";
import { quote } from "./sanitize.ts";
import type { AnyTool } from "./types.ts";

const LISTS = new WeakSet<object>();

/** The checks each server made from a list adds (a clash with its other tools, a view it cannot read), by list. */
const CHECKS = new WeakMap<ToolList, Set<(next: readonly AnyTool[]) => void>>();

/**
 * Has `check` run on every change of `list` before it takes effect: a throw refuses the change, and the list stays
 * as it was. For servers made from the list, which may refuse what the list alone allows. Returns the function that
 * stops it.
 */
export function checkChanges(list: ToolList, check: (next: readonly AnyTool[]) => void): () => void {
  const checks = CHECKS.get(list);
  if (!checks) throw new TypeError("checkChanges takes a list made by createToolList");
  checks.add(check);
  return () => {
    checks.delete(check);
  };
}

export interface ToolList {
  /** The tools as they are now: a frozen array, replaced (never changed) by each change. */
  readonly tools: readonly AnyTool[];
  /** Adds a tool; a name the list has already is refused in one line. */
  add(tool: AnyTool): void;
  /** Puts a tool in the place of the one of the same name; a name the list does not have is refused. */
  replace(tool: AnyTool): void;
  /** Takes the named tool out; `false` when the list has none of that name. */
  remove(name: string): boolean;
  /** Calls `listener` after each change; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
}

/** Whether a value is a list made by {@link createToolList} (a plain array is a fixed list). */
export function isToolList(value: unknown): value is ToolList {
  return typeof value === "object" && value !== null && LISTS.has(value);
}

/** The tools of a fixed or changing list, as they are now. */
export function toolsNow(tools: readonly AnyTool[] | ToolList): readonly AnyTool[] {
  return isToolList(tools) ? tools.tools : tools;
}

function withoutViews(tool: AnyTool, action: string): AnyTool {
  if (typeof tool === "object" && tool !== null && tool.ui !== undefined) {
    throw new ToolDefinitionError(
      `${quote(String(tool.name))} cannot be ${action} while the server runs: it has a view (ui), whose resource would not reach clients already connected; put it in the starting list`,
    );
  }
  return tool;
}

/**
 * A tool list servers read afresh on every request: give it wherever a tool array goes
 * (`createMcpServer`, `createMcpHttpHandler`, h3). The starting tools are checked now, as a fixed list is.
 */
export function createToolList(tools: readonly AnyTool[] = []): ToolList {
  indexTools(tools);
  let current: readonly AnyTool[] = Object.freeze([...tools]);
  const listeners = new Set<() => void>();
  /** Takes `next` once it passes the checks a list passes, then tells every listener (one that throws stops no other). */
  const checks = new Set<(next: readonly AnyTool[]) => void>();
  const commit = (next: AnyTool[]) => {
    indexTools(next);
    for (const check of checks) check(next);
    current = Object.freeze(next);
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own (a server reports it on its own channel); the list has changed regardless.
      }
    }
  };
  const position = (name: unknown) => current.findIndex((tool) => tool.name === name);
  const list: ToolList = {
    get tools() {
      return current;
    },
    add(tool) {
      commit([...current, withoutViews(tool, "added")]);
    },
    replace(tool) {
      withoutViews(tool, "put in place");
      const at = position(tool?.name);
      if (at < 0) throw new ToolDefinitionError(`No tool named ${quote(String(tool?.name))} to replace; add it instead`);
      if (current[at]?.ui !== undefined) withoutViews(current[at] as AnyTool, "replaced");
      const next = [...current];
      next[at] = tool;
      commit(next);
    },
    remove(name) {
      const at = position(name);
      if (at < 0) return false;
      commit(current.filter((_, index) => index !== at));
      return true;
    },
    subscribe(listener) {
      if (typeof listener !== "function") throw new TypeError("subscribe takes a function");
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  LISTS.add(list);
  CHECKS.set(list, checks);
  return list;
}
