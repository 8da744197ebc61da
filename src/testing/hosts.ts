/**
 * Every host the kit drives, one file each under hosts/, loaded only when a
 * test asks for it: a host whose packages are not installed is named with
 * the command that installs them, and nothing else of it is loaded.
 */

import type { AnyTool, ServerInfo, ToolList } from "@agntn/tools";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { quote } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import { HostUnavailableError } from "./errors.ts";
import type { HostAnswer, HostModule, HostName, HostOptions, TestCall } from "./types.ts";

export { HostUnavailableError };

interface HostEntry {
  /** The packages the host needs beside this one (what `npm install` must add). */
  packages: readonly string[];
  load: () => Promise<HostModule>;
  /** The host runs in a process of its own, from the tools' module. */
  needsModule?: true;
}

// A Map, not an object: host names come from the test's code, but `toString` must never be found on a prototype.
const HOSTS = new Map<HostName, HostEntry>([
  [
    "mcp",
    {
      packages: ["@modelcontextprotocol/server", "@modelcontextprotocol/client"],
      load: () => import("./hosts/mcp.ts").then((m) => m.memory),
    },
  ],
  [
    "mcp-http@2025-11-25",
    {
      packages: ["@modelcontextprotocol/server", "@modelcontextprotocol/client"],
      load: () => import("./hosts/mcp.ts").then((m) => m.http("2025-11-25")),
    },
  ],
  [
    "mcp-http@2026-07-28",
    {
      packages: ["@modelcontextprotocol/server", "@modelcontextprotocol/client"],
      load: () => import("./hosts/mcp.ts").then((m) => m.http("2026-07-28")),
    },
  ],
  [
    "h3@2025-11-25",
    {
      packages: ["h3", "@modelcontextprotocol/server", "@modelcontextprotocol/client"],
      load: () => import("./hosts/h3.ts").then((m) => m.h3("2025-11-25")),
    },
  ],
  [
    "h3@2026-07-28",
    {
      packages: ["h3", "@modelcontextprotocol/server", "@modelcontextprotocol/client"],
      load: () => import("./hosts/h3.ts").then((m) => m.h3("2026-07-28")),
    },
  ],
  ["ai", { packages: ["ai"], load: () => import("./hosts/ai.ts") }],
  ["langchain", { packages: ["langchain", "@langchain/core"], load: () => import("./hosts/langchain.ts") }],
  ["openai-agents", { packages: ["@openai/agents"], load: () => import("./hosts/openai-agents.ts") }],
  ["mastra", { packages: ["@mastra/core", "ai"], load: () => import("./hosts/mastra.ts") }],
  ["anthropic", { packages: ["@anthropic-ai/sdk"], load: () => import("./hosts/anthropic.ts") }],
  [
    "claude-agent",
    { packages: ["@anthropic-ai/claude-agent-sdk", "@modelcontextprotocol/sdk"], load: () => import("./hosts/claude-agent.ts") },
  ],
  ["google", { packages: ["@google/genai"], load: () => import("./hosts/google.ts") }],
  ["pi", { packages: ["@earendil-works/pi-coding-agent", "@earendil-works/pi-ai"], load: () => import("./hosts/pi.ts") }],
  ["omp", { packages: ["@oh-my-pi/pi-coding-agent", "@oh-my-pi/pi-ai", "bun"], load: () => import("./hosts/omp.ts"), needsModule: true }],
  ["cli", { packages: [], load: () => import("./hosts/cli.ts"), needsModule: true }],
]);

/** Every host, in the order a table lists them. */
export const HOST_NAMES: readonly HostName[] = [...HOSTS.keys()];

/** What `createTestHost` takes. */
export interface TestHostOptions {
  /** The tools, as a fixed array or a `createToolList` list. */
  tools: readonly AnyTool[] | ToolList;
  /** Every call the host will be asked for, by a name of the test's choosing. */
  calls: Readonly<Record<string, TestCall>>;
  /** The name and version MCP faces announce; the command line's program name. Default `{ name: "tools", version: "0.0.0" }`. */
  server?: ServerInfo;
  /** The module exporting the same tools, for the command line and OMP, which run in a process of their own. */
  module?: string | URL;
  /** The export of `module` holding the tools. Default `"tools"`. */
  exportName?: string;
}

