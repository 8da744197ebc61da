/**
 * The one check of the demo's text_stats view in the MCP Inspector
 * (./inspector.ts), shared by every face that serves it: the Streamable HTTP
 * handler and the runCli program (test/inspector-apps.test.ts) and the built
 * Nuxt route (test/nuxt-apps.test.ts). The view must show the call's input
 * and counts, call text_badge back through the Inspector and draw the badge
 * inline, with no console error (a Content-Security-Policy refusal would be
 * one); the server must have received both calls on the revision the
 * Inspector spoke.
 */
import { readFileSync } from "node:fs";
import type { Browser, FrameLocator } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { launchChromium } from "./browser.ts";
import { type Inspector, type InspectorServer, startInspector } from "./inspector.ts";

/** What the server received, as the faces' recording middleware writes it. */
export interface ServedCall {
  tool: string;
  input: unknown;
  revision: string | undefined;
}

/** The calls a server wrote to `file`, one JSON line each (the fixtures' recording middleware); none while there is no file. */
export function readCalls(file: string): ServedCall[] {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ServedCall);
}

/** The text text_stats is called with, what the view shows of it, and text_badge's line for its word count. */
const TEXT = "one two three\nfour";
const SHOWN = "“one two three\nfour”";
const BADGE_LINE = 'Drew the badge "words: 4" in blue: 70×20 px, 600 bytes of SVG.';

/** The view's `document.body.dataset.state`. */
function stateOf(view: FrameLocator): Promise<string | null> {
  return view
    .locator("body")
    .getAttribute("data-state", { timeout: 5_000 })
    .catch(() => null);
}

async function countsOf(view: FrameLocator): Promise<Record<string, string | null>> {
  const counts: Record<string, string | null> = {};
  for (const key of ["characters", "words", "lines"]) counts[key] = await view.locator(`[data-count="${key}"]`).textContent();
  return counts;
}

/**
 * One Inspector and one Chromium for the describe block (or file) this is
 * called in, started before its tests with the servers `servers()` names and
 * stopped after them; a failing test prints the Inspector's output. Run the
 * check with the returned function.
 */
export function withInspector(
  servers: () => Record<string, InspectorServer>,
): (name: string, revision: string, calls: () => ServedCall[], shots?: Shots) => Promise<void> {
  let inspector: Inspector | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [inspector, browser] = await Promise.all([startInspector(servers()), launchChromium()]);
  }, 120_000);
  afterEach(({ task }) => {
    if (task.result?.state === "fail" && inspector) console.error(`MCP Inspector output:\n${inspector.output()}`);
  });
  afterAll(async () => {
    await browser?.close();
    await inspector?.stop();
  });
  return (name, revision, calls, shots) => checkStatsView(inspector as Inspector, browser as Browser, name, revision, calls, shots);
}

/** Paths of the pictures a check takes: after the result, and after the badge. */
export interface Shots {
  result?: string;
  badge?: string[];
}

/**
 * Opens the catalog's server `name`, runs text_stats from the Apps tab and
 * clicks the view's button. `calls` reads what the server received since the
 * session opened; `shots` names the pictures' paths (after the result, after
 * the badge) when they are wanted.
 */
export async function checkStatsView(
  inspector: Inspector,
  browser: Browser,
  name: string,
  revision: string,
  calls: () => ServedCall[],
  shots: Shots = {},
): Promise<void> {
  const session = await inspector.open(browser, name);
  try {
    expect(session.revision).toBe(`MCP ${revision}`);
    const view = await session.runApp("Text Stats", { text: TEXT });

    await expect.poll(() => stateOf(view), { timeout: 30_000 }).toBe("result");
    expect(await view.locator("[data-input]").textContent()).toBe(SHOWN);
    expect(await countsOf(view)).toEqual({ characters: "18", words: "4", lines: "2" });
    if (shots.result) await session.screenshot(shots.result);

    await view.locator("[data-badge]").click();
    await expect.poll(() => stateOf(view), { timeout: 30_000 }).toBe("badge");
    expect(await view.locator("[data-said]").textContent()).toBe(BADGE_LINE);
    // The badge is drawn inline as SVG (a data: image would be refused by the Inspector's img-src 'none').
    expect(await view.locator("[data-badge-image]").isVisible()).toBe(true);
    expect(await view.locator("[data-badge-image] > svg").getAttribute("aria-label")).toBe("words: 4");
    for (const path of shots.badge ?? []) await session.screenshot(path);

    expect(calls()).toEqual([
      { tool: "text_stats", input: { text: TEXT }, revision },
      { tool: "text_badge", input: { label: "words", message: "4", color: "blue" }, revision },
    ]);
    expect(session.errors).toEqual([]);
  } finally {
    await session.close();
  }
}
