/**
 * The core must run in a browser tab (the docs playground depends on it): src/index.ts and every file it
 * imports, transitively, may import no `node:*` module, no Node builtin, and use no Node-only global.
 */
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const entry = resolve(root, "src/index.ts");

/** Every module specifier a source file names: static imports and re-exports, side-effect imports, dynamic imports, require. */
function specifiersOf(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^;'"]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  const found = new Set<string>();
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1] as string);
  return [...found];
}

/** Walks relative imports from the entry; returns the files seen and the bare specifiers they use. */
function scan(start: string): { files: string[]; external: Map<string, string[]> } {
  const files: string[] = [];
  const external = new Map<string, string[]>();
  const queue = [start];
  const seen = new Set<string>();
  // Bounded: each file is read once, and the source tree is finite.
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    files.push(relative(root, file));
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) queue.push(resolve(dirname(file), specifier));
      else external.set(specifier, [...(external.get(specifier) ?? []), relative(root, file)]);
    }
  }
  return { files, external };
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const isNodeModule = (specifier: string) =>
  specifier.startsWith("node:") || NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split("/")[0] as string);

describe("the core imports nothing from Node", () => {
  const { files, external } = scan(entry);

  it("reaches every core file from src/index.ts", () => {
    expect(files.sort()).toEqual(
      [
        "src/index.ts",
        "src/core/define.ts",
        "src/core/errors.ts",
        "src/core/invoke.ts",
        "src/core/questions.ts",
        "src/core/sanitize.ts",
        "src/core/schema.ts",
        "src/core/types.ts",
        "src/core/validate.ts",
      ].sort(),
    );
  });

  it("imports no node:* module and no Node builtin", () => {
    const offending = [...external.entries()].filter(([specifier]) => isNodeModule(specifier));
    expect(offending).toEqual([]);
  });

  it("imports only TypeBox from outside", () => {
    expect([...external.keys()].sort()).toEqual(["typebox", "typebox/compile", "typebox/type", "typebox/value"]);
  });

  it("uses no Node-only global", () => {
    for (const file of files) {
      const code = readFileSync(resolve(root, file), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      expect({ file, globals: code.match(/\b(?:process|Buffer|__dirname|__filename|require|global|setImmediate)\b/g) }).toEqual({
        file,
        globals: null,
      });
    }
  });
});

describe("the scanner finds what it must refuse", () => {
  it.each([
    ['import { readFile } from "node:fs";', ["node:fs"]],
    ["import fs from 'fs';", ["fs"]],
    ['import type { X } from "node:stream";', ["node:stream"]],
    ['export * from "node:path";', ["node:path"]],
    ['export { a,\n  b } from "./a.ts";', ["./a.ts"]],
    ['import "node:process";', ["node:process"]],
    ['const m = await import("node:crypto");', ["node:crypto"]],
    ['const m = require("child_process");', ["child_process"]],
    ['import {\n  x,\n  y,\n} from "typebox/value";', ["typebox/value"]],
  ])("%s", (source, specifiers) => {
    expect(specifiersOf(source)).toEqual(specifiers);
  });

  it.each([
    ["node:fs", true],
    ["fs", true],
    ["fs/promises", true],
    ["worker_threads", true],
    ["typebox", false],
    ["typebox/compile", false],
  ])("%s is a Node module: %s", (specifier, nodeModule) => {
    expect(isNodeModule(specifier)).toBe(nodeModule);
  });
});
