/**
 * Views bundled for every face (@agntn/tools/views): a page that loads files
 * beside it, or a Vue component, becomes the one document a host renders,
 * through the real Vite toolchain; servers refuse such a page when it is not
 * bundled; the esbuild and Vite plugins write the document into the code;
 * `runCli`'s mcp command bundles by itself. The document is checked in
 * Chromium: its module ran and its style applied, with nothing fetched.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type AnyTool, Type, withMiddleware } from "@agntn/tools";
import { callTool, createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { bundleViews, esbuildViewsPlugin, viteViewsPlugin } from "@agntn/tools/views";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { besideReference } from "../src/core/ui.ts";
import { root } from "./fixtures/nuxt-server.ts";
import { launchChromium } from "./helpers/browser.ts";

const here = (path: string) => new URL(`./fixtures/app-views/${path}`, import.meta.url);
const info = { name: "views", version: "1.0.0" };
const viewTool = (file: string | URL, name = "page_view") => ({
  name,
  title: "Page View",
  description: "Shows a page.",
  effect: "read" as const,
  input: Type.Object({}),
  ui: { file, prefersBorder: true },
  execute: () => ({ content: [{ type: "text" as const, text: "shown" }] }),
});
const scratch = mkdtempSync(join(tmpdir(), "agntn-views-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What the document does in Chromium, every request it makes recorded. */
async function rendered(html: string): Promise<{ said: string | null; color: string; requests: string[]; errors: string[] }> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.route("**/*", (route) => route.fulfill({ contentType: "text/html", body: html }));
    await page.goto("http://view.test/");
    await page.waitForFunction(() => document.querySelector("[data-said]")?.textContent !== "not run");
    const said = await page.locator("[data-said]").textContent();
    const color = await page.locator("[data-said]").evaluate((p) => getComputedStyle(p).color);
    return { said, color, requests, errors };
  } finally {
    await browser.close();
  }
}

describe("besideReference: whether a page loads anything beside itself", () => {
  it.each([
    ['<script type="module" src="./view.ts"></script>', "./view.ts"],
    ["<link rel=stylesheet href=style.css>", "style.css"],
    ["<img alt='' src='/logo.png'>", "/logo.png"],
    ['<script type="module">\nimport { App } from "@modelcontextprotocol/ext-apps";\n</script>', "@modelcontextprotocol/ext-apps"],
    ['<script type="module">import "./side.js";</script>', "./side.js"],
  ])("%s loads %s", (html, found) => {
    expect(besideReference(html)).toBe(found);
  });

  it.each([
    '<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="">',
    '<script src="https://cdn.example.com/x.js"></script>',
    '<a href="./other.html">a link only navigates</a>',
    "<script>const text = 'import x from \"y\"';</script>",
    '<link rel="icon" href="#">',
  ])("%s is one document", (html) => {
    expect(besideReference(html)).toBeUndefined();
  });
});

