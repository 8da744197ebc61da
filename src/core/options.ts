/**
 * Options are checked when they are given, at run time: a JavaScript caller
 * gets the safety TypeScript's types give, and a misspelt key (say
 * `allowedHost` for `allowedHosts`) can never quietly turn a protection off.
 */
import { ToolDefinitionError } from "./errors.ts";
import { quote } from "./sanitize.ts";
import { isRecord } from "./schema.ts";

/**
 * Throws when `options` is not a plain object, or has a key outside `accepted`;
 * the message names the key and every accepted one. `undefined` passes.
 */
export function checkOptionKeys(where: string, options: unknown, accepted: readonly string[]): void {
  if (options === undefined) return;
  if (!isRecord(options)) throw new ToolDefinitionError(`${where}: options must be an object`);
  for (const key of Object.keys(options)) {
    if (!accepted.includes(key)) {
      const known = accepted.length === 0 ? "it takes none yet" : `the options are ${accepted.join(", ")}`;
      throw new ToolDefinitionError(`${where}: unknown option ${quote(key)}; ${known}`);
    }
  }
}
