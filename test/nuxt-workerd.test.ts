/**
 * The Nuxt module's route on Cloudflare's runtime: the playground's tools in
 * an app built with Nitro's `cloudflare-module` preset, run by real workerd
 * (miniflare), two workers with one shared key behind nginx, plus one worker
 * holding another key.
 * - 2026-07-28: the shared many-instance suite.
 * - 2025-11-25: each request is answered on its own (no session can live in
 *   a worker): plain calls and progress work; a question cannot be asked, so
 *   the tool takes its "nobody to ask" path.
 */
import { join } from "node:path";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools as demoTools } from "../playground/server/tools.ts";
import { type Balancer, startBalancer } from "./fixtures/nginx.ts";
import { buildApp, buildLog, root } from "./fixtures/nuxt-server.ts";
import { startWorker, type Worker } from "./fixtures/workerd.ts";
import { lacks } from "./helpers/lacks.ts";
import { answerOf, modernScaleSuite } from "./helpers/many-instances.ts";

const APP = join(root, "test/fixtures/nuxt-workerd");
const KEY = "a-shared-request-state-key-for-every-worker-0001";
const info = { name: "agntn-workerd", version: "1.0.0" };

let workers: Worker[] = [];
let stranger: Worker;
let balancer: Balancer;

const mcpOf = (base: URL) => new URL("/mcp", base);

beforeAll(async () => {
  await buildApp(APP);
  const vars = { NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: KEY };
  [stranger, ...workers] = await Promise.all([
    startWorker(APP, { NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: "another-key-held-by-one-worker-only-000000003" }),
    startWorker(APP, vars),
    startWorker(APP, vars),
  ]);
  balancer = await startBalancer(
    workers.map((worker) => worker.url),
    "round-robin",
  );
}, 600_000);

afterAll(async () => {
  await balancer?.stop();
  await Promise.all([...workers, stranger].map((worker) => worker?.stop()));
});

modernScaleSuite(
  "the Nuxt module's route on workerd",
  () => ({
    balancer: mcpOf(balancer.url),
    instances: workers.map((worker) => mcpOf(worker.url)),
    stranger: mcpOf(stranger.url),
    key: KEY,
    info,
    tools: demoTools,
  }),
  1000,
);

describe.skipIf(lacks("nginx"))("the Nuxt module's route on workerd: MCP 2025-11-25", () => {
  it("was built with one line saying what 2025 clients get on this preset", () => {
    // consola's decoration (level tag, colours, the backticks of inline code) depends on the terminal: compare the words.
    const said = buildLog(APP)
      .split("\n")
      // The app has no server/mcp/ of its own, so the module's note on the toolkit's warning is there too: only the preset's line counts here.
      .filter((line) => line.includes("[@agntn/tools]") && line.includes("Preset"))
      .map((line) => line.replace(/\u001b\[[0-9;]*m/g, "").replace(/`/g, ""))
      .map((line) => line.slice(line.indexOf("Preset")));
    expect(said).toEqual([
      "Preset cloudflare-module may answer each request from another instance: 2025-11-25 clients are answered without sessions there (plain calls and progress; questions need 2026-07-28, which works on any instance).",
    ]);
  });

  async function connect(): Promise<{ client: ClientV1; forms: unknown[] }> {
    const client = new ClientV1({ name: "workerd-2025", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    const forms: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      forms.push(request.params);
      return { action: "cancel" } as never;
    });
    await client.connect(new TransportV1(mcpOf(balancer.url)));
    return { client, forms };
  }

  it("answers each request on its own: initialize, list and calls work on any worker, with no session id", async () => {
    const { client } = await connect();
    expect(client.getServerVersion()).toEqual(info);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(demoTools.map((tool) => tool.name));
    for (let i = 0; i < 10; i++) {
      expect(answerOf(await client.callTool({ name: "text_slug", arguments: { text: `Worker ${i}` } }))).toEqual({
        content: [{ type: "text", text: `worker-${i}` }],
      });
    }
    expect(answerOf(await client.callTool({ name: "text_slug", arguments: { txt: "x" } }))).toEqual({
      content: [
        {
          type: "text",
          text: 'Invalid arguments: unknown property "txt"; takes text, separator\nInvalid arguments at /: must have required properties text',
        },
      ],
      isError: true,
    });
    await client.close();
  });

  it("streams progress on the request's own answer", async () => {
    const { client } = await connect();
    const progress: unknown[] = [];
    const counted = await client.callTool({ name: "text_count", arguments: { text: "a\nb c" } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(answerOf(counted)).toEqual({ content: [{ type: "text", text: "3 words" }] });
    expect(progress).toEqual([
      { progress: 1, total: 2, message: "counted 1 of 2 lines" },
      { progress: 2, total: 2, message: "counted 2 of 2 lines" },
    ]);
    await client.close();
  });

  it("asks no question (no session to carry the reply): the tool answers its 'nobody to ask' line", async () => {
    const { client, forms } = await connect();
    expect(answerOf(await client.callTool({ name: "files_rename", arguments: { names: ["a.txt"] } }))).toEqual({
      content: [{ type: "text", text: "Nobody to ask: run this where a person can answer, or rename by hand." }],
      isError: true,
    });
    expect(forms).toEqual([]);
    await client.close();
  });

  it("refuses the 2025 session operations with 405: GET (the notification stream) and DELETE", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(mcpOf(balancer.url), { method, headers: { accept: "text/event-stream" } });
      expect(response.status).toBe(405);
      expect(await response.json()).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null });
    }
  });
});
