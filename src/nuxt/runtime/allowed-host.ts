/**
 * DNS-rebinding protection for the MCP route, on for every app: a page on
 * evil.example that resolves to 127.0.0.1 sends `Host: evil.example`, and the
 * toolkit's own Origin check compares the Origin with that same host, so it
 * would let the page in. This middleware answers 403 to any Host outside the
 * route's list: the build's (`agntnTools.allowedHosts`, by default this
 * machine's names and the site URL's host), or the one set at run time with
 * NUXT_AGNTN_TOOLS_ALLOWED_HOSTS.
 */
import { type HostPolicy, hostRefusal, hostSet } from "@agntn/tools/mcp";
import { defineEventHandler } from "h3";
import { useRuntimeConfig } from "nitropack/runtime";
import config from "#agntn-tools/config.mjs";
import { onRoute } from "./hosts.ts";
import { INTERNAL_HEADER, internalToken } from "./session-guard.ts";

/** The request parts this check reads, the same on Nitro's h3 v1 event under Node and on workers. */
interface EventLike {
  path: string;
  headers: Headers;
}

const OPTION = "agntnTools.allowedHosts (or NUXT_AGNTN_TOOLS_ALLOWED_HOSTS)";

/** A list from runtime config: a JSON list (parsed by Nitro) or names separated by commas; empty means none given. */
function runtimeList(value: unknown): string[] | "any" | undefined {
  if (value === "any") return "any";
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string" && entry !== "");
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function policyOf(list: readonly string[] | "any"): HostPolicy {
  const hosts = list === "any" ? "any" : hostSet(list);
  // Origins are the toolkit's to check (and the 2026 path mirrors it): only Host is judged here.
  return { hosts, origins: "any", hostOption: OPTION, originOption: OPTION };
}

const built = policyOf(config.allowedHosts ?? []);
let fromRuntime: { value: unknown; policy: HostPolicy } | undefined;

/** The policy in force: the run-time list when one is set, else the build's. */
function policyFor(event: unknown): HostPolicy {
  const value = (useRuntimeConfig(event as never) as { agntnTools?: { allowedHosts?: unknown } }).agntnTools?.allowedHosts;
  const list = runtimeList(value);
  if (list === undefined) return built;
  if (fromRuntime !== undefined && fromRuntime.value === value) return fromRuntime.policy;
  const policy = policyOf(list);
  fromRuntime = { value, policy };
  return policy;
}

export default defineEventHandler((raw) => {
  const event = raw as unknown as EventLike;
  if (!onRoute(event.path, config.route)) return;
  // The session guard's own DELETE, sent through the app: it names no host a client chose.
  if (event.headers.get(INTERNAL_HEADER) === internalToken()) return;
  return hostRefusal(event.headers.get("host"), null, policyFor(raw));
});
