/** defineResource: every refusal names the resource and the key, in one line; a template's variables are typed from its text. */
import { type AnyResource, defineResource, type ResourceConfig, type ResourceTemplateConfig, ToolDefinitionError } from "@agntn/tools";
import { describe, expect, expectTypeOf, it } from "vitest";
import { prepareResource } from "../../src/core/resources.ts";

const read = () => "text";
/** A computed key, so the object literal gets an own "__proto__" property rather than a prototype. */
const PROTO = "__proto__";

function fixed(overrides: Record<string, unknown> = {}): ResourceConfig {
  return { name: "Readme", uri: "file:///readme.md", read, ...overrides } as ResourceConfig;
}

function template(overrides: Record<string, unknown> = {}): ResourceTemplateConfig {
  return { name: "Files", uriTemplate: "file:///{+path}", read, ...overrides } as ResourceTemplateConfig;
}

function refusal(resource: unknown): string {
  try {
    defineResource(resource as ResourceConfig);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return (error as Error).message;
  }
  throw new Error("defineResource accepted a broken definition");
}

const NAME_RULE = "must be one line of 1-128 characters, without control characters or leading, trailing or doubled spaces";
const FIXED_KEYS = "uri, size, name, title, description, mimeType, annotations, icons, meta, cache, read";
const TEMPLATE_KEYS = "uriTemplate, name, title, description, mimeType, annotations, icons, meta, cache, read, list, complete";

describe("defineResource accepts both forms and returns the definition as given", () => {
  it("a fixed resource with every key", () => {
    const definition = fixed({
      title: "The readme",
      description: "What this project is.",
      mimeType: "text/markdown",
      size: 120,
      annotations: { audience: ["user", "assistant"], priority: 0.5, lastModified: "2025-01-12T15:00:58Z" },
      icons: [{ src: "https://example.com/i.png", mimeType: "image/png", sizes: ["48x48"] }],
      meta: { "example.com/owner": "docs" },
      cache: { ttlMs: 60_000, scope: "public" },
    });
    expect(defineResource(definition)).toBe(definition);
  });

  it("a template with list and complete", () => {
    const definition = template({ list: () => [], complete: { path: () => ["a", "b"] }, cache: { ttlMs: 0, scope: "private" } });
    expect(defineResource(definition)).toBe(definition);
    const entry = prepareResource(definition);
    expect(entry.kind === "template" && [...entry.completers.keys()]).toEqual(["path"]);
  });

  it.each([["Readme"], ["a"], ["x".repeat(128)], ["Notes: 2025 (draft)"], ["Café ☕ menu"]])("a free-text name %j", (name) => {
    expect(defineResource(fixed({ name })).name).toBe(name);
  });

  it.each([["2025-01-12T15:00:58Z"], ["2025-01-12T15:00:58.123Z"], ["2025-01-12T15:00+02:00"]])("lastModified %j", (lastModified) => {
    expect(() => defineResource(fixed({ annotations: { lastModified } }))).not.toThrow();
  });
});

describe("defineResource refuses a bad name", () => {
  it.each([
    ["empty", "", `Resource name "" ${NAME_RULE}`],
    ["129 characters", "x".repeat(129), `Resource name "${"x".repeat(129)}" ${NAME_RULE}`],
    ["a newline, shown escaped", "a\nb", `Resource name "a\\nb" ${NAME_RULE}`],
    ["an escape code, shown escaped", "a\u001b[31mb", `Resource name "a\\u001b[31mb" ${NAME_RULE}`],
    ["a bidi override, shown escaped", "a\u202eb", `Resource name "a\\u202eb" ${NAME_RULE}`],
    ["a leading space", " a", `Resource name " a" ${NAME_RULE}`],
    ["doubled spaces", "a  b", `Resource name "a  b" ${NAME_RULE}`],
    ["a tab", "a\tb", `Resource name "a\\tb" ${NAME_RULE}`],
    ["not a string", 42, `Resource name number ${NAME_RULE}`],
    ["missing", undefined, `Resource name undefined ${NAME_RULE}`],
  ])("%s", (_case, name, message) => {
    expect(refusal(fixed({ name }))).toBe(message);
  });

  it("refuses something that is not an object at all", () => {
    expect(() => prepareResource(null as unknown as AnyResource)).toThrow(
      new ToolDefinitionError("A resource must be an object, got null"),
    );
    expect(() => prepareResource("r" as unknown as AnyResource)).toThrow(
      new ToolDefinitionError("A resource must be an object, got string"),
    );
  });
});

