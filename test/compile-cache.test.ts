/**
 * The compile cache a test run gives the processes it starts (vitest.config.ts): a child Node writes its cache there,
 * and the run's end removes that folder and no other (test/fixtures/compile-cache.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { removeTestCompileCache, TEST_COMPILE_CACHE_PREFIX } from "./fixtures/compile-cache.ts";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("a Node this run starts caches what it compiles in the run's folder", () => {
  const cache = process.env.NODE_COMPILE_CACHE;
  expect(cache).toBeTruthy();
  dir = mkdtempSync(join(tmpdir(), "agntn-cache-probe-"));
  // A file no other process has compiled, so its entry can only come from this child.
  const file = join(dir, `probe-${process.pid}-${Date.now()}.ts`);
  writeFileSync(file, "const answer: number = 42;\nconsole.log(answer);\n");
  const entries = () => (existsSync(cache as string) ? readdirSync(cache as string, { recursive: true }).length : 0);
  const before = entries();
  const child = spawnSync(process.execPath, [file], { encoding: "utf8" });
  expect({ status: child.status, stdout: child.stdout }).toEqual({ status: 0, stdout: "42\n" });
  expect(entries()).toBeGreaterThan(before);
});

it("the run's end removes a folder a run made, and leaves any other alone", () => {
  dir = mkdtempSync(join(tmpdir(), "agntn-cache-removal-"));
  const ours = join(dir, `${TEST_COMPILE_CACHE_PREFIX}1-2`);
  const theirs = join(dir, "node-compile-cache");
  for (const folder of [ours, theirs]) {
    mkdirSync(join(folder, "v24"), { recursive: true });
    writeFileSync(join(folder, "v24", "entry"), "x");
  }
  removeTestCompileCache(theirs);
  removeTestCompileCache(undefined);
  expect(existsSync(theirs)).toBe(true);
  removeTestCompileCache(ours);
  expect(existsSync(ours)).toBe(false);
});
