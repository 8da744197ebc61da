/**
 * A Nuxt app describing itself, built once (test/fixtures/nuxt-registry) and
 * served on loopback:
 * - `nuxi build` writes the MCP Registry entry `agntnTools.registry` asks for,
 *   server.json in the app's folder, with the route's public URL made of the
 *   site's origin, `app.baseURL` and the route; the registry's own JSON Schema
 *   (test/fixtures/registry/server.schema.json) accepts it;
 * - the route answers `server/discover` with every revision it serves and
 *   the capabilities of what it serves (tools, logging, resources, the Tasks
 *   extension), to raw JSON-RPC and to the SDK v2 client.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { post2026 } from "./helpers/raw-2026.ts";

const APP = fileURLToPath(new URL("./fixtures/nuxt-registry", import.meta.url));
const WRITTEN = join(APP, "server.json");
const SCHEMA = fileURLToPath(new URL("./fixtures/registry/server.schema.json", import.meta.url));
const MODERN = "2026-07-28";
const EVERY_REVISION = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"];

let app: StartedApp;
let written: string;
const clients: Client[] = [];

beforeAll(async () => {
  await buildApp(APP);
  written = readFileSync(WRITTEN, "utf8");
  app = await startApp(APP);
});

afterAll(async () => {
  for (const client of clients) await client.close();
  app?.stop();
  // Written by the build into the fixture's folder, as into an app's: not kept in the repository.
  rmSync(WRITTEN, { force: true });
});

describe("agntnTools.registry at build time", () => {
  it("writes server.json in the app's folder: a streamable-http remote at the route's public URL, this server's version", () => {
    expect(written).toBe(`{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.agntn/registry-fixture",
  "title": "Registry fixture",
  "description": "Shouts texts and builds reports, for the registry test.",
  "version": "1.4.0",
  "websiteUrl": "https://tools.example.com/docs",
  "repository": {
    "url": "https://github.com/agntn/tools",
    "source": "github",
    "subfolder": "test/fixtures/nuxt-registry"
  },
  "remotes": [
    {
      "type": "streamable-http",
      "url": "https://tools.example.com/tools/agent-mcp"
    }
  ]
}
`);
  });

  it("is accepted by the registry's JSON Schema (2025-12-11)", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, "utf8")));
    expect([validate(JSON.parse(written)), validate.errors ?? null]).toEqual([true, null]);
  });
});

describe("the route's server/discover", () => {
  it("answers raw JSON-RPC with every revision the route serves, what it serves and who it is", async () => {
    expect(await post2026(new URL("/tools/agent-mcp", app.url), "server/discover", "discover-1")).toEqual({
      status: 200,
      body: {
        jsonrpc: "2.0",
        id: "discover-1",
        result: {
          resultType: "complete",
          supportedVersions: EVERY_REVISION,
          capabilities: {
            tools: {},
            logging: {},
            resources: { subscribe: true },
            extensions: { "io.modelcontextprotocol/tasks": {} },
          },
          ttlMs: 0,
          cacheScope: "private",
          _meta: { "io.modelcontextprotocol/serverInfo": { name: "agntn-registry", version: "1.4.0" } },
        },
      },
    });
  });

  it("is what the SDK v2 client keeps on 2026-07-28, and the same URL serves a 2025-11-25 client", async () => {
    const url = new URL("/tools/agent-mcp", app.url);
    const modern = new Client({ name: "modern", version: "1.0.0" }, { versionNegotiation: { mode: { pin: MODERN } } });
    clients.push(modern);
    await modern.connect(new StreamableHTTPClientTransport(url));
    expect([modern.getNegotiatedProtocolVersion(), modern.getDiscoverResult()?.supportedVersions]).toEqual([MODERN, EVERY_REVISION]);
    const legacy = new Client({ name: "legacy", version: "1.0.0" });
    clients.push(legacy);
    await legacy.connect(new StreamableHTTPClientTransport(url));
    expect(legacy.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    expect((await legacy.listTools()).tools.map((tool) => tool.name)).toEqual(["text_shout", "report_build"]);
  });
});
