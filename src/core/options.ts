/**
 * Options are checked when they are given, at run time: a JavaScript caller
 * gets the safety TypeScript's types give, and a misspelt key (say
 * `allowedHost` for `allowedHosts`) can never quietly turn a protection off.
 */
import { ToolDefinitionError } from "./errors.ts";
import { kindOf } from "./resources.ts";
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

/**
 * An option that names a web address (an OAuth issuer, a token's audience, a page for people): an absolute http(s)
 * URL, returned parsed. `new URL` alone would take a scheme typo (`htps://auth.example.com`) or a bare `host:port`
 * (`localhost:8080` reads as the scheme `localhost:`), and the mistake would only show as every token refused.
 */
export function webUrlOption(value: unknown, name: string): URL {
  let url: URL | undefined;
  if (typeof value === "string" || value instanceof URL) {
    try {
      url = new URL(value);
    } catch {}
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    const shown = typeof value === "string" || value instanceof URL ? quote(String(value)) : kindOf(value);
    throw new ToolDefinitionError(`${name} must be an absolute http(s) URL, got ${shown}`);
  }
  return url;
}
