/** defineTool's checks of a view (`ui`) and of the keys a definition takes: one line each, naming the tool and the field. */
import { type AnyTool, defineTool, Type } from "@agntn/tools";
import { describe, expect, it } from "vitest";
import { refusal } from "../helpers/refusal.ts";

const ok = () => ({ content: [{ type: "text" as const, text: "ok" }] });

function base(overrides: Record<string, unknown> = {}): AnyTool {
  return {
    name: "demo_tool",
    title: "Demo",
    description: "A tool for tests.",
    effect: "read",
    input: Type.Object({}, { additionalProperties: false }),
    execute: ok,
    ...overrides,
  } as AnyTool;
}

const KEYS =
  "name, title, description, effect, idempotent, openWorld, input, output, meta, icons, snippet, guidelines, cli, ui, visibleTo, task, execute";

describe("defineTool refuses a key it does not take, naming the keys it takes", () => {
  it.each([
    ["a misspelt output", { outptu: Type.Object({}) }, `demo_tool: unknown key "outptu"; a tool takes ${KEYS}`],
    ["a key of another library", { inputSchema: {} }, `demo_tool: unknown key "inputSchema"; a tool takes ${KEYS}`],
    ["a hostile key, quoted and escaped", { "a\u001b[2J\nb": 1 }, `demo_tool: unknown key "a\\u001b[2J\\nb"; a tool takes ${KEYS}`],
    ["__proto__ as an own key", JSON.parse('{"__proto__": 1}'), `demo_tool: unknown key "__proto__"; a tool takes ${KEYS}`],
  ])("%s", (_case, extra, message) => {
    expect(refusal(base(extra))).toBe(message);
  });

  it("reads the name first: a bad name is the one line, whatever else is wrong", () => {
    expect(refusal(base({ name: "Bad", outptu: 1 }))).toBe(
      'Tool name "Bad" must be 1-64 characters of a-z, 0-9 and _, starting with a letter',
    );
  });

  it("takes every key it documents, set to undefined too", () => {
    const all = Object.fromEntries(KEYS.split(", ").map((key) => [key, undefined]));
    const tool = base({ ...all, name: "demo_tool", title: "Demo", description: "d", effect: "read", input: Type.Object({}), execute: ok });
    expect(defineTool(tool).name).toBe("demo_tool");
  });
});

const UI_KEYS = "html, file, csp, permissions, domain, prefersBorder, visibility";