describe("defineResource refuses a broken fixed resource, naming it and the key", () => {
  it.each([
    [
      "both forms",
      { uriTemplate: "file:///{x}" },
      'Resource template "Readme": give uri (one fixed resource) or uriTemplate (a family of them), not both',
    ],
    ["neither form", { uri: undefined }, 'Resource "Readme": needs uri (one fixed resource) or uriTemplate (a family of them)'],
    ["an unknown key", { rad: 1 }, `Resource "Readme": unknown key "rad"; a resource takes ${FIXED_KEYS}`],
    ["a template's key", { list: () => [] }, `Resource "Readme": unknown key "list"; a resource takes ${FIXED_KEYS}`],
    ["complete on a fixed resource", { complete: {} }, `Resource "Readme": unknown key "complete"; a resource takes ${FIXED_KEYS}`],
    [
      "an unknown key with a newline, shown escaped",
      { "a\nb": 1 },
      `Resource "Readme": unknown key "a\\nb"; a resource takes ${FIXED_KEYS}`,
    ],
    ["uri not a string", { uri: 42 }, 'Resource "Readme": uri must be a string, got a number'],
    [
      "a relative uri",
      { uri: "readme.md" },
      'Resource "Readme": uri "readme.md" is not an absolute URI with a scheme (like "file:///notes.txt")',
    ],
    [
      "a uri with a variable",
      { uri: "file:///{name}" },
      'Resource "Readme": uri "file:///{name}" holds "{": a URI with variables goes in uriTemplate',
    ],
    [
      "a uri with a space",
      { uri: "file:///a b" },
      'Resource "Readme": uri "file:///a b" is not a URI: character " " at offset 9 cannot appear in a URI',
    ],
    [
      "a uri with a newline, shown escaped",
      { uri: "file:///a\nb" },
      'Resource "Readme": uri "file:///a\\nb" is not a URI: character "\\n" at offset 9 cannot appear in a URI',
    ],
    [
      "a uri with a stray percent",
      { uri: "file:///100%" },
      'Resource "Readme": uri "file:///100%" is not a URI: "%" at offset 11 does not start a percent-encoded byte (%XX)',
    ],
    [
      "a uri too long",
      { uri: `file:///${"a".repeat(4096)}` },
      `Resource "Readme": uri "file:///${"a".repeat(72)}…" is not a URI: longer than 4096 characters`,
    ],
    ["an empty title", { title: "" }, 'Resource "Readme": title must be a non-empty string'],
    ["a description not a string", { description: 5 }, 'Resource "Readme": description must be a non-empty string'],
    ["a mimeType without a subtype", { mimeType: "text" }, 'Resource "Readme": mimeType must be a MIME type like "text/plain", got "text"'],
    ["a mimeType not a string", { mimeType: 1 }, 'Resource "Readme": mimeType must be a MIME type like "text/plain", got a number'],
    ["a negative size", { size: -1 }, 'Resource "Readme": size must be a whole number of bytes'],
    ["a fractional size", { size: 1.5 }, 'Resource "Readme": size must be a whole number of bytes'],
    ["annotations not an object", { annotations: [] }, 'Resource "Readme": annotations must be an object, got an array'],
    [
      "an unknown annotation",
      { annotations: { importance: 1 } },
      'Resource "Readme": unknown key "importance" in annotations; they take audience, priority, lastModified',
    ],
    [
      "a bad audience",
      { annotations: { audience: ["robot"] } },
      'Resource "Readme": annotations.audience must list "user" and/or "assistant"',
    ],
    ["a priority above 1", { annotations: { priority: 2 } }, 'Resource "Readme": annotations.priority must be a number from 0 to 1'],
    [
      "a lastModified that is no time",
      { annotations: { lastModified: "yesterday" } },
      'Resource "Readme": annotations.lastModified must be an ISO 8601 time like "2025-01-12T15:00:58Z"',
    ],
    [
      "a lastModified without a zone",
      { annotations: { lastModified: "2025-01-12T15:00:58" } },
      'Resource "Readme": annotations.lastModified must be an ISO 8601 time like "2025-01-12T15:00:58Z"',
    ],
    ["icons without src", { icons: [{}] }, 'Resource "Readme": icons must be an array of { src, mimeType?, sizes? }'],
    ["meta not an object", { meta: [] }, 'Resource "Readme": meta must be an object'],
    ["meta with a BigInt", { meta: { n: 1n } }, 'Resource "Readme": meta cannot be sent as JSON (it holds a cycle or a BigInt)'],
    ["cache not an object", { cache: 60 }, 'Resource "Readme": cache must be an object { ttlMs, scope }, got a number'],
    [
      "an unknown cache key",
      { cache: { ttl: 1, scope: "public" } },
      'Resource "Readme": unknown key "ttl" in cache; it takes ttlMs, scope',
    ],
    [
      "a negative ttlMs",
      { cache: { ttlMs: -1, scope: "public" } },
      'Resource "Readme": cache.ttlMs must be a whole number of milliseconds, 0 or more',
    ],
    [
      "a fractional ttlMs",
      { cache: { ttlMs: 0.5, scope: "public" } },
      'Resource "Readme": cache.ttlMs must be a whole number of milliseconds, 0 or more',
    ],
    ["a missing ttlMs", { cache: { scope: "public" } }, 'Resource "Readme": cache.ttlMs must be a whole number of milliseconds, 0 or more'],
    ["an unknown scope", { cache: { ttlMs: 1, scope: "shared" } }, 'Resource "Readme": cache.scope must be "public" or "private"'],
    ["a missing scope", { cache: { ttlMs: 1 } }, 'Resource "Readme": cache.scope must be "public" or "private"'],
    ["read missing", { read: undefined }, 'Resource "Readme": read must be a function'],
    ["read not a function", { read: "text" }, 'Resource "Readme": read must be a function'],
  ])("%s", (_case, overrides, message) => {
    expect(refusal(fixed(overrides))).toBe(message);
  });

  it("refuses a cycle in meta", () => {
    const meta: Record<string, unknown> = {};
    meta.self = meta;
    expect(refusal(fixed({ meta }))).toBe('Resource "Readme": meta cannot be sent as JSON (it holds a cycle or a BigInt)');
  });

  it("names a hostile resource name quoted in a key's refusal", () => {
    expect(refusal(fixed({ name: 'Read "me"', read: 1 }))).toBe('Resource "Read \\"me\\"": read must be a function');
  });
});

