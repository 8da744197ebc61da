/**
 * 2025 sessions: owned by the caller that opened them, bounded in number and
 * time. The table on a hand-driven clock, then a flood of `initialize` against
 * a real handler on loopback (the flood with tokens, per caller, is in
 * test/request-path.test.ts).
 */
import { ToolDefinitionError } from "@agntn/tools";
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { serve } from "srvx";
import { describe, expect, it } from "vitest";
import { NEW_SESSION_MS, SessionTable } from "../src/mcp/sessions.ts";
import { tools as demoTools } from "./fixtures/demo-tools.ts";

class Fake {
  closed = 0;
  async close(): Promise<void> {
    this.closed++;
  }
}

/** Sessions without authorization all belong to the anonymous caller, "". */
const ANON = "";

function table(max: number, idleMs = 60_000, perCaller = max) {
  const clock = { now: 0 };
  const sessions = new SessionTable<Fake>(
    { max, perCaller, idleMs },
    () => {},
    () => clock.now,
  );
  return { sessions, clock };
}

describe("SessionTable", () => {
  it("ends a session that made no request after initialize once it is 30 seconds old", () => {
    const { sessions, clock } = table(10);
    const a = new Fake();
    sessions.add("a", a, ANON);
    clock.now = NEW_SESSION_MS;
    expect(sessions.use("a", ANON)).toBe(a);
    const b = new Fake();
    sessions.add("b", b, ANON);
    clock.now += NEW_SESSION_MS + 1;
    expect(sessions.use("b", ANON)).toBeUndefined();
    expect(b.closed).toBe(1);
    // "a" made a request: it lives for the idle time.
    expect(sessions.use("a", ANON)).toBe(a);
  });

  it("ends a used session idle longer than the idle time, and keeps one in use", () => {
    const { sessions, clock } = table(10, 1000);
    const [a, b] = [new Fake(), new Fake()];
    sessions.add("a", a, ANON);
    sessions.add("b", b, ANON);
    sessions.use("a", ANON);
    sessions.use("b", ANON);
    clock.now = 900;
    sessions.use("b", ANON);
    clock.now = 1500;
    expect(sessions.use("a", ANON)).toBeUndefined();
    expect(a.closed).toBe(1);
    expect(sessions.use("b", ANON)).toBe(b);
    expect(sessions.size).toBe(1);
  });

  it("at the cap, lets the new session in by ending the oldest unused one first, then the least recently used", () => {
    const { sessions } = table(3);
    const [a, b, c, d, e] = [new Fake(), new Fake(), new Fake(), new Fake(), new Fake()];
    sessions.add("a", a, ANON);
    sessions.use("a", ANON);
    sessions.add("b", b, ANON);
    sessions.use("b", ANON);
    sessions.add("c", c, ANON);
    sessions.add("d", d, ANON); // c never made a request: it goes first
    expect(c.closed).toBe(1);
    sessions.use("d", ANON);
    sessions.use("a", ANON);
    sessions.add("e", e, ANON); // all used: b is the least recently used
    expect(b.closed).toBe(1);
    expect([sessions.use("a", ANON), sessions.use("b", ANON), sessions.use("d", ANON), sessions.use("e", ANON)]).toEqual([
      a,
      undefined,
      d,
      e,
    ]);
    expect(sessions.size).toBe(3);
  });

  it("answers a session only to the caller that opened it, and leaves it untouched for anyone else", () => {
    const { sessions, clock } = table(10, 1000);
    const a = new Fake();
    sessions.add("a", a, "alice");
    // Bob and an anonymous caller see no such session, and their tries do not keep it alive.
    expect(sessions.use("a", "bob")).toBeUndefined();
    expect(sessions.use("a", ANON)).toBeUndefined();
    expect(sessions.use("a", "alice")).toBe(a);
    clock.now = 900;
    expect(sessions.use("a", "bob")).toBeUndefined();
    clock.now = 1500;
    expect(sessions.use("a", "alice")).toBeUndefined();
    expect(a.closed).toBe(1);
  });

  it("records nothing for an id it did not open: a flood of made-up ids frees no one's session", () => {
    const { sessions } = table(3);
    const a = new Fake();
    sessions.add("a", a, "alice");
    sessions.use("a", "alice");
    for (let i = 0; i < 10_000; i++) expect(sessions.use(`made-up-${i}`, "mallory")).toBeUndefined();
    expect(sessions.size).toBe(1);
    expect(sessions.use("a", "alice")).toBe(a);
    expect(sessions.use("a", "mallory")).toBeUndefined();
  });

  it("keeps each caller within its own cap: a caller's next session takes the place of its own oldest", () => {
    const { sessions } = table(10, 60_000, 2);
    const [a1, a2, a3, b1] = [new Fake(), new Fake(), new Fake(), new Fake()];
    sessions.add("b1", b1, "bob");
    sessions.use("b1", "bob");
    sessions.add("a1", a1, "alice");
    sessions.use("a1", "alice");
    sessions.add("a2", a2, "alice");
    sessions.use("a2", "alice");
    sessions.add("a3", a3, "alice");
    expect([a1.closed, a2.closed, b1.closed]).toEqual([1, 0, 0]);
    expect(sessions.size).toBe(3);
  });

  it("at the total cap, ends a session of the caller holding the most, never one of another's", () => {
    const { sessions } = table(4, 60_000, 3);
    const alice = new Fake();
    sessions.add("alice", alice, "alice");
    sessions.use("alice", "alice");
    const flood = Array.from({ length: 50 }, () => new Fake());
    for (const [i, session] of flood.entries()) {
      // initialize + notifications/initialized, as a real client sends: each session has been used.
      sessions.add(`m${i}`, session, `mallory-${i % 2}`);
      sessions.use(`m${i}`, `mallory-${i % 2}`);
    }
    expect(alice.closed).toBe(0);
    expect(sessions.use("alice", "alice")).toBe(alice);
    expect(sessions.size).toBe(4);
  });

  it("forgets a session that ended on its own, and closes every one on closeAll", async () => {
    const { sessions } = table(3);
    const [a, b] = [new Fake(), new Fake()];
    sessions.add("a", a, ANON);
    sessions.add("b", b, ANON);
    sessions.forget("a");
    expect(sessions.use("a", ANON)).toBeUndefined();
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
    [{ maxSessions: 0 }, "createMcpHttpHandler: maxSessions must be a whole number above 0"],
    [{ maxSessions: 1.5 }, "createMcpHttpHandler: maxSessions must be a whole number above 0"],
    [{ sessionIdleMs: -1 }, "createMcpHttpHandler: sessionIdleMs must be a whole number above 0"],
    [{ maxSessionsPerCaller: 0 }, "createMcpHttpHandler: maxSessionsPerCaller must be a whole number above 0"],
  ])("refuses %j", (options, message) => {
    expect(() => createMcpHttpHandler({ name: "x", version: "1" }, demoTools, options)).toThrow(new ToolDefinitionError(message));
  });
});
