/**
 * The Apps page (docs/content/1.guide/10.apps.md): its tool example
 * (docs/examples/apps-tool.ts) answers as the page says, the refusals the page
 * quotes are the lines defineTool and the MCP server give, and the page shows
 * both examples and the two screenshots the browser test takes
 * (test/docs-browser.test.ts). The view example (docs/examples/apps-view.ts)
 * runs in a browser only; test/docs-examples.test.ts type-checks it, and the
 * playground's own view, with the same App calls, runs in Chromium there.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineTool, Type } from "@agntn/tools";
import { callTool, createMcpServer } from "@agntn/tools/mcp";
import { describe, expect, it } from "vitest";
import { keepTool, statsTool, tools } from "../docs/examples/apps-tool.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const page = readFileSync(`${root}docs/content/1.guide/10.apps.md`, "utf8");
const info = { name: "slugs", version: "1.0.0" };

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
  it("shows both examples and both screenshots, which exist", () => {
    expect(page).toContain("```ts [apps-tool.ts]");
    expect(page).toContain("```ts [apps-view.ts]");
    for (const picture of ["apps-view-desktop.png", "apps-view-phone.png"]) {
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

  it("an MCP server refuses the example's view file while it does not exist, in one line", () => {
    const file = new URL("../docs/examples/stats-view.html", import.meta.url).href;
    expect(() => createMcpServer(info, tools)).toThrow(`text_stats: ui.file "${file}" could not be read (ENOENT)`);
  });

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
      'text_stats: unknown key "outptu"; a tool takes name, title, description, effect, idempotent, openWorld, input, output, meta, icons, snippet, guidelines, cli, ui, execute',
    ],
  ])("defineTool refuses %s with the line the page quotes", (_what, extra, line) => {
    expect(page).toContain(line);
    expect(stats(extra)).toThrow(line);
  });
});
