/**
 * Tools' views on MCP (the MCP Apps extension, `io.modelcontextprotocol/ui`):
 * each tool with a view gets a `ui://<tool>/view.html` resource, listed by
 * `resources/list` and served by `resources/read` as
 * `text/html;profile=mcp-app` with the view's `_meta.ui` (its CSP domains,
 * permissions, domain, border); the tool's `tools/list` entry names it in
 * `_meta.ui.resourceUri`. A view given as a file is read once per definition,
 * when the first server for it is made, so a missing file stops start-up.
 *
 * The names and the MIME type come from `@modelcontextprotocol/ext-apps/server`.
 * Its `registerAppTool` and `registerAppResource` register on `McpServer`,
 * which this package does not use (see ./server.ts), so the listing and the
 * reading are written here, shaped after the package's own types.
 */

import type { McpUiResourceMeta, McpUiToolMeta } from "@modelcontextprotocol/ext-apps";
import { EXTENSION_ID, getUiCapability, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from "@modelcontextprotocol/ext-apps/server";
import type { ClientCapabilities, ReadResourceResult, Resource } from "@modelcontextprotocol/server";
import { ToolDefinitionError } from "../core/errors.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import type { AnyTool, ToolUi } from "../core/types.ts";
import { besideReference, isAppOnly } from "../core/ui.ts";
import { listTools, type McpTool } from "../protocol/list.ts";

/** What one tool list serves of its views. */
export interface Views {
  /** The `resources/list` entries, in the list's order. */
  resources: Resource[];
  /** The `resources/read` answer per URI (URIs come from clients: a Map, never an object lookup). */
  reads: Map<string, ReadResourceResult>;
  /** Whether any tool has `ui`: the server then declares the extension. */
  any: boolean;
  /** Tools only views may call: listed and callable only for clients that render apps. */
  appOnly: Set<string>;
  /** `tools/list` for a client that renders apps: every tool, each view named in its `_meta`. */
  listedForApps: { tools: McpTool[] };
  /** `tools/list` for any other client: the same without the tools only views may call. */
  listedForOthers: { tools: McpTool[] };
}

/** The URI of a tool's view. Tool names are `[a-z0-9_]`, so it needs no escaping. */
export function viewUri(tool: string): string {
  return `ui://${tool}/view.html`;
}

/** The server's declaration of the extension, beside `tools` (and `resources` when there are views). */
export const APPS_CAPABILITY = { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } };

/** Whether a client renders apps: it declared the extension with the MCP Apps MIME type (as the spec's server check reads it). */
export function rendersApps(capabilities: ClientCapabilities | undefined): boolean {
  return getUiCapability(capabilities)?.mimeTypes?.includes(RESOURCE_MIME_TYPE) === true;
}

/** The view's `_meta.ui` as the resource carries it; `undefined` when the tool set none of it. */
function resourceMeta(ui: ToolUi): McpUiResourceMeta | undefined {
  const meta: McpUiResourceMeta = {};
  if (ui.csp) meta.csp = JSON.parse(JSON.stringify(ui.csp));
  if (ui.permissions) meta.permissions = Object.fromEntries(ui.permissions.map((name) => [name, {}]));
  if (ui.domain !== undefined) meta.domain = ui.domain;
  if (ui.prefersBorder !== undefined) meta.prefersBorder = ui.prefersBorder;
  return Object.keys(meta).length > 0 ? meta : undefined;
}

/** The tool's `_meta`: its own `meta`, then `ui` (and the flat key older hosts read, as `registerAppTool` writes both). */
function toolMeta(tool: AnyTool, uri: string | undefined): Record<string, unknown> {
  const ui: McpUiToolMeta = {};
  if (uri) ui.resourceUri = uri;
  if (tool.ui?.visibility) ui.visibility = [...tool.ui.visibility];
  const own = tool.meta ? (JSON.parse(JSON.stringify(tool.meta)) as Record<string, unknown>) : {};
  return { ...own, ui, ...(uri ? { [RESOURCE_URI_META_KEY]: uri } : {}) };
}

/** What Node's `fs` gives here; only `readFileSync`. */
interface FileReader {
  readFileSync(path: string | URL, encoding: "utf8"): string;
}

/**
 * Node's `fs`, found at run time: this module also runs in a browser (the
 * docs playground serves tools over an in-memory pair there), where a static
 * `node:fs` import would break the bundle. `undefined` outside Node.
 */
