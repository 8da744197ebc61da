/**
 * Puts the app's tools beside the tools the toolkit already serves on its
 * default route (a Docus site's `list-pages` and `get-page`, the app's own
 * `server/mcp/tools/*`). A name both sides use is never served twice: the
 * toolkit's tool keeps it and the clash is reported, because SDK v1 would
 * otherwise refuse to build the server and take the page tools down with it.
 */

/** A tool entry on the toolkit's side, as `mcp:config:resolved` shows it. */
export interface ListedEntry {
  name?: string;
  _meta?: { filename?: unknown; [key: string]: unknown };
}

function kebabCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[_\s]+/g, "-")
    .toLowerCase();
}

/** The name the toolkit will register an entry under: its own `name`, else the kebab-cased file name (as the toolkit derives it). */
export function registeredName(entry: ListedEntry): string | undefined {
  if (typeof entry.name === "string" && entry.name !== "") return entry.name;
  const filename = entry._meta?.filename;
  if (typeof filename !== "string") return undefined;
  return kebabCase(filename.replace(/\.(ts|js|mts|mjs)$/, ""));
}

export interface Joined<T> {
  tools: Array<ListedEntry | T>;
  /** Names of the app's tools left out because the toolkit already serves a tool of that name. */
  clashes: string[];
}

/** The toolkit's entries first, then every app tool whose name is still free. */
export function joinTools<T extends { name: string }>(existing: readonly ListedEntry[], ours: readonly T[]): Joined<T> {
  const taken = new Set<string>();
  for (const entry of existing) {
    const name = registeredName(entry);
    if (name !== undefined) taken.add(name);
  }
  const clashes: string[] = [];
  const tools: Array<ListedEntry | T> = [...existing];
  for (const tool of ours) {
    if (taken.has(tool.name)) clashes.push(tool.name);
    else tools.push(tool);
  }
  return { tools, clashes };
}
