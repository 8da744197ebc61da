/**
 * The official MCP conformance suite (`conformance server`) against the
 * suite's tools written with defineTool (fixtures/nuxt-conformance-tools.ts),
 * served two ways: on a built Nuxt app's /mcp route through @agntn/tools/nuxt
 * (SDK v1 behind @nuxtjs/mcp-toolkit), and by createMcpHttpHandler (SDK v2)
 * on a loopback port. Each run must end with exit code 0 against its baseline
 * of expected failures: scenarios the library does not serve on purpose, each
 * with its reason in the YAML file. A scenario that starts passing while
 * still listed fails the run too, so the baselines cannot go stale.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import { localhostAllowedHostnames } from "@modelcontextprotocol/server";
import { type Server, serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools } from "./fixtures/nuxt-conformance-tools.ts";
import { buildApp, root, runNode, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";

const CONFORMANCE = join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const APP = join(root, "test/fixtures/nuxt-conformance");
const baseline = (name: string) => join(root, `test/fixtures/nuxt-conformance-${name}.yml`);

let app: StartedApp | undefined;
let handler: McpHttpHandler | undefined;
let server: Server | undefined;
const urls = new Map<string, URL>();

beforeAll(async () => {
  await buildApp(APP);
  app = await startApp(APP);
  urls.set("toolkit", new URL("/mcp", app.url));
  handler = createMcpHttpHandler({ name: "agntn-conformance", version: "1.0.0" }, tools, { allowedHosts: localhostAllowedHostnames() });
  const sdk = handler;
  server = serve({ port: 0, hostname: "127.0.0.1", silent: true, fetch: (request) => sdk.fetch(request) });
  await server.ready();
  urls.set("sdk", new URL("/mcp", server.url));
}, 600_000);

afterAll(async () => {
  app?.stop();
  await handler?.close();
  await server?.close(true);
});

/** The scenario names a baseline lists, read from its `server:` list. */
function listed(name: string): string[] {
  return [...readFileSync(baseline(name), "utf8").matchAll(/^ {2}- ([a-z0-9-]+)/gm)].map((match) => match[1]!);
}

/** Scenarios that must pass on every server this library builds: every tools-*, elicitation-* and logging one, initialize, ping, DNS rebinding. */
const MUST_PASS = [
  "server-initialize",
  "ping",
  "logging-set-level",
  "tools-list",
  "tools-call-simple-text",
  "tools-call-image",
  "tools-call-audio",
  "tools-call-embedded-resource",
  "tools-call-mixed-content",
  "tools-call-error",
  "tools-call-with-progress",
  "tools-call-with-logging",
  "tools-call-sampling",
  "tools-call-elicitation",
  "json-schema-2020-12",
  "elicitation-sep1034-defaults",
  "elicitation-sep1330-enums",
  "dns-rebinding-protection",
];

describe.each([
  { target: "the Nuxt app's /mcp route (@agntn/tools/nuxt)", name: "toolkit" },
  { target: "createMcpHttpHandler (SDK v2)", name: "sdk" },
])("conformance suite against $target", ({ name }) => {
  it("lists none of the scenarios that must pass as expected failures", () => {
    const expected = listed(name);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.filter((scenario) => MUST_PASS.includes(scenario))).toEqual([]);
  });

  it("passes every scenario but the expected failures, and none of those", async () => {
    const url = urls.get(name)!;
    expect(url.hostname).toBe("127.0.0.1");
    const result = await runNode([CONFORMANCE, "server", "--url", url.href, "--suite", "all", "--expected-failures", baseline(name)]);
    expect(result.code, result.output.slice(-6000)).toBe(0);
    for (const scenario of MUST_PASS) expect(result.output).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
  }, 240_000);
});
