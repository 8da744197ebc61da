/**
 * The Nuxt module's route over a tool list that changes while the app runs
 * (test/fixtures/nuxt-lists: its tools module exports a `createToolList`
 * list; POST /api/plugins/load adds a plugin's tool), built once.
 * - One instance, its bus in memory: a 2025-11-25 session opened before the
 *   change hears tools/list_changed, then lists and calls the new tool (with
 *   the app's middleware around it); a 2026-07-28 listen stream hears it; a
 *   change the list refuses leaves it as it was; a `tools` export that is
 *   neither an array nor a list stops the server at start-up.
 * - Three instances behind a real nginx, sharing a real Redis as their bus:
 *   a plugin loaded through one instance is heard, once, by sessions on the
 *   other two and by a 2026 listen stream through the balancer, and every
 *   instance then serves it.
 */
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthorizationServer, startAuthorizationServer } from "./fixtures/authorization-server.ts";
import { type Balancer, freePort, startBalancer } from "./fixtures/nginx.ts";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { redisVersion, type StartedRedis, startRedis } from "./fixtures/redis.ts";
import { lacks } from "./helpers/lacks.ts";
import { type Hop, modernClient } from "./helpers/many-instances.ts";

const APP = join(root, "test/fixtures/nuxt-lists");
const ADMIN_KEY = "lists-admin-key-for-tests";
const STATE_KEY = "a-state-key-every-lists-instance-shares-01";
const MIDDLEWARE_LINE = "(through the app's middleware)";

const mcpOf = (base: URL) => new URL("/mcp", base);
const textOf = (result: unknown) => (result as { content: Array<{ text: string }> }).content.map((block) => block.text);

let alone: StartedApp;

beforeAll(async () => {
  await buildApp(APP);
  alone = await startApp(APP, { NUXT_LISTS_ADMIN_KEY: ADMIN_KEY, NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: STATE_KEY });
}, 600_000);

afterAll(() => {
  alone?.stop();
});

async function load(base: URL, name: string, key = ADMIN_KEY): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL("/api/plugins/load", base), {
    method: "POST",
    headers: { "content-type": "application/json", "x-admin-key": key },
    body: JSON.stringify({ name }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A 2025-11-25 session (SDK v1) that records each tools/list_changed it hears. */
async function session(url: URL, heard: string[], label: string): Promise<ClientV1> {
  const client = new ClientV1({ name: `lists-${label}`, version: "1.0.0" });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    heard.push(label);
  });
  await client.connect(new TransportV1(url));
  return client;
}

