/**
 * The official MCP conformance suite (`conformance server`) against the
 * suite's tools written with defineTool (fixtures/nuxt-conformance-tools.ts)
 * and its resources, resource template and prompts written with
 * defineResource and definePrompt (fixtures/conformance-catalog.ts), served
 * two ways: on a built Nuxt app's /mcp route through @agntn/tools/nuxt
 * (`agntnTools.resources` and `agntnTools.prompts`), and by
 * createMcpHttpHandler on a loopback port. The route is that same handler, so
 * both runs must end with exit code 0 against one baseline of expected
 * failures: scenarios needing a feature the library does not have, each with
 * its reason in the YAML file. A scenario that starts passing while still
 * listed fails the run too, so the baseline cannot go stale. The route's
 * own answers follow, on both revisions, and the app's `agntnTools.cacheHints`
 * as its 2026-07-28 lists carry them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createMcpHttpHandler, type McpHttpHandler } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CreateMessageRequestSchema as CreateMessageRequestSchemaV1,
  LoggingMessageNotificationSchema as LoggingMessageNotificationSchemaV1,
  ResourceUpdatedNotificationSchema as ResourceUpdatedNotificationSchemaV1,
} from "@modelcontextprotocol/sdk/types.js";
import { localhostAllowedHostnames } from "@modelcontextprotocol/server";
import { type Server, serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prompts, resources } from "./fixtures/conformance-catalog.ts";
import { tools } from "./fixtures/nuxt-conformance-tools.ts";
import { buildApp, root, runNode, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";

const CONFORMANCE = join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const APP = join(root, "test/fixtures/nuxt-conformance");
const BASELINE = join(root, "test/fixtures/conformance-expected.yml");

let app: StartedApp | undefined;
let handler: McpHttpHandler | undefined;
let server: Server | undefined;
const urls = new Map<string, URL>();

beforeAll(async () => {
  await buildApp(APP);
  app = await startApp(APP);
  urls.set("route", new URL("/mcp", app.url));
  handler = createMcpHttpHandler({ name: "agntn-conformance", version: "1.0.0" }, tools, {
    allowedHosts: localhostAllowedHostnames(),
    resources,
    prompts,
  });
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

/** The scenario names the baseline lists, read from its `server:` list. */
function listed(): string[] {
  return [...readFileSync(BASELINE, "utf8").matchAll(/^ {2}- ([a-z0-9-]+)/gm)].map((match) => match[1]!);
}

/**
 * Scenarios that must pass on every server this library builds: every tools-*,
 * elicitation-* and logging one, initialize, ping, DNS rebinding, and every
 * resources-*, prompts-* and completion one but the subscriptions.
 */
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
  "resources-list",
  "resources-read-text",
  "resources-read-binary",
  "resources-templates-read",
  "resources-subscribe",
  "resources-unsubscribe",
  "prompts-list",
  "prompts-get-simple",
  "prompts-get-with-args",
  "prompts-get-embedded-resource",
  "prompts-get-with-image",
  "completion-complete",
];

describe.each([
  { target: "the Nuxt app's /mcp route (@agntn/tools/nuxt)", name: "route" },
  { target: "createMcpHttpHandler (SDK v2)", name: "sdk" },
])("conformance suite against $target", ({ name }) => {
  it("lists none of the scenarios that must pass as expected failures", () => {
    const expected = listed();
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.filter((scenario) => MUST_PASS.includes(scenario))).toEqual([]);
  });

  it("passes every scenario but the expected failures, and none of those", async () => {
    const url = urls.get(name)!;
    expect(url.hostname).toBe("127.0.0.1");
    const result = await runNode([CONFORMANCE, "server", "--url", url.href, "--suite", "all", "--expected-failures", BASELINE]);
    expect(result.code, result.output.slice(-6000)).toBe(0);
    for (const scenario of MUST_PASS) expect(result.output).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
  }, 240_000);
});

const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const MIXED = [
  { type: "text", text: "Multiple content types test:" },
  { type: "image", data: PIXEL, mimeType: "image/png" },
  {
    type: "resource",
    resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: '{"test":"data","value":123}' },
  },
];