function fileReader(): FileReader | undefined {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return process?.getBuiltinModule?.("node:fs") as FileReader | undefined;
}

/** How to bundle a view, for the lines that refuse one that is not. */
const BUNDLE_HINT = "await bundleViews(tools) from @agntn/tools/views, or its esbuild or Vite plugin";

const html = new WeakMap<AnyTool, string>();

/** The view's HTML: given, or read from its file once per definition. Throws one line naming the tool and the file. */
function viewHtml(tool: AnyTool, ui: ToolUi): string {
  if (ui.html !== undefined) return ui.html;
  const known = html.get(tool);
  if (known !== undefined) return known;
  const file = ui.file as string | URL;
  const shown = quote(file instanceof URL ? file.href : file);
  const fail = (problem: string): never => {
    throw new ToolDefinitionError(`${tool.name}: ui.file ${shown} ${problem}`);
  };
  if (/\.vue$/i.test(file instanceof URL ? file.pathname : file)) {
    fail(`is a Vue component: bundle it into one document first (${BUNDLE_HINT})`);
  }
  const reader = fileReader();
  if (!reader) fail("cannot be read here (no file system): give the view as ui.html");
  let text = "";
  try {
    text = (reader as FileReader).readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    fail(`could not be read${typeof code === "string" ? ` (${sanitizeLine(code)})` : ""}`);
  }
  if (text.trim() === "") fail("is empty");
  const beside = besideReference(text);
  if (beside !== undefined) {
    fail(`loads ${quote(beside)} from beside it, which a host cannot fetch: bundle the view into one document first (${BUNDLE_HINT})`);
  }
  html.set(tool, text);
  return text;
}

/** What a tool list lists of its views: everything but the documents, so nothing is read. */
type ListedViews = Omit<Views, "reads">;

const listed = new WeakMap<readonly AnyTool[], { length: number; views: ListedViews }>();
const made = new WeakMap<readonly AnyTool[], { length: number; views: Views }>();

/** The listing side of a list's views (resources, tools' `_meta`, app-only tools), made once per list; reads no file. */
export function listedViewsOf(tools: readonly AnyTool[]): ListedViews {
  const cached = listed.get(tools);
  if (cached && cached.length === tools.length) return cached.views;
  const resources: Resource[] = [];
  const metas = new Map<string, Record<string, unknown>>();
  const appOnly = new Set<string>();
  for (const tool of tools) {
    const { ui } = tool;
    if (!ui) continue;
    const hasView = ui.html !== undefined || ui.file !== undefined;
    const uri = hasView ? viewUri(tool.name) : undefined;
    if (uri) {
      const meta = resourceMeta(ui);
      resources.push({ uri, name: tool.name, title: tool.title, mimeType: RESOURCE_MIME_TYPE, ...(meta ? { _meta: { ui: meta } } : {}) });
    }
    metas.set(tool.name, toolMeta(tool, uri));
    if (isAppOnly(ui)) appOnly.add(tool.name);
  }
  const all = listTools(tools);
  const listedForApps =
    metas.size === 0
      ? all
      : { tools: all.tools.map((entry) => (metas.has(entry.name) ? { ...entry, _meta: metas.get(entry.name) } : entry)) };
  const listedForOthers = appOnly.size === 0 ? listedForApps : { tools: listedForApps.tools.filter((entry) => !appOnly.has(entry.name)) };
  const views: ListedViews = { resources, any: metas.size > 0, appOnly, listedForApps, listedForOthers };
  listed.set(tools, { length: tools.length, views });
  return views;
}

/** The views of a tool list as a server serves them, made once per list (its files read then). Throws {@link ToolDefinitionError}. */
export function viewsOf(tools: readonly AnyTool[]): Views {
  const cached = made.get(tools);
  if (cached && cached.length === tools.length) return cached.views;
  const reads = new Map<string, ReadResourceResult>();
  for (const tool of tools) {
    const { ui } = tool;
    if (!ui || (ui.html === undefined && ui.file === undefined)) continue;
    const uri = viewUri(tool.name);
    const meta = resourceMeta(ui);
    reads.set(uri, {
      contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: viewHtml(tool, ui), ...(meta ? { _meta: { ui: meta } } : {}) }],
    });
  }
  const views: Views = { ...listedViewsOf(tools), reads };
  made.set(tools, { length: tools.length, views });
  return views;
}
