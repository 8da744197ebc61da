/**
 * `npm test` on a machine without nginx or Redis (test/fixtures/system-packages.ts): the tests that need one are
 * skipped and the run says so in one line per package; with AGNTN_REQUIRE_SYSTEM_PACKAGES=1, as in CI, the same run
 * fails instead. A real vitest run in a child process, on a file whose tests all need nginx, with both packages left
 * out by AGNTN_SKIP_SYSTEM_PACKAGES (this machine has them; a machine without them takes the same path).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { root } from "./fixtures/nuxt-server.ts";

const dir = mkdtempSync(join(tmpdir(), "agntn-system-packages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function vitest(env: Record<string, string>, report: string) {
  const run = spawnSync(join(root, "node_modules/.bin/vitest"), ["run", "test/scale-handlers.test.ts", `--outputFile.json=${report}`], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, AGNTN_REQUIRE_SYSTEM_PACKAGES: "", NO_COLOR: "1", FORCE_COLOR: "0", ...env },
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("a run without the system packages", () => {
  it("skips what needs them, with one line per package, and passes", { timeout: 150_000 }, () => {
    const report = join(dir, "skipped.json");
    const { status, output } = vitest({ AGNTN_SKIP_SYSTEM_PACKAGES: "nginx,redis-server" }, report);
    expect(status).toBe(0);
    const lines = output.split("\n").filter((line) => line.includes("AGNTN_SKIP_SYSTEM_PACKAGES"));
    expect(lines).toEqual([
      "nginx is left out (AGNTN_SKIP_SYSTEM_PACKAGES), so the tests that need it are skipped.",
      "redis-server is left out (AGNTN_SKIP_SYSTEM_PACKAGES), so the tests that need it are skipped.",
    ]);
    const { numTotalTests, numPendingTests } = JSON.parse(readFileSync(report, "utf8")) as Record<string, number>;
    // Every test of the file: two faces behind nginx, six each.
    expect({ numTotalTests, numPendingTests }).toEqual({ numTotalTests: 12, numPendingTests: 12 });
  });

  it("fails at once with AGNTN_REQUIRE_SYSTEM_PACKAGES=1, naming the package and how to install it", { timeout: 150_000 }, () => {
    const { status, output } = vitest(
      { AGNTN_SKIP_SYSTEM_PACKAGES: "nginx", AGNTN_REQUIRE_SYSTEM_PACKAGES: "1" },
      join(dir, "required.json"),
    );
    expect(status).not.toBe(0);
    expect(output).toContain(
      "AGNTN_REQUIRE_SYSTEM_PACKAGES=1: this run may skip nothing, and it has no nginx (Debian or Ubuntu: sudo apt-get install nginx; macOS: brew install nginx)",
    );
  });
});
