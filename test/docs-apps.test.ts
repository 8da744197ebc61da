/**
 * The Apps page (docs/content/1.guide/10.apps.md): its tool example
 * (docs/examples/apps-tool.ts) answers as the page says, the refusals the page
 * quotes are the lines defineTool and the MCP server give, and the page shows
 * both examples and the two screenshots the browser test takes
 * (test/docs-browser.test.ts). The view example (docs/examples/apps-view.ts)
 * runs in a browser only; test/docs-examples.test.ts type-checks it, and the
 * playground's own view, with the same App calls, runs in Chromium there.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { defineTool, Type } from "@agntn/tools";
import { callTool, createMcpServer } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { keepTool, statsTool, tools } from "../docs/examples/apps-tool.ts";
import { besideReference } from "../src/core/ui.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const page = readFileSync(`${root}docs/content/1.guide/10.apps.md`, "utf8");
const info = { name: "slugs", version: "1.0.0" };

/** text_stats' view as a handler serves it, read by the SDK v2 client over the handler's fetch, in process. */
async function readView(fetch: (request: Request) => Promise<Response>): Promise<string> {
  const client = new Client({ name: "docs-apps", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
      // A server's request carries its Host header; one made in process has none, so it is set as a browser would.
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        headers.set("host", "localhost");
        return fetch(new Request(url, { ...init, headers }));
      },
    }),
  );
  try {
    const [view] = (await client.readResource({ uri: "ui://text_stats/view.html" })).contents;
    return (view as { text: string }).text;
  } finally {
    await client.close();
  }
}

/** A definition like the page's, with `ui` (or any key) as a test gives it. */
const stats = (extra: Record<string, unknown>) => () =>
  defineTool({
    name: "text_stats",
    title: "Text Stats",
    description: "Count characters, words and lines of a text.",
    effect: "read",
    input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
    execute: () => ({ content: [{ type: "text", text: "" }] }),
    ...extra,
  } as never);

describe("the Apps page", () => {
  it("shows its examples and its screenshots, which exist", () => {
    for (const file of ["apps-tool.ts", "apps-view.ts", "apps-bundle.ts", "apps-esbuild.ts"]) expect(page).toContain(`\`\`\`ts [${file}]`);
    expect(page).toContain(`\`\`\`html [stats-view.html]\n${readFileSync(`${root}docs/examples/stats-view.html`, "utf8")}\`\`\``);
    for (const picture of ["apps-view-desktop.png", "apps-view-phone.png", "inspector-text-stats.png"]) {
      expect(page).toContain(`](/${picture})`);
      expect(existsSync(`${root}docs/public/${picture}`)).toBe(true);
    }
  });

  it("text_stats answers with its text and details on a host without views", async () => {
    expect(await callTool(info, tools, "text_stats", { text: "one two\nthree" })).toEqual({
      content: [{ type: "text", text: "13 characters, 3 words, 2 lines" }],
      structuredContent: { characters: 13, words: 3, lines: 2 },
    });
    expect(await callTool(info, [keepTool], "stats_keep", { words: 6 })).toEqual({ content: [{ type: "text", text: "Kept 6 words." }] });
    expect(statsTool.ui).toMatchObject({ prefersBorder: true, csp: { connectDomains: ["https://api.example.com"] } });
    expect(keepTool.ui).toEqual({ visibility: ["app"] });
  });

  it("an MCP server refuses the example's page until it is bundled, with the line the page quotes", () => {
    const file = new URL("../docs/examples/stats-view.html", import.meta.url).href;
    const tail =
      'loads "./apps-view.ts" from beside it, which a host cannot fetch: bundle the view into one document first (await bundleViews(tools) from @agntn/tools/views, or its esbuild or Vite plugin)';
    expect(page).toContain(`\`text_stats: ui.file "file:///srv/app/stats-view.html" ${tail}\``);
    expect(() => createMcpServer(info, tools)).toThrow(`text_stats: ui.file "${file}" ${tail}`);
  });

  it("apps-bundle.ts serves the page as one document, its script inlined", async () => {
    const { handler } = await import("../docs/examples/apps-bundle.ts");
    const html = await readView(handler.fetch);
    expect([html.startsWith("<!doctype html>"), besideReference(html), html.includes("Keep the count")]).toEqual([true, undefined, true]);
    // The script is in the page: its call of stats_keep is there, in an inline module script.
    expect([/<script type="module" crossorigin>[^<]/.test(html), html.includes("stats_keep")]).toEqual([true, true]);
    await handler.close();
  }, 60_000);

  it("apps-esbuild.ts bundles apps-bundle.ts into dist/server.mjs, which serves the view with no view file and no Vite beside it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agntn-apps-esbuild-"));
    try {
      for (const [from, to] of <Array<[string, string]>>[
        ["apps-bundle.ts", "server.ts"],
        ["apps-esbuild.ts", "build.ts"],
        ["apps-tool.ts", "apps-tool.ts"],
        ["apps-view.ts", "apps-view.ts"],
        ["stats-view.html", "stats-view.html"],
      ])
        cpSync(join(root, "docs/examples", from), join(dir, to));
      mkdirSync(join(dir, "node_modules/@agntn"), { recursive: true });
      mkdirSync(join(dir, "node_modules/@modelcontextprotocol"), { recursive: true });
      for (const name of ["esbuild", "vite", "vite-plugin-singlefile", "typebox", "@modelcontextprotocol/ext-apps"])
        symlinkSync(join(root, "node_modules", name), join(dir, "node_modules", name), "dir");
      symlinkSync(root, join(dir, "node_modules/@agntn/tools"), "dir");
      const build = spawnSync(process.execPath, ["build.ts"], { cwd: dir, encoding: "utf8", timeout: 120_000 });
      expect({ code: build.status, stderr: build.stderr }).toEqual({ code: 0, stderr: "" });
      // Shipped: dist beside the dependencies the server imports at run time, and no view file nor Vite.
      for (const name of ["stats-view.html", "apps-view.ts", "node_modules/vite", "node_modules/vite-plugin-singlefile"])
        rmSync(join(dir, name), { recursive: true });
      const { handler } = (await import(
        pathToFileURL(join(dir, "dist/server.mjs")).href
      )) as typeof import("../docs/examples/apps-bundle.ts");
      const html = await readView(handler.fetch);
      expect([html.startsWith("<!doctype html>"), besideReference(html), html.includes("Keep the count")]).toEqual([true, undefined, true]);
      await handler.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it.each([
    ["html and file", { ui: { html: "<p>x</p>", file: "/srv/views/stats.html" } }, "text_stats: ui takes html or file, not both"],
    [
      "a CSP origin that smuggles a directive",
      { ui: { html: "<p>x</p>", csp: { connectDomains: ["https://a.example; script-src *"] } } },
      'text_stats: ui.csp.connectDomains: "https://a.example; script-src *" is not an origin like "https://api.example.com" or "https://*.example.com"',
    ],
    [
      "a misspelt key",
      { outptu: Type.Object({}) },
      'text_stats: unknown key "outptu"; a tool takes name, title, description, effect, idempotent, openWorld, input, output, meta, icons, snippet, guidelines, cli, ui, visibleTo, task, execute',
    ],
  ])("defineTool refuses %s with the line the page quotes", (_what, extra, line) => {
    expect(page).toContain(line);
    expect(stats(extra)).toThrow(line);
  });
});
