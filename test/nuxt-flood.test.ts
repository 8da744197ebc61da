/**
 * The module's route under a flood of 2025 `initialize` requests: the
 * toolkit keeps at most 1000 sessions and refuses every new client with 503
 * once full, for the 30 minutes a session may idle. The module's session
 * guard ends the sessions that never made a request, so the route stays open.
 */
import { join } from "node:path";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, root, rssKiB, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";

const PLAYGROUND = join(root, "playground");
let app: StartedApp;

beforeAll(async () => {
  await buildApp(PLAYGROUND);
  app = await startApp(PLAYGROUND);
}, 600_000);

afterAll(() => app?.stop());

const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "flood", version: "1" } },
});

describe("a flood of 1,200 initialize on the module's route", () => {
  it("never locks out a new client, and a working client keeps its session", async () => {
    const url = new URL("/mcp", app.url);
    const working = new ClientV1({ name: "working", version: "1.0.0" });
    await working.connect(new TransportV1(url));
    await working.callTool({ name: "text_slug", arguments: { text: "Before" } });
    const before = rssKiB(app.process.pid);
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 60; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
            body: INIT,
          }),
        ),
      );
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        await answer.text();
      }
    }
    console.log(
      `flood: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(", ")}; RSS ${before} → ${rssKiB(app.process.pid)} KiB`,
    );
    expect([...statuses]).toEqual([[200, 1200]]);
    expect(await working.callTool({ name: "text_slug", arguments: { text: "After Flood" } })).toEqual({
      content: [{ type: "text", text: "after-flood" }],
    });
    const late = new ClientV1({ name: "late", version: "1.0.0" });
    await late.connect(new TransportV1(url));
    expect(await late.callTool({ name: "text_slug", arguments: { text: "Late" } })).toEqual({ content: [{ type: "text", text: "late" }] });
    await Promise.all([working.close(), late.close()]);
  }, 120_000);
});
