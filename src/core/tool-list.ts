/**
 * A tool list that changes while a server runs: tools added, replaced and
 * removed in place (a plugin loaded at run time, a feature switched on).
 *
 * A change is checked before it takes effect, and only the tool it brings in
 * is looked at: the list keeps its tools in a Map by name, so the cost of a
 * change does not grow with the list. `tools` is a frozen array that a change
 * replaces and never alters, so a server reads one consistent list per request
 * and a call already running keeps the definition it started with; it is made
 * at the first read after a change, so a run of changes nobody reads in
 * between copies nothing. Servers made from the list hear each change
 * (`subscribe`) and tell their clients: MCP sends `list_changed`
 * (../mcp/server.ts, ../mcp/http.ts); an in-process host reads `tools` again
 * when it next builds its toolset.
 *
 * A tool added or replaced here may not bring an MCP Apps view (`ui`): its
 * resource would not reach clients already connected. Put tools with views in
 * the list the server starts with.
 */
import { duplicateName, indexTools, prepareTool } from "./define.ts";
import { ToolDefinitionError } from "./errors.ts";
import { MarkedMap } from "./marked-map.ts";
import { quote } from "./sanitize.ts";
import type { AnyTool } from "./types.ts";

const LISTS = new WeakSet<object>();

/**
 * A server's own check of a tool about to join its list (added, or in the place of its namesake), already checked
 * by the list itself. It throws to refuse.
 */
export type ChangeCheck = (incoming: AnyTool) => void;

/** The checks each server made from a list adds (a clash with its other tools), by list. */
const CHECKS = new WeakMap<ToolList, Set<ChangeCheck>>();

/**
 * Has `check` see every tool an add or a replace of `list` brings in, before the change takes effect: a throw refuses
 * the change, and the list stays as it was. For servers made from the list, which may refuse what the list alone
 * allows. A removal is not checked: taking a tool out cannot make a list a server could not serve. Returns the
 * function that stops it.
 */
export function checkChanges(list: ToolList, check: ChangeCheck): () => void {
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

/** One tool's place in a list's order: a link in the chain from the first tool to the last. */
interface Place {
  readonly name: string;
  tool: AnyTool;
  previous: Place | undefined;
  next: Place | undefined;
}

/**
 * A tool list servers read afresh on every request: give it wherever a tool array goes
 * (`createMcpServer`, `createMcpHttpHandler`, h3). The starting tools are checked now, as a fixed list is.
 */
export function createToolList(tools: readonly AnyTool[] = []): ToolList {
  // The order is a chain of places: an added tool goes last, a replacement takes its namesake's place, a removed
  // tool's neighbours join up. Each name finds its place in a map that stays quick when one name is removed and added
  // again and again (./marked-map.ts).
  const byName = new MarkedMap<string, Place>();
  let first: Place | undefined;
  let last: Place | undefined;
  const append = (name: string, tool: AnyTool) => {
    const place: Place = { name, tool, previous: last, next: undefined };
    if (last) last.next = place;
    else first = place;
    last = place;
    byName.set(name, place);
  };
  const unlink = (place: Place) => {
    if (place.previous) place.previous.next = place.next;
    else first = place.next;
    if (place.next) place.next.previous = place.previous;
    else last = place.previous;
    byName.delete(place.name);
  };
  for (const [name, entry] of indexTools(tools)) append(name, entry.tool);
  /** The frozen array `tools` hands out; dropped by a change and made again when next read. */
  let snapshot: readonly AnyTool[] | undefined = Object.freeze([...tools]);
  const listeners = new Set<() => void>();
  const checks = new Set<ChangeCheck>();
  /** Lets every server's check see the incoming tool; the first throw refuses the change before anything moved. */
  const admit = (tool: AnyTool) => {
    for (const check of checks) check(tool);
  };
  /** After a change: the old array stays with whoever holds it, and every listener hears (one that throws stops no other). */
  const changed = () => {
    snapshot = undefined;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own (a server reports it on its own channel); the list has changed regardless.
      }
    }
  };
  const placeOf = (name: unknown) => (typeof name === "string" ? byName.get(name) : undefined);
  const list: ToolList = {
    get tools() {
      if (!snapshot) {
        const now: AnyTool[] = [];
        for (let at = first; at; at = at.next) now.push(at.tool);
        snapshot = Object.freeze(now);
      }
      return snapshot;
    },
    add(tool) {
      withoutViews(tool, "added");
      const { name } = prepareTool(tool);
      if (byName.get(name)) throw duplicateName(name);
      admit(tool);
      append(name, tool);
      changed();
    },
    replace(tool) {
      withoutViews(tool, "put in place");
      const name: unknown = tool?.name;
      const place = placeOf(name);
      if (!place) throw new ToolDefinitionError(`No tool named ${quote(String(name))} to replace; add it instead`);
      if (place.tool.ui !== undefined) withoutViews(place.tool, "replaced");
      prepareTool(tool);
      admit(tool);
      place.tool = tool;
      changed();
    },
    remove(name) {
      const place = placeOf(name);
      if (!place) return false;
      unlink(place);
      changed();
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
