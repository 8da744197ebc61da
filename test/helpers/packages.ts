/**
 * What a node_modules folder holds at its top, as package names (`@scope/name` for a scoped one), sorted. Dot
 * entries (`.bin`, `.package-lock.json`) are listed as they are, so a test that expects none sees one that came.
 */
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";

export function packagesIn(nodeModules: string): string[] {
  return readdirSync(nodeModules)
    .flatMap((name) => (name.startsWith("@") ? readdirSync(join(nodeModules, name)).map((inner) => `${name}/${inner}`) : [name]))
    .sort();
}

/**
 * What a program's bundle holds in node_modules when the program depends on @agntn/tools and the MCP server SDK
 * alone: the two, the SDK's core and zod, and the packages each needs at run time. Written out, so a new dependency
 * of ours or of the SDK's shows in both bundle tests (test/cli-bundle.test.ts, test/new-user.test.ts).
 */
export const SERVER_PROGRAM_PACKAGES = [
  "@agntn/tools",
  "@modelcontextprotocol/core",
  "@modelcontextprotocol/server",
  "exsolve",
  "jose",
  "typebox",
  "zod",
];

/** The folders from `dir` up to the root that hold a node_modules: none, for an unpacked bundle that must load only its own. */
export function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let at = dir; dirname(at) !== at; at = dirname(at)) if (existsSync(join(at, "node_modules"))) found.push(at);
  return found;
}
