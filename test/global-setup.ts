/**
 * Once per test run, before any test file loads: the system packages some tests need
 * (./fixtures/system-packages.ts), found or installed, or named in one line each while their tests are skipped.
 * When the run ends, the compile cache it gave its processes goes (./fixtures/compile-cache.ts).
 */
import type { TestProject } from "vitest/node";
import { removeTestCompileCache } from "./fixtures/compile-cache.ts";
import {
  installHint,
  missingLine,
  SYSTEM_PACKAGES,
  type SystemPackage,
  skippedByChoice,
  systemBinary,
} from "./fixtures/system-packages.ts";

export default function setup(project: TestProject): () => void {
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
  return () => removeTestCompileCache();
}
