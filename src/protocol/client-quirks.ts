/**
 * Arguments a known MCP client adds to every tool on its own, whatever the
 * server listed: the one table of them, each row with the client that adds
 * it (by the `clientInfo.name` it sends) and why. A call's arguments lose a
 * listed argument before they are checked, and only when both hold:
 *
 * - the client calling is the one the row names;
 * - the tool's input schema does not declare a property of that name (a tool
 *   that does declare it gets it, as sent).
 *
 * Nothing else is loosened: any other key the tool does not take, from any
 * client, is refused with the usual line. Each row has its test in
 * test/client-quirks.test.ts, and test/gemini-cli.test.ts runs the real client.
 */
import { isRecord } from "../core/schema.ts";

export interface AddedArgument {
  /** The `clientInfo.name` the client sends (in `initialize` up to 2025-11-25, in each request's `_meta` on 2026-07-28). */
  client: string;
  /** The argument it adds to every call. */
  argument: string;
  /** Why it is there, for the docs' table. */
  why: string;
}

export const ADDED_ARGUMENTS: readonly AddedArgument[] = Object.freeze([
  Object.freeze({
    client: "gemini-cli-mcp-client",
    argument: "wait_for_previous",
    why: "Gemini CLI (0.61, on 2025-06-18) adds this boolean to every tool's schema for its own scheduling, tells the model to set it when one call depends on another, and forwards it in tools/call.",
  }),
]);

/** The arguments each client adds, by client name. */
const byClient = new Map<string, ReadonlySet<string>>();
for (const { client, argument } of ADDED_ARGUMENTS) byClient.set(client, new Set([...(byClient.get(client) ?? []), argument]));

/** The properties an input schema declares (its top-level `properties`), as a test of a name. */
export function declaredBy(schema: unknown): (name: string) => boolean {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : undefined;
  return (name) => properties !== undefined && Object.hasOwn(properties, name);
}

/**
 * A call's arguments without those its client is known to add where the tool does not declare them; the same
 * object when there is nothing to drop (almost every call), a copy otherwise.
 */
export function withoutAddedArguments(client: string | undefined, args: unknown, declares: (name: string) => boolean): unknown {
  if (client === undefined || !isRecord(args)) return args;
  const added = byClient.get(client);
  if (!added) return args;
  let copy: Record<string, unknown> | undefined;
  for (const argument of added) {
    if (!Object.hasOwn(args, argument) || declares(argument)) continue;
    copy ??= { ...args };
    delete copy[argument];
  }
  return copy ?? args;
}