describe("bundleViews", () => {
  it("makes a page and its script, module and stylesheet into one document that runs with nothing fetched", async () => {
    const page = viewTool(here("page.html"));
    const plain = viewTool(here("bars.html"), "plain_view");
    const given = [page, plain];
    const [bundled, untouched] = await bundleViews(given);
    expect(untouched).toBe(plain);
    expect(given[0]).toBe(page);
    expect(page.ui.file).toEqual(here("page.html"));
    expect(Object.keys(bundled!.ui!).sort()).toEqual(["html", "prefersBorder"]);
    const html = bundled!.ui!.html as string;
    expect(besideReference(html)).toBeUndefined();
    expect(html).toMatch(/<script type="module" crossorigin>[^<]/);
    expect(html).toContain("p{color:#639}");
    expect(await rendered(html)).toEqual({ said: "BUNDLED!", color: "rgb(102, 51, 153)", requests: ["http://view.test/"], errors: [] });
    // The bundled tool is served as it is.
    expect(() => createMcpServer(info, [bundled!, untouched!])).not.toThrow();
  }, 60_000);

  it("keeps the middleware withMiddleware put on a tool whose view it bundles", async () => {
    const seen: string[] = [];
    const [wrapped] = withMiddleware([viewTool(here("page.html"))], (call, next) => {
      seen.push(call.tool.name);
      return next();
    });
    const [bundled] = await bundleViews([wrapped!]);
    expect(await callTool(info, [bundled!], "page_view", {})).toEqual({ content: [{ type: "text", text: "shown" }] });
    expect(seen).toEqual(["page_view"]);
  }, 60_000);

  it("makes a Vue component into one document", async () => {
    const [bundled] = await bundleViews([viewTool(here("Card.vue"))]);
    const html = bundled!.ui!.html as string;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('<div id="app"></div>');
    expect(besideReference(html)).toBeUndefined();
  }, 60_000);

  it("refuses, in one line naming the tool, a page whose script is not there", async () => {
    await expect(bundleViews([viewTool(here("broken.html"))])).rejects.toThrow(
      new RegExp(
        `^page_view: ui\\.file "${here("broken.html").href}": bundling the view ${fileURLToPath(here("broken.html"))} failed: Failed to resolve \\./not-there\\.ts from ${fileURLToPath(here("broken.html"))}$`,
      ),
    );
  }, 60_000);

  it("resolves vite from a folder given as a relative path", async () => {
    const [bundled] = await bundleViews([viewTool(here("page.html"))], { resolveFrom: ["."] });
    expect(besideReference((bundled!.ui as { html: string }).html)).toBeUndefined();
  }, 60_000);

  it("refuses in one line when vite cannot be found, naming what to install", async () => {
    await expect(bundleViews([viewTool(here("page.html"))], { resolveFrom: [scratch] })).rejects.toThrow(
      `page_view: ui.file "${here("page.html").href}": the view ${fileURLToPath(here("page.html"))} needs vite to be bundled: npm install -D vite vite-plugin-singlefile`,
    );
  });

  it.each([
    [{ resolvefrom: [] }, 'bundleViews: unknown option "resolvefrom"; the options are resolveFrom, cache'],
    [{ cache: "no" }, "bundleViews: cache must be true or false"],
    [{ resolveFrom: [] }, "bundleViews: resolveFrom must be a non-empty list of folders or file: URLs"],
    [
      { resolveFrom: [new URL("https://example.com/")] },
      'bundleViews: resolveFrom takes folders or file: URLs, got "https://example.com/"',
    ],
    ["fast", "bundleViews: options must be an object"],
  ])("checks its options: %j", async (options, line) => {
    await expect(bundleViews([], options as never)).rejects.toThrow(line);
  });
});

describe("the disk cache of bundled documents", () => {
  it("keeps a document while its files are unchanged, and bundles again when one changed", async () => {
    const dir = mkdtempSync(join(scratch, "cache-"));
    mkdirSync(join(dir, "node_modules"));
    for (const name of ["page.html", "page.ts", "shout.ts", "page.css"]) cpSync(fileURLToPath(here(name)), join(dir, name));
    const tool = viewTool(join(dir, "page.html"));
    const html = async (options?: { cache: boolean }) => ((await bundleViews([tool], options))[0]!.ui as { html: string }).html;
    const first = await html();
    const [kept] = readdirSync(join(dir, "node_modules/.cache/agntn-views"));
    const entry = join(dir, "node_modules/.cache/agntn-views", kept!);
    const inputs = (JSON.parse(readFileSync(entry, "utf8")) as { inputs: Array<[string]> }).inputs.map(([path]) => path);
    expect(
      inputs
        .filter((path) => path.startsWith(dir))
        .map((path) => path.slice(dir.length))
        .sort(),
    ).toEqual(["/page.css", "/page.html", "/page.ts", "/shout.ts"]);
    const written = statSync(entry).mtimeMs;
    expect(await html()).toBe(first);
    expect(statSync(entry).mtimeMs).toBe(written);
    // A module the page imports changes: the next start bundles again.
    writeFileSync(join(dir, "shout.ts"), 'export const shout = (word: string): string => word.toLowerCase() + "?";\n');
    const second = await html();
    expect([first.includes("toUpperCase"), second.includes("toLowerCase()"), second.includes("toUpperCase")]).toEqual([true, true, false]);
    expect(await html({ cache: false })).toBe(second);
  }, 60_000);
});

