/**
 * TypeBox as one bundle for the run's processes (test/fixtures/typebox-bundle.ts): a process of the run loads the
 * bundle whether it names TypeBox by package or by file, the bundle exports what TypeBox exports, and without the
 * run's folder the hook changes nothing.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleTypeBox, TYPEBOX_BUNDLE_ENV, TYPEBOX_REDIRECT, withTypeBoxRedirect } from "./fixtures/typebox-bundle.ts";

const bundle = process.env[TYPEBOX_BUNDLE_ENV] as string;
// This repository's TypeBox (in this worker, a resolution of "typebox" answers the bundle).
const installed = fileURLToPath(new URL("../node_modules/typebox", import.meta.url));
const SUBPATHS = [
  "typebox",
  "typebox/compile",
  "typebox/error",
  "typebox/format",
  "typebox/guard",
  "typebox/schema",
  "typebox/system",
  "typebox/type",
  "typebox/value",
];
const empty = mkdtempSync(join(tmpdir(), "agntn-typebox-none-"));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

/** Runs a module script in a Node of this run (its environment, `env` on top); answers what it printed as JSON. */
function inNode(script: string, env: Record<string, string | undefined> = {}): unknown {
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { env: { ...process.env, ...env }, encoding: "utf8" });
  if (child.status !== 0) throw new Error(`node ended with ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

const RESOLVE = `console.log(JSON.stringify(${JSON.stringify(SUBPATHS)}.map((name) => import.meta.resolve(name))))`;

describe("a Node the run starts", () => {
  it("resolves every TypeBox subpath to the run's bundle", () => {
    const files = pathToFileURL(join(bundle, "files")).href;
    expect(inNode(RESOLVE)).toEqual(SUBPATHS.map((name) => `${files}/${name === "typebox" ? "index" : name.slice("typebox/".length)}.mjs`));
  });

  it("gets the same module for TypeBox named by package and by its file in node_modules", () => {
    const file = pathToFileURL(join(installed, "build/value/index.mjs")).href;
    const same = `const a = await import("typebox/value"); const b = await import(${JSON.stringify(file)});
      console.log(JSON.stringify({ same: a === b, check: b.Value.Check({ type: "string" }, "x") }))`;
    expect(inNode(same)).toEqual({ same: true, check: true });
  });

  it("sees the names TypeBox exports, subpath by subpath, as a Node without the hook does", () => {
    const names = `const out = {}; for (const name of ${JSON.stringify(SUBPATHS)}) out[name] = Object.keys(await import(name)).sort();
      console.log(JSON.stringify(out))`;
    const unbundled = inNode(names, { NODE_OPTIONS: undefined });
    expect(Object.values(unbundled as Record<string, string[]>).every((list) => list.length > 0)).toBe(true);
    expect(inNode(names)).toEqual(unbundled);
  });

  it("resolves TypeBox from node_modules, as always, when the run's folder has no bundle", () => {
    const resolved = inNode(RESOLVE, { [TYPEBOX_BUNDLE_ENV]: empty }) as string[];
    expect(resolved).toEqual(inNode(RESOLVE, { NODE_OPTIONS: undefined }));
    expect(resolved.slice(0, 2)).toEqual(
      ["build/index.mjs", "build/compile/index.mjs"].map((file) => pathToFileURL(join(installed, file)).href),
    );
  });
});

it("a process that has the hook (a vitest started inside the run) bundles node_modules' TypeBox, not the bundle", async () => {
  const dir = join(empty, "nested");
  const manifest = await bundleTypeBox(dir, import.meta.filename);
  expect(Object.keys(manifest.entries).sort()).toEqual(
    ["compile", "error", "format", "guard", "schema", "system", "type", "value"]
      .map((name) => `build/${name}/index.mjs`)
      .concat("build/index.mjs")
      .map((file) => pathToFileURL(join(installed, file)).href)
      .sort(),
  );
  expect(manifest.from).toBe(pathToFileURL(installed).href);
  // Made once: a second call reads the manifest. A manifest of another clone's TypeBox is made again, for this one.
  expect(await bundleTypeBox(dir, import.meta.filename)).toEqual(manifest);
  writeFileSync(join(dir, "manifest.json"), JSON.stringify({ ...manifest, from: "file:///elsewhere/node_modules/typebox" }));
  expect(await bundleTypeBox(dir, import.meta.filename)).toEqual(manifest);
});

it("NODE_OPTIONS gets the hook once, after what was there", () => {
  const flag = `--import=${TYPEBOX_REDIRECT}`;
  expect(withTypeBoxRedirect(undefined)).toBe(flag);
  expect(withTypeBoxRedirect("  --max-old-space-size=4096 ")).toBe(`--max-old-space-size=4096 ${flag}`);
  expect(withTypeBoxRedirect(`--trace-warnings ${flag}`)).toBe(`--trace-warnings ${flag}`);
});
