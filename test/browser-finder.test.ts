/** The browser tests find a Chromium by themselves: one on PATH first, else the one npm installed. */
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
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
  it("unpacks a copy of its own when the one in the temp dir cannot be run (another user unpacked it), once", async () => {
    // A temp dir whose chromium has no execute bit: what a user finds after root's run left /tmp/chromium at mode 700.
    const temp = mkdtempSync(join(tmpdir(), "agntn-browser-tmp-"));
    writeFileSync(join(temp, "chromium"), "not runnable\n", { mode: 0o600 });
    const saved = { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR };
    process.env.PATH = other;
    process.env.TMPDIR = temp;
    try {
      const found = await findChromium();
      expect(found.executablePath).toBe(join(temp, `agntn-chromium-${userInfo().username}`, "chromium"));
      expect(() => accessSync(found.executablePath, constants.X_OK)).not.toThrow();
      // The second asker uses that copy: nothing is unpacked again, and no partial folder is left.
      expect((await findChromium()).executablePath).toBe(found.executablePath);
      expect(readdirSync(temp).filter((name) => name.startsWith("agntn-chromium-partial-"))).toEqual([]);
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.TMPDIR === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved.TMPDIR;
      rmSync(temp, { recursive: true, force: true });
    }
  }, 120_000);

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
