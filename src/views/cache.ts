/**
 * Bundled views kept on disk between runs, so a program that bundles its
 * views when it starts (`runCli`'s mcp command, a server calling
 * `bundleViews`) pays for Vite once, not on every start: a hit loads no Vite
 * at all. Vite keeps its own caches the same way, in `node_modules/.cache`.
 *
 * An entry is the document and every file that went into it (the page, its
 * scripts and styles, what they import, Vite's and its plugins' entry files),
 * each with its size and modification time. It is used only while every one
 * of those files is unchanged; an upgrade of Vite or a plugin replaces its
 * entry file, which misses too. Entries are written whole (a temporary file
 * renamed), so two processes bundling at once never read half an entry.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";

interface Entry {
  format: 1;
  view: string;
  /** Each input as [absolute path, size, modification time in ms]. */
  inputs: Array<[string, number, number]>;
  html: string;
}

/** The nearest `node_modules` above a file, or `undefined`. */
function nearestModules(file: string): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const modules = join(dir, "node_modules");
    if (existsSync(modules)) return modules;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The folder this package keeps its view files in, in the cache of the nearest `node_modules` above `file`; `undefined` when there is none. */
export function cacheFolderOf(file: string): string | undefined {
  const modules = nearestModules(file);
  return modules === undefined ? undefined : join(modules, ".cache", "agntn-views");
}

/** Where a view's entry is kept: by the view's path, in the cache of the nearest `node_modules`; `undefined` when there is none. */
export function cacheFileOf(view: string): string | undefined {
  const folder = cacheFolderOf(view);
  if (folder === undefined) return undefined;
  const key = createHash("sha256").update(view).digest("hex").slice(0, 32);
  return join(folder, `${key}.json`);
}

function stamp(path: string): [string, number, number] | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? [path, stats.size, stats.mtimeMs] : undefined;
  } catch {
    return undefined;
  }
}

/** The kept document of `view`, when its entry exists and none of its inputs changed. */
export function readCached(file: string, view: string): string | undefined {
  let entry: Entry;
  try {
    entry = JSON.parse(readFileSync(file, "utf8")) as Entry;
  } catch {
    return undefined;
  }
  if (entry?.format !== 1 || entry.view !== view || typeof entry.html !== "string" || !Array.isArray(entry.inputs)) return undefined;
  for (const [path, size, mtime] of entry.inputs) {
    const now = stamp(path);
    if (now === undefined || now[1] !== size || now[2] !== mtime) return undefined;
  }
  return entry.html;
}

/**
 * Keeps a document with the files it was made from (absolute paths of files
 * that exist; virtual modules and generated pages are left out by the caller
 * or here). A cache that cannot be written is no error: the next run bundles again.
 */
export function writeCached(file: string, view: string, inputs: Iterable<string>, html: string): void {
  const stamped = [...new Set(inputs)].filter((path) => isAbsolute(path)).map(stamp);
  if (stamped.includes(undefined)) return;
  const entry: Entry = { format: 1, view, inputs: stamped as Entry["inputs"], html };
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temporary, JSON.stringify(entry));
    renameSync(temporary, file);
  } catch {
    // A read-only install or a full disk: bundling still worked.
  }
}

/** A Vite plugin that hands over, when the build ends, the id of every module that went into it. */
export function inputsRecorder(record: (ids: string[]) => void): {
  name: string;
  buildEnd(this: { getModuleIds(): Iterable<string> }): void;
} {
  return {
    name: "agntn-tools:view-inputs",
    buildEnd() {
      record([...this.getModuleIds()].map((id) => id.split("?")[0] ?? id).filter((id) => !id.startsWith("\0")));
    },
  };
}
