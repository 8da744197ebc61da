/**
 * What goes into a bundle's `server/` folder: the program's own package (its
 * `files` as npm would publish them, or the whole folder without dot-files,
 * `node_modules` and bundles), and the production dependencies it needs to
 * start, found the way Node finds them and laid out so Node finds each one
 * again from where it lands.
 *
 * Written here because the packers that exist either zip a whole folder
 * (development dependencies and all) or need a package manager at pack time;
 * a program that packs itself knows its package.json and where Node found
 * every module, which is all the layout needs.
 *
 * The layout: every package goes to `node_modules/<name>` at the top unless
 * another version holds that place on its requirer's path; then it goes into
 * its requirer's own `node_modules`. Dependencies are placed a package at a
 * time, breadth first, so no later placement hides one made earlier.
 */
import { glob, readdir, readFile, realpath, stat } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";

export interface BundleFile {
  /** Inside the bundle's `server/` folder, `/` between folders. */
  path: string;
  /** Where it is read from. */
  source: string;
}

export interface PackageJson {
  name?: unknown;
  version?: unknown;
  private?: unknown;
  files?: unknown;
  dependencies?: unknown;
  optionalDependencies?: unknown;
  peerDependencies?: unknown;
  peerDependenciesMeta?: unknown;
  [key: string]: unknown;
}

/** A package found on disk: its folder (real path) and its package.json. */
interface Found {
  dir: string;
  json: PackageJson;
}

/** What keeps the program's dependencies from being packed, one line each: a package not installed, a name no package has. */
export class MissingDependencies extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join("\n"));
    this.name = "MissingDependencies";
  }
}

/**
 * A name npm could publish: an optional `@scope/`, then no slash, no leading dot. A package.json is read from
 * node_modules, so a name such as `../../secret` is refused here: it would reach outside node_modules, and its path in
 * the bundle would climb out of the folder a host unpacks it into.
 */
const PACKAGE_NAME = /^(?:@[A-Za-z0-9~-][\w.~-]*\/)?[A-Za-z0-9~-][\w.~-]*$/;

function names(field: unknown): string[] {
  return typeof field === "object" && field !== null ? Object.keys(field) : [];
}

function posix(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}

async function readJson(file: string): Promise<PackageJson | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(file, "utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as PackageJson) : undefined;
  } catch {
    return undefined;
  }
}

