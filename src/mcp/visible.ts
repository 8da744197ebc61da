/**
 * Which tools a caller is shown, on every MCP face: a definition's
 * `visibleTo(caller)` (../core/visibility.ts) and, with `auth.hideOutOfScope`,
 * every tool whose effect the token's scopes do not cover. A hidden tool is
 * left out of `tools/list` and its call answers exactly as an unknown name,
 * before any scope check could name the scope it needs: its existence does not
 * leak. A list that depends on the caller is marked `cacheScope: "private"`
 * on 2026-07-28, so no shared cache hands one caller's list to another.
 */
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { AnyTool, Caller, Effect } from "../core/types.ts";
import { hasVisibility, type VisibilityReport, visibleNow } from "../core/visibility.ts";
import { callerOf } from "../protocol/caller.ts";
import type { EffectOf } from "./auth.ts";

/** Whether a token's scopes leave a tool of this effect out of its caller's list (`auth.hideOutOfScope`). */
export type OutOfScope = (effect: Effect, authInfo: AuthInfo | undefined) => boolean;

/** How one tool set hides tools, made once per set. */
export interface Hiding {
  /** Whether the set's lists depend on the caller: its `tools/list` is then private on 2026-07-28. */
  readonly personal: boolean;
  /** Whether `name` is hidden from the token's caller; a name the set does not serve is not (it is unknown anyway). */
  hidden(name: string, authInfo: AuthInfo | undefined): boolean | Promise<boolean>;
  /** A listing without the tools hidden from the token's caller (the same object when none is). */
  filter<T extends { tools: unknown[] }>(listed: T, authInfo: AuthInfo | undefined): T | Promise<T>;
}

/** A set nothing is hidden in: the shared answer for the common case. */
const OPEN: Hiding = {
  personal: false,
  hidden: () => false,
  filter: (listed) => listed,
};

function nameOf(listing: unknown): string {
  return String((listing as { name?: unknown }).name);
}

/**
 * The hiding of a set: its own tools (each may say who sees it), the effect of every name it serves (for
 * `hideOutOfScope`, which covers another framework's tools too), and where a predicate's failure is reported.
 */
export function hidingOf(
  tools: readonly AnyTool[],
  effectOf: EffectOf,
  outOfScope: OutOfScope | undefined,
  report: VisibilityReport,
): Hiding {
  const predicates = hasVisibility(tools);
  if (!predicates && !outOfScope) return OPEN;
  const byName = new Map<string, AnyTool>();
  if (predicates) for (const tool of tools) if (tool.visibleTo !== undefined) byName.set(tool.name, tool);
  /** `caller` is made from the token once per list, not once per tool. */
  const judge = (name: string, authInfo: AuthInfo | undefined, caller: () => Caller | undefined): boolean | Promise<boolean> => {
    if (outOfScope) {
      const effect = effectOf(name);
      if (effect !== undefined && outOfScope(effect, authInfo)) return true;
    }
    const tool = byName.get(name);
    if (!tool) return false;
    const seen = visibleNow(tool, caller(), report);
    return typeof seen === "boolean" ? !seen : seen.then((shown) => !shown);
  };
  const callerFor = (authInfo: AuthInfo | undefined) => {
    let made: Caller | undefined;
    return () => {
      if (authInfo && !made) made = callerOf(authInfo);
      return made;
    };
  };
  return {
    personal: true,
    hidden: (name, authInfo) => judge(name, authInfo, callerFor(authInfo)),
    filter(listed, authInfo) {
      const caller = callerFor(authInfo);
      const answers = listed.tools.map((listing) => judge(nameOf(listing), authInfo, caller));
      const keep = (settled: readonly boolean[]) =>
        settled.includes(true) ? { ...listed, tools: listed.tools.filter((_, at) => !settled[at]) } : listed;
      if (answers.every((answer) => typeof answer === "boolean")) return keep(answers as boolean[]);
      return Promise.all(answers).then(keep);
    },
  };
}
