/**
 * The Resources and Prompts page: its catalog (docs/examples/resources-catalog.ts)
 * served by the page's server (docs/examples/resources-server.ts) over stdio,
 * as a client starts it, and every answer and refusal the page quotes checked
 * against what the client gets.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { definePrompt, defineResource, Type } from "@agntn/tools";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("shows its three files", () => {
    for (const file of ["resources-catalog.ts", "resources-server.ts", "resources-nuxt.ts"]) expect(page).toContain(`\`\`\`ts [${file}]`);
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
