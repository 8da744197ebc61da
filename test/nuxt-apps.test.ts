/**
 * Tools with views through @agntn/tools/nuxt, built for real: the app of
 * test/fixtures/nuxt-apps serves test/fixtures/nuxt-apps-tools.ts, whose
 * views are HTML text, an HTML file and a Vue component, the last two
 * bundled by the module at build time. Its built server is started on
 * loopback and called by the SDK v2 client on both revisions, declaring the
 * MCP Apps extension or not: the route answers as createMcpHttpHandler does
 * (the same suite, test/helpers/app-faces.ts), and serves the Vue view as one
 * document that renders in Chromium.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { describeViews, httpFace, MIME, newClient } from "./helpers/app-faces.ts";
import { launchChromium } from "./helpers/browser.ts";
import { readCalls, withInspector } from "./helpers/inspector-stats.ts";

const APP = join(root, "test/fixtures/nuxt-apps");
let app: StartedApp | undefined;

const scratch = mkdtempSync(join(tmpdir(), "agntn-nuxt-apps-"));
const callsFile = join(scratch, "calls.jsonl");

beforeAll(async () => {
  await buildApp(APP);
  app = await startApp(APP, { NUXT_APPS_CALLS: callsFile });
}, 600_000);

afterAll(() => {
  app?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const route = () => new URL("/mcp", app!.url);
const nuxtFace = async () => httpFace(route(), async () => {});

describeViews(
  [
    { face: "the built Nuxt route", revision: "2025-11-25", start: nuxtFace },
    { face: "the built Nuxt route", revision: "2026-07-28", start: nuxtFace },
  ],
  {
    resources: [
      { uri: "ui://app_vue/view.html", name: "app_vue", title: "App Vue", mimeType: MIME },
      { uri: "ui://text_stats/view.html", name: "text_stats", title: "Text Stats", mimeType: MIME, _meta: { ui: { prefersBorder: true } } },
    ],
    meta: {
      app_vue: { ui: { resourceUri: "ui://app_vue/view.html" }, "ui/resourceUri": "ui://app_vue/view.html" },
      text_stats: { ui: { resourceUri: "ui://text_stats/view.html" }, "ui/resourceUri": "ui://text_stats/view.html" },
      text_badge: undefined as never,
    },
    // The fixture's middleware records in the app's server process, not here.
    inProcess: false,
  },
);

describe("a view written as a Vue component", () => {
  it("is served as one document, its scripts and styles inline, and renders in Chromium", async () => {
    const client = newClient("2026-07-28", true);
    await client.connect(new StreamableHTTPClientTransport(route()));
    const [content] = (await client.readResource({ uri: "ui://app_vue/view.html" })).contents;
    await client.close();
    const html = (content as { text: string }).text;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('<div id="app"></div>');
    expect(html).toMatch(/<script type="module" crossorigin>[^<]/);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const outside: string[] = [];
      page.on("request", (request) => {
        if (!request.url().startsWith("about:") && !request.url().startsWith("data:")) outside.push(request.url());
      });
      await page.setContent(html, { waitUntil: "load" });
      await expect.poll(() => page.locator("h1").textContent()).toBe("A Vue view");
      expect(await page.locator("[data-word]").textContent()).toBe("no word yet");
      expect(outside).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe("text_stats' view in the MCP Inspector's Apps tab, the built Nuxt route", () => {
  const check = withInspector(() => ({
    "nuxt-2025": { type: "streamable-http", url: route().href, protocolEra: "legacy" },
    "nuxt-2026": { type: "streamable-http", url: route().href, protocolEra: "modern" },
  }));

  it.each([
    ["nuxt-2025", "2025-11-25"],
    ["nuxt-2026", "2026-07-28"],
  ])(
    "%s: shows the input and the counts, calls text_badge through the Inspector and draws the badge",
    async (name, revision) => {
      writeFileSync(callsFile, "");
      const shots = join(root, "test-results/screenshots");
      await check(name, revision, () => readCalls(callsFile), {
        result: join(shots, `inspector-${name}-result.png`),
        badge: [join(shots, `inspector-${name}-badge.png`)],
      });
    },
    120_000,
  );
});
