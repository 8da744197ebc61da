/** catalogOf: definitions become what the MCP server serves: JSON-clean listings, MCP-shaped answers, one line per problem. */
import { type AnyPrompt, type AnyResource, definePrompt, defineResource, type LogEntry, ToolDefinitionError, Type } from "@agntn/tools";
import { describe, expect, it } from "vitest";
import { base64Of, catalogOf } from "../src/protocol/catalog.ts";
import { type Catalog, type ServedContext, ServedRefusal } from "../src/protocol/served.ts";

const readme = defineResource({ name: "Readme", uri: "file:///readme.md", mimeType: "text/markdown", read: () => "# Hello" });
const files = defineResource({ name: "Files", uriTemplate: "file:///{+path}", read: ({ path }) => `contents of ${path}` });
const hello = definePrompt({ name: "hello", get: () => "Hello" });

function refusal(resources: readonly unknown[], prompts: readonly unknown[] = []): string {
  try {
    catalogOf(resources as AnyResource[], prompts as AnyPrompt[]);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return (error as Error).message;
  }
  throw new Error("catalogOf accepted a broken list");
}

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

/** Whether a value is plain JSON all the way down: what JSON reads back is equal, and no object holds a symbol key. */
function expectJsonClean(value: unknown): void {
  expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);
  const walk = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    expect(Object.getOwnPropertySymbols(node)).toEqual([]);
    for (const child of Object.values(node)) walk(child);
  };
  walk(value);
}

const single = (resource: AnyResource): Catalog => catalogOf([resource], []);

describe("catalogOf checks the lists", () => {
  it("refuses two fixed resources with one URI", () => {
    expect(refusal([readme, { ...readme, name: "Other" }])).toBe(
      'Duplicate resource URI "file:///readme.md": every fixed resource needs its own URI',
    );
  });

  it("refuses two templates with one uriTemplate", () => {
    expect(refusal([files, { ...files, name: "Other" }])).toBe(
      'Duplicate resource template "file:///{+path}": every template needs its own uriTemplate',
    );
  });

  it("refuses two prompts with one name", () => {
    expect(refusal([], [hello, { ...hello }])).toBe('Duplicate prompt name "hello": every prompt in a list needs its own name');
  });

  it("lets resources and templates share a name, and a fixed URI fit a template", () => {
    const catalog = catalogOf([readme, { ...readme, uri: "file:///other.md" }, { ...files, name: "Readme" }], [hello]);
    expect(catalog.resources.map((r) => r.listing.name)).toEqual(["Readme", "Readme"]);
    expect(catalog.templates.map((t) => t.listing.name)).toEqual(["Readme"]);
  });

  it("checks definitions that did not go through defineResource or definePrompt", () => {
    expect(refusal([{ name: "X", uri: "notes.txt", read: () => "" }])).toBe(
      'Resource "X": uri "notes.txt" is not an absolute URI with a scheme (like "file:///notes.txt")',
    );
    expect(refusal([], [{ name: "Bad Name", get: () => "" }])).toBe(
      'Prompt name "Bad Name" must be 1-64 characters of a-z, 0-9 and _, starting with a letter',
    );
  });

  it("refuses lists that are not arrays", () => {
    expect(refusal({} as unknown as unknown[])).toBe("resources must be an array of resource definitions");
    expect(refusal([], "hello" as unknown as unknown[])).toBe("prompts must be an array of prompt definitions");
  });
});

