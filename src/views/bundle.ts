/**
 * One view file made into one document. A host renders an MCP Apps view as
 * the single HTML text `resources/read` returns, in a sandboxed frame with a
 * strict Content-Security-Policy: nothing beside the file can be fetched, so
 * a page that loads `./view.ts` or a stylesheet next to it stays blank. Here
 * such a page (or a `.vue` component, mounted as the root of a generated page)
 * goes through Vite with `vite-plugin-singlefile`, which inlines its scripts,
 * styles and imports, and `@vitejs/plugin-vue` for components: the toolchain
 * @nuxtjs/mcp-toolkit bundles its own apps with. Every face shares this
 * bundler: the Nuxt module at build time, `bundleViews` at start-up, the
 * build plugins ahead of time and `runCli` before it serves.
 *
 * The three are optional peers, loaded only when a view needs them, and
 * resolved from the places given (the app first), so an app that never
 * bundles installs none of them.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolveModuleURL } from "exsolve";
import { sanitizeLine } from "../core/sanitize.ts";
import { cacheFileOf, cacheFolderOf, inputsRecorder, readCached, writeCached } from "./cache.ts";

/** Where the bundler comes from. */
export interface ViewToolchain {
  /** Places to resolve `vite` and its plugins from, the first that has them winning (an app's root, a package's entry). */
  from: URL[];
  /** Scratch space for the generated pages of `.vue` views; by default a folder in the cache of the nearest `node_modules`. */
  scratch?: string;
  /** Whether documents are kept on disk between runs (./cache.ts); on unless `false`. */
  cache?: boolean;
}

interface ViteOutput {
  output: Array<{ type: string; fileName: string; source?: string | Uint8Array }>;
}

interface Vite {
  build(config: Record<string, unknown>): Promise<ViteOutput | ViteOutput[]>;
}

type PluginFactory = (...args: unknown[]) => unknown;

/** The packages a view may need, and the line that says how to get one that is missing. */
const NEEDS = { vite: "vite", singleFile: "vite-plugin-singlefile", vue: "@vitejs/plugin-vue" } as const;

/** Thrown when a view cannot be made into one document; its message is one line naming the view. */
export class ViewBundleError extends Error {
  override name = "ViewBundleError";
}

/** The places to resolve from when none are given: the app (the working folder), then this package. */
export function defaultPlaces(): URL[] {
  return [pathToFileURL(join(process.cwd(), "/")), new URL(import.meta.url)];
}

/**
 * The file a package's import resolves to from the first place that has it
 * (its ESM entry: `exsolve` resolves with the import conditions, as Node's own
 * loader would, which `require.resolve` cannot).
 */
function resolvePackage(id: string, from: readonly URL[], view: string): string {
  const resolved = resolveModuleURL(id, { from: [...from], try: true });
  if (resolved !== undefined) return resolved;
  const others = Object.values(NEEDS).filter((name) => name !== id && (name !== NEEDS.vue || view.endsWith(".vue")));
  throw new ViewBundleError(`the view ${view} needs ${id} to be bundled: npm install -D ${[id, ...others].join(" ")}`);
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
  throw new ViewBundleError(`bundling the view ${view} gave no HTML file`);
}

/** A `.vue` view as a page: a generated entry that mounts it, in the scratch folder. */
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

/**
 * The line of a build error that says what went wrong, without the escape
 * codes a terminal would colour it with. Vite's message opens with a count
 * ("Build failed with 1 error:") and the plugin's name; the cause is the
 * first line starting `Error:`.
 */
function causeOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim());
  const cause = lines.find((line) => line.startsWith("Error:")) ?? lines.find((line) => line !== "" && !/^Build failed with/.test(line));
  // The core's one cleaning of a line: any control or bidi character left in Vite's text cannot reach a terminal.
  return sanitizeLine((cause ?? "unknown error").replace(/^Error:\s*/, "").replace(/^\[vite\]:\s*/, ""));
}

/**
 * Where a component's generated page goes: the cache folder of the nearest
 * `node_modules` above it (as Vite keeps its own), so the page's `import "vue"`
 * finds the app's Vue, the one the component's code imports too. A fresh
 * temporary folder when there is none (the build then says `vue` is missing).
 */
function scratchFor(view: string): string {
  const cache = cacheFolderOf(view);
  if (cache === undefined) return mkdtempSync(join(tmpdir(), "agntn-views-"));
  mkdirSync(cache, { recursive: true });
  return mkdtempSync(join(cache, "views-"));
}

/**
 * A bundler of view files (absolute paths) into documents, each file once
 * (again when it changed on disk, for development servers). Rejects with a
 * {@link ViewBundleError} of one line.
 */
export function createViewBundler(toolchain: ViewToolchain): (view: string) => Promise<string> {
  const done = new Map<string, { stamp: number; html: Promise<string> }>();
  let entries = 0;

  async function bundle(view: string): Promise<string> {
    const component = view.endsWith(".vue");
    const tools = [NEEDS.vite, NEEDS.singleFile, ...(component ? [NEEDS.vue] : [])].map((id) => resolvePackage(id, toolchain.from, view));
    const kept = toolchain.cache === false ? undefined : cacheFileOf(view);
    const cached = kept === undefined ? undefined : readCached(kept, view);
    if (cached !== undefined) return cached;
    // One after the other: a plugin that imports vite while vite is still loading would see it half made.
    const modules: unknown[] = [];
    for (const url of tools) modules.push(await import(url));
    const [vite, singleFile, vue] = modules as [Vite, { viteSingleFile: PluginFactory }, { default: PluginFactory } | undefined];
    // A page made here for a component is removed once built; one in the scratch folder given stays (the Nuxt build's).
    const made = component && toolchain.scratch === undefined ? scratchFor(view) : undefined;
    const input = component ? componentEntry(view, made ?? (toolchain.scratch as string), ++entries) : view;
    let inputs: string[] = [];
    let result: ViteOutput | ViteOutput[];
    try {
      result = await vite.build({
        root: dirname(input),
        configFile: false,
        envFile: false,
        logLevel: "silent",
        mode: "production",
        plugins: [
          ...(vue ? [vue.default()] : []),
          singleFile.viteSingleFile(),
          inputsRecorder((ids) => {
            inputs = ids;
          }),
        ],
        build: { write: false, emptyOutDir: false, assetsInlineLimit: Number.MAX_SAFE_INTEGER, rollupOptions: { input } },
      });
    } catch (error) {
      throw new ViewBundleError(`bundling the view ${view} failed: ${causeOf(error)}`);
    } finally {
      if (made) rmSync(made, { recursive: true, force: true });
    }
    const html = htmlOf(result, view);
    if (kept !== undefined) {
      const sources = inputs.filter((id) => made === undefined || !id.startsWith(made));
      writeCached(kept, view, [view, ...tools.map((url) => fileURLToPath(url)), ...sources], html);
    }
    return html;
  }

  return (view) => {
    let stamp: number;
    try {
      stamp = statSync(view).mtimeMs;
    } catch {
      return Promise.reject(new ViewBundleError(`there is no view file ${view}`));
    }
    const known = done.get(view);
    if (known && known.stamp === stamp) return known.html;
    const html = bundle(view);
    done.set(view, { stamp, html });
    return html;
  };
}
