/**
 * The built package, as the start-up benchmarks measure it: users run dist,
 * not the sources. Built with the project's tsdown config into a private
 * directory (never the shared `dist/`, which other work may be using), and
 * optionally laid out as an installed package, so a program imports it by
 * name through its package.json `exports` as a user's program does.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..");
/** tsdown run by this Node (24): its shebang would take whatever `node` comes first on PATH. */
export const TSDOWN = join(ROOT, "node_modules/tsdown/dist/run.mjs");
/** Inside the repository, so built files resolve `typebox` and the peers from its node_modules. */
export const CACHE = join(ROOT, "node_modules/.cache/agntn-bench");

export interface Build {
  dir: string;
  how: string;
}

/** Builds with the project's tsdown config into `dir`; if the build fails, measures a copy of the shared dist instead. */
export function buildPackage(dir: string, config?: string): Build {
  rmSync(dir, { recursive: true, force: true });
  try {
    const args = [TSDOWN, ...(config ? ["-c", config] : []), "--out-dir", dir, "--log-level", "warn"];
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: "pipe", timeout: 300_000 });
    return { dir, how: "built from the current sources with the project's tsdown config into a private directory" };
  } catch (error) {
    const shared = join(ROOT, "dist");
    if (config || !existsSync(shared)) throw error;
    cpSync(shared, dir, { recursive: true });
    const reason = String((error as { stderr?: unknown }).stderr ?? error)
      .split("\n")
      .find((l) => l.trim() !== "");
    return { dir, how: `the build failed (${reason?.slice(0, 200)}); measured a copy of the shared dist/` };
  }
}

/**
 * Builds the package and installs it as `<project>/node_modules/@agntn/tools`
 * (its package.json and dist), so code in `project` imports `@agntn/tools`
 * by name. `project` must lie inside the repository's node_modules, where
 * `typebox` and the peers resolve.
 */
export function installBuilt(project: string): Build {
  const home = join(project, "node_modules/@agntn/tools");
  mkdirSync(home, { recursive: true });
  const built = buildPackage(join(home, "dist"));
  writeFileSync(join(home, "package.json"), readFileSync(join(ROOT, "package.json")));
  return built;
}