describe("listings are plain JSON", () => {
  it("a fixed resource's, with every field, meta as _meta, no cache hint", () => {
    const resource = defineResource({
      name: "Logo",
      uri: "file:///logo.png",
      title: "The logo",
      description: "Our logo.",
      mimeType: "image/png",
      size: 3,
      annotations: { audience: ["user"], priority: 1, lastModified: "2025-01-12T15:00:58Z" },
      icons: [{ src: "https://example.com/logo.png", sizes: ["48x48"] }],
      meta: { "example.com/owner": "design" },
      cache: { ttlMs: 60_000, scope: "public" },
      read: () => new Uint8Array([1, 2, 3]),
    });
    const [served] = single(resource).resources;
    expect(served?.listing).toStrictEqual({
      uri: "file:///logo.png",
      name: "Logo",
      title: "The logo",
      description: "Our logo.",
      mimeType: "image/png",
      size: 3,
      annotations: { audience: ["user"], priority: 1, lastModified: "2025-01-12T15:00:58Z" },
      icons: [{ src: "https://example.com/logo.png", sizes: ["48x48"] }],
      _meta: { "example.com/owner": "design" },
    });
    expectJsonClean(served?.listing);
    expect(served?.cache).toStrictEqual({ ttlMs: 60_000, scope: "public" });
  });

  it("a template's, and its cache hint beside it", () => {
    const template = defineResource({
      name: "Users",
      uriTemplate: "users://{id}",
      mimeType: "application/json",
      cache: { ttlMs: 0, scope: "private" },
      read: ({ id }) => JSON.stringify({ id }),
    });
    const [served] = single(template).templates;
    expect(served?.listing).toStrictEqual({ uriTemplate: "users://{id}", name: "Users", mimeType: "application/json" });
    expect(served?.cache).toStrictEqual({ ttlMs: 0, scope: "private" });
    expect(single(files).templates[0]?.cache).toBeUndefined();
    expect(single(readme).resources[0]?.cache).toBeUndefined();
  });

  it("a prompt's, with its arguments from the TypeBox properties (a 0.34 schema's symbol keys left behind)", () => {
    const prompt = definePrompt({
      name: "review",
      title: "Review",
      description: "Reviews code.",
      icons: [{ src: "https://example.com/r.png" }],
      meta: { team: "dx" },
      arguments: Type.Object({
        code: Type.String({ description: "The code to review", title: "Code" }),
        language: Type.Optional(Type.Enum(["ts", "py"])),
      }),
      get: () => "",
    });
    const [served] = catalogOf([], [prompt]).prompts;
    expect(served?.listing).toStrictEqual({
      name: "review",
      title: "Review",
      description: "Reviews code.",
      arguments: [
        { name: "code", title: "Code", description: "The code to review", required: true },
        { name: "language", required: false },
      ],
      icons: [{ src: "https://example.com/r.png" }],
      _meta: { team: "dx" },
    });
    expectJsonClean(served?.listing);
    expect(catalogOf([], [hello]).prompts[0]?.listing).toStrictEqual({ name: "hello" });
  });

  it("a fresh copy each time: editing one listing leaves the definition's alone", () => {
    const resource = defineResource({ name: "M", uri: "m://x", meta: { a: { b: 1 } }, read: () => "" });
    const first = single(resource).resources[0]?.listing;
    (first?._meta?.a as { b: number }).b = 2;
    expect(single(resource).resources[0]?.listing._meta).toStrictEqual({ a: { b: 1 } });
  });
});

