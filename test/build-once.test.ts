/**
 * The lock that builds each test app once per run (test/fixtures/nuxt-server.ts `onceInRun`): asked again after the
 * build ended, or by many at once, it builds once. CI once failed when a file that asked late built the playground a
 * second time while another file's servers ran from its output.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { onceInRun } from "./fixtures/nuxt-server.ts";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function counted() {
  dir = mkdtempSync(join(tmpdir(), "agntn-once-"));
  const files = { stamp: join(dir, "stamp"), failed: join(dir, "failed"), lock: join(dir, "lock") };
  const builds = { count: 0 };
  const build = async () => {
    builds.count++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return { files, builds, build };
}

it("builds once when asked again after the build ended", async () => {
  const { files, builds, build } = counted();
  await onceInRun(files, "app", build);
  await onceInRun(files, "app", build);
  expect(builds.count).toBe(1);
});

it("builds once when asked by five at once, and every asker waits for it", async () => {
  const { files, builds, build } = counted();
  await Promise.all(Array.from({ length: 5 }, () => onceInRun(files, "app", build)));
  expect(builds.count).toBe(1);
});

it("hands the failure's lines to every asker", async () => {
  const { files } = counted();
  const failing = async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    throw new Error("nuxi build app exited 1:\nbroken");
  };
  const answers = await Promise.allSettled([onceInRun(files, "app", failing), onceInRun(files, "app", failing)]);
  expect(answers.map((answer) => (answer.status === "rejected" ? (answer.reason as Error).message : "built"))).toEqual([
    "nuxi build app exited 1:\nbroken",
    "nuxi build app exited 1:\nbroken",
  ]);
});
