/**
 * Resource subscriptions on every MCP face: a real SDK v2 client follows a
 * resource (`resources/subscribe` on 2025-11-25, `subscriptions/listen` on
 * 2026-07-28) over an in-memory pair and over Streamable HTTP on loopback,
 * and hears `notifications/resources/updated` when the server announces a
 * change; it hears nothing for what it does not follow or after it stops.
 * Refusals (an unknown URI, too many, a URI too long, a bad bus, a token
 * without the read scope) are literals.
 */
import { defineResource, ToolDefinitionError } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { InMemoryServerEventBus } from "@modelcontextprotocol/server";
import { serve } from "srvx";
import { afterEach, describe, expect, it } from "vitest";
import { failure } from "./helpers/json-rpc-failure.ts";
import { type Connected, connect, MODES } from "./helpers/mcp-clients.ts";

const INFO = { name: "notes", version: "1.0.0" };

const today = defineResource({ name: "Today", uri: "notes://today", mimeType: "text/plain", read: () => "milk" });
const yesterday = defineResource({ name: "Yesterday", uri: "notes://yesterday", read: () => "eggs" });
const byDay = defineResource({ name: "Day", uriTemplate: "notes://days/{day}", read: ({ day }) => `notes of ${day}` });
const resources = [today, yesterday, byDay];

