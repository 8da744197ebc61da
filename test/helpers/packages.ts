/**
 * What a node_modules folder holds at its top, as package names (`@scope/name` for a scoped one), sorted. Dot
 * entries (`.bin`, `.package-lock.json`) are listed as they are, so a test that expects none sees one that came.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";

export function packagesIn(nodeModules: string): string[] {
  return readdirSync(nodeModules)
    .flatMap((name) => (name.startsWith("@") ? readdirSync(join(nodeModules, name)).map((inner) => `${name}/${inner}`) : [name]))
    .sort();
}