/** Finds `name` from a package's folder as Node does: `node_modules/<name>` in it and in each folder above. */
async function resolvePackage(name: string, from: string): Promise<Found | undefined> {
  for (let dir = from; ; dir = dirname(dir)) {
    if (basename(dir) !== "node_modules") {
      const json = await readJson(join(dir, "node_modules", name, "package.json"));
      if (json) return { dir: await realpath(join(dir, "node_modules", name)), json };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Every file under `dir` (symbolic links followed, each folder once: a link back up a tree ends there), skipping what
 * `skip` says to; paths relative to `dir`.
 */
async function walk(
  dir: string,
  skip: (relativePath: string, name: string) => boolean,
  prefix = "",
  seen = new Set<string>(),
): Promise<string[]> {
  const real = await realpath(join(dir, prefix));
  if (seen.has(real)) return [];
  seen.add(real);
  const found: string[] = [];
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (skip(path, entry.name)) continue;
    const info = await stat(join(dir, path)).catch(() => undefined);
    if (info?.isDirectory()) found.push(...(await walk(dir, skip, path, seen)));
    else if (info?.isFile()) found.push(path);
  }
  return found;
}

/** The program's own files: `files` as npm reads it (plus package.json, README and LICENSE), or the folder. */
async function ownFiles(root: string, json: PackageJson, entry: string, leaveOut: (path: string) => boolean): Promise<string[]> {
  const skip = (path: string, name: string) => name === "node_modules" || name.startsWith(".") || name.endsWith(".mcpb") || leaveOut(path);
  const chosen = new Set<string>([entry]);
  if (Array.isArray(json.files) && json.files.every((pattern) => typeof pattern === "string")) {
    for (const file of await walk(root, (path, name) => path.includes("/") || skip(path, name))) {
      if (file === "package.json" || /^(readme|license|licence)(\.|$)/i.test(file)) chosen.add(file);
    }
    for (const pattern of json.files as string[]) {
      for await (const match of glob(pattern.replace(/^\.?\/+/, "").replace(/\/+$/, ""), { cwd: root })) {
        const path = posix(match);
        if (path.split("/").some((part, i, parts) => skip(parts.slice(0, i + 1).join("/"), part))) continue;
        const info = await stat(join(root, path)).catch(() => undefined);
        if (info?.isDirectory())
          for (const file of await walk(join(root, path), (inner, name) => skip(`${path}/${inner}`, name))) chosen.add(`${path}/${file}`);
        else if (info?.isFile()) chosen.add(path);
      }
    }
  } else {
    for (const file of await walk(root, skip)) chosen.add(file);
  }
  return [...chosen].sort();
}

/** The packages a package needs at run time: its dependencies, the optional ones present, and its required peers. */
function wanted(json: PackageJson, isRoot: boolean): Array<{ name: string; optional: boolean }> {
  const meta = (json.peerDependenciesMeta ?? {}) as Record<string, { optional?: unknown } | undefined>;
  const optional = new Set(names(json.optionalDependencies));
  const list = [
    ...names(json.dependencies).map((name) => ({ name, optional: optional.has(name) })),
    ...names(json.optionalDependencies).map((name) => ({ name, optional: true })),
  ];
  // A root's peers are its user's business; a dependency's required peers must come along (an optional one is left out).
  if (!isRoot) {
    for (const name of names(json.peerDependencies)) {
      if (Object.hasOwn(meta, name) && meta[name]?.optional === true) continue;
      list.push({ name, optional: true });
    }
  }
  const seen = new Set<string>();
  return list.filter(({ name }) => !seen.has(name) && seen.add(name));
}

/**
 * The files of the program and of every production dependency, with their
 * place in the bundle. Throws MissingDependencies when a dependency is not
 * installed.
 */
export async function bundleFiles(
  root: string,
  json: PackageJson,
  entry: string,
  leaveOut: (path: string) => boolean = () => false,
): Promise<BundleFile[]> {
  const files: BundleFile[] = (await ownFiles(root, json, entry, leaveOut)).map((path) => ({ path, source: join(root, path) }));
  /** Place in the bundle ("" is the program, "node_modules/a" a package) → the real folder there. */
  const placed = new Map<string, string>([["", root]]);
  /** Each placed package's requirer's place, to walk Node's lookup path back up. */
  const parentOf = new Map<string, string>();
  const missing: string[] = [];
  const queue: Array<{ at: string; found: Found }> = [{ at: "", found: { dir: root, json } }];
  const slot = (at: string, name: string) => (at === "" ? `node_modules/${name}` : `${at}/node_modules/${name}`);
  while (queue.length > 0) {
    const { at, found } = queue.shift()!;
    const requirer = at === "" ? "the program" : String(found.json.name);
    for (const { name, optional } of wanted(found.json, at === "")) {
      if (!PACKAGE_NAME.test(name)) {
        missing.push(`${JSON.stringify(name)}, which ${requirer} names as a dependency, is no package name`);
        continue;
      }
      const dependency = await resolvePackage(name, found.dir);
      if (!dependency) {
        if (!optional) missing.push(`${name}, which ${requirer} needs, is not installed: run your package manager's install first`);
        continue;
      }
      let place: string | undefined = slot("", name);
      for (let level: string | undefined = at; level !== undefined; level = parentOf.get(level)) {
        const there = placed.get(slot(level, name));
        if (there === undefined) continue;
        // Already where Node will look first: nothing to add. Another version is there: this one goes beside its requirer.
        place = there === dependency.dir ? undefined : slot(at, name);
        break;
      }
      if (place === undefined) continue;
      placed.set(place, dependency.dir);
      parentOf.set(place, at);
      queue.push({ at: place, found: dependency });
      const inner = await walk(dependency.dir, (path) => path === "node_modules");
      for (const path of inner) files.push({ path: `${place}/${path}`, source: join(dependency.dir, path) });
    }
  }
  if (missing.length > 0) throw new MissingDependencies(missing);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `file` relative to `root` with `/`, or undefined when it is not inside. */
export function inside(root: string, file: string): string | undefined {
  const path = relative(root, file);
  if (path === "" || path.startsWith("..") || path.startsWith(sep) || /^[A-Za-z]:/.test(path)) return undefined;
  return posix(path);
}
