/**
 * The compile cache a test run gives the processes it starts (vitest.config.ts): a child Node writes its cache there,
 * and the run's end removes that folder and no other, not even from a vitest started inside the run
 * (test/fixtures/compile-cache.ts). A nested vitest once removed the outer run's folder while its processes wrote to it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { removeTestCompileCache, testCompileCacheDir } from "./fixtures/compile-cache.ts";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("a Node this run starts caches what it compiles in the run's folder", () => {
  const cache = process.env.NODE_COMPILE_CACHE;
  expect(cache).toBeTruthy();
  dir = mkdtempSync(join(tmpdir(), "agntn-cache-probe-"));
  // A file of its own, so the child has something new to compile and write. The folder is counted whole: in a full run
  // other processes add entries too, but with the variable missing or the folder unwritable nothing is added here.
  const file = join(dir, `probe-${process.pid}-${Date.now()}.ts`);
  writeFileSync(file, "const answer: number = 42;\nconsole.log(answer);\n");
  const entries = () => (existsSync(cache as string) ? readdirSync(cache as string, { recursive: true }).length : 0);
  const before = entries();
  const child = spawnSync(process.execPath, [file], { encoding: "utf8" });
  expect({ status: child.status, stdout: child.stdout }).toEqual({ status: 0, stdout: "42\n" });
  expect(entries()).toBeGreaterThan(before);
});

it("the run's end removes the folder its own vitest made, and leaves any other alone", () => {
  dir = mkdtempSync(join(tmpdir(), "agntn-cache-removal-"));
  const ours = join(dir, basename(testCompileCacheDir(4242)));
  const nested = join(dir, basename(testCompileCacheDir(4243)));
  const theirs = join(dir, "node-compile-cache");
  for (const folder of [ours, nested, theirs]) {
    mkdirSync(join(folder, "v24"), { recursive: true });
    writeFileSync(join(folder, "v24", "entry"), "x");
  }
  // A vitest started inside the run (pid 4243) inherits the run's folder: it is not its own to remove.
  removeTestCompileCache(ours, 4243);
  removeTestCompileCache(theirs, 4242);
  removeTestCompileCache(undefined, 4242);
  expect([ours, nested, theirs].map((folder) => existsSync(folder))).toEqual([true, true, true]);
  removeTestCompileCache(ours, 4242);
  expect([ours, nested, theirs].map((folder) => existsSync(folder))).toEqual([false, true, true]);
});
