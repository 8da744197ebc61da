/**
 * The Resources and Prompts page: its catalog (docs/examples/resources-catalog.ts)
 * served by the page's server (docs/examples/resources-server.ts) over stdio,
 * as a client starts it, and every answer and refusal the page quotes checked
 * against what the client gets.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { definePrompt, defineResource, Type } from "@agntn/tools";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { serve } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first, second } from "../docs/examples/resources-bus.ts";
import { handler, publishRelease } from "../docs/examples/resources-updates.ts";
import { failure } from "./helpers/json-rpc-failure.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const page = readFileSync(`${root}docs/content/1.guide/11.resources.md`, "utf8");
const node = `${root}node_modules/.bin/node`;

/** A JSON-RPC error as the client sees it, as one line: its code and message. */
async function failureLine(promise: Promise<unknown>): Promise<string> {
  const { code, message } = await failure(promise);
  return `${String(code)} ${message}`;
}

describe("the Resources and Prompts page's server, over stdio", () => {
  const client = new Client({ name: "docs", version: "1.0.0" });

  beforeAll(async () => {
    await client.connect(
      new StdioClientTransport({
        command: node,
        args: ["--conditions=agntn-source", "docs/examples/resources-server.ts"],
        cwd: root,
        stderr: "pipe",
      }),
    );
  });
  afterAll(async () => {
    await client.close();
  });

  it("shows its five files", () => {
    for (const file of ["resources-catalog.ts", "resources-server.ts", "resources-nuxt.ts", "resources-updates.ts", "resources-bus.ts"])
      expect(page).toContain(`\`\`\`ts [${file}]`);
  });

  it("lists the changelog and the guides the template lists", async () => {
    expect((await client.listResources()).resources).toEqual([
      { uri: "docs://changelog", name: "Changelog", description: "What changed in each release.", mimeType: "text/markdown" },
      // The demo tools' text_stats has a view: a resource too, after the fixed ones.
      {
        uri: "ui://text_stats/view.html",
        name: "text_stats",
        title: "Text Stats",
        mimeType: "text/html;profile=mcp-app",
        _meta: { ui: { prefersBorder: true } },
      },
      { uri: "docs://guides/install", name: "install", mimeType: "text/plain" },
      { uri: "docs://guides/deploy", name: "deploy", mimeType: "text/plain" },
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      { uriTemplate: "docs://guides/{slug}", name: "Guide", description: "One how-to guide, by its slug.", mimeType: "text/plain" },
    ]);
  });

  it("reads a guide through the template, and completes a slug", async () => {
    expect((await client.readResource({ uri: "docs://guides/deploy" })).contents).toEqual([
      { uri: "docs://guides/deploy", mimeType: "text/plain", text: "Build with npm run build and copy .output to the server." },
    ]);
    const completed = await client.complete({
      ref: { type: "ref/resource", uri: "docs://guides/{slug}" },
      argument: { name: "slug", value: "d" },
    });
    expect(completed.completion.values).toEqual(["deploy"]);
  });

  it("gets the prompt: a link to the guide, then the request", async () => {
    expect((await client.getPrompt({ name: "explain_guide", arguments: { slug: "install" } })).messages).toEqual([
      { role: "user", content: { type: "resource_link", uri: "docs://guides/install", name: "install" } },
      { role: "user", content: { type: "text", text: "Explain this guide to a beginner, step by step." } },
    ]);
  });

  it.each([
    [() => client.readResource({ uri: "docs://guides/upgrade" }), "-32603 Guide failed: there is no guide called upgrade"],
    [() => client.readResource({ uri: "docs://faq" }), '-32602 Resource not found: "docs://faq"'],
    [
      () => client.getPrompt({ name: "explain_guide", arguments: { level: "guru" } }),
      "-32602 Invalid arguments at /: must have required properties slug\nInvalid arguments at /level: must be one of beginner, expert",
    ],
    [() => client.getPrompt({ name: "explain" }), '-32602 Unknown prompt: "explain"'],
  ])("answers a mistake the way the page shows (%#)", async (request, answer) => {
    expect(await failureLine(request())).toBe(answer);
    for (const line of answer.split("\n")) expect(page).toContain(line.replace(/^-\d+ /, ""));
  });
});

