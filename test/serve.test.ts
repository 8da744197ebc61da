import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { request } from "node:http";
import { callTool } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tools } from "../playground/server/tools.ts";
import { besideReference } from "../src/core/ui.ts";

const root = new URL("..", import.meta.url).pathname;
const info = { name: "agntn-demo" };
const revisions = [
  ["2025-11-25", {}],
  ["2026-07-28", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
] as const;

function newClient(options: object): Client {
  const client = new Client({ name: "serve-test", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } }, ...options } as never);
  const replies = [
    { action: "accept", content: { separator: "_" } },
    { action: "accept", content: { apply: true } },
  ];
  client.setRequestHandler("elicitation/create", async () => (replies.shift() ?? { action: "cancel" }) as never);
  return client;
}

async function exercise(client: Client) {
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
  const slug = await client.callTool({ name: "text_slug", arguments: { text: "Crème Brûlée, 2 ways" } });
  expect(slug.content).toEqual([{ type: "text", text: "creme-brulee-2-ways" }]);
  const bad = await client.callTool({ name: "text_slug", arguments: { text: " ", sep: "_" } });
  expect({ content: bad.content, isError: bad.isError }).toEqual(await callTool(info, tools, "text_slug", { text: " ", sep: "_" }));
  const renamed = await client.callTool({ name: "files_rename", arguments: { names: ["My Notes.md"] } });
  expect(renamed.content).toEqual([{ type: "text", text: "Renamed:\nMy Notes.md -> my_notes_md" }]);
  // text_stats' view is served as one document (bundled at start-up), not the page that loads ./stats-view.ts.
  const [view] = (await client.readResource({ uri: "ui://text_stats/view.html" })).contents;
  const html = (view as { text: string }).text;
  expect([html.startsWith("<!doctype html>"), besideReference(html), html.includes("stats-view.ts")]).toEqual([true, undefined, false]);
}

describe("the demo server over Streamable HTTP (npm start)", () => {
  let child: ChildProcess;
  let url: URL;
  beforeAll(async () => {
    child = spawn(process.execPath, ["--conditions=agntn-source", "playground/serve-http.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout?.setEncoding("utf8");
    for await (const chunk of child.stdout as AsyncIterable<string>) {
      out += chunk;
      const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out);
      if (found?.[1]) {
        url = new URL(found[1]);
        break;
      }
    }
    expect(out).toContain("claude mcp add --transport http agntn-demo");
  });
  afterAll(async () => {
    child.kill("SIGTERM");
    if (child.exitCode === null) await once(child, "exit");
  });

  test.each(revisions)("a %s client lists, calls and answers questions", async (_revision, options) => {
    const client = newClient(options);
    await client.connect(new StreamableHTTPClientTransport(url));
    await exercise(client);
    await client.close();
  });

  test("a request naming another host is refused (DNS-rebinding protection)", async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(url, { method: "POST", headers: { host: "evil.example", "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }));
    });
    expect(status).toBe(403);
  });
});

describe.each(revisions)("the demo server over stdio, %s", (_revision, options) => {
  test("lists, calls and answers questions", async () => {
    const client = newClient(options);
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: ["--conditions=agntn-source", "playground/serve-stdio.ts"], cwd: root }),
    );
    await exercise(client);
    await client.close();
  });
});