/** A client of either SDK, declaring sampling and answering it with a fixed reply. */
async function samplingClient(kind: "v1" | "v2-2026", url: URL) {
  const reply = { role: "assistant", content: { type: "text", text: "forty-two" }, model: "route-model" };
  if (kind === "v1") {
    const client = new ClientV1({ name: "route-v1", version: "1.0.0" }, { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchemaV1, async () => reply as never);
    await client.connect(new TransportV1(url));
    return client as unknown as Client;
  }
  const client = new Client(
    { name: "route-v2", version: "1.0.0" },
    { capabilities: { sampling: {} }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  client.setRequestHandler("sampling/createMessage", async () => reply as never);
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

describe.each([
  { kind: "v1" as const, label: "an SDK v1 client on 2025-11-25 (a session)" },
  { kind: "v2-2026" as const, label: "an SDK v2 client on 2026-07-28 (stateless)" },
])("the Nuxt route's own answers to $label", ({ kind }) => {
  it("mixed content comes back block for block", async () => {
    const client = await samplingClient(kind, urls.get("route")!);
    const result = await client.callTool({ name: "test_multiple_content_types", arguments: {} });
    expect(result.content).toEqual(MIXED);
    await client.close();
  });

  it("log messages follow the client's level", async () => {
    const client = await samplingClient(kind, urls.get("route")!);
    const seen: unknown[] = [];
    client.setNotificationHandler(
      kind === "v1" ? (LoggingMessageNotificationSchemaV1 as never) : ("notifications/message" as never),
      ((notification: { params: unknown }) => {
        seen.push(notification.params);
      }) as never,
    );
    if (kind === "v1") await client.setLoggingLevel("warning");
    const quiet = kind === "v1" ? {} : { _meta: { "io.modelcontextprotocol/logLevel": "warning" } };
    await client.callTool({ name: "test_tool_with_logging", arguments: {}, ...quiet });
    expect(seen).toEqual([]);
    if (kind === "v1") await client.setLoggingLevel("info");
    const loud = kind === "v1" ? {} : { _meta: { "io.modelcontextprotocol/logLevel": "info" } };
    await client.callTool({ name: "test_tool_with_logging", arguments: {}, ...loud });
    const line = (data: string) => ({ level: "info", logger: "test_tool_with_logging", data });
    expect(seen).toEqual([line("Tool execution started"), line("Tool processing data"), line("Tool execution completed")]);
    await client.close();
  });

  it("sampling asks the client's model and the tool answers with its reply", async () => {
    const client = await samplingClient(kind, urls.get("route")!);
    const result = await client.callTool({ name: "test_sampling", arguments: { prompt: "The answer?" } });
    expect(result.content).toEqual([{ type: "text", text: "LLM response: forty-two" }]);
    await client.close();
  });
});

describe("agntnTools.cacheHints on the route", () => {
  it("gives a 2026-07-28 prompts/list the app's hint and every other list the safe default", async () => {
    const client = new Client({ name: "route-hints", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StreamableHTTPClientTransport(urls.get("route")!));
    const hints = (result: object) => {
      const { ttlMs, cacheScope } = result as { ttlMs?: unknown; cacheScope?: unknown };
      return { ttlMs, cacheScope };
    };
    expect(hints(await client.listPrompts())).toEqual({ ttlMs: 60000, cacheScope: "public" });
    expect(hints(await client.listResources())).toEqual({ ttlMs: 0, cacheScope: "private" });
    expect(hints(await client.listTools())).toEqual({ ttlMs: 0, cacheScope: "private" });
    await client.close();
  });

  it("leaves 2025-11-25 answers without hints", async () => {
    const client = new ClientV1({ name: "route-hints", version: "1.0.0" });
    await client.connect(new TransportV1(urls.get("route")!));
    const listed = (await client.listPrompts()) as Record<string, unknown>;
    expect([listed.ttlMs, listed.cacheScope]).toEqual([undefined, undefined]);
    await client.close();
  });
});

describe("resource updates on the route", () => {
  it("reaches a 2025-11-25 session that subscribed and a 2026-07-28 listen when the app calls notifyMcpResourceUpdated", async () => {
    const url = urls.get("route")!;
    const heard: string[] = [];
    const v1 = new ClientV1({ name: "route-follow-v1", version: "1.0.0" });
    const v2 = new Client({ name: "route-follow-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    try {
      await v1.connect(new TransportV1(url));
      await v2.connect(new StreamableHTTPClientTransport(url));
      v1.setNotificationHandler(ResourceUpdatedNotificationSchemaV1, (n) => {
        heard.push(`v1 ${n.params.uri}`);
      });
      v2.setNotificationHandler("notifications/resources/updated", (n) => {
        heard.push(`v2 ${n.params.uri}`);
      });
      expect(await v1.subscribeResource({ uri: "test://watched-resource" })).toEqual({});
      const listen = await v2.listen({ resourceSubscriptions: ["test://watched-resource"] });
      expect(listen.honoredFilter).toEqual({ resourceSubscriptions: ["test://watched-resource"] });
      const touched = await fetch(new URL("/touch", url), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ uri: "test://watched-resource" }),
      });
      expect(await touched.json()).toEqual({ announced: "test://watched-resource" });
      await expect.poll(() => heard.length).toBe(2);
      expect(heard.sort()).toEqual(["v1 test://watched-resource", "v2 test://watched-resource"]);
      await listen.close();
    } finally {
      await Promise.allSettled([v1.close(), v2.close()]);
    }
  });
});
