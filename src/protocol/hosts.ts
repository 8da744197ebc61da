/**
 * DNS-rebinding and cross-site protection, on by default. A web page on
 * evil.example that resolves its name to 127.0.0.1 can make the browser send
 * requests to a local MCP server; they carry `Host: evil.example` and the
 * page's `Origin`. So a server answers only the host names it was given (this
 * machine's names by default), and a browser page only from its own origin or
 * one it was given. Origins are compared whole, scheme, host and port: a page
 * on `http://localhost:5173` is another site than a server on
 * `http://localhost:3000`. Web-standard only, the one rule of every HTTP face.
 */

import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";
import { jsonRpcError } from "./json-rpc-error.ts";

/** The names a server on this machine answers to when nobody said otherwise. */
export const LOCAL_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** Host names (or, for origins, whole origins) a server answers, or `"any"` to answer all (a proxy in front checks them). */
export type HostList = readonly string[] | "any";

/**
 * The host name of a `Host` header (`[::1]:3000` → `[::1]`, `Example.COM` →
 * `example.com`), lower case; `undefined` when there is none or it does not
 * parse. A trailing dot stays: `localhost.` is another name than `localhost`
 * to a resolver.
 */
export function hostnameOf(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "" || /[\s/?#@\\]/.test(value)) return undefined;
  try {
    const url = new URL(`http://${value}`);
    return url.hostname === "" ? undefined : url.hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * An origin as browsers send it, normalised (`HTTP://Example.COM:80` →
 * `http://example.com`); `undefined` for anything that is not an http(s)
 * origin: `null`, a path, a bare host name.
 */
export function originOf(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    const url = new URL(value);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username !== "" || url.password !== "") return undefined;
    // An origin has no path, query or fragment: "https://a.example/x" names a page, not a site.
    if (url.pathname !== "/" || url.search !== "" || url.hash !== "") return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** A list of names as a set of host names, each as `hostnameOf` reads it. */
export function hostSet(hosts: readonly string[]): Set<string> {
  return new Set(hosts.map((host) => hostnameOf(host) ?? host.toLowerCase()));
}

export interface HostPolicy {
  hosts: ReadonlySet<string> | "any";
  /** Origins a browser page may call from besides the server's own, normalised by `originOf`. */
  origins: ReadonlySet<string> | "any";
  /** How the face spells its options, for the refusal text (`allowedHosts`, `agntnTools.allowedHosts`). */
  hostOption: string;
  originOption: string;
}

const refusal = (message: string): Response => jsonRpcError(403, -32600, message);

/**
 * The 403 for a request this server must not answer, or `undefined`. A
 * request with no `Origin` (a program, not a browser page) is judged by its
 * `Host` alone; one with an `Origin` must come from the server's own origin
 * (the request URL's scheme, host and port) or a listed one.
 */
export function hostRefusal(request: Request, policy: HostPolicy): Response | undefined {
  const host = request.headers.get("host");
  if (policy.hosts !== "any") {
    const name = hostnameOf(host);
    if (name === undefined || !policy.hosts.has(name)) {
      const shown = host === null || host === "" ? "(none)" : quote(host);
      return refusal(`Host ${shown} is not allowed: add its name to ${policy.hostOption}`);
    }
  }
  const origin = request.headers.get("origin");
  if (origin === null || policy.origins === "any") return undefined;
  const given = originOf(origin);
  if (given !== undefined && (given === new URL(request.url).origin || policy.origins.has(given))) return undefined;
  return refusal(`Origin ${quote(origin)} is not allowed: add it to ${policy.originOption}`);
}

/** A host list option: names (or `"any"`); anything else throws a line naming the option. */
export function hostListOption(value: unknown, name: string): HostList | undefined {
  if (value === undefined || value === "any") return value;
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === "string" && entry !== "")) {
    throw new ToolDefinitionError(`${name} must be a list of host names or "any"`);
  }
  return value;
}

/** An origin list option: whole origins (or `"any"`), normalised; a bare host name throws, naming the form wanted. */
export function originListOption(value: unknown, name: string): ReadonlySet<string> | "any" | undefined {
  if (value === undefined || value === "any") return value;
  if (!Array.isArray(value)) throw new ToolDefinitionError(`${name} must be a list of origins like "https://app.example.com", or "any"`);
  const origins = new Set<string>();
  for (const entry of value) {
    const origin = originOf(entry);
    if (origin === undefined) {
      const shown = typeof entry === "string" ? quote(entry) : typeof entry;
      throw new ToolDefinitionError(`${name} must list origins like "https://app.example.com" (scheme, host and port), got ${shown}`);
    }
    origins.add(origin);
  }
  return origins;
}