/** One host, open on the calls it was given. */
export interface TestHost {
  readonly name: HostName;
  /** The host's answer to the call of that name. */
  call(id: string): Promise<HostAnswer>;
  /** The tool names the host lists now, where it has a listing (the MCP faces). */
  names(): Promise<string[] | undefined>;
  close(): Promise<void>;
}

const OPTION_KEYS = ["tools", "calls", "server", "module", "exportName"] as const;
const CALL_KEYS = ["tool", "args", "words"] as const;

/** Checks what a caller gave, one line per problem, before any host is loaded. */
export function hostOptionsOf(where: string, given: TestHostOptions): HostOptions {
  checkOptionKeys(where, given, OPTION_KEYS);
  if (!isRecord(given)) throw new ToolDefinitionError(`${where}: options must be an object`);
  const { tools, calls, server = { name: "tools", version: "0.0.0" }, module, exportName = "tools" } = given;
  if (tools === undefined) throw new ToolDefinitionError(`${where}: tools is required`);
  if (!isRecord(calls)) throw new ToolDefinitionError(`${where}: calls must be an object of calls by name`);
  const checked: Record<string, TestCall> = Object.create(null);
  for (const [id, call] of Object.entries(calls)) {
    const at = `${where}: calls[${quote(id)}]`;
    checkOptionKeys(at, call, CALL_KEYS);
    if (!isRecord(call) || typeof call.tool !== "string") throw new ToolDefinitionError(`${at}.tool must be a string`);
    if (call.args !== undefined && !isRecord(call.args)) throw new ToolDefinitionError(`${at}.args must be an object`);
    if (call.words !== undefined && !(Array.isArray(call.words) && call.words.every((word) => typeof word === "string")))
      throw new ToolDefinitionError(`${at}.words must be an array of strings`);
    checked[id] = call;
  }
  if (!isRecord(server) || typeof server.name !== "string" || typeof server.version !== "string")
    throw new ToolDefinitionError(`${where}: server must be { name, version } with two strings`);
  if (module !== undefined && typeof module !== "string" && !(module instanceof URL))
    throw new ToolDefinitionError(`${where}: module must be a path or a file URL`);
  if (typeof exportName !== "string") throw new ToolDefinitionError(`${where}: exportName must be a string`);
  const path = module instanceof URL ? decodeURIComponent(module.pathname) : module;
  return { tools, calls: checked, server, exportName, ...(path === undefined ? {} : { module: path }) };
}

function isMissingPackage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  return code === "ERR_MODULE_NOT_FOUND" || /Cannot find (package|module)|Failed to load url/.test(message);
}

/** The packages a host needs beside this one. */
export function hostPackages(name: HostName): readonly string[] {
  return HOSTS.get(name)?.packages ?? [];
}

/** The line a host whose packages are missing is skipped with: which they are, and the command that installs them. */
export function missingPackagesLine(name: HostName): string {
  const packages = hostPackages(name);
  return `${name} needs ${packages.join(", ")}: npm install --save-dev ${packages.join(" ")}`;
}

async function loadHost(name: HostName, entry: HostEntry, options: HostOptions): Promise<HostModule> {
  if (entry.needsModule && options.module === undefined)
    throw new HostUnavailableError(`${name} runs in a process of its own: pass module, the file that exports the tools`);
  try {
    return await entry.load();
  } catch (error) {
    if (!isMissingPackage(error)) throw error;
    throw new HostUnavailableError(missingPackagesLine(name));
  }
}

/**
 * Opens one host on a tool set and the calls it will be asked for, each through the host's real call path.
 * Rejects with HostUnavailableError when the host's packages are missing, naming them.
 */
export async function createTestHost(name: HostName, options: TestHostOptions): Promise<TestHost> {
  const entry = typeof name === "string" ? HOSTS.get(name) : undefined;
  if (!entry) throw new ToolDefinitionError(`createTestHost: unknown host ${quote(String(name))}; the hosts are ${HOST_NAMES.join(", ")}`);
  const checked = hostOptionsOf("createTestHost", options);
  const host = await loadHost(name, entry, checked);
  const session = await host.open(checked);
  return {
    name,
    async call(id) {
      const call = Object.hasOwn(checked.calls, id) ? checked.calls[id] : undefined;
      if (!call)
        throw new ToolDefinitionError(`${name}: no call is named ${quote(id)}; the calls are ${Object.keys(checked.calls).join(", ")}`);
      const raw = await session.call(id);
      return { ...host.answerOf(raw, call, checked), raw };
    },
    names: async () => session.names?.(),
    close: () => session.close(),
  };
}
