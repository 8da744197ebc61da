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
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import { localhostAllowedHostnames } from "@modelcontextprotocol/server";
import { type Server, serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools } from "./fixtures/nuxt-conformance-tools.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const NUXI = join(root, "node_modules/@nuxt/cli/bin/nuxi.mjs");
const CONFORMANCE = join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const APP = join(root, "test/fixtures/nuxt-conformance");
const baseline = (name: string) => join(root, `test/fixtures/nuxt-conformance-${name}.yml`);

/** Runs a Node child to the end and returns its exit code and output. */
function run(args: string[], cwd = root): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

function startApp(): Promise<{ child: ChildProcess; url: URL }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(APP, ".output/server/index.mjs")], {
      cwd: APP,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1" },
    });
    let log = "";
    const timer = setTimeout(() => reject(new Error(`the conformance app did not start:\n${log}`)), 20_000);
    child.stderr.on("data", (chunk) => {
      log += chunk;
    });
    child.stdout.on("data", (chunk) => {
      log += chunk;
      const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: new URL("/mcp", match[1]) });
      }
    });
    child.on("exit", (code) => reject(new Error(`the conformance app exited ${code}:\n${log}`)));
  });
}

let app: { child: ChildProcess; url: URL } | undefined;
let handler: McpHttpHandler | undefined;
let server: Server | undefined;
const urls = new Map<string, URL>();

beforeAll(async () => {
  const built = await run([NUXI, "build", APP]);
  if (built.code !== 0) throw new Error(`nuxi build failed:\n${built.output.slice(-4000)}`);
  app = await startApp();
  urls.set("toolkit", app.url);
  handler = createMcpHttpHandler({ name: "agntn-conformance", version: "1.0.0" }, tools, { allowedHosts: localhostAllowedHostnames() });
  const sdk = handler;
  server = serve({ port: 0, hostname: "127.0.0.1", silent: true, fetch: (request) => sdk.fetch(request) });
  await server.ready();
  urls.set("sdk", new URL("/mcp", server.url));
}, 600_000);

afterAll(async () => {
  app?.child.kill();
  await handler?.close();
  await server?.close(true);
});

/** The scenario names a baseline lists, read from its `server:` list. */
function listed(name: string): string[] {
  return [...readFileSync(baseline(name), "utf8").matchAll(/^ {2}- ([a-z0-9-]+)/gm)].map((match) => match[1]!);
}

/** Scenarios that must pass on every server this library builds (tools, initialize, ping, DNS rebinding). */
const MUST_PASS = [
  "server-initialize",
  "ping",
  "tools-list",
  "tools-call-simple-text",
  "tools-call-error",
  "tools-call-with-progress",
  "tools-call-elicitation",
  "json-schema-2020-12",
  "elicitation-sep1034-defaults",
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
    const result = await run([CONFORMANCE, "server", "--url", url.href, "--suite", "all", "--expected-failures", baseline(name)]);
    expect(result.code, result.output.slice(-6000)).toBe(0);
    for (const scenario of MUST_PASS) expect(result.output).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
  }, 240_000);
});