describe("read answers", () => {
  const at = "file:///readme.md";
  const answer = async (read: () => unknown, mimeType?: string) => {
    const resource = { name: "R", uri: at, read, ...(mimeType ? { mimeType } : {}) } as AnyResource;
    return single(resource).resources[0]?.read(at, {});
  };

  it.each<[string, unknown, unknown]>([
    ["text", "# Hi", { contents: [{ uri: at, text: "# Hi" }] }],
    ["bytes, in base64", new Uint8Array([0, 1, 2, 250, 255]), { contents: [{ uri: at, blob: "AAEC+v8=" }] }],
    ["{ text, mimeType }", { text: "a", mimeType: "text/plain" }, { contents: [{ uri: at, mimeType: "text/plain", text: "a" }] }],
    ["{ blob }", { blob: new Uint8Array([104, 105]) }, { contents: [{ uri: at, blob: "aGk=" }] }],
    [
      "several items, each with or without a uri",
      [{ text: "a" }, { uri: "file:///b.png", blob: new Uint8Array([1]), mimeType: "image/png" }],
      {
        contents: [
          { uri: at, text: "a" },
          { uri: "file:///b.png", mimeType: "image/png", blob: "AQ==" },
        ],
      },
    ],
    ["no items", [], { contents: [] }],
  ])("%s", async (_case, result, expected) => {
    expect(await answer(() => result)).toStrictEqual(expected);
  });

  it("takes the definition's mimeType where an item gives none", async () => {
    expect(await answer(() => [{ text: "a" }, { text: "b", mimeType: "text/x-b" }], "text/markdown")).toStrictEqual({
      contents: [
        { uri: at, mimeType: "text/markdown", text: "a" },
        { uri: at, mimeType: "text/x-b", text: "b" },
      ],
    });
  });

  it("awaits an async read, and encodes a large blob and a subarray right", async () => {
    const bytes = new Uint8Array(100_000).map((_v, k) => (k * 7) % 256);
    expect(await answer(async () => bytes)).toStrictEqual({ contents: [{ uri: at, blob: Buffer.from(bytes).toString("base64") }] });
    const view = new Uint8Array([9, 9, 104, 105, 9]).subarray(2, 4);
    expect(base64Of(view)).toBe("aGk=");
    expect(base64Of(new Uint8Array())).toBe("");
  });

  it.each<[string, unknown, string]>([
    ["a number", 42, "read: the answer is a number; return text, a Uint8Array, { text } or { blob }, or an array of them"],
    ["null", null, "read: the answer is null; return text, a Uint8Array, { text } or { blob }, or an array of them"],
    [
      "an object without text or blob",
      { body: "x" },
      "read: the answer is an object; return text, a Uint8Array, { text } or { blob }, or an array of them",
    ],
    [
      "an ArrayBuffer",
      new ArrayBuffer(2),
      "read: the answer is an ArrayBuffer; return text, a Uint8Array, { text } or { blob }, or an array of them",
    ],
    ["a string item", ["a"], "read: contents[0] must be an object { text } or { blob }, got a string"],
    ["both text and blob", [{ text: "a", blob: new Uint8Array() }], "read: contents[0]: give text or blob, not both"],
    ["neither", [{ uri: "file:///x" }], "read: contents[0]: needs text (a string) or blob (a Uint8Array)"],
    ["text not a string", { text: 5 }, "read: contents[0]: text must be a string, got a number"],
    ["a blob in base64 already", [{ text: "a" }, { blob: "AQ==" }], "read: contents[1]: blob must be a Uint8Array, got a string"],
    ["a bad uri", [{ uri: "", text: "a" }], "read: contents[0]: uri must be a non-empty string, got a string"],
    ["a bad mimeType", [{ text: "a", mimeType: "text" }], 'read: contents[0]: mimeType must be a MIME type like "text/plain", got "text"'],
    [
      "a mimeType with an escape code, shown escaped",
      [{ text: "a", mimeType: "\u001b[31m" }],
      'read: contents[0]: mimeType must be a MIME type like "text/plain", got "\\u001b[31m"',
    ],
  ])("refuses %s in one line", async (_case, result, message) => {
    const error = await failure(() => answer(() => result) as Promise<unknown>);
    expect(error).not.toBeInstanceOf(ServedRefusal);
    expect(error.message).toBe(message);
  });

  it("lets what read throws through as it is", async () => {
    const boom = new Error("disk on fire");
    expect(await failure(() => answer(() => Promise.reject(boom)) as Promise<unknown>)).toBe(boom);
  });
});

