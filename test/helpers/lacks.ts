/**
 * In a test file: whether this run goes without a system package (test/fixtures/system-packages.ts), for
 * `describe.skipIf(lacks("nginx"))`. The global setup found the packages, or printed a line for each missing one.
 */
import { inject } from "vitest";
import type { SystemPackage } from "../fixtures/system-packages.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** Each system package's binary, or `null` when the run goes without it. */
    systemPackages: Record<SystemPackage, string | null>;
  }
}

export function lacks(...names: SystemPackage[]): boolean {
  const found = inject("systemPackages");
  return names.some((name) => !found?.[name]);
}