describe("a server refuses at start-up a page it would serve broken", () => {
  it.each([
    [
      "a page that loads a script beside it",
      here("page.html"),
      `page_view: ui.file "${here("page.html").href}" loads "./page.css" from beside it, which a host cannot fetch: bundle the view into one document first (await bundleViews(tools) from @agntn/tools/views, or its esbuild or Vite plugin)`,
    ],
    [
      "a Vue component",
      here("Card.vue"),
      `page_view: ui.file "${here("Card.vue").href}" is a Vue component: bundle it into one document first (await bundleViews(tools) from @agntn/tools/views, or its esbuild or Vite plugin)`,
    ],
  ])("%s", (_case, file, line) => {
    expect(() => createMcpServer(info, [viewTool(file)])).toThrow(line);
    expect(() => createMcpHttpHandler(info, [viewTool(file)])).toThrow(line);
  });
});

describe("ahead of time: the build plugins write the document into the code", () => {
  const source = `import { Type } from "@agntn/tools";
export const tools = [{
  name: "page_view",
  title: "Page View",
  description: "Shows a page.",
  effect: "read",
  input: Type.Object({}),
  ui: { file: new URL("./page.html", import.meta.url) },
  execute: () => ({ content: [{ type: "text", text: "shown" }] }),
}];
`;

  it("esbuild: a server bundled into one file elsewhere serves the view, its source folder gone from the code", async () => {
    const dir = mkdtempSync(join(scratch, "esbuild-"));
    const entry = join(fileURLToPath(here("")), "esbuild-entry.ts");
    writeFileSync(entry, source);
    try {
      const out = join(dir, "server.mjs");
      await build({
        entryPoints: [entry],
        bundle: true,
        format: "esm",
        platform: "node",
        outfile: out,
        conditions: ["agntn-source"],
        external: ["@agntn/tools", "typebox"],
        plugins: [esbuildViewsPlugin()],
        logLevel: "silent",
      });
      const code = readFileSync(out, "utf8");
      expect(code).not.toContain("page.html");
      const { tools } = (await import(pathToFileURL(out).href)) as { tools: AnyTool[] };
      const html = (tools[0]!.ui as { html: string }).html;
      expect(besideReference(html)).toBeUndefined();
      expect(html).toContain("toUpperCase()");
      expect(() => createMcpServer(info, tools)).not.toThrow();
    } finally {
      rmSync(entry, { force: true });
    }
  }, 60_000);

  it("Vite and Rollup: the plugin's transform replaces the URL with the document, lines kept", async () => {
    const plugin = viteViewsPlugin();
    const id = fileURLToPath(here("vite-entry.ts"));
    const result = await plugin.transform.call({}, source, id);
    expect(result!.code.split("\n").length).toBe(source.split("\n").length);
    expect(result!.code).toMatch(/^ {2}ui: \{ html: "<!doctype html>/m);
    expect(result!.code).not.toContain("import.meta.url");
    expect(await plugin.transform.call({}, "export const nothing = import.meta.url;\n", id)).toBeNull();
    // The form in a comment is an example, not a view (this package's own doc comments have it); a URL before it is code.
    const commented = [
      '/** e.g. `ui: { file: new URL("./gone.html", import.meta.url) }` */',
      '// ui: { file: new URL("./gone.html", import.meta.url) }',
      'export const ui = { csp: { connectDomains: ["https://api.example.com"] }, file: new URL("./page.html", import.meta.url) };',
    ].join("\n");
    const lines = (await plugin.transform.call({}, commented, id))!.code.split("\n");
    expect(lines.slice(0, 2)).toEqual(commented.split("\n").slice(0, 2));
    expect(lines[2]).toMatch(/^export const ui = \{ csp: \{ connectDomains: \["https:\/\/api\.example\.com"\] \}, html: "<!doctype html>/);
  }, 60_000);
});

describe("runCli's mcp command bundles views before it serves", () => {
  it("serves the demo's text_stats view as one document over stdio", async () => {
    const client = new Client({ name: "views-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["--conditions=agntn-source", "test/fixtures/cli-bin.ts", "mcp"],
        cwd: root,
        stderr: "pipe",
      }),
    );
    try {
      const [view] = (await client.readResource({ uri: "ui://text_stats/view.html" })).contents;
      const html = (view as { text: string }).text;
      expect(html.startsWith("<!doctype html>")).toBe(true);
      expect(besideReference(html)).toBeUndefined();
      expect(html).toContain("data-badge-image");
    } finally {
      await client.close();
    }
  }, 60_000);
});
