/**
 * Views ahead of time: a tool that names its view as
 * `ui: { file: new URL("./view.html", import.meta.url) }` gets the file
 * bundled into one document (./bundle.ts) and written into the code in place
 * of the URL, as `html: "<document>"`. A bundler moves server code away from
 * its sources (Nitro's output, an esbuild `dist/server.js`), so a file beside
 * them could not be read at run time; inlined, the view goes wherever the
 * code goes: every Nitro preset, Workers included, the browser bundle of the
 * docs playground, a single-file CLI.
 *
 * The same transform is a Vite/Rollup plugin (the Nuxt module's, and
 * `viteViewsPlugin`) and an esbuild plugin (`esbuildViewsPlugin`).
 */
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ViewBundleError } from "./bundle.ts";

/**
 * `file: new URL("<relative path>.html|.htm|.vue", import.meta.url)`, as a
 * tool's `ui` writes it: only this form, so no other `new URL` of the app's
 * code is touched. The key and the call are taken whole; the path is group 3.
 */
const VIEW_URL = /\bfile(\s*:\s*)new\s+URL\(\s*(["'`])(\.{1,2}\/[^"'`\n]+?\.(?:html?|vue))\2\s*,\s*import\.meta\.url\s*\)/g;

/** A version 3 source map. */
interface LineMap {
  version: number;
  sources: string[];
  names: string[];
  mappings: string;
}

/** The slice of a Rollup/Vite plugin context this uses. */
interface TransformContext {
  addWatchFile?(id: string): void;
}

/** A plugin both Vite (the app's bundles) and Rollup (Nitro's server bundle) take. */
export interface ViewsPlugin {
  name: string;
  enforce: "pre";
  transform(this: TransformContext, code: string, id: string): Promise<{ code: string; map: LineMap } | null>;
}

/** Source files of the app (no dependency, no virtual module) that may name a view. */
function mayNameView(code: string, id: string): boolean {
  const path = id.split("?")[0] ?? "";
  return (
    !id.startsWith("\0") && !path.includes("/node_modules/") && /\.(?:[cm]?[jt]sx?|vue)$/.test(path) && code.includes("import.meta.url")
  );
}

/**
 * A source map that keeps every line where it was: the replacement changes
 * columns on its own line only, and a map per line is all a stack trace
 * needs. (Rollup warns about a transform that gives no map.)
 */
function lineMap(code: string, id: string): LineMap {
  const lines = code.split("\n").length;
  return { version: 3, sources: [id], names: [], mappings: `AAAA${";AACA".repeat(Math.max(0, lines - 1))}` };
}

/**
 * How the document is written into the code: as a string literal for Vite,
 * whose replacements read the syntax tree; as base64, decoded at start-up,
 * for Nitro's Rollup build, whose `@rollup/plugin-replace` rewrites text
 * such as `typeof window` even inside strings (and a bundled view has some).
 */
export type ViewEncoding = "literal" | "base64";

function written(html: string, encoding: ViewEncoding): string {
  if (encoding === "literal") return JSON.stringify(html);
  const base64 = Buffer.from(html, "utf8").toString("base64");
  return `new TextDecoder().decode(Uint8Array.from(atob(${JSON.stringify(base64)}), (c) => c.charCodeAt(0)))`;
}

/**
 * Each view URL in a source file's code replaced by `html: <bundled
 * document>`; `undefined` when the file names no view. A path that names no
 * file stops the build with one line.
 */
export async function inlineViews(
  code: string,
  id: string,
  bundleView: (view: string) => Promise<string>,
  options: { root: string; encoding: ViewEncoding; watch?: (view: string) => void },
): Promise<string | undefined> {
  if (!mayNameView(code, id)) return undefined;
  const found = [...code.matchAll(VIEW_URL)].filter((match) => !inComment(code, match.index));
  if (found.length === 0) return undefined;
  const source = pathToFileURL(id.split("?")[0] ?? id);
  const bundled = await Promise.all(
    found.map((match) => {
      const view = fileURLToPath(new URL(match[3] as string, source));
      options.watch?.(view);
      return bundleView(view).catch((error: unknown) => {
        throw new ViewBundleError(`@agntn/tools: ${relative(options.root, id)} names the view ${match[3]}: ${(error as Error).message}`);
      });
    }),
  );
  const documents = new Map(found.map((match, at) => [match.index, bundled[at] as string]));
  return code.replace(VIEW_URL, (whole, colon: string, _quote, _path, offset: number) => {
    const html = documents.get(offset);
    return html === undefined ? whole : `html${colon}${written(html, options.encoding)}`;
  });
}

/**
 * Whether a match sits in a comment: after `//` on its line, or on a line of
 * a block comment (one that starts with `*` or `/*`). Doc comments show the
 * form as an example (this package's own do), and no file is meant there.
 */
function inComment(code: string, index: number): boolean {
  const line = code.slice(code.lastIndexOf("\n", index) + 1, index);
  return /(?:^|[\s;,{}()])\/\//.test(line) || /^\s*(?:\*|\/\*)/.test(line);
}

/** The transform as a plugin both Vite (an app's bundles) and Rollup (Nitro's server bundle) take. */
export function viewsPlugin(bundleView: (view: string) => Promise<string>, root: string, encoding: ViewEncoding): ViewsPlugin {
  return {
    name: `agntn-tools:views-${encoding}`,
    enforce: "pre",
    async transform(code, id) {
      const next = await inlineViews(code, id, bundleView, { root, encoding, watch: (view) => this.addWatchFile?.(view) });
      return next === undefined ? null : { code: next, map: lineMap(next, id) };
    },
  };
}

/** The slice of esbuild's plugin API this uses. */
export interface EsbuildPlugin {
  name: string;
  setup(build: {
    onLoad(
      options: { filter: RegExp; namespace?: string },
      callback: (args: { path: string }) => Promise<{ contents: string; loader: SourceLoader; watchFiles?: string[] } | undefined>,
    ): void;
  }): void;
}

/** The loaders of the source files that may name a view. */
type SourceLoader = "js" | "jsx" | "ts" | "tsx";

/** esbuild's loader for a source file, by its extension. */
function loaderOf(path: string): SourceLoader {
  return (/\.[cm]?([jt]sx?)$/.exec(path)?.[1] ?? "js") as SourceLoader;
}

/** The transform as an esbuild plugin: each source file that names a view is loaded with its views inlined. */
export function esbuildPlugin(bundleView: (view: string) => Promise<string>, root: string): EsbuildPlugin {
  return {
    name: "agntn-tools:views",
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/, namespace: "file" }, async ({ path }) => {
        if (path.includes("/node_modules/")) return undefined;
        const code = await readFile(path, "utf8");
        const views: string[] = [];
        const next = await inlineViews(code, path, bundleView, { root, encoding: "literal", watch: (view) => views.push(view) });
        return next === undefined ? undefined : { contents: next, loader: loaderOf(path), watchFiles: views };
      });
    },
  };
}
