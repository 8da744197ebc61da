/**
 * Once per test run, before any test file loads: the system packages some tests need
 * (./fixtures/system-packages.ts), found or installed, or named in one line each while their tests are skipped.
 * The Nuxt builders test files share (./fixtures/nuxt-build-pool.ts) listen here. When the run ends, they stop, and
 * the compile cache the run gave its processes goes (./fixtures/compile-cache.ts), with the bundle of TypeBox they
 * loaded from it (./fixtures/typebox-bundle.ts).
 */
import type { TestProject } from "vitest/node";
import { removeTestCompileCache } from "./fixtures/compile-cache.ts";
import { type BuildPool, startBuildPool } from "./fixtures/nuxt-build-pool.ts";
import {
  installHint,
  missingLine,
  SYSTEM_PACKAGES,
  type SystemPackage,
  skippedByChoice,
  systemBinary,
} from "./fixtures/system-packages.ts";
import { bundleTypeBox, TYPEBOX_BUNDLE_ENV } from "./fixtures/typebox-bundle.ts";

/** One pool of warm Nuxt builders for the whole run, however many projects ask (it starts no process until a build). */
let pool: Promise<BuildPool> | undefined;
/** One bundle of TypeBox, however many projects ask. */
let typeBox: Promise<unknown> | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const required = process.env.AGNTN_REQUIRE_SYSTEM_PACKAGES === "1";
  const leftOut = skippedByChoice();
  const found = {} as Record<SystemPackage, string | null>;
  const lines: string[] = [];
  for (const name of SYSTEM_PACKAGES) {
    found[name] = null;
    if (leftOut.has(name)) {
      lines.push(`${name} is left out (AGNTN_SKIP_SYSTEM_PACKAGES), so the tests that need it are skipped.`);
      continue;
    }
    try {
      found[name] = systemBinary(name);
    } catch {
      lines.push(missingLine(name));
    }
  }
  const missing = SYSTEM_PACKAGES.filter((name) => found[name] === null);
  if (missing.length > 0 && required) {
    const hints = missing.map((name) => `${name} (${installHint(name)})`).join(", ");
    throw new Error(`AGNTN_REQUIRE_SYSTEM_PACKAGES=1: this run may skip nothing, and it has no ${hints}`);
  }
  for (const line of lines) console.log(line);
  project.provide("systemPackages", found);
  // TypeBox in one bundle for the run's processes (./fixtures/typebox-bundle.ts), before any of them starts.
  const bundle = process.env[TYPEBOX_BUNDLE_ENV];
  if (bundle) {
    typeBox ??= bundleTypeBox(bundle);
    await typeBox;
  }
  pool ??= startBuildPool();
  project.provide("nuxtBuildPool", (await pool).url);
  return async () => {
    const started = pool;
    pool = undefined;
    await (await started)?.close();
    removeTestCompileCache();
  };
}