/** A short pause, for what must not arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

const open: Connected[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((one) => one.close()));
});

describe.each(MODES)("following resources, %s", (mode) => {
  const modern = mode.endsWith("2026");

  async function following(bus: InMemoryServerEventBus, uris: string[]) {
    const connected = await connect(mode, INFO, [], { server: { resources, bus } });
    open.push(connected);
    const heard: string[] = [];
    connected.client.setNotificationHandler("notifications/resources/updated", (notification) => {
      heard.push(notification.params.uri);
    });
    let stop: () => Promise<void>;
    if (modern) {
      const subscription = await connected.client.listen({ resourceSubscriptions: uris });
      expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: uris });
      stop = () => subscription.close();
    } else {
      for (const uri of uris) expect(await connected.client.subscribeResource({ uri })).toEqual({});
      stop = async () => {
        for (const uri of uris) await connected.client.unsubscribeResource({ uri });
      };
    }
    return { connected, heard, stop };
  }

  it("declares resources.subscribe", async () => {
    const connected = await connect(mode, INFO, [], { server: { resources, bus: new InMemoryServerEventBus() } });
    open.push(connected);
    expect(connected.client.getServerCapabilities()?.resources).toEqual({ subscribe: true });
  });

  it("hears an update of what it follows, a fixed resource and a template's match, and nothing else", async () => {
    const bus = new InMemoryServerEventBus();
    const { heard } = await following(bus, ["notes://today", "notes://days/monday"]);
    bus.publish({ kind: "resource_updated", uri: "notes://yesterday" });
    bus.publish({ kind: "resource_updated", uri: "notes://today" });
    bus.publish({ kind: "resource_updated", uri: "notes://days/monday" });
    bus.publish({ kind: "resource_updated", uri: "notes://days/tuesday" });
    await expect.poll(() => heard.length).toBe(2);
    await settle();
    expect(heard).toEqual(["notes://today", "notes://days/monday"]);
  });

  it("hears nothing once it stops following", async () => {
    const bus = new InMemoryServerEventBus();
    const { heard, stop } = await following(bus, ["notes://today"]);
    await stop();
    await settle();
    bus.publish({ kind: "resource_updated", uri: "notes://today" });
    await settle();
    expect(heard).toEqual([]);
  });
});

describe.each(["memory-2025", "http-2025"] as const)("resources/subscribe refusals, %s", (mode) => {
  async function client() {
    const connected = await connect(mode, INFO, [], { server: { resources, bus: new InMemoryServerEventBus() } });
    open.push(connected);
    return connected.client;
  }

  it("refuses a URI the server does not serve, in one line", async () => {
    expect(await failure((await client()).subscribeResource({ uri: "notes://nope\u001b[31m\nforged" }))).toEqual({
      code: -32602,
      message: 'Resource not found: "notes://nope\\u001b[31m\\nforged"',
    });
  });

  it("refuses a URI longer than 2048 characters", async () => {
    const uri = `notes://days/${"x".repeat(2040)}`;
    expect(await failure((await client()).subscribeResource({ uri }))).toEqual({
      code: -32602,
      message: "A URI to follow is at most 2048 characters",
    });
  });

  it("follows at most 1000 URIs on one session; following one twice counts once, unsubscribing frees a place", async () => {
    const c = await client();
    for (let day = 0; day < 1000; day++) await c.subscribeResource({ uri: `notes://days/${day}` });
    expect(await c.subscribeResource({ uri: "notes://days/0" })).toEqual({});
    expect(await failure(c.subscribeResource({ uri: "notes://today" }))).toEqual({
      code: -32602,
      message: "This session already follows 1000 resources; unsubscribe from one first",
    });
    expect(await c.unsubscribeResource({ uri: "notes://days/0" })).toEqual({});
    expect(await c.subscribeResource({ uri: "notes://today" })).toEqual({});
  }, 60_000);

  it("answers unsubscribing from a URI it never followed with an empty result", async () => {
    expect(await (await client()).unsubscribeResource({ uri: "notes://yesterday" })).toEqual({});
  });
});

describe("createMcpHttpHandler's notify", () => {
  async function served(options: Parameters<typeof createMcpHttpHandler>[2]) {
    const handler = createMcpHttpHandler(INFO, [], options);
    const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
    await server.ready();
    const url = new URL("/mcp", server.url);
    return {
      handler,
      url,
      close: async () => {
        await handler.close();
        await server.close(true);
      },
    };
  }

  it("reaches a 2025 session (SDK v1 client) and a 2026 listen (SDK v2 client) alike, and only their sessions", async () => {
    const one = await served({ resources });
    const v1 = new ClientV1({ name: "v1", version: "1.0.0" });
    const bystander = new ClientV1({ name: "bystander", version: "1.0.0" });
    const v2 = new Client({ name: "v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } } as never);
    const heard: string[] = [];
    const bystanderHeard: string[] = [];
    try {
      await v1.connect(new HttpV1(one.url));
      await bystander.connect(new HttpV1(one.url));
      await v2.connect(new StreamableHTTPClientTransport(one.url));
      v1.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        heard.push(`v1 ${n.params.uri}`);
      });
      bystander.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        bystanderHeard.push(n.params.uri);
      });
      v2.setNotificationHandler("notifications/resources/updated", (n) => {
        heard.push(`v2 ${n.params.uri}`);
      });
      await v1.subscribeResource({ uri: "notes://today" });
      const listen = await v2.listen({ resourceSubscriptions: ["notes://today"] });
      one.handler.notify.resourceUpdated("notes://today");
      await expect.poll(() => heard.length).toBe(2);
      await settle();
      expect(heard.sort()).toEqual(["v1 notes://today", "v2 notes://today"]);
      expect(bystanderHeard).toEqual([]);
      await listen.close();
    } finally {
      await Promise.allSettled([v1.close(), bystander.close(), v2.close()]);
      await one.close();
    }
  });

  it("crosses instances through one bus: what one announces, the other's clients hear", async () => {
    const bus = new InMemoryServerEventBus();
    const [a, b] = await Promise.all([served({ resources, bus }), served({ resources, bus })]);
    const client = new ClientV1({ name: "v1", version: "1.0.0" });
    const heard: string[] = [];
    try {
      await client.connect(new HttpV1(b.url));
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        heard.push(n.params.uri);
      });
      await client.subscribeResource({ uri: "notes://days/friday" });
      a.handler.notify.resourceUpdated("notes://days/friday");
      await expect.poll(() => heard.length).toBe(1);
      expect(heard).toEqual(["notes://days/friday"]);
    } finally {
      await client.close();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("stops a session's following when the session closes: the bus keeps no listener for it", async () => {
    const bus = new InMemoryServerEventBus();
    const one = await served({ resources, bus });
    const client = new ClientV1({ name: "v1", version: "1.0.0" });
    const transport = new HttpV1(one.url);
    await client.connect(transport);
    await client.subscribeResource({ uri: "notes://today" });
    expect(bus.listenerCount).toBe(1);
    await transport.terminateSession();
    await client.close();
    await expect.poll(() => bus.listenerCount).toBe(0);
    await one.close();
  });

  it("refuses a URI that is not a string, and a bus without publish and subscribe", () => {
    const handler = createMcpHttpHandler(INFO, [], { resources });
    expect(() => handler.notify.resourceUpdated(42 as never)).toThrow(
      new TypeError("createMcpHttpHandler: resourceUpdated needs a URI string"),
    );
    expect(() => createMcpHttpHandler(INFO, [], { resources, bus: { publish() {} } as never })).toThrow(
      new ToolDefinitionError(
        "createMcpHttpHandler: bus must have publish(event) and subscribe(listener), like the SDK's InMemoryServerEventBus",
      ),
    );
    expect(() => createMcpServer(INFO, [], { resources, bus: {} as never })).toThrow(
      new ToolDefinitionError(
        "createMcpServer: bus must have publish(event) and subscribe(listener), like the SDK's InMemoryServerEventBus",
      ),
    );
    // An option that can never work is a ToolDefinitionError, as every option check is; a bad argument at run time a TypeError.
    expect(() => createMcpServer(INFO, [], { resources, bus: {} as never })).toThrow(ToolDefinitionError);
    expect(() => handler.notify.resourceUpdated(42 as never)).toThrow(TypeError);
  });

  it("does not offer subscriptions to 2025 clients without sessions (sessions: false): nothing could reach them", async () => {
    const one = await served({ resources, sessions: false });
    const client = new ClientV1({ name: "v1", version: "1.0.0" });
    try {
      await client.connect(new HttpV1(one.url));
      expect(client.getServerCapabilities()?.resources).toEqual({});
    } finally {
      await client.close();
      await one.close();
    }
  });
});
