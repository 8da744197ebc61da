/**
 * Tools' views at build time: a tool that names its view as
 * `ui: { file: new URL("./view.html", import.meta.url) }` gets the file
 * bundled into one HTML document (its scripts, styles and imports inlined)
 * and written into the code in place of the URL, as `html: "<document>"`.
 * Nitro moves the server code away from its sources, so a file beside them
 * could not be read at run time; inlined, the view works on every preset,
 * Workers included, and in the browser bundle (the docs playground).
 *
 * A `.vue` file is a view too: it is mounted as the root component of a
 * generated entry and bundled the same way.
 *
 * Bundling is Vite with `vite-plugin-singlefile` (and `@vitejs/plugin-vue`
 * for components), the toolchain @nuxtjs/mcp-toolkit bundles its own apps
 * with: all three are the toolkit's dependencies, which this module installs,
 * so they are imported from the toolkit's place and the app adds nothing.
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { importModule } from "@nuxt/kit";

/**
 * `file: new URL("<relative path>.html|.htm|.vue", import.meta.url)`, as a
 * tool's `ui` writes it: only this form, so no other `new URL` of the app's
 * code is touched. The key and the call are taken whole; the path is group 3.
 */
const VIEW_URL = /\bfile(\s*:\s*)new\s+URL\(\s*(["'`])(\.{1,2}\/[^"'`\n]+?\.(?:html?|vue))\2\s*,\s*import\.meta\.url\s*\)/g;

/** Where the bundler comes from: module URLs to resolve `vite` and its plugins from (the toolkit's, then the app's). */
export interface ViewToolchain {
  from: URL[];
  /** Scratch space for the generated entries of `.vue` views (in the app's build dir). */
  scratch: string;
}

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

interface ViteOutput {
  output: Array<{ type: string; fileName: string; source?: string | Uint8Array }>;
}

interface Vite {
  build(config: Record<string, unknown>): Promise<ViteOutput | ViteOutput[]>;
}

type PluginFactory = (...args: unknown[]) => unknown;

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

/** The one HTML file a Vite build wrote, as text. */
function htmlOf(result: ViteOutput | ViteOutput[], view: string): string {
  for (const output of [result].flat()) {
    for (const chunk of output.output) {
      if (chunk.type === "asset" && chunk.fileName.endsWith(".html") && chunk.source !== undefined) {
        return typeof chunk.source === "string" ? chunk.source : new TextDecoder().decode(chunk.source);
      }
    }
  }
  throw new Error(`@agntn/tools: bundling the view ${view} gave no HTML file`);
}

/** A `.vue` view as a page: a generated entry that mounts it, in the scratch dir. */
function componentEntry(view: string, scratch: string, index: number): string {
  const dir = join(scratch, `view-${index}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html>\n<html lang="en">\n  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /></head>\n  <body><div id="app"></div><script type="module" src="./entry.js"></script></body>\n</html>\n',
  );
  writeFileSync(
    join(dir, "entry.js"),
    `import { createApp } from "vue";\nimport View from ${JSON.stringify(view)};\ncreateApp(View).mount("#app");\n`,
  );
  return join(dir, "index.html");
}

/** Bundles views, each file once per build (again when its file changed, in development). */
export function createViewBundler(toolchain: ViewToolchain): (view: string) => Promise<string> {
  const done = new Map<string, { stamp: number; html: Promise<string> }>();
  let entries = 0;
  const load = <T>(id: string) => importModule<T>(id, { url: toolchain.from });

  async function bundle(view: string): Promise<string> {
    const [vite, singleFile] = await Promise.all([load<Vite>("vite"), load<{ viteSingleFile: PluginFactory }>("vite-plugin-singlefile")]);
    const component = view.endsWith(".vue");
    const input = component ? componentEntry(view, toolchain.scratch, ++entries) : view;
    const plugins = component ? [(await load<{ default: PluginFactory }>("@vitejs/plugin-vue")).default()] : [];
    const result = await vite.build({
      root: dirname(input),
      configFile: false,
      envFile: false,
      logLevel: "silent",
      mode: "production",
      plugins: [...plugins, singleFile.viteSingleFile()],
      build: { write: false, emptyOutDir: false, assetsInlineLimit: Number.MAX_SAFE_INTEGER, rollupOptions: { input } },
    });
    return htmlOf(result, view);
  }

  return (view) => {
    const stamp = statSync(view).mtimeMs;
    const known = done.get(view);
    if (known && known.stamp === stamp) return known.html;
    const html = bundle(view);
    done.set(view, { stamp, html });
    return html;
  };
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
 * The transform: each view URL in a source file becomes `html: <bundled
 * document>`. A path that names no file stops the build with one line.
 */
export function viewsPlugin(bundleView: (view: string) => Promise<string>, root: string, encoding: ViewEncoding): ViewsPlugin {
  return {
    name: `agntn-tools:views-${encoding}`,
    enforce: "pre",
    async transform(code, id) {
      if (!mayNameView(code, id)) return null;
      const found = [...code.matchAll(VIEW_URL)];
      if (found.length === 0) return null;
      const source = pathToFileURL(id.split("?")[0] ?? id);
      const bundled = await Promise.all(
        found.map(async (match) => {
          const view = fileURLToPath(new URL(match[3] as string, source));
          try {
            statSync(view);
          } catch {
            throw new Error(`@agntn/tools: ${relative(root, id)} names the view ${match[3]}, but there is no file ${view}`);
          }
          this.addWatchFile?.(view);
          return bundleView(view);
        }),
      );
      let at = 0;
      const next = code.replace(VIEW_URL, (_whole, colon: string) => `html${colon}${written(bundled[at++] as string, encoding)}`);
      return { code: next, map: lineMap(next, id) };
    },
  };
}
