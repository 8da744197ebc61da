/**
 * DNS-rebinding protection, on by default. A web page on evil.example that
 * resolves its name to 127.0.0.1 can make the browser send requests to a
 * local MCP server; they carry `Host: evil.example` and an `Origin` of the
 * page. So a server answers only the host names it was given (this machine's
 * names by default) and refuses a browser `Origin` naming any other.
 * Web-standard only: used by the SDK v2 handler and the Nuxt module alike.
 */
import { quote } from "../core/sanitize.ts";

/** The names a server on this machine answers to when nobody said otherwise. */
export const LOCAL_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** Host names a server answers, or `"any"` to answer every host (a public server behind its own checks). */
export type HostList = readonly string[] | "any";

/**
 * The host name of a `Host` header or an origin (`[::1]:3000` → `[::1]`,
 * `http://Example.COM:80` → `example.com`), lower case; `undefined` when
 * there is none or it does not parse. A trailing dot stays: `localhost.` is
 * another name than `localhost` to a resolver.
 */
export function hostnameOf(value: unknown, isOrigin = false): string | undefined {
  if (typeof value !== "string" || value === "" || /[\s/?#@\\]/.test(isOrigin ? "" : value)) return undefined;
  try {
    const url = new URL(isOrigin ? value : `http://${value}`);
    if (isOrigin && url.origin === "null") return undefined;
    return url.hostname === "" ? undefined : url.hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** A list of names as a set of host names, each as `hostnameOf` reads it. */
export function hostSet(hosts: readonly string[]): Set<string> {
  return new Set(hosts.map((host) => hostnameOf(host) ?? host.toLowerCase()));
}

function refusal(message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message }, id: null }), {
    status: 403,
    headers: { "content-type": "application/json" },
  });
}

export interface HostPolicy {
  hosts: Set<string> | "any";
  origins: Set<string> | "any";
  /** How the caller spells the options, for the refusal text (`allowedHosts`, `agntnTools.allowedHosts`). */
  hostOption: string;
  originOption: string;
}

/**
 * The 403 for a request this server must not answer, or `undefined`. A
 * request with no `Origin` (a program, not a browser page) is judged by its
 * `Host` alone.
 */
export function hostRefusal(host: string | null, origin: string | null, policy: HostPolicy): Response | undefined {
  if (policy.hosts !== "any") {
    const name = hostnameOf(host);
    if (name === undefined || !policy.hosts.has(name)) {
      const shown = host === null || host === "" ? "(none)" : quote(host);
      return refusal(`Host ${shown} is not allowed: add its name to ${policy.hostOption}`);
    }
  }
  if (origin !== null && policy.origins !== "any") {
    const name = hostnameOf(origin, true);
    if (name === undefined || !policy.origins.has(name)) {
      return refusal(`Origin ${quote(origin)} is not allowed: add its host name to ${policy.originOption}`);
    }
  }
  return undefined;
}
