/**
 * A tool whose schema was built with TypeBox 0.34 (`@sinclair/typebox`, JSON
 * Schema plus symbol keys) on the hosts not covered by their own suites: the
 * toolkit (through SDK v1's McpServer), OMP's registration and the command line.
 */
import { execFileSync } from "node:child_process";
import { callTool } from "@agntn/tools/mcp";
import { type OmpToolRegistration, registerOmpTools } from "@agntn/tools/omp";
import { toToolkitTools } from "@agntn/tools/toolkit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, test } from "vitest";
import { legacySchemaTool } from "./fixtures/sinclair-tools.ts";

const info = { name: "legacy" };
const schema = {
  type: "object",
  properties: { who: { type: "string", minLength: 1 }, times: { type: "integer", minimum: 1, maximum: 3 } },
  required: ["who"],
  additionalProperties: false,
};
const badArgs = { who: "", times: 9, x: 1 };

describe("@nuxtjs/mcp-toolkit's entries", () => {
  test("list the schema without symbol keys and answer like callTool", async () => {
    const server = new McpServer({ name: "legacy", version: "1.0.0" });
    for (const { name, handler, ...config } of toToolkitTools([legacySchemaTool])) {
      server.registerTool(name, config as never, handler as never);
    }
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "t", version: "1" });
    await server.connect(a);
    await client.connect(b);
    const [listed] = (await client.listTools()).tools;
    expect(listed?.inputSchema).toEqual({ ...schema, $schema: "http://json-schema.org/draft-07/schema#" });
    const good = await client.callTool({ name: "legacy_greet", arguments: { who: "Ada" } });
    expect(good.content).toEqual([{ type: "text", text: "Hello, Ada!" }]);
    const bad = await client.callTool({ name: "legacy_greet", arguments: badArgs });
    expect({ content: bad.content, isError: bad.isError }).toEqual(await callTool(info, [legacySchemaTool], "legacy_greet", badArgs));
    await client.close();
  });
});

describe("OMP's registration", () => {
  test("hands OMP the schema without symbol keys and refuses bad input with the core's lines", async () => {
    const registered: OmpToolRegistration[] = [];
    registerOmpTools(
      { typebox: { Type: { Unsafe: (s) => ({ unsafe: s }) } }, registerTool: (t: OmpToolRegistration) => registered.push(t) },
      [legacySchemaTool],
    );
    const [tool] = registered;
    if (!tool) throw new Error("nothing was registered");
    expect(tool.parameters).toEqual({ unsafe: schema });
    expect(Object.getOwnPropertySymbols((tool.parameters as { unsafe: object }).unsafe)).toEqual([]);
    const ctx = { hasUI: false, ui: {} };
    const bad = await tool.execute("id", badArgs, undefined, undefined, ctx as never);
    const expected = await callTool(info, [legacySchemaTool], "legacy_greet", badArgs);
    expect(bad.content).toEqual(expected.content);
    expect(bad.isError).toBe(true);
  });
});

describe("the command line", () => {
  const run = (...words: string[]) => {
    try {
      const stdout = execFileSync(process.execPath, ["--conditions=agntn-source", "test/fixtures/sinclair-cli.ts", ...words], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      return { code: 0, stdout, stderr: "" };
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      return { code: failed.status, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  test.each([
    [["greet", "--who", "Ada", "--times", "2"], { code: 0, stdout: "Hello, Ada! Hello, Ada!\n", stderr: "" }],
    [["greet", "--who", "Ada", "--times", "9"], { code: 1, stdout: "", stderr: "Invalid arguments at --times: must be <= 3\n" }],
    [
      ["greet", "--who", "Ada", "--tims", "2"],
      { code: 1, stdout: "", stderr: 'Invalid arguments: unknown option "--tims"; takes --who, --times, --json\n' },
    ],
  ])("%j", (words, expected) => {
    expect(run(...words)).toEqual(expected);
  });
});