/** A 2026-07-28 client (SDK v2) with a listen stream for tools/list_changed, recording what it hears. */
async function listener(url: URL, heard: string[], label: string) {
  const client = new Client({ name: `lists-${label}`, version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  client.setNotificationHandler("notifications/tools/list_changed", () => {
    heard.push(label);
  });
  await client.connect(new StreamableHTTPClientTransport(url));
  const listen = await client.listen({ toolsListChanged: true });
  return { client, listen };
}

describe("one instance, a list that changes", () => {
  it("serves the starting list with the app's middleware around each tool, and declares listChanged on both revisions", async () => {
    const heard: string[] = [];
    const v1 = await session(mcpOf(alone.url), heard, "v1");
    const { client: v2, listen } = await listener(mcpOf(alone.url), heard, "v2");
    try {
      expect(v1.getServerCapabilities()?.tools).toEqual({ listChanged: true });
      expect(listen.honoredFilter).toEqual({ toolsListChanged: true });
      expect((await v1.listTools()).tools.map((tool) => tool.name)).toEqual(["text_upper"]);
      expect((await v2.listTools()).tools.map((tool) => tool.name)).toEqual(["text_upper"]);
      expect(textOf(await v2.callTool({ name: "text_upper", arguments: { text: "abc" } }))).toEqual(["ABC", MIDDLEWARE_LINE]);
    } finally {
      await listen.close();
      await Promise.all([v1.close(), v2.close()]);
    }
  });

  it("a session opened before the change and a 2026 listen stream hear it; both then list and call the new tool", async () => {
    const heard: string[] = [];
    const v1 = await session(mcpOf(alone.url), heard, "v1");
    const { client: v2, listen } = await listener(mcpOf(alone.url), heard, "v2");
    try {
      expect(await load(alone.url, "reverse")).toEqual({ status: 200, body: { tools: ["text_upper", "text_reverse"] } });
      await expect.poll(() => [...heard].sort()).toEqual(["v1", "v2"]);
      expect((await v1.listTools()).tools.map((tool) => tool.name)).toEqual(["text_upper", "text_reverse"]);
      expect((await v2.listTools()).tools.map((tool) => tool.name)).toEqual(["text_upper", "text_reverse"]);
      expect(textOf(await v1.callTool({ name: "text_reverse", arguments: { text: "abc" } }))).toEqual(["cba", MIDDLEWARE_LINE]);
      expect(textOf(await v2.callTool({ name: "text_reverse", arguments: { text: "stressed" } }))).toEqual(["desserts", MIDDLEWARE_LINE]);
    } finally {
      await listen.close();
      await Promise.all([v1.close(), v2.close()]);
    }
  });

  it("a change the list refuses is answered in its one line, and nothing changes or is announced", async () => {
    const heard: string[] = [];
    const v1 = await session(mcpOf(alone.url), heard, "v1");
    try {
      const refused = await load(alone.url, "upper-again");
      expect([refused.status, refused.body.message]).toEqual([
        409,
        'Duplicate tool name "text_upper": every tool in a list needs its own name',
      ]);
      expect((await v1.listTools()).tools.map((tool) => tool.name)).toEqual(["text_upper", "text_reverse"]);
      expect(heard).toEqual([]);
    } finally {
      await v1.close();
    }
  });

  it("a tools module whose `tools` is neither an array nor a list stops the server at start-up, saying so", async () => {
    const outcome = await startApp(APP, { NUXT_LISTS_EXPORT_BROKEN: "1", NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: STATE_KEY }).then(
      (app) => {
        app.stop();
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(outcome).toContain(
      "Error: @agntn/tools/nuxt: ~~/server/agent/tools must export `tools` as an array of tools or a list made by createToolList\n",
    );
  });

  it("the load route wants the administrator's key", async () => {
    expect((await load(alone.url, "reverse", "wrong")).status).toBe(403);
  });

  it("prints no error line", () => {
    expect(alone.stderr()).toBe("");
  });
});

describe.skipIf(lacks("nginx", "redis-server"))("three instances behind nginx, sharing a Redis bus", () => {
  let redis: StartedRedis;
  let instances: StartedApp[] = [];
  let balancer: Balancer;

  beforeAll(async () => {
    redis = await startRedis();
    const env = { NUXT_LISTS_ADMIN_KEY: ADMIN_KEY, NUXT_LISTS_REDIS_URL: redis.url, NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: STATE_KEY };
    instances = await Promise.all([startApp(APP, env), startApp(APP, env), startApp(APP, env)]);
    balancer = await startBalancer(
      instances.map((app) => app.url),
      "round-robin",
    );
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const app of instances) app?.stop();
    redis?.stop();
  });

  it("runs on Debian's Redis", () => {
    expect(redisVersion()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("a plugin loaded through one instance is heard once by sessions on the others and by a listen stream through nginx", async () => {
    const [first, second, third] = instances as [StartedApp, StartedApp, StartedApp];
    const heard: string[] = [];
    const onSecond = await session(mcpOf(second.url), heard, "session on the second");
    const onThird = await session(mcpOf(third.url), heard, "session on the third");
    const { client: modern, listen } = await listener(mcpOf(balancer.url), heard, "listen through nginx");
    try {
      expect((await onSecond.listTools()).tools.map((tool) => tool.name)).toEqual(["text_upper"]);
      expect(await load(first.url, "reverse")).toEqual({ status: 200, body: { tools: ["text_upper", "text_reverse"] } });
      await expect.poll(() => [...heard].sort()).toEqual(["listen through nginx", "session on the second", "session on the third"]);
      // Each instance announces its own change once: no echo from the others arrives after a pause.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heard).toHaveLength(3);
      expect((await onSecond.listTools()).tools.map((tool) => tool.name)).toEqual(["text_upper", "text_reverse"]);
      expect(textOf(await onThird.callTool({ name: "text_reverse", arguments: { text: "redis" } }))).toEqual(["sider", MIDDLEWARE_LINE]);
      expect(textOf(await modern.callTool({ name: "text_reverse", arguments: { text: "nginx" } }))).toEqual(["xnign", MIDDLEWARE_LINE]);
    } finally {
      await listen.close();
      await Promise.all([onSecond.close(), onThird.close(), modern.close()]);
    }
  });

  it("every instance serves the same list: three 2026 listings through round robin, one per instance", async () => {
    const hops: Hop[] = [];
    const client = await modernClient(mcpOf(balancer.url), { hops });
    try {
      hops.length = 0;
      const listings: string[][] = [];
      for (let round = 0; round < 3; round++) listings.push((await client.listTools()).tools.map((tool) => tool.name));
      expect(hops.map((hop) => hop.method)).toEqual(["tools/list", "tools/list", "tools/list"]);
      expect(new Set(hops.map((hop) => hop.upstream)).size).toBe(3);
      expect(listings).toEqual([
        ["text_upper", "text_reverse"],
        ["text_upper", "text_reverse"],
        ["text_upper", "text_reverse"],
      ]);
    } finally {
      await client.close();
    }
  });

  it("prints no error line on any instance", () => {
    for (const app of instances) expect(app.stderr()).toBe("");
  });
});

describe("with tokens: agntnTools.auth.hideOutOfScope", () => {
  let as: AuthorizationServer;
  let guarded: StartedApp;
  let audience: string;

  beforeAll(async () => {
    as = await startAuthorizationServer();
    const port = await freePort();
    audience = `http://127.0.0.1:${port}/mcp`;
    guarded = await startApp(APP, {
      PORT: String(port),
      NUXT_LISTS_ADMIN_KEY: ADMIN_KEY,
      NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: STATE_KEY,
      NUXT_AGNTN_TOOLS_AUTH_ISSUER: as.issuer,
      NUXT_AGNTN_TOOLS_AUTH_AUDIENCE: audience,
    });
  }, 120_000);

  afterAll(async () => {
    guarded?.stop();
    await as?.close();
  });

  async function listedFor(scope: string): Promise<string[]> {
    const token = await as.token({ client: "alice", scope, resource: audience });
    const client = new Client({ name: "lists-scoped", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(audience), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    try {
      return (await client.listTools()).tools.map((tool) => tool.name);
    } finally {
      await client.close();
    }
  }

  it("a token with the read scope alone is not listed the write tool a plugin added; one with both is", async () => {
    expect(await load(guarded.url, "store")).toEqual({ status: 200, body: { tools: ["text_upper", "text_store"] } });
    expect(await listedFor("tools:read")).toEqual(["text_upper"]);
    expect(await listedFor("tools:read tools:write")).toEqual(["text_upper", "text_store"]);
  });
});