describe("defineResource refuses a broken template, naming it and the key", () => {
  it.each([
    ["an unknown key", { rad: 1 }, `Resource template "Files": unknown key "rad"; a resource template takes ${TEMPLATE_KEYS}`],
    [
      "size, which only a fixed resource has",
      { size: 1 },
      `Resource template "Files": unknown key "size"; a resource template takes ${TEMPLATE_KEYS}`,
    ],
    ["uriTemplate not a string", { uriTemplate: 7 }, 'Resource template "Files": uriTemplate must be a string, got a number'],
    [
      "an unclosed brace",
      { uriTemplate: "file:///{path" },
      'Resource template "Files": URI template "file:///{path": unclosed "{" at offset 8',
    ],
    [
      "a bad variable name",
      { uriTemplate: "file:///{file-name}" },
      'Resource template "Files": URI template "file:///{file-name}": expression "{file-name}": "file-name" is not a variable name (letters, digits, _ and %XX, in parts joined by single dots)',
    ],
    [
      "a variable twice",
      { uriTemplate: "db://{table}/{table}" },
      'Resource template "Files": URI template "db://{table}/{table}": variable "table" appears twice',
    ],
    [
      "no scheme",
      { uriTemplate: "{+path}" },
      'Resource template "Files": uriTemplate "{+path}" must start with a scheme (like "file:///{path}")',
    ],
    [
      "no variables",
      { uriTemplate: "file:///readme.md" },
      'Resource template "Files": uriTemplate "file:///readme.md" has no variables: give a fixed URI as uri',
    ],
    ["list not a function", { list: [] }, 'Resource template "Files": list must be a function'],
    [
      "complete not an object",
      { complete: () => [] },
      'Resource template "Files": complete must be an object of functions, one per variable, got a function',
    ],
    [
      "complete for a variable the template lacks",
      { complete: { name: () => [] } },
      'Resource template "Files": complete names "name", which is not a variable of the template; its variables are "path"',
    ],
    ["a completer not a function", { complete: { path: ["a"] } }, 'Resource template "Files": complete["path"] must be a function'],
    ["read not a function", { read: null }, 'Resource template "Files": read must be a function'],
  ])("%s", (_case, overrides, message) => {
    expect(refusal(template(overrides))).toBe(message);
  });

  it("looks completers up by own key: __proto__ and constructor are names like any other", () => {
    expect(refusal(template({ complete: JSON.parse('{"__proto__": 1}') }))).toBe(
      'Resource template "Files": complete names "__proto__", which is not a variable of the template; its variables are "path"',
    );
    expect(refusal(template({ complete: { constructor: () => [] } }))).toBe(
      'Resource template "Files": complete names "constructor", which is not a variable of the template; its variables are "path"',
    );
    // A template whose variables are named so takes completers for them.
    const own = template({ uriTemplate: "obj://{__proto__}/{constructor}", complete: { [PROTO]: () => ["p"], constructor: () => ["c"] } });
    const entry = prepareResource(own);
    expect(entry.kind === "template" && [...entry.completers.keys()]).toEqual(["__proto__", "constructor"]);
  });

  it("shows a hostile template escaped", () => {
    expect(refusal(template({ uriTemplate: "file:///\u001b]0;x\u0007{p}" }))).toBe(
      'Resource template "Files": URI template "file:///\\u001b]0;x\\u0007{p}": character "\\u001b" at offset 8 cannot appear in a URI',
    );
  });
});

