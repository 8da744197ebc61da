/** The browser tests find a Chromium by themselves: one on PATH first, else the one npm installed. */
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findChromium, onPath } from "./helpers/browser.ts";

const dir = mkdtempSync(join(tmpdir(), "agntn-browser-"));
const other = mkdtempSync(join(tmpdir(), "agntn-browser-"));
writeFileSync(join(dir, "google-chrome"), "#!/bin/sh\n");
chmodSync(join(dir, "google-chrome"), 0o755);
writeFileSync(join(other, "chromium"), "not executable\n");

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(other, { recursive: true, force: true });
});

describe("onPath", () => {
  it.each([
    ["an executable in a PATH directory", [other, dir].join(delimiter), join(dir, "google-chrome")],
    ["nothing when the only match is not executable", other, undefined],
    ["nothing on an empty PATH", "", undefined],
  ])("finds %s", (_what, path, expected) => {
    expect(onPath(["chromium", "google-chrome"], path)).toBe(expected);
  });
});

describe("findChromium", () => {
  it("falls back to the Chromium npm installed when PATH has none", async () => {
    const saved = process.env.PATH;
    process.env.PATH = other;
    try {
      const found = await findChromium();
      expect(found.source).toBe(`${found.executablePath} (@sparticuz/chromium, installed by npm)`);
      expect(existsSync(found.executablePath)).toBe(true);
      expect(found.args).toContain("--no-sandbox");
    } finally {
      process.env.PATH = saved;
    }
  });
});
