/**
 * The warm Nuxt builders every test app is built by (test/fixtures/nuxt-build-pool.ts): a build gets the environment
 * it was asked with and nothing a build before it had; a failed build is answered with its log, whether nuxi throws or
 * ends its process, and the next build is built; the pool answers a bad size with one line. One builder here, so every build
 * meets what the one before it left.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuildPool, type BuildResult, postBuild, startBuildPool } from "./fixtures/nuxt-build-pool.ts";
import { root, startApp, TEST_BUILD_LAYER } from "./fixtures/nuxt-server.ts";

const APP = join(root, "test/fixtures/nuxt-build-pool");
const SCRATCH = join(APP, ".scratch");
/** A server route and an app plugin that do not parse: the first fails Nitro's bundle, the second Vite's. */
const BROKEN_ROUTE = join(SCRATCH, "broken-route.ts");
const BROKEN_PLUGIN = join(SCRATCH, "broken-plugin.ts");

let pool: BuildPool;

/** Builds the app in the pool, with the environment a test file's own `nuxi build` would get, plus `extra`, minus `without`. */
function build(extra: Record<string, string>, without: string[] = []): Promise<BuildResult> {
  const env = { ...(process.env as Record<string, string>), ...extra };
  for (const name of without) delete env[name];
  return postBuild(pool.url, { dir: APP, layer: TEST_BUILD_LAYER, env });
}

/** What the built app's /mark route answers: the AGNTN_POOL_MARK its build saw. */
async function builtMark(): Promise<string> {
  const app = await startApp(APP);
  try {
    return await (await fetch(new URL("/mark", app.url))).text();
  } finally {
    app.stop();
  }
}

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  writeFileSync(BROKEN_ROUTE, 'export default defineEventHandler(() => { return "never" ) });\n');
  writeFileSync(BROKEN_PLUGIN, 'export default defineNuxtPlugin(() => { return "never" ) });\n');
  pool = await startBuildPool({ size: 1 });
});

afterAll(async () => {
  await pool?.close();
  rmSync(SCRATCH, { recursive: true, force: true });
});

describe("the warm Nuxt builders", () => {
  it("give each build the environment it was asked with and none of the last build's, also after a build that failed in Nitro's bundle (nuxi throws)", async () => {
    const first = await build({ AGNTN_POOL_MARK: "first" });
    expect(first.code, first.log).toBe(0);
    expect(await builtMark()).toBe("first");
    const failed = await build({ AGNTN_POOL_BREAK: BROKEN_ROUTE });
    expect(failed.code).toBe(1);
    expect(failed.log).toContain("broken-route.ts");
    // The same builder again (the pool has one): it saw "first" and a failure, and this build is given neither.
    const third = await build({}, ["AGNTN_POOL_MARK", "AGNTN_POOL_BREAK"]);
    expect(third.code, third.log).toBe(0);
    expect(await builtMark()).toBe("unset");
    // It printed its own first lines too (a build under test once left the next one's output swallowed).
    expect(third.log).toContain("Building Nuxt for production...");
  }, 120_000);

  it("answer a build that fails in Vite's bundle (nuxi ends its process) with code 1 and its log, and build the next one in a new builder", async () => {
    const failed = await build({ AGNTN_POOL_BREAK_APP: BROKEN_PLUGIN });
    expect(failed.code).toBe(1);
    expect(failed.log).toContain("broken-plugin.ts");
    // That builder has ended: this build needs a new one (it was once sent to the ending one, and failed).
    const after = await build({ AGNTN_POOL_MARK: "after" }, ["AGNTN_POOL_BREAK_APP"]);
    expect(after.code, after.log).toBe(0);
    expect(await builtMark()).toBe("after");
  }, 120_000);

  it("refuse a size that is not a whole number of at least 1, in one line", async () => {
    await expect(startBuildPool({ size: 0 })).rejects.toThrow(/^startBuildPool: size must be a whole number of at least 1; got 0$/);
    await expect(startBuildPool({ size: 1.5 })).rejects.toThrow(/^startBuildPool: size must be a whole number of at least 1; got 1\.5$/);
  });
});