describe("a template's variables are typed from its text", () => {
  it("a lone {id} or {+path} is a string always there; others optional; exploded ones arrays", () => {
    defineResource({
      name: "Posts",
      uriTemplate: "users://{id}/posts{/tags*}{?page,sort}{#frag}",
      read(variables) {
        expectTypeOf(variables.id).toEqualTypeOf<string>();
        expectTypeOf(variables.tags).toEqualTypeOf<string[] | undefined>();
        expectTypeOf(variables.page).toEqualTypeOf<string | undefined>();
        expectTypeOf(variables.frag).toEqualTypeOf<string | undefined>();
        return "";
      },
      complete: { id: () => [], page: async () => ["1"] },
    });
    defineResource({
      name: "Files",
      uriTemplate: "file:///{+path}",
      read: ({ path }) => {
        expectTypeOf(path).toEqualTypeOf<string>();
        return new Uint8Array([1]);
      },
    });
    const typo: ResourceTemplateConfig<"file:///{+path}"> = {
      name: "F",
      uriTemplate: "file:///{+path}",
      read: () => "",
      // @ts-expect-error: "name" is no variable of the template
      complete: { name: () => [] },
    };
    expect(typo.name).toBe("F");
  });

  it("a template read as a plain string gives a record", () => {
    const text: string = "file:///{+path}";
    const definition = defineResource({ name: "Any", uriTemplate: text, read: (variables) => String(variables.path) });
    const list: AnyResource[] = [definition, fixed()];
    expect(list).toHaveLength(2);
  });
});
