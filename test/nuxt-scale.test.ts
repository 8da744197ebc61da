/**
 * The Nuxt module's route scaled out, on real parts: three instances of the
 * built playground (one shared state key) behind a real nginx.
 * - 2026-07-28 behind round robin: the shared many-instance suite (listing,
 *   1,000 calls, progress, a question flow over several instances, states
 *   made on one instance read on another, and every bad state refused).
 * - 2025-11-25 behind round robin: the session lives on one instance, so the
 *   next request elsewhere gets 404 "Session not found" (the documented
 *   outcome: the client must start a new session).
 * - 2025-11-25 behind session affinity: everything works, questions included.
 */
import { join } from "node:path";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools as demoTools } from "../playground/server/tools.ts";
import { type Balancer, startBalancer } from "./fixtures/nginx.ts";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { lacks } from "./helpers/lacks.ts";
import { answerOf, modernScaleSuite } from "./helpers/many-instances.ts";

const PLAYGROUND = join(root, "playground");
const KEY = "a-shared-request-state-key-for-every-instance-01";
const OTHER_KEY = "a-different-key-that-no-other-instance-holds-0002";
const info = { name: "agntn-playground", version: "0.1.0" };

let instances: StartedApp[] = [];
let stranger: StartedApp;
let roundRobin: Balancer;
let affinity: Balancer;

const mcpOf = (base: URL) => new URL("/mcp", base);

beforeAll(async () => {
  await buildApp(PLAYGROUND);
  const env = { NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: KEY };
  [stranger, ...instances] = await Promise.all([
    startApp(PLAYGROUND, { NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: OTHER_KEY }),
    startApp(PLAYGROUND, env),
    startApp(PLAYGROUND, env),
    startApp(PLAYGROUND, env),
  ]);
  const upstreams = instances.map((app) => app.url);
  [roundRobin, affinity] = await Promise.all([startBalancer(upstreams, "round-robin"), startBalancer(upstreams, "session-affinity")]);
}, 600_000);

afterAll(async () => {
  await Promise.all([roundRobin?.stop(), affinity?.stop()]);
  for (const app of [...instances, stranger]) app?.stop();
});

modernScaleSuite(
  "the Nuxt module's route",
  () => ({
    balancer: mcpOf(roundRobin.url),
    instances: instances.map((app) => mcpOf(app.url)),
    stranger: mcpOf(stranger.url),
    key: KEY,
    info,
    tools: demoTools,
  }),
  1000,
);

describe.skipIf(lacks("nginx"))("the Nuxt module's route: MCP 2025-11-25 on many instances", () => {
  it("signed states need no warning: an instance with a key prints none", () => {
    for (const app of instances) expect(app.stderr()).not.toContain("NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY");
  });

  async function post(url: URL, body: unknown, session?: string): Promise<{ status: number; text: string; session: string | null }> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
    };
    if (session) headers["mcp-session-id"] = session;
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    return { status: response.status, text: await response.text(), session: response.headers.get("mcp-session-id") };
  }

  it("without affinity: the session stays on the instance that made it, elsewhere the answer is 404 Session not found", async () => {
    const url = mcpOf(roundRobin.url);
    const opened = await post(url, {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    expect(opened.status).toBe(200);
    expect(opened.session).toMatch(/^[0-9a-f-]{36}$/);
    const answers = [];
    for (let id = 1; id <= 3; id++) answers.push(await post(url, { jsonrpc: "2.0", id, method: "tools/list" }, opened.session ?? ""));
    // Round robin over three instances: of the three requests, exactly one reaches the session's own instance.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
    for (const refused of answers.filter((a) => a.status === 404)) {
      expect(JSON.parse(refused.text)).toEqual({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null });
    }
  });

  it("with session affinity: an SDK v1 client lists, calls, sees progress and answers two questions", async () => {
    const client = new ClientV1({ name: "affinity", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    const replies = [
      { action: "accept", content: { separator: "-" } },
      { action: "accept", content: { apply: true } },
    ];
    const forms: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      forms.push(String(request.params.message));
      return (replies.shift() ?? { action: "cancel" }) as never;
    });
    await client.connect(new TransportV1(mcpOf(affinity.url)));
    expect(client.getServerVersion()).toEqual(info);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(demoTools.map((tool) => tool.name));
    for (let i = 0; i < 20; i++) {
      expect(answerOf(await client.callTool({ name: "text_slug", arguments: { text: `Sticky ${i}` } }))).toEqual({
        content: [{ type: "text", text: `sticky-${i}` }],
      });
    }
    const progress: unknown[] = [];
    const counted = await client.callTool({ name: "text_count", arguments: { text: "a\nb" } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(answerOf(counted)).toEqual({ content: [{ type: "text", text: "2 words" }] });
    expect(progress).toEqual([
      { progress: 1, total: 2, message: "counted 1 of 2 lines" },
      { progress: 2, total: 2, message: "counted 2 of 2 lines" },
    ]);
    const renamed = await client.callTool({ name: "files_rename", arguments: { names: ["A b.txt"] } });
    expect(answerOf(renamed)).toEqual({ content: [{ type: "text", text: "Renamed:\nA b.txt -> a-b-txt" }] });
    expect(forms).toEqual(["How should 1 file name(s) be written?", "Apply these renames?\nA b.txt -> a-b-txt"]);
    await client.close();
  });
});
