/**
 * What a cold start of the module's route loads, read from the built server
 * itself: each app runs with test/fixtures/record-loads.mjs preloaded, which
 * writes down every module it resolves, and answers one client's first call.
 *
 * - An app that serves only the module's tools, without authorization (the
 *   host matrix's app): MCP SDK v2 answers, and neither the toolkit's server
 *   (MCP SDK v1 under it) nor `jose` is loaded.
 * - An app with no toolkit definitions whose Nitro plugin adds a toolkit tool
 *   through `mcp:config:resolved`: the route loads the toolkit's part for it,
 *   lists the tool and answers its call.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";

const RECORDER = join(root, "test/fixtures/record-loads.mjs");
const scratch = mkdtempSync(join(tmpdir(), "agntn-loads-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The packages (by name) among the resolved module URLs, from the last `node_modules/` segment of each. */
function packagesIn(urls: string): string[] {
  const names = new Set<string>();
  for (const url of urls.split("\n")) {
    const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names].sort();
}

interface Run {
  app: StartedApp;
  client: Client;
  loads: string;
}

async function openRecorded(fixture: string): Promise<Run> {
  const dir = join(root, "test/fixtures", fixture);
  await buildApp(dir);
  const loads = join(scratch, `${fixture}.txt`);
  const app = await startApp(dir, { AGNTN_LOADS_FILE: loads, NODE_OPTIONS: `--import=${RECORDER}` });
  const client = new Client({ name: "startup", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", app.url)));
  return { app, client, loads };
}

async function close(run: Run | undefined): Promise<void> {
  await run?.client.close();
  run?.app.stop();
}

describe("a route that serves only the module's tools, without authorization", () => {
  let run: Run | undefined;
  beforeAll(async () => {
    run = await openRecorded("nuxt-matrix");
  }, 300_000);
  afterAll(() => close(run));

  it("answers its first call with MCP SDK v2 and never loads the toolkit's server or jose", async () => {
    const answer = await run?.client.callTool({ name: "matrix_slug", arguments: { text: "Cold start", separator: "-", limit: 20 } });
    expect(answer?.content).toEqual([{ type: "text", text: "cold-start" }]);
    const loaded = packagesIn(readFileSync(run?.loads ?? "", "utf8"));
    expect(loaded).toContain("@modelcontextprotocol/server");
    expect(loaded.filter((name) => ["@modelcontextprotocol/sdk", "jose", "@nuxtjs/mcp-toolkit"].includes(name))).toEqual([]);
  });
});

describe("a route whose only toolkit tool comes from an mcp:config:resolved listener", () => {
  let run: Run | undefined;
  beforeAll(async () => {
    run = await openRecorded("nuxt-listener");
  }, 300_000);
  afterAll(() => close(run));

  it("lists the listener's tool beside the app's and answers it", async () => {
    const listed = await run?.client.listTools();
    expect(listed?.tools.map((tool) => tool.name)).toContain("listener_echo");
    expect(listed?.tools.map((tool) => tool.name)).toContain("matrix_slug");
    const answer = await run?.client.callTool({ name: "listener_echo", arguments: { text: "hello" } });
    expect(answer?.content).toEqual([{ type: "text", text: "heard: hello" }]);
  });
});