describe("defineTool refuses a view that could never be served", () => {
  it.each([
    ["not an object", "<p>hi</p>", "demo_tool: ui must be an object like { html } or { file }"],
    ["a list", [], "demo_tool: ui must be an object like { html } or { file }"],
    ["empty", {}, "demo_tool: ui needs a view (html or file) or a visibility"],
    ["an unknown key", { html: "<p>x</p>", resourceUri: "ui://x" }, `demo_tool: ui: unknown key "resourceUri"; ui takes ${UI_KEYS}`],
    ["both html and file", { html: "<p>x</p>", file: "view.html" }, "demo_tool: ui takes html or file, not both"],
    ["blank html", { html: "  " }, "demo_tool: ui.html must be the view's HTML, a non-empty string"],
    ["html not a string", { html: 3 }, "demo_tool: ui.html must be the view's HTML, a non-empty string"],
    ["an empty path", { file: "" }, "demo_tool: ui.file must be a path or a file: URL, got an empty string"],
    ["a file that is a number", { file: 7 }, 'demo_tool: ui.file must be a path or a file: URL, got "7"'],
    ["an https URL", { file: new URL("https://cdn.example.com/v.html") }, 'demo_tool: ui.file must be a file: URL, got a "https:" URL'],
    ["csp without a view", { visibility: ["app"], csp: {} }, "demo_tool: ui.csp needs a view: give ui.html or ui.file"],
    [
      "prefersBorder without a view",
      { visibility: ["app"], prefersBorder: true },
      "demo_tool: ui.prefersBorder needs a view: give ui.html or ui.file",
    ],
    [
      "csp not an object",
      { html: "<p>x</p>", csp: ["https://a.example"] },
      'demo_tool: ui.csp must be an object like { connectDomains: ["https://api.example.com"] }',
    ],
    [
      "an unknown csp key",
      { html: "<p>x</p>", csp: { scriptDomains: [] } },
      'demo_tool: ui.csp: unknown key "scriptDomains"; ui.csp takes connectDomains, resourceDomains, frameDomains, baseUriDomains',
    ],
    [
      "a csp list that is a string",
      { html: "<p>x</p>", csp: { connectDomains: "https://a.example" } },
      "demo_tool: ui.csp.connectDomains must be a list of origins",
    ],
    [
      "a csp entry that would write another directive",
      { html: "<p>x</p>", csp: { connectDomains: ["https://a.example; script-src *"] } },
      'demo_tool: ui.csp.connectDomains: "https://a.example; script-src *" is not an origin like "https://api.example.com" or "https://*.example.com"',
    ],
    [
      "a csp entry with a path",
      { html: "<p>x</p>", csp: { resourceDomains: ["https://cdn.example.com/lib"] } },
      'demo_tool: ui.csp.resourceDomains: "https://cdn.example.com/lib" is not an origin like "https://api.example.com" or "https://*.example.com"',
    ],
    [
      "a bare host name",
      { html: "<p>x</p>", csp: { frameDomains: ["example.com"] } },
      'demo_tool: ui.csp.frameDomains: "example.com" is not an origin like "https://api.example.com" or "https://*.example.com"',
    ],
    [
      "an unknown permission",
      { html: "<p>x</p>", permissions: ["camera", "usb"] },
      "demo_tool: ui.permissions must be a list of camera, microphone, geolocation, clipboardWrite",
    ],
    [
      "a domain with a space",
      { html: "<p>x</p>", domain: "a b" },
      "demo_tool: ui.domain must be one host name, without spaces, commas, semicolons or quotes",
    ],
    ["prefersBorder not a boolean", { html: "<p>x</p>", prefersBorder: "yes" }, "demo_tool: ui.prefersBorder must be a boolean"],
    ["an empty visibility", { html: "<p>x</p>", visibility: [] }, 'demo_tool: ui.visibility must list "model", "app" or both, each once'],
    ["an unknown audience", { visibility: ["user"] }, 'demo_tool: ui.visibility must list "model", "app" or both, each once'],
    ["an audience twice", { visibility: ["app", "app"] }, 'demo_tool: ui.visibility must list "model", "app" or both, each once'],
  ])("%s", (_case, ui, message) => {
    expect(refusal(base({ ui }))).toBe(message);
  });

  it("refuses meta.ui beside ui: one place describes the view", () => {
    expect(refusal(base({ ui: { html: "<p>x</p>" }, meta: { ui: { resourceUri: "ui://other" } } }))).toBe(
      "demo_tool: meta.ui and ui both describe the view: keep ui",
    );
  });

  it.each([
    ["HTML text", { html: "<!doctype html><p>hi</p>" }],
    ["a path", { file: "views/chart.html" }],
    ["a file: URL", { file: new URL("./chart.html", import.meta.url) }],
    [
      "every option",
      {
        html: "<p>x</p>",
        csp: { connectDomains: ["https://api.example.com", "wss://live.example.com:8443"], resourceDomains: ["https://*.example.com"] },
        permissions: ["clipboardWrite"],
        domain: "a904794854a047f6.claudemcpcontent.com",
        prefersBorder: false,
        visibility: ["model", "app"],
      },
    ],
    ["a tool only views call, without a view of its own", { visibility: ["app"] }],
  ])("accepts %s", (_case, ui) => {
    expect(defineTool(base({ ui })).ui).toBe(ui);
  });

  it("reads no file: a path that does not exist is the server's to refuse when it is made", () => {
    expect(() => defineTool(base({ ui: { file: "/nowhere/view.html" } }))).not.toThrow();
  });
});
