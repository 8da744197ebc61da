/**
 * `@agntn/tools/views`: tools' MCP Apps views made into the one document a
 * host renders, for any face. A view given as `ui.file` may be an HTML page
 * that loads scripts and styles beside it, or a Vue component; a host can
 * fetch nothing beside the document, so MCP servers refuse such a file until
 * it is bundled, here:
 *
 * - at start-up: `tools = await bundleViews(tools)`, before the server is made;
 * - ahead of time, when the server is itself bundled: `esbuildViewsPlugin()`
 *   or `viteViewsPlugin()` (Vite and Rollup) write each document into the code.
 *
 * The Nuxt module and `runCli` do it by themselves. Bundling needs `vite` and
 * `vite-plugin-singlefile` (and `@vitejs/plugin-vue` for components) installed
 * where the app is.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { copyDefinition } from "../core/chains.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { quote } from "../core/sanitize.ts";
import type { AnyTool, ToolUi } from "../core/types.ts";
import { besideReference } from "../core/ui.ts";
import { createViewBundler, defaultPlaces, ViewBundleError } from "./bundle.ts";
import { type EsbuildPlugin, esbuildPlugin, type ViewsPlugin, viewsPlugin } from "./transform.ts";

export type { EsbuildPlugin, ViewsPlugin };

/** Options of {@link bundleViews} and the build plugins. */
export interface ViewsOptions {
  /**
   * Where `vite` and its plugins are resolved from, as folders or module
   * URLs, the first that has them winning. By default the working folder,
   * then this package's place.
   */
  resolveFrom?: Array<string | URL>;
  /**
   * Whether each document is kept in `node_modules/.cache/agntn-views` with
   * the files it was made from, and used again while none of them changed,
   * so a later start loads no Vite. On by default; `false` bundles every time.
   */
  cache?: boolean;
}

const OPTIONS = ["resolveFrom", "cache"] as const;

/** The bundler the options ask for. Throws {@link ToolDefinitionError} for options it does not take. */
function bundlerOf(where: string, options: ViewsOptions | undefined): (view: string) => Promise<string> {
  const from = placesOf(where, options);
  const cache = options?.cache;
  if (cache !== undefined && typeof cache !== "boolean") throw new ToolDefinitionError(`${where}: cache must be true or false`);
  return createViewBundler({ from, cache: cache !== false });
}

function placesOf(where: string, options: ViewsOptions | undefined): URL[] {
  checkOptionKeys(where, options, OPTIONS);
  const given = options?.resolveFrom;
  if (given === undefined) return defaultPlaces();
  if (!Array.isArray(given) || given.length === 0) {
    throw new ToolDefinitionError(`${where}: resolveFrom must be a non-empty list of folders or file: URLs`);
  }
  return given.map((place) => {
    if (place instanceof URL && place.protocol === "file:") return place;
    // A folder, relative ones from the working folder; the URL's trailing slash makes it a folder to resolve within.
    if (typeof place === "string" && place.trim() !== "") return pathToFileURL(join(resolve(place), "/"));
    throw new ToolDefinitionError(`${where}: resolveFrom takes folders or file: URLs, got ${quote(String(place))}`);
  });
}

/** The absolute path of a view file (a string path is taken from the working folder, as servers read it). */
function pathOf(file: string | URL): string {
  return file instanceof URL ? fileURLToPath(file) : resolve(file);
}

/** Whether a view file is a component or a page that loads something beside it. Unreadable files are left to the servers' own line. */
function needsBundling(path: string): boolean {
  if (/\.vue$/i.test(path)) return true;
  try {
    return besideReference(readFileSync(path, "utf8")) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The tools, each view file that loads anything beside it (or is a Vue
 * component) replaced by its bundled document as `ui.html`; every other tool
 * is returned as it was. Each file is bundled once per call. Rejects with a
 * {@link ToolDefinitionError} of one line naming the tool, the file and why.
 */
export async function bundleViews(tools: readonly AnyTool[], options?: ViewsOptions): Promise<AnyTool[]> {
  const bundle = bundlerOf("bundleViews", options);
  if (!Array.isArray(tools)) throw new ToolDefinitionError("bundleViews: tools must be an array of tool definitions");
  return Promise.all(
    tools.map(async (tool) => {
      const file = (tool as AnyTool | undefined)?.ui?.file;
      if (file === undefined || !needsBundling(pathOf(file))) return tool;
      let html: string;
      try {
        html = await bundle(pathOf(file));
      } catch (error) {
        const why = error instanceof ViewBundleError ? error.message : String(error);
        throw new ToolDefinitionError(`${tool.name}: ui.file ${quote(file instanceof URL ? file.href : file)}: ${why}`);
      }
      const { file: _bundled, ...ui } = tool.ui as ToolUi;
      // A copy that keeps the middleware withMiddleware put on the tool.
      return copyDefinition(tool, { ui: { ...ui, html } });
    }),
  );
}

/** A Vite (and Rollup) plugin that writes each tool's view file into the code as its bundled document. */
export function viteViewsPlugin(options?: ViewsOptions): ViewsPlugin {
  return viewsPlugin(bundlerOf("viteViewsPlugin", options), process.cwd(), "literal");
}

/** An esbuild plugin that writes each tool's view file into the code as its bundled document. */
export function esbuildViewsPlugin(options?: ViewsOptions): EsbuildPlugin {
  return esbuildPlugin(bundlerOf("esbuildViewsPlugin", options), process.cwd());
}
