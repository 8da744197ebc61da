/**
 * What createTestHost and callOnHosts refuse, each in one line, before any host is loaded: unknown keys and hosts,
 * malformed calls, a server or module of the wrong kind, a call name the host was not given, and a host that runs
 * in a process of its own without the module it loads the tools from.
 */
import { ToolDefinitionError } from "@agntn/tools";
import { callOnHosts, createTestHost, HostUnavailableError } from "@agntn/tools/testing";
import { describe, expect, it } from "vitest";
import { tools } from "../fixtures/kit-sample-tools.ts";

const HOSTS =
  "mcp, mcp-http@2025-11-25, mcp-http@2026-07-28, h3@2025-11-25, h3@2026-07-28, ai, langchain, openai-agents, mastra, anthropic, claude-agent, google, pi, omp, cli";
const calls = { known: { tool: "lookup_city", args: { city: "Lyon" } } };

/** The whole message a promise rejects with; every refusal is a ToolDefinitionError, as every option check in the package is. */
const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "(no error)",
    (error: unknown) => (error instanceof ToolDefinitionError ? error.message : `not a ToolDefinitionError: ${String(error)}`),
  );

describe("createTestHost", () => {
  it.each([
    [{ tools, calls, modul: "x" }, 'createTestHost: unknown option "modul"; the options are tools, calls, server, module, exportName'],
    [{ calls }, "createTestHost: tools is required"],
    [{ tools, calls: ["known"] }, "createTestHost: calls must be an object of calls by name"],
    [
      { tools, calls: { known: { toool: "lookup_city" } } },
      'createTestHost: calls["known"]: unknown option "toool"; the options are tool, args, words',
    ],
    [{ tools, calls: { known: { tool: "lookup_city", args: "Lyon" } } }, 'createTestHost: calls["known"].args must be an object'],
    [{ tools, calls: { known: { tool: "lookup_city", words: [1] } } }, 'createTestHost: calls["known"].words must be an array of strings'],
    [{ tools, calls, server: { name: "x" } }, "createTestHost: server must be { name, version } with two strings"],
    [{ tools, calls, module: 7 }, "createTestHost: module must be a path or a file URL"],
    [{ tools, calls, exportName: 7 }, "createTestHost: exportName must be a string"],
  ])("refuses %j", async (options, line) => {
    expect(await messageOf(createTestHost("mcp", options as never))).toBe(line);
  });

  it("names the hosts when given one it does not know", async () => {
    expect(await messageOf(createTestHost("mcp-htp" as never, { tools, calls }))).toBe(
      `createTestHost: unknown host "mcp-htp"; the hosts are ${HOSTS}`,
    );
  });

  it("says a host running in a process of its own needs module", async () => {
    const error = await createTestHost("cli", { tools, calls }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HostUnavailableError);
    expect((error as Error).message).toBe("cli runs in a process of its own: pass module, the file that exports the tools");
  });

  it("names the calls it was given when asked for another", async () => {
    const host = await createTestHost("mcp", { tools, calls });
    try {
      expect(await messageOf(host.call("unknown"))).toBe('mcp: no call is named "unknown"; the calls are known');
      expect((await host.call("known")).isError).toBe(false);
    } finally {
      await host.close();
    }
  });
});

describe("callOnHosts", () => {
  it("refuses an empty host list and unknown hosts, naming them", async () => {
    expect(await messageOf(callOnHosts({ tools, calls, hosts: [] }))).toBe("callOnHosts: hosts must be a non-empty array of host names");
    expect(await messageOf(callOnHosts({ tools, calls, hosts: ["mcp", "gemini", "pi-ai"] as never }))).toBe(
      `callOnHosts: unknown host "gemini", "pi-ai"; the hosts are ${HOSTS}`,
    );
  });

  it("checks its options in callOnHosts' words", async () => {
    expect(await messageOf(callOnHosts({ tools, calls, host: ["mcp"] } as never))).toBe(
      'callOnHosts: unknown option "host"; the options are tools, calls, server, module, exportName',
    );
  });
});
