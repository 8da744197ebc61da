/**
 * The check of a tool's `ui` (its MCP Apps view), run by `defineTool` with
 * the other definition checks: a view that could never be served fails at
 * start-up with one line naming the tool and the field. Nothing here reads a
 * file: MCP servers do that when they are made (src/mcp/views.ts).
 */
import { describeValue, quote } from "./sanitize.ts";
import { isRecord } from "./schema.ts";
import type { ToolUi } from "./types.ts";

const UI_KEYS = ["html", "file", "csp", "permissions", "domain", "prefersBorder", "visibility"] as const;
const CSP_KEYS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;
const PERMISSIONS = new Set(["camera", "microphone", "geolocation", "clipboardWrite"]);
const AUDIENCES = new Set(["model", "app"]);

/**
 * An origin a host can put in a Content-Security-Policy as it is: scheme,
 * host (a leading `*.` allowed) and port, nothing else. A space, `;` or quote
 * would let one entry write another directive into the host's policy.
 */
const ORIGIN = /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;

/** The keys a `ui` object takes, for the line that refuses another one. */
export const UI_FIELDS: readonly string[] = UI_KEYS;

/** Throws `fail(problem)` for the first thing wrong with `ui`; `undefined` passes (no view). */
export function checkUi(ui: unknown, fail: (problem: string) => never): asserts ui is ToolUi | undefined {
  if (ui === undefined) return;
  if (!isRecord(ui)) fail("ui must be an object like { html } or { file }");
  for (const key of Object.keys(ui)) {
    if (!(UI_KEYS as readonly string[]).includes(key)) fail(`ui: unknown key ${quote(key)}; ui takes ${UI_KEYS.join(", ")}`);
  }
  checkSource(ui, fail);
  const hasView = ui.html !== undefined || ui.file !== undefined;
  for (const key of ["csp", "permissions", "domain", "prefersBorder"] as const) {
    if (ui[key] !== undefined && !hasView) fail(`ui.${key} needs a view: give ui.html or ui.file`);
  }
  if (!hasView && ui.visibility === undefined) fail("ui needs a view (html or file) or a visibility");
  if (ui.csp !== undefined) checkCsp(ui.csp, fail);
  if (ui.permissions !== undefined && !(Array.isArray(ui.permissions) && ui.permissions.every((p) => PERMISSIONS.has(p)))) {
    fail(`ui.permissions must be a list of ${[...PERMISSIONS].join(", ")}`);
  }
  if (ui.domain !== undefined && !(typeof ui.domain === "string" && /^[^\s;,'"]+$/.test(ui.domain))) {
    fail("ui.domain must be one host name, without spaces, commas, semicolons or quotes");
  }
  if (ui.prefersBorder !== undefined && typeof ui.prefersBorder !== "boolean") fail("ui.prefersBorder must be a boolean");
  if (ui.visibility !== undefined) checkVisibility(ui.visibility, fail);
}

function checkSource(ui: Record<string, unknown>, fail: (problem: string) => never): void {
  const { html, file } = ui;
  if (html !== undefined && file !== undefined) fail("ui takes html or file, not both");
  if (html !== undefined && !(typeof html === "string" && html.trim() !== "")) fail("ui.html must be the view's HTML, a non-empty string");
  if (file === undefined) return;
  if (typeof file === "string") {
    if (file.trim() === "") fail("ui.file must be a path or a file: URL, got an empty string");
    return;
  }
  if (!(file instanceof URL)) fail(`ui.file must be a path or a file: URL, got ${quote(describeValue(file))}`);
  if (file.protocol !== "file:") fail(`ui.file must be a file: URL, got a ${quote(file.protocol)} URL`);
}

function checkCsp(csp: unknown, fail: (problem: string) => never): void {
  if (!isRecord(csp)) fail(`ui.csp must be an object like { connectDomains: ["https://api.example.com"] }`);
  for (const key of Object.keys(csp)) {
    if (!(CSP_KEYS as readonly string[]).includes(key)) fail(`ui.csp: unknown key ${quote(key)}; ui.csp takes ${CSP_KEYS.join(", ")}`);
    const list = csp[key];
    if (!Array.isArray(list)) fail(`ui.csp.${key} must be a list of origins`);
    for (const entry of list) {
      if (typeof entry !== "string" || !ORIGIN.test(entry)) {
        fail(`ui.csp.${key}: ${quote(describeValue(entry))} is not an origin like "https://api.example.com" or "https://*.example.com"`);
      }
    }
  }
}

function checkVisibility(visibility: unknown, fail: (problem: string) => never): void {
  const ok =
    Array.isArray(visibility) &&
    visibility.length > 0 &&
    visibility.every((entry) => AUDIENCES.has(entry)) &&
    new Set(visibility).size === visibility.length;
  if (!ok) fail('ui.visibility must list "model", "app" or both, each once');
}

/** Whether only views may call the tool (`visibility: ["app"]`). */
export function isAppOnly(ui: ToolUi | undefined): boolean {
  return ui?.visibility !== undefined && !ui.visibility.includes("model");
}

/** Elements that load what their `src`, `href` or `data` names. (`<a href>` only navigates: not here.) */
const LOADING_TAG = /<(script|link|img|source|iframe|video|audio|embed|object|track|input)\b([^>]*)>/gi;
const LOADING_ATTRIBUTE = /\s(?:src|href|data|srcset|poster)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
/** A static `import … from "x"` or `import "x"` starting a statement of an inline module script. */
const IMPORT = /(?:^|[;\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?(["'])([^"'\n]+)\1/g;
const INLINE_MODULE = /<script\b[^>]*\btype\s*=\s*["']?module\b[^>]*>([\s\S]*?)<\/script\s*>/gi;
/** A reference a sandboxed frame can reach without anything beside the document: a URL with a scheme, or a fragment. */
const SELF_CONTAINED = /^(?:[a-z][a-z0-9+.-]*:|#|$)/i;

/**
 * The first thing a view's HTML loads from beside the document (a script,
 * stylesheet, image or module import by relative, root or bare path), or
 * `undefined` when the HTML is one document already. A host renders only the
 * document `resources/read` returns, so such a page would stay blank there.
 * A quick scan, not a parser: it only decides whether a file must be bundled,
 * and bundling (Vite) reads the page properly.
 */
export function besideReference(html: string): string | undefined {
  for (const [, , attributes = ""] of html.matchAll(LOADING_TAG)) {
    for (const match of attributes.matchAll(LOADING_ATTRIBUTE)) {
      const value = (match[1] ?? match[2] ?? match[3] ?? "").trim();
      if (!SELF_CONTAINED.test(value) && !value.startsWith("//")) return value;
    }
  }
  for (const [, body = ""] of html.matchAll(INLINE_MODULE)) {
    for (const [, , specifier = ""] of body.matchAll(IMPORT)) {
      if (!SELF_CONTAINED.test(specifier) && !specifier.startsWith("//")) return specifier;
    }
  }
  return undefined;
}