/** Serves a handler's fetch on a loopback port; its /mcp URL and a stop. */
async function onLoopback(fetch: (request: Request) => Promise<Response>) {
  const server = serve({ fetch, port: 0, hostname: "127.0.0.1", silent: true });
  await server.ready();
  return { url: new URL("/mcp", server.url), stop: () => server.close(true) };
}

describe("following a resource, as the page shows it", () => {
  it("publishRelease saves, then a 2026 listen and a 2025 session following the changelog both hear it", async () => {
    const served = await onLoopback(handler.fetch);
    const heard: string[] = [];
    const modern = new Client({ name: "docs-2026", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } } as never);
    const legacy = new ClientV1({ name: "docs-2025", version: "1.0.0" });
    try {
      await modern.connect(new StreamableHTTPClientTransport(served.url));
      await legacy.connect(new HttpV1(served.url));
      modern.setNotificationHandler("notifications/resources/updated", (n) => {
        heard.push(`2026 ${n.params.uri}`);
      });
      legacy.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        heard.push(`2025 ${n.params.uri}`);
      });
      const listen = await modern.listen({ resourceSubscriptions: ["docs://changelog"] });
      await legacy.subscribeResource({ uri: "docs://changelog" });
      await legacy.subscribeResource({ uri: "docs://guides/deploy" });
      expect(await failureLine(legacy.subscribeResource({ uri: "docs://faq" }))).toBe(
        '-32602 MCP error -32602: Resource not found: "docs://faq"',
      );
      let saved = 0;
      await publishRelease(async () => {
        saved++;
      });
      await expect.poll(() => heard.length).toBe(2);
      expect({ saved, heard: heard.sort() }).toEqual({ saved: 1, heard: ["2025 docs://changelog", "2026 docs://changelog"] });
      await listen.close();
    } finally {
      await Promise.allSettled([modern.close(), legacy.close()]);
      await handler.close();
      await served.stop();
    }
  });

  it("two handlers on one bus: a client of the second hears what the first announces", async () => {
    const served = await onLoopback(second.fetch);
    const client = new ClientV1({ name: "docs-bus", version: "1.0.0" });
    const heard: string[] = [];
    try {
      await client.connect(new HttpV1(served.url));
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        heard.push(n.params.uri);
      });
      await client.subscribeResource({ uri: "docs://changelog" });
      first.notify.resourceUpdated("docs://changelog");
      await expect.poll(() => heard.length).toBe(1);
      expect(heard).toEqual(["docs://changelog"]);
    } finally {
      await client.close();
      await Promise.all([first.close(), second.close()]);
      await served.stop();
    }
  });
});

describe("the definition mistakes the page quotes", () => {
  it.each([
    [
      () => defineResource({ name: "Guide", uri: "docs://guides/{slug}", read: () => "" }),
      'Resource "Guide": uri "docs://guides/{slug}" holds "{": a URI with variables goes in uriTemplate',
    ],
    [
      () => defineResource({ name: "Guide", uriTemplate: "docs://guides/{slug", read: () => "" }),
      'Resource template "Guide": URI template "docs://guides/{slug": unclosed "{" at offset 14',
    ],
    [
      () => definePrompt({ name: "pick", arguments: Type.Object({ count: Type.Number() }), get: () => "" }),
      'Prompt "pick": argument "count" must be a string schema (MCP sends prompt arguments as strings), got type "number"',
    ],
  ])("%#", (define, line) => {
    expect(define).toThrow(line);
    expect(page).toContain(line);
  });
});
