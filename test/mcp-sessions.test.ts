/**
 * 2025 sessions bounded in number and time: the table on a hand-driven clock,
 * then a flood of `initialize` against a real handler on loopback.
 */
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { serve } from "srvx";
import { describe, expect, it } from "vitest";
import { tools as demoTools } from "../playground/server/tools.ts";
import { NEW_SESSION_MS, SessionTable } from "../src/mcp/sessions.ts";

class Fake {
  closed = 0;
  async close(): Promise<void> {
    this.closed++;
  }
}

function table(max: number, idleMs = 60_000) {
  const clock = { now: 0 };
  const sessions = new SessionTable<Fake>(
    max,
    idleMs,
    () => {},
    () => clock.now,
  );
  return { sessions, clock };
}

describe("SessionTable", () => {
  it("ends a session that made no request after initialize once it is 30 seconds old", () => {
    const { sessions, clock } = table(10);
    const a = new Fake();
    sessions.add("a", a);
    clock.now = NEW_SESSION_MS;
    expect(sessions.use("a")).toBe(a);
    const b = new Fake();
    sessions.add("b", b);
    clock.now += NEW_SESSION_MS + 1;
    expect(sessions.use("b")).toBeUndefined();
    expect(b.closed).toBe(1);
    // "a" made a request: it lives for the idle time.
    expect(sessions.use("a")).toBe(a);
  });

  it("ends a used session idle longer than the idle time, and keeps one in use", () => {
    const { sessions, clock } = table(10, 1000);
    const [a, b] = [new Fake(), new Fake()];
    sessions.add("a", a);
    sessions.add("b", b);
    sessions.use("a");
    sessions.use("b");
    clock.now = 900;
    sessions.use("b");
    clock.now = 1500;
    expect(sessions.use("a")).toBeUndefined();
    expect(a.closed).toBe(1);
    expect(sessions.use("b")).toBe(b);
    expect(sessions.size).toBe(1);
  });

  it("at the cap, lets the new session in by ending the oldest unused one first, then the least recently used", () => {
    const { sessions } = table(3);
    const [a, b, c, d, e] = [new Fake(), new Fake(), new Fake(), new Fake(), new Fake()];
    sessions.add("a", a);
    sessions.use("a");
    sessions.add("b", b);
    sessions.use("b");
    sessions.add("c", c);
    sessions.add("d", d); // c never made a request: it goes first
    expect(c.closed).toBe(1);
    sessions.use("d");
    sessions.use("a");
    sessions.add("e", e); // all used: b is the least recently used
    expect(b.closed).toBe(1);
    expect([sessions.use("a"), sessions.use("b"), sessions.use("d"), sessions.use("e")]).toEqual([a, undefined, d, e]);
    expect(sessions.size).toBe(3);
  });

  it("forgets a session that ended on its own, and closes every one on closeAll", async () => {
    const { sessions } = table(3);
    const [a, b] = [new Fake(), new Fake()];
    sessions.add("a", a);
    sessions.add("b", b);
    sessions.forget("a");
    expect(sessions.use("a")).toBeUndefined();
    await sessions.closeAll();
    expect([a.closed, b.closed, sessions.size]).toEqual([0, 1, 0]);
  });
});

describe("a flood of initialize on createMcpHttpHandler", () => {
  it("stays within maxSessions and never locks out a working client or a new one", async () => {
    const handler = createMcpHttpHandler({ name: "flood", version: "1.0.0" }, demoTools, { maxSessions: 50 });
    const server = serve({ hostname: "127.0.0.1", port: 0, silent: true, fetch: (request) => handler.fetch(request) });
    await server.ready();
    const url = new URL("/mcp", server.url);
    const working = new Client({ name: "working", version: "1.0.0" });
    await working.connect(new StreamableHTTPClientTransport(url));
    await working.callTool({ name: "text_slug", arguments: { text: "Before" } });

    const init = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "flood", version: "1" } },
    });
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
            body: init,
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        await answer.text();
      }
    }
    expect(handler.sessions).toBe(50);
    // The working client kept its session: the flood pushed out its own sessions first.
    expect(await working.callTool({ name: "text_slug", arguments: { text: "After Flood" } })).toEqual({
      content: [{ type: "text", text: "after-flood" }],
    });
    const late = new Client({ name: "late", version: "1.0.0" });
    await late.connect(new StreamableHTTPClientTransport(url));
    expect(await late.callTool({ name: "text_slug", arguments: { text: "Late" } })).toEqual({ content: [{ type: "text", text: "late" }] });
    expect(handler.sessions).toBe(50);
    await Promise.all([working.close(), late.close()]);
    await handler.close();
    await server.close(true);
  });

  it.each([
    [{ maxSessions: 0 }, "maxSessions must be a whole number above 0"],
    [{ maxSessions: 1.5 }, "maxSessions must be a whole number above 0"],
    [{ sessionIdleMs: -1 }, "sessionIdleMs must be a whole number above 0"],
  ])("refuses %j", (options, message) => {
    expect(() => createMcpHttpHandler({ name: "x", version: "1" }, demoTools, options)).toThrow(message);
  });
});
