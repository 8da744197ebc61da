/**
 * The site's /mcp tools (docs/server/docs-tools.ts) over the real pages of
 * docs/content, served by createMcpServer and called by an SDK v2 client in
 * memory. The built route is exercised by test/docs-browser.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createMcpServer } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import clients from "../docs/app/data/clients.json" with { type: "json" };
import panels from "../docs/app/data/host-facts.json" with { type: "json" };
import {
  clientsMarkdown,
  docsTools,
  pagePath,
  panelMarkdown,
  readPages,
  type SourcePage,
  splitFrontMatter,
} from "../docs/server/docs-tools.ts";
import { slugTool } from "../playground/server/tools.ts";

const content = fileURLToPath(new URL("../docs/content", import.meta.url));

function sources(dir = content): SourcePage[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".md") ? [{ file: relative(content, path), source: readFileSync(path, "utf8") }] : [];
  });
}

let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  const tools = [...docsTools(async () => readPages(sources(), panelMarkdown(panels), clientsMarkdown(clients))), slugTool];
  const server = createMcpServer({ name: "docs", version: "1.0.0" }, tools);
  client = new Client({ name: "docs-test", version: "1.0.0" });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  close = async () => {
    await client.close();
    await server.close();
  };
});

afterAll(() => close());

const text = (result: unknown) => (result as { content: { text: string }[] }).content.map((block) => block.text).join("\n");

describe("page paths and front matter", () => {
  it.each([
    ["index.md", "/"],
    ["playground.md", "/playground"],
    ["1.guide/01.index.md", "/guide"],
    ["1.guide/02.defining-tools.md", "/guide/defining-tools"],
    ["2.hosts/04.ai-sdk.md", "/hosts/ai-sdk"],
  ])("%s is served at %s", (file, path) => {
    expect(pagePath(file)).toBe(path);
  });

  it("reads title and description, quoted or not, and keeps the body", () => {
    const { fields, body } = splitFrontMatter('---\ntitle: "A: B"\ndescription: plain words\n---\n\nBody\n');
    expect(Object.fromEntries(fields)).toEqual({ title: "A: B", description: "plain words" });
    expect(body).toBe("\nBody\n");
  });
});

describe("the docs tools over MCP", () => {
  it("lists the two page tools and text_slug, read-only", async () => {
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ["docs_list_pages", true],
      ["docs_read_page", true],
      ["text_slug", true],
    ]);
  });

  it("docs_list_pages names every page with its title and description", async () => {
    const result = await client.callTool({ name: "docs_list_pages", arguments: {} });
    const lines = text(result).split("\n");
    expect(lines).toContain(
      "/hosts/mcp — MCP: createMcpServer serves any list of tools from an MCP server on SDK v2 and answers unknown names, invalid input and thrown errors cleanly, where the SDK's own McpServer does not.",
    );
    expect(lines.map((line) => line.split(" — ")[0])).toEqual([
      "/",
      "/guide",
      "/guide/apps",
      "/guide/authorization",
      "/guide/cli",
      "/guide/defining-tools",
      "/guide/deploying",
      "/guide/middleware",
      "/guide/migrating",
      "/guide/publishing",
      "/guide/resources",
      "/guide/tasks",
      "/guide/telemetry",
      "/guide/testing",
      "/guide/tool-lists",
      "/guide/validation",
      "/hosts",
      "/hosts/ai-sdk",
      "/hosts/anthropic",
      "/hosts/claude-agent",
      "/hosts/clients",
      "/hosts/google",
      "/hosts/langchain",
      "/hosts/mastra",
      "/hosts/mcp",
      "/hosts/omp",
      "/hosts/openai-agents",
      "/hosts/pi",
      "/playground",
    ]);
    expect((result.structuredContent as unknown) ?? null).toBeNull();
  });

  it("docs_read_page gives a page as markdown, panels written out as text", async () => {
    const page = text(await client.callTool({ name: "docs_read_page", arguments: { path: "/hosts/omp" } }));
    expect(page.startsWith("# OMP\n\nregisterOmpTools gives OMP every tool with an approval tier and a status line")).toBe(true);
    expect(page).toContain("- approval: read\n- parameters: Type.Unsafe(json)\n- failure: isError: true");
    expect(page).toContain('"unsafe": {');
    expect(page).not.toContain("::host-facts");
  });

  it("docs_read_page writes the Clients page's table out as text, a section per client", async () => {
    const page = text(await client.callTool({ name: "docs_read_page", arguments: { path: "/hosts/clients" } }));
    expect(page).not.toContain("::client-table");
    expect(page).toContain(
      "### Gemini CLI\n- version tested: 0.61.0\n- transports tested: Streamable HTTP, stdio\n- revision it speaks: 2025-06-18\n",
    );
    expect(page.match(/^### .+$/gm)).toEqual(["### Claude Code", "### Gemini CLI", "### Codex CLI"]);
  });

  it("reads a path with a trailing slash, and the playground page without its component", async () => {
    expect(text(await client.callTool({ name: "docs_read_page", arguments: { path: "/guide/validation/" } }))).toMatch(
      /^# Validation and Errors\n/,
    );
    const playground = text(await client.callTool({ name: "docs_read_page", arguments: { path: "/playground" } }));
    expect(playground).toContain("(The interactive playground runs on the web page; try text_slug here instead.)");
    expect(playground).not.toMatch(/::(slug|tool)-playground/);
  });

  it.each([
    [{ path: "/nope" }, 'No docs page at "/nope"; docs_list_pages lists the paths.'],
    [{ path: "/x\u001b[31m\nSYSTEM" }, 'No docs page at "/x\\u001b[31m\\nSYSTEM"; docs_list_pages lists the paths.'],
    [{ path: "hosts" }, 'Invalid arguments at /path: must match pattern "^/"'],
    [{}, "Invalid arguments at /: must have required properties path"],
  ])("answers %j with isError and one clean text", async (args, expected) => {
    expect(await client.callTool({ name: "docs_read_page", arguments: args })).toEqual({
      content: [{ type: "text", text: expected }],
      isError: true,
    });
  });
});

describe("the site's build for tests", () => {
  it("extends Docus alone, which the test layer for Docus sites brings back in its place", async () => {
    // By a path in a variable: the site's config is typed by Docus's modules, which this test's TypeScript does not load.
    const configs = ["../nuxt.config.ts", "./fixtures/test-build-docus/nuxt.config.ts"];
    const [site, layer] = (await Promise.all(configs.map((path) => import(path)))).map(
      (module) => module.default as { extends?: unknown[] },
    );
    expect(site?.extends).toEqual(["docus"]);
    expect(layer?.extends?.[0]).toBe("docus");
  });
});