describe("templates", () => {
  it("match and read with the variables", async () => {
    const seen: unknown[] = [];
    const template = defineResource({
      name: "Posts",
      uriTemplate: "users://{id}/posts{?page}",
      read: (variables) => {
        seen.push({ ...variables });
        return `posts of ${variables.id}`;
      },
    });
    const [served] = single(template).templates;
    const variables = served?.match("users://42/posts?page=2");
    expect({ ...variables }).toStrictEqual({ id: "42", page: "2" });
    expect(served?.match("users://42")).toBeUndefined();
    expect(await served?.read("users://42/posts?page=2", variables ?? {}, {})).toStrictEqual({
      contents: [{ uri: "users://42/posts?page=2", text: "posts of 42" }],
    });
    expect(seen).toStrictEqual([{ id: "42", page: "2" }]);
  });

  it("match __proto__ and constructor as variables without touching Object.prototype", async () => {
    const template = defineResource({
      name: "Objects",
      uriTemplate: "obj://{__proto__}/{constructor}",
      read: (variables) => JSON.stringify(Object.entries(variables)),
    });
    const [served] = single(template).templates;
    const variables = served?.match("obj://polluted/yes") ?? {};
    expect(await served?.read("obj://polluted/yes", variables, {})).toStrictEqual({
      contents: [{ uri: "obj://polluted/yes", text: '[["__proto__","polluted"],["constructor","yes"]]' }],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("list the resources they can enumerate, with the definition's mimeType", async () => {
    const template = defineResource({
      name: "Files",
      uriTemplate: "file:///{+path}",
      mimeType: "text/plain",
      list: async () => [
        { uri: "file:///a.txt", name: "a.txt" },
        {
          uri: "file:///b.md",
          name: "b.md",
          title: "B",
          description: "The b file",
          mimeType: "text/markdown",
          size: 10,
          annotations: { priority: 0.2 },
          icons: [{ src: "https://example.com/b.png" }],
          meta: { k: 1 },
        },
      ],
      read: () => "",
    });
    const listed = await single(template).templates[0]?.list?.({});
    expect(listed).toStrictEqual([
      { uri: "file:///a.txt", name: "a.txt", mimeType: "text/plain" },
      {
        uri: "file:///b.md",
        name: "b.md",
        title: "B",
        description: "The b file",
        mimeType: "text/markdown",
        size: 10,
        annotations: { priority: 0.2 },
        icons: [{ src: "https://example.com/b.png" }],
        _meta: { k: 1 },
      },
    ]);
    expectJsonClean(listed);
    expect(single(files).templates[0]?.list).toBeUndefined();
  });

  it.each<[string, unknown, string]>([
    ["not an array", { uri: "x" }, "list: the answer is an object; return an array of { uri, name, … }"],
    ["an entry that is no object", ["file:///a"], "list: resources[0]: must be an object { uri, name, … }, got a string"],
    ["an entry without uri", [{ name: "a" }], "list: resources[0]: uri must be a non-empty string, got undefined"],
    [
      "an entry without name",
      [{ uri: "file:///a", name: "a" }, { uri: "file:///b" }],
      "list: resources[1]: name must be a non-empty string, got undefined",
    ],
    ["a name that is no string", [{ uri: "file:///a", name: 7 }], "list: resources[0]: name must be a non-empty string, got a number"],
    ["a bad title", [{ uri: "file:///a", name: "a", title: 1 }], "list: resources[0]: title must be a string, got a number"],
    ["a bad size", [{ uri: "file:///a", name: "a", size: -1 }], "list: resources[0]: size must be a whole number of bytes"],
    [
      "a bad mimeType",
      [{ uri: "file:///a", name: "a", mimeType: "text" }],
      'list: resources[0]: mimeType must be a MIME type like "text/plain", got "text"',
    ],
    [
      "bad annotations",
      [{ uri: "file:///a", name: "a", annotations: { priority: 5 } }],
      "list: resources[0]: annotations.priority must be a number from 0 to 1",
    ],
    ["bad meta", [{ uri: "file:///a", name: "a", meta: 1 }], "list: resources[0]: meta must be an object"],
  ])("refuse a list with %s, in one line", async (_case, result, message) => {
    const template = defineResource({ name: "Files", uriTemplate: "file:///{+path}", list: () => result as never, read: () => "" });
    const error = await failure(async () => single(template).templates[0]?.list?.({}));
    expect(error.message).toBe(message);
  });
});

describe("completions", () => {
  const many = Array.from({ length: 150 }, (_v, k) => `v${k}`);

  it("a template's: cut to 100, with total and hasMore; non-strings dropped; the other arguments passed", async () => {
    const seen: unknown[] = [];
    const template = defineResource({
      name: "Repos",
      uriTemplate: "repo://{owner}/{name}",
      complete: {
        owner: (value) => ["alice", "bob", 7 as unknown as string, "anne"].filter((o) => typeof o !== "string" || o.startsWith(value)),
        name: (value, context) => {
          seen.push({ value, arguments: { ...context.arguments } });
          return many;
        },
      },
      read: () => "",
    });
    const [served] = single(template).templates;
    expect(await served?.complete?.("owner", "a", {})).toStrictEqual({ values: ["alice", "anne"] });
    expect(await served?.complete?.("name", "v", { arguments: { owner: "alice", bad: 1 as unknown as string } })).toStrictEqual({
      values: many.slice(0, 100),
      total: 150,
      hasMore: true,
    });
    expect(seen).toStrictEqual([{ value: "v", arguments: { owner: "alice" } }]);
  });

  it("answer nothing for a name without a completer, Object.prototype's included", async () => {
    const template = defineResource({
      name: "Repos",
      uriTemplate: "repo://{owner}/{name}",
      complete: { owner: () => ["a"] },
      read: () => "",
    });
    const [served] = single(template).templates;
    for (const name of ["name", "constructor", "__proto__", "toString", "nope"]) {
      expect(await served?.complete?.(name, "", {})).toStrictEqual({ values: [] });
    }
    expect(single(files).templates[0]?.complete).toBeUndefined();
  });

  it("exactly 100 values are not cut", async () => {
    const template = defineResource({ name: "R", uriTemplate: "r://{x}", complete: { x: () => many.slice(0, 100) }, read: () => "" });
    expect(await single(template).templates[0]?.complete?.("x", "", {})).toStrictEqual({ values: many.slice(0, 100) });
  });

  it("refuse an answer that is not an array, in one line", async () => {
    const template = defineResource({ name: "R", uriTemplate: "r://{x}", complete: { x: () => "a" as never }, read: () => "" });
    const error = await failure(async () => single(template).templates[0]?.complete?.("x", "", {}));
    expect(error.message).toBe('complete["x"]: the answer is a string; return an array of strings');
  });

  it("a prompt's", async () => {
    const prompt = definePrompt({
      name: "review",
      arguments: Type.Object({ language: Type.String() }),
      complete: { language: async (value) => ["ts", "tsx", "py"].filter((l) => l.startsWith(value)) },
      get: () => "",
    });
    const [served] = catalogOf([], [prompt]).prompts;
    expect(await served?.complete?.("language", "ts", {})).toStrictEqual({ values: ["ts", "tsx"] });
    expect(await served?.complete?.("constructor", "", {})).toStrictEqual({ values: [] });
    expect(catalogOf([], [hello]).prompts[0]?.complete).toBeUndefined();
  });
});

describe("prompt get", () => {
  const topic = definePrompt({
    name: "explain",
    arguments: Type.Object(
      { topic: Type.String({ minLength: 2 }), tone: Type.Optional(Type.Enum(["dry", "warm"])) },
      { additionalProperties: false },
    ),
    get: ({ topic, tone }) => `Explain ${topic}${tone ? ` in a ${tone} tone` : ""}.`,
  });
  const served = () => catalogOf([], [topic]).prompts[0];

  it("turns text into one user message", async () => {
    expect(await served()?.get({ topic: "tides" }, {})).toStrictEqual({
      messages: [{ role: "user", content: { type: "text", text: "Explain tides." } }],
    });
  });

  it.each<[string, Record<string, unknown> | undefined, string[]]>([
    ["a missing argument", {}, ["Invalid arguments at /: must have required properties topic"]],
    ["no arguments at all", undefined, ["Invalid arguments at /: must have required properties topic"]],
    ["a number instead of a string", { topic: 3 }, ["Invalid arguments at /topic: must be string"]],
    ["a value outside the enum", { topic: "tides", tone: "loud" }, ["Invalid arguments at /tone: must be one of dry, warm"]],
    [
      "an unknown argument and a short one",
      { topic: "x", mood: "happy" },
      [
        'Invalid arguments: unknown property "mood"; takes topic, tone',
        "Invalid arguments at /topic: must not have fewer than 2 characters",
      ],
    ],
    [
      "an own __proto__ argument",
      JSON.parse('{"__proto__": {"polluted": "yes"}, "topic": "tides"}'),
      ['Invalid arguments: unknown property "__proto__"; takes topic, tone'],
    ],
    [
      "an argument named with an escape code, cleaned",
      { topic: "tides", "\u001b[31mred": "x" },
      ['Invalid arguments: unknown property "\\u001b[31mred"; takes topic, tone'],
    ],
    [
      "an argument whose getter throws (an in-process caller's object)",
      Object.defineProperty({}, "topic", {
        enumerable: true,
        get() {
          throw new Error("no topic\nforged");
        },
      }),
      ["Invalid arguments: reading them threw: no topic forged"],
    ],
  ])("refuses %s with the core's lines, as invalid params", async (_case, args, lines) => {
    const error = await failure(async () => served()?.get(args as Record<string, string>, {}));
    expect(error).toBeInstanceOf(ServedRefusal);
    expect((error as ServedRefusal).kind).toBe("invalid-params");
    expect(error.message).toBe(lines.join("\n"));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses an arguments value that is not an object", async () => {
    const error = await failure(async () => served()?.get([] as unknown as Record<string, string>, {}));
    expect(error.message).toBe("Invalid arguments at /: must be object");
  });

  it("hands a prompt without arguments an empty object, whatever the client sent", async () => {
    const seen: unknown[] = [];
    const prompt = definePrompt({
      name: "plain",
      get: (args) => {
        seen.push(args);
        return "x";
      },
    });
    await catalogOf([], [prompt]).prompts[0]?.get({ extra: "1" }, {});
    await catalogOf([], [prompt]).prompts[0]?.get(undefined, {});
    expect(seen).toStrictEqual([{}, {}]);
  });

  const answer = (result: unknown) => catalogOf([], [{ name: "p", get: () => result } as AnyPrompt]).prompts[0]?.get(undefined, {});

  it.each<[string, unknown, unknown]>([
    ["{ text }", { text: "hi" }, { messages: [{ role: "user", content: { type: "text", text: "hi" } }] }],
    ["{ role, text }", { role: "assistant", text: "hi" }, { messages: [{ role: "assistant", content: { type: "text", text: "hi" } }] }],
    [
      "messages with text and blocks",
      [
        { role: "user", content: "Look:" },
        { role: "user", content: { type: "image", data: "AQ==", mimeType: "image/png" } },
        { role: "assistant", content: { type: "resource_link", uri: "file:///a", name: "a" } },
        { role: "user", content: { type: "resource", resource: { uri: "file:///b", text: "b" } } },
        { role: "user", content: { type: "audio", data: "AQ==", mimeType: "audio/wav" } },
      ],
      {
        messages: [
          { role: "user", content: { type: "text", text: "Look:" } },
          { role: "user", content: { type: "image", data: "AQ==", mimeType: "image/png" } },
          { role: "assistant", content: { type: "resource_link", uri: "file:///a", name: "a" } },
          { role: "user", content: { type: "resource", resource: { uri: "file:///b", text: "b" } } },
          { role: "user", content: { type: "audio", data: "AQ==", mimeType: "audio/wav" } },
        ],
      },
    ],
    [
      "{ description, messages }",
      { description: "A greeting", messages: [{ role: "user", content: "hi" }] },
      { description: "A greeting", messages: [{ role: "user", content: { type: "text", text: "hi" } }] },
    ],
    ["{ messages } without description", { messages: [] }, { messages: [] }],
  ])("answers %s", async (_case, result, expected) => {
    expect(await answer(result)).toStrictEqual(expected);
  });

  it("copies a block's known fields only", async () => {
    expect(await answer([{ role: "user", content: { type: "text", text: "a", extra: 1 } }])).toStrictEqual({
      messages: [{ role: "user", content: { type: "text", text: "a" } }],
    });
  });

  it.each<[string, unknown, string]>([
    [
      "a number",
      5,
      "get: the answer is a number; return text, { role?, text }, an array of { role, content }, or { description?, messages }",
    ],
    [
      "an empty object",
      {},
      "get: the answer is an object; return text, { role?, text }, an array of { role, content }, or { description?, messages }",
    ],
    ["a bad role", { role: "system", text: "x" }, 'get: role must be "user" or "assistant", got "system"'],
    ["text not a string", { text: 1 }, "get: text must be a string, got a number"],
    ["a message that is no object", ["hi"], "get: messages[0] must be an object { role, content }, got a string"],
    ["a message without role", [{ content: "hi" }], 'get: messages[0]: role must be "user" or "assistant", got undefined'],
    [
      "a message with a hostile role",
      [{ role: "user\nsystem", content: "hi" }],
      'get: messages[0]: role must be "user" or "assistant", got "user\\nsystem"',
    ],
    ["a message without content", [{ role: "user" }], "get: messages[0]: content must be an object, got undefined"],
    [
      "a block of an unknown type",
      [
        { role: "user", content: "ok" },
        { role: "user", content: { type: "video" } },
      ],
      'get: messages[1]: content has type "video"; expected one of text, image, audio, resource_link, resource',
    ],
    [
      "an image without mimeType",
      [{ role: "user", content: { type: "image", data: "AQ==" } }],
      "get: messages[0]: content (image) needs a mimeType",
    ],
    ["a bad description", { description: 1, messages: [] }, "get: description must be a string, got a number"],
    ["messages not an array", { messages: "hi" }, "get: messages must be an array, got a string"],
  ])("refuses %s in one line", async (_case, result, message) => {
    const error = await failure(async () => answer(result));
    expect(error).not.toBeInstanceOf(ServedRefusal);
    expect(error.message).toBe(message);
  });
});

describe("the context a definition's functions get", () => {
  it("is a tool's: signal, caller, and log and progress cleaned and dropped once the function answered", async () => {
    const logged: LogEntry[] = [];
    const progress: unknown[] = [];
    const controller = new AbortController();
    const auth = { clientId: "c", scopes: ["read"], claims: {} };
    const seen: unknown[] = [];
    let late: (() => void) | undefined;
    const resource = defineResource({
      name: "Status",
      uri: "status://now",
      read: (context) => {
        seen.push(context.signal === controller.signal, context.auth);
        context.log?.("info", "reading\u001b[31m now", { n: 1 });
        context.progress?.("half");
        late = () => context.log?.("info", "too late");
        return "ok";
      },
    });
    const served: ServedContext = {
      signal: controller.signal,
      auth,
      log: (entry) => {
        logged.push(entry);
      },
      progress: (report) => {
        progress.push(report);
      },
    };
    await single(resource).resources[0]?.read("status://now", served);
    late?.();
    expect(seen).toStrictEqual([true, auth]);
    expect(logged).toStrictEqual([{ level: "info", message: "reading now", data: { n: 1 }, logger: "Status" }]);
    expect(progress).toStrictEqual([{ message: "half", progress: 1 }]);
  });

  it("checks log levels as a tool's does", async () => {
    const prompt = definePrompt({
      name: "loud",
      get: (_args, context) => {
        context.log?.("shout" as never, "x");
        return "";
      },
    });
    const error = await failure(async () => catalogOf([], [prompt]).prompts[0]?.get(undefined, { log: () => {} }));
    expect(error.message).toBe('log level must be one of debug, info, notice, warning, error, critical, alert, emergency; got "shout"');
  });

  it("holds only what the host gave", async () => {
    const keys: string[][] = [];
    const resource = defineResource({
      name: "Keys",
      uri: "keys://x",
      read: (context) => {
        keys.push(Object.keys(context));
        return "";
      },
    });
    await single(resource).resources[0]?.read("keys://x", {});
    await single(resource).resources[0]?.read("keys://x", { log: () => {} });
    expect(keys).toStrictEqual([[], ["log"]]);
  });
});
