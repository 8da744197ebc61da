/**
 * Content blocks: every kind a tool may return, checked block by block with
 * one line per problem and copied field by field; the one-line notes hosts
 * show for kinds they cannot carry; the byte helpers behind those notes.
 */
import { type AnyTool, type ContentBlock, defineTool, invokeTool, joinedText, ToolResultError, Type } from "@agntn/tools";
import { describe, expect, it } from "vitest";
import { runTool } from "../../src/core/call.ts";
import {
  base64Bytes,
  blockNote,
  contentProblems,
  copyBlock,
  formatBytes,
  isBase64,
  readContent,
  withNotes,
} from "../../src/core/content.ts";
import { prepareTool } from "../../src/core/define.ts";

/** The PNG signature (8 bytes) and "RIFF" (4 bytes): small, real base64. */
const PNG = "iVBORw0KGgo=";
const WAV = "UklGRg==";
const KINDS = "expected one of text, image, audio, resource_link, resource";

/** A tool that returns what the test gives it. */
function returning(result: () => unknown, name = "content_tool"): AnyTool {
  return defineTool({
    name,
    title: "Content",
    description: "Returns the test's result.",
    effect: "read",
    input: Type.Object({}),
    execute: result as AnyTool["execute"],
  });
}

describe("every kind, valid: copied with the fields its kind has", () => {
  const cases: Array<[string, Record<string, unknown>, ContentBlock]> = [
    ["plain text", { type: "text", text: "hi" }, { type: "text", text: "hi" }],
    ["empty text", { type: "text", text: "" }, { type: "text", text: "" }],
    ["text with a stray key", { type: "text", text: "hi", mimeType: "text/plain" }, { type: "text", text: "hi" }],
    [
      "text with annotations and _meta (stray keys of both levels dropped, _meta kept whole)",
      {
        type: "text",
        text: "hi",
        annotations: { audience: ["user", "assistant"], priority: 0.5, lastModified: "2026-12-01T09:00:00Z", color: "red" },
        _meta: { "io.example/trace": [1, { a: null }] },
        stray: "x",
      },
      {
        type: "text",
        text: "hi",
        annotations: { audience: ["user", "assistant"], priority: 0.5, lastModified: "2026-12-01T09:00:00Z" },
        _meta: { "io.example/trace": [1, { a: null }] },
      },
    ],
    [
      "text with a _meta made by Object.create(null)",
      { type: "text", text: "hi", _meta: Object.assign(Object.create(null), { v: 1 }) },
      { type: "text", text: "hi", _meta: { v: 1 } },
    ],
    [
      "an image (a stray name dropped)",
      { type: "image", data: PNG, mimeType: "image/png", name: "x.png" },
      { type: "image", data: PNG, mimeType: "image/png" },
    ],
    [
      "an image with an upper-case MIME type",
      { type: "image", data: PNG, mimeType: "IMAGE/PNG" },
      { type: "image", data: PNG, mimeType: "IMAGE/PNG" },
    ],
    [
      "an image with priority 0 and 1-edge annotations",
      { type: "image", data: PNG, mimeType: "image/png", annotations: { priority: 0, audience: [] } },
      { type: "image", data: PNG, mimeType: "image/png", annotations: { priority: 0, audience: [] } },
    ],
    [
      "audio with MIME parameters",
      { type: "audio", data: WAV, mimeType: "audio/wav; codecs=1", annotations: { priority: 1 } },
      { type: "audio", data: WAV, mimeType: "audio/wav; codecs=1", annotations: { priority: 1 } },
    ],
    [
      "a full resource link",
      {
        type: "resource_link",
        uri: "file:///reports/q3.pdf",
        name: "q3.pdf",
        title: "Q3 report",
        description: "The third quarter.",
        mimeType: "application/pdf",
        size: 0,
        icons: [{ src: "https://example.com/pdf.png", mimeType: "image/png", sizes: ["48x48"], theme: "dark" }],
        _meta: { v: 1 },
        text: "stray",
      },
      {
        type: "resource_link",
        uri: "file:///reports/q3.pdf",
        name: "q3.pdf",
        title: "Q3 report",
        description: "The third quarter.",
        mimeType: "application/pdf",
        size: 0,
        icons: [{ src: "https://example.com/pdf.png", mimeType: "image/png", sizes: ["48x48"], theme: "dark" }],
        _meta: { v: 1 },
      },
    ],
    ["a bare resource link", { type: "resource_link", uri: "urn:x", name: "x" }, { type: "resource_link", uri: "urn:x", name: "x" }],
    [
      "an embedded text resource (a stray key in the resource dropped)",
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "hello", _meta: { v: 2 }, size: 5 } },
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "hello", _meta: { v: 2 } } },
    ],
    [
      "an embedded empty text resource",
      { type: "resource", resource: { uri: "file:///empty", text: "" } },
      { type: "resource", resource: { uri: "file:///empty", text: "" } },
    ],
    [
      "an embedded blob resource, annotated",
      { type: "resource", resource: { uri: "file:///sig.png", blob: PNG }, annotations: { audience: ["assistant"] } },
      { type: "resource", resource: { uri: "file:///sig.png", blob: PNG }, annotations: { audience: ["assistant"] } },
    ],
    [
      "an embedded resource whose other field is explicitly undefined",
      { type: "resource", resource: { uri: "u:1", text: "x", blob: undefined } },
      { type: "resource", resource: { uri: "u:1", text: "x" } },
    ],
  ];

  it.each(cases)("%s", (_case, block, copy) => {
    const read = readContent([block]);
    expect(read).toStrictEqual({ ok: true, blocks: [copy] });
    expect(contentProblems([block])).toEqual([]);
    expect(copyBlock(block as unknown as ContentBlock)).toStrictEqual(copy);
    if (read.ok) expect(read.blocks[0]).not.toBe(block);
  });

  it.each(cases)("through invokeTool and runTool: %s", async (_case, block, copy) => {
    const tool = returning(() => ({ content: [block] }));
    await expect(invokeTool(tool, {})).resolves.toStrictEqual({ content: [copy] });
    const outcome = await runTool(prepareTool(tool), { args: {} });
    expect(outcome).toMatchObject({ ok: true, content: [copy], text: copy.type === "text" ? copy.text : "" });
  });

  it("copies nested values: a later change to the tool's objects reaches no host", () => {
    const meta = { list: [1] };
    const audience: Array<"user" | "assistant"> = ["user"];
    const icons = [{ src: "a.png" }];
    const read = readContent([
      { type: "text", text: "t", _meta: meta, annotations: { audience } },
      { type: "resource_link", uri: "u:1", name: "n", icons },
    ]);
    meta.list.push(2);
    audience.push("assistant");
    icons[0] = { src: "changed.png" };
    expect(read).toStrictEqual({
      ok: true,
      blocks: [
        { type: "text", text: "t", _meta: { list: [1] }, annotations: { audience: ["user"] } },
        { type: "resource_link", uri: "u:1", name: "n", icons: [{ src: "a.png" }] },
      ],
    });
  });

  it("reads each getter once: the check and the copy see the same value, and the copy holds no getter", () => {
    const reads: string[] = [];
    const tracked = (key: string, values: unknown[]) => ({
      enumerable: true,
      get() {
        reads.push(key);
        return values[Math.min(reads.filter((k) => k === key).length - 1, values.length - 1)];
      },
    });
    const text = Object.defineProperties({}, { type: tracked("type", ["text"]), text: tracked("text", ["first", 5]) });
    const image = Object.defineProperties(
      {},
      { type: tracked("itype", ["image"]), data: tracked("data", [PNG, "!!"]), mimeType: tracked("mime", ["image/png", 7]) },
    );
    const read = readContent([text, image]);
    expect(read).toStrictEqual({
      ok: true,
      blocks: [
        { type: "text", text: "first" },
        { type: "image", data: PNG, mimeType: "image/png" },
      ],
    });
    expect(reads).toEqual(["type", "text", "itype", "data", "mime"]);
    if (read.ok) JSON.stringify(read.blocks);
    expect(reads).toHaveLength(5);
  });

  it("through runTool: a getter that turns bad after the check never reaches the host", async () => {
    let reads = 0;
    const block = {
      type: "text",
      get text() {
        reads++;
        return reads === 1 ? "checked" : 5;
      },
    };
    const outcome = await runTool(prepareTool(returning(() => ({ content: [block] }))), { args: {} });
    expect(outcome).toMatchObject({ ok: true, content: [{ type: "text", text: "checked" }], text: "checked" });
    expect(reads).toBe(1);
  });

  it("through runTool: a getter that throws fails the call with its message", async () => {
    const block = {
      type: "text",
      get text(): string {
        throw new Error("no text today");
      },
    };
    const outcome = await runTool(prepareTool(returning(() => ({ content: [block] }))), { args: {} });
    expect(outcome).toMatchObject({ ok: false, kind: "thrown", text: "content_tool failed: no text today" });
  });
});

describe("every kind, malformed: one exact line per problem", () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  const image = (fields: Record<string, unknown>) => [{ type: "image", data: PNG, mimeType: "image/png", ...fields }];
  const link = (fields: Record<string, unknown>) => [{ type: "resource_link", uri: "file:///a", name: "a", ...fields }];
  const resource = (value: unknown) => [{ type: "resource", resource: value }];
  const text = (fields: Record<string, unknown>) => [{ type: "text", text: "ok", ...fields }];

  const cases: Array<[string, unknown, string[]]> = [
    // the list itself
    ["content missing", undefined, ["content must be an array of content blocks, got undefined"]],
    ["content a string", "done", ["content must be an array of content blocks, got string"]],
    ["content null", null, ["content must be an array of content blocks, got null"]],
    ["content one block, not a list", { type: "text", text: "x" }, ["content must be an array of content blocks, got object"]],
    // a block that is no object
    ["a null block", [null], ["content[0] must be an object, got null"]],
    ["a string block", [{ type: "text", text: "a" }, "b"], ["content[1] must be an object, got string"]],
    ["an array block", [[]], ["content[0] must be an object, got an array"]],
    ["a number block", [7], ["content[0] must be an object, got number"]],
    [
      "a hole in the list",
      Object.assign([{ type: "text", text: "a" }], { 2: { type: "text", text: "c" } }),
      ["content[1] must be an object, got undefined"],
    ],
    // type
    ["no type", [{ text: "x" }], [`content[0] has no type; ${KINDS}`]],
    ["an unknown type", [{ type: "video" }], [`content[0] has type "video"; ${KINDS}`]],
    ["a type in capitals", [{ type: "TEXT", text: "x" }], [`content[0] has type "TEXT"; ${KINDS}`]],
    ["a type that is a number", [{ type: 5 }], [`content[0] has type number; ${KINDS}`]],
    ["a type that is null", [{ type: null }], [`content[0] has type null; ${KINDS}`]],
    [
      "a hostile type: escape codes and line breaks quoted and escaped",
      [{ type: "\u001b[2Jvideo\r\nforged\u2028line\u202e" }],
      [String.raw`content[0] has type "\u001b[2Jvideo\r\nforged\u2028line\u202e"; ${KINDS}`],
    ],
    ["a long type, cut at 40 characters", [{ type: "v".repeat(50) }], [`content[0] has type "${"v".repeat(40)}…"; ${KINDS}`]],
    // text
    ["text missing", [{ type: "text" }], ["content[0] (text) needs text as a string, got undefined"]],
    ["text a number", [{ type: "text", text: 5 }], ["content[0] (text) needs text as a string, got number"]],
    ["text null", [{ type: "text", text: null }], ["content[0] (text) needs text as a string, got null"]],
    ["text a list", [{ type: "text", text: ["a"] }], ["content[0] (text) needs text as a string, got an array"]],
    // image and audio data
    ["image without data", [{ type: "image", mimeType: "image/png" }], ["content[0] (image) needs data as a base64 string, got undefined"]],
    ["audio without data", [{ type: "audio", mimeType: "audio/wav" }], ["content[0] (audio) needs data as a base64 string, got undefined"]],
    ["image data a number", image({ data: 42 }), ["content[0] (image) needs data as a base64 string, got number"]],
    ["image data empty", image({ data: "" }), ["content[0] (image): data is empty"]],
    ["audio data empty", [{ type: "audio", data: "", mimeType: "audio/wav" }], ["content[0] (audio): data is empty"]],
    ["image data with a bad character", image({ data: "iVBO!w0K" }), ["content[0] (image): data is not base64"]],
    ["image data in URL-safe base64", image({ data: "ab-_" }), ["content[0] (image): data is not base64"]],
    ["image data with a space", image({ data: "iVBO Rw0K" }), ["content[0] (image): data is not base64"]],
    ["image data with a line break", image({ data: "iVBO\nRw0K" }), ["content[0] (image): data is not base64"]],
    ["image data of the wrong length", image({ data: "iVBORw0KGgo" }), ["content[0] (image): data is not base64"]],
    ["image data with three padding characters", image({ data: "iVBORw0K" + "A===" }), ["content[0] (image): data is not base64"]],
    ["image data with padding in the middle", image({ data: "AA==AAAA" }), ["content[0] (image): data is not base64"]],
    ["image data a data URL", image({ data: `data:image/png;base64,${PNG}` }), ["content[0] (image): data is not base64"]],
    // image and audio mimeType
    ["image without mimeType", [{ type: "image", data: PNG }], ["content[0] (image) needs a mimeType"]],
    ["audio without mimeType", [{ type: "audio", data: WAV }], ["content[0] (audio) needs a mimeType"]],
    [
      "image mimeType not a MIME type",
      image({ mimeType: "png" }),
      ['content[0] (image): mimeType must be a MIME type like "image/…", got "png"'],
    ],
    ["image mimeType a number", image({ mimeType: 5 }), ['content[0] (image): mimeType must be a MIME type like "image/…", got number']],
    [
      "audio mimeType empty",
      [{ type: "audio", data: WAV, mimeType: "" }],
      ['content[0] (audio): mimeType must be a MIME type like "audio/…", got ""'],
    ],
    [
      "image mimeType with a line break and an escape code",
      image({ mimeType: "image/png\n;\u001b[31m x" }),
      [String.raw`content[0] (image): mimeType must be a MIME type like "image/…", got "image/png\n;\u001b[31m x"`],
    ],
    [
      "image mimeType, long, cut at 40 characters",
      image({ mimeType: `x${"y".repeat(60)}` }),
      [`content[0] (image): mimeType must be a MIME type like "image/…", got "x${"y".repeat(39)}…"`],
    ],
    ["an audio/ type on an image", image({ mimeType: "audio/wav" }), ['content[0] (image): mimeType "audio/wav" is not an image type']],
    [
      "an image/ type on audio",
      [{ type: "audio", data: WAV, mimeType: "image/png" }],
      ['content[0] (audio): mimeType "image/png" is not an audio type'],
    ],
    ["a text/ type on an image", image({ mimeType: "text/plain" }), ['content[0] (image): mimeType "text/plain" is not an image type']],
    // resource_link
    [
      "a link without uri or name",
      [{ type: "resource_link" }],
      ["content[0] (resource_link) needs a uri string", "content[0] (resource_link) needs a name string"],
    ],
    ["a link with an empty uri", link({ uri: "" }), ["content[0] (resource_link) needs a uri string"]],
    ["a link with a numeric uri", link({ uri: 7 }), ["content[0] (resource_link) needs a uri string"]],
    ["a link with an empty name", link({ name: "" }), ["content[0] (resource_link) needs a name string"]],
    ["a link with a negative size", link({ size: -1 }), ["content[0] (resource_link): size must be a whole number of bytes"]],
    ["a link with a fractional size", link({ size: 1.5 }), ["content[0] (resource_link): size must be a whole number of bytes"]],
    ["a link with a string size", link({ size: "10" }), ["content[0] (resource_link): size must be a whole number of bytes"]],
    ["a link with a NaN size", link({ size: Number.NaN }), ["content[0] (resource_link): size must be a whole number of bytes"]],
    ["a link with a numeric title", link({ title: 1 }), ["content[0] (resource_link): title must be a string, got number"]],
    ["a link with a null description", link({ description: null }), ["content[0] (resource_link): description must be a string, got null"]],
    [
      "a link with a bad mimeType",
      link({ mimeType: "pdf" }),
      ['content[0] (resource_link): mimeType must be a MIME type like "text/…", got "pdf"'],
    ],
    [
      "a link with icons not a list",
      link({ icons: "a.png" }),
      ["content[0] (resource_link): icons must be an array of { src, mimeType?, sizes? }"],
    ],
    [
      "a link with an icon without src",
      link({ icons: [{ mimeType: "image/png" }] }),
      ["content[0] (resource_link): icons must be an array of { src, mimeType?, sizes? }"],
    ],
    [
      "a link with icons JSON cannot carry",
      link({ icons: [{ src: "a.png", extra: BigInt(1) }] }),
      ["content[0] (resource_link): icons cannot be sent as JSON (it holds a cycle or a BigInt)"],
    ],
    // embedded resource
    ["a resource without resource", [{ type: "resource" }], ["content[0] (resource) needs resource as an object, got undefined"]],
    ["a resource that is a string", resource("file:///a"), ["content[0] (resource) needs resource as an object, got string"]],
    [
      "a resource with both text and blob",
      resource({ uri: "u:1", text: "a", blob: PNG }),
      ["content[0] (resource): resource needs exactly one of text or blob"],
    ],
    [
      "a resource with neither text nor blob",
      resource({ uri: "u:1" }),
      ["content[0] (resource): resource needs exactly one of text or blob"],
    ],
    ["a resource without uri", resource({ text: "a" }), ["content[0] (resource) resource needs a uri string"]],
    [
      "a resource with numeric text",
      resource({ uri: "u:1", text: 1 }),
      ["content[0] (resource): resource text must be a string, got number"],
    ],
    ["a resource with a bad blob", resource({ uri: "u:1", blob: "%%%%" }), ["content[0] (resource) resource: blob is not base64"]],
    ["a resource with an empty blob", resource({ uri: "u:1", blob: "" }), ["content[0] (resource) resource: blob is empty"]],
    [
      "a resource with a numeric blob",
      resource({ uri: "u:1", blob: 5 }),
      ["content[0] (resource) resource needs blob as a base64 string, got number"],
    ],
    [
      "a resource with a bad mimeType",
      resource({ uri: "u:1", text: "a", mimeType: "plain" }),
      ['content[0] (resource): mimeType must be a MIME type like "text/…", got "plain"'],
    ],
    [
      "a resource with a bad _meta",
      resource({ uri: "u:1", text: "a", _meta: "x" }),
      ["content[0] (resource): resource _meta must be a plain object, got string"],
    ],
    [
      "a resource with a _meta JSON cannot carry",
      resource({ uri: "u:1", text: "a", _meta: cycle }),
      ["content[0] (resource): resource _meta cannot be sent as JSON (it holds a cycle or a BigInt)"],
    ],
    // annotations and _meta, on any kind
    ["annotations not an object", text({ annotations: "high" }), ["content[0] (text): annotations must be an object, got string"]],
    ["annotations a list", image({ annotations: ["user"] }), ["content[0] (image): annotations must be an object, got an array"]],
    [
      "an unknown audience",
      text({ annotations: { audience: ["robot"] } }),
      ['content[0] (text): annotations.audience must list "user" and/or "assistant"'],
    ],
    [
      "an audience that is not a list",
      text({ annotations: { audience: "user" } }),
      ['content[0] (text): annotations.audience must list "user" and/or "assistant"'],
    ],
    [
      "a priority above 1",
      text({ annotations: { priority: 2 } }),
      ["content[0] (text): annotations.priority must be a number from 0 to 1"],
    ],
    [
      "a priority below 0",
      link({ annotations: { priority: -0.1 } }),
      ["content[0] (resource_link): annotations.priority must be a number from 0 to 1"],
    ],
    [
      "a priority NaN",
      text({ annotations: { priority: Number.NaN } }),
      ["content[0] (text): annotations.priority must be a number from 0 to 1"],
    ],
    [
      "a priority as a string",
      text({ annotations: { priority: "1" } }),
      ["content[0] (text): annotations.priority must be a number from 0 to 1"],
    ],
    [
      "a numeric lastModified",
      text({ annotations: { lastModified: 1_700_000_000 } }),
      ["content[0] (text): annotations.lastModified must be a string"],
    ],
    ["_meta a list", text({ _meta: [] }), ["content[0] (text): _meta must be a plain object, got an array"]],
    ["_meta a string", image({ _meta: "x" }), ["content[0] (image): _meta must be a plain object, got string"]],
    // Found by the fuzz suite's random seed: a Date passed the object test and went out as a string.
    ["_meta a Date", text({ _meta: new Date(0) }), ["content[0] (text): _meta must be a plain object, got a Date"]],
    [
      "_meta a class instance",
      text({ _meta: new URL("https://a.example") }),
      ["content[0] (text): _meta must be a plain object, got a URL"],
    ],
    [
      "_meta a plain object whose toJSON gives a string",
      text({ _meta: { toJSON: () => "x" } }),
      ["content[0] (text): _meta must be a plain object, got object"],
    ],
    ["_meta with a cycle", text({ _meta: cycle }), ["content[0] (text): _meta cannot be sent as JSON (it holds a cycle or a BigInt)"]],
    [
      "_meta with a BigInt",
      resource({ uri: "u:1", text: "a" }).map((b) => ({ ...b, _meta: { n: BigInt(1) } })),
      ["content[0] (resource): _meta cannot be sent as JSON (it holds a cycle or a BigInt)"],
    ],
    [
      "bad _meta and bad annotations: _meta first",
      text({ _meta: 1, annotations: { audience: ["x"], priority: 9, lastModified: false } }),
      [
        "content[0] (text): _meta must be a plain object, got number",
        'content[0] (text): annotations.audience must list "user" and/or "assistant"',
        "content[0] (text): annotations.priority must be a number from 0 to 1",
        "content[0] (text): annotations.lastModified must be a string",
      ],
    ],
    // several problems
    [
      "several blocks, several problems each: one line per problem, in order",
      [
        { type: "image", data: "!!", mimeType: "text/plain" },
        null,
        { type: "text", text: "fine" },
        { type: "video" },
        { type: "resource_link", size: -1 },
      ],
      [
        "content[0] (image): data is not base64",
        'content[0] (image): mimeType "text/plain" is not an image type',
        "content[1] must be an object, got null",
        `content[3] has type "video"; ${KINDS}`,
        "content[4] (resource_link) needs a uri string",
        "content[4] (resource_link) needs a name string",
        "content[4] (resource_link): size must be a whole number of bytes",
      ],
    ],
  ];

  it.each(cases)("%s", (_case, content, lines) => {
    expect(contentProblems(content)).toEqual(lines);
    expect(readContent(content)).toEqual({ ok: false, problems: lines });
  });

  it.each(cases)("through runTool and invokeTool: %s", async (_case, content, lines) => {
    const tool = returning(() => ({ content }), "sloppy_tool");
    const expected =
      lines.length === 1
        ? [`sloppy_tool returned a malformed result: ${lines[0]}`]
        : ["sloppy_tool returned a malformed result:", ...lines];
    const outcome = await runTool(prepareTool(tool), { args: {} });
    expect(outcome).toEqual({ ok: false, kind: "result", lines: expected, text: expected.join("\n") });
    const error = await invokeTool(tool, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolResultError);
    expect((error as ToolResultError).lines).toEqual(expected);
  });

  it("a malformed result with a bad isError too: the content lines, then the isError line", async () => {
    const outcome = await runTool(prepareTool(returning(() => ({ content: [{ type: "text" }], isError: 1 }), "sloppy_tool")), { args: {} });
    expect(outcome).toMatchObject({
      kind: "result",
      lines: [
        "sloppy_tool returned a malformed result:",
        "content[0] (text) needs text as a string, got undefined",
        "isError must be a boolean",
      ],
    });
  });

  it("an isError result keeps its image in content", async () => {
    const returned = {
      content: [
        { type: "text", text: "the chart failed to render; here is the last frame" },
        { type: "image", data: PNG, mimeType: "image/png", stray: 1 },
      ],
      isError: true,
    };
    const tool = returning(() => returned);
    const outcome = await runTool(prepareTool(tool), { args: {} });
    expect(outcome).toStrictEqual({
      ok: false,
      kind: "returned",
      text: "the chart failed to render; here is the last frame",
      content: [
        { type: "text", text: "the chart failed to render; here is the last frame" },
        { type: "image", data: PNG, mimeType: "image/png" },
      ],
      details: undefined,
      result: returned,
    });
    await expect(invokeTool(tool, {})).resolves.toBe(returned);
  });
});

describe("blockNote: one clean line for a block a host cannot carry", () => {
  const cases: Array<[string, ContentBlock, string]> = [
    ["text is itself", { type: "text", text: "as\nis" }, "as\nis"],
    ["an image", { type: "image", data: PNG, mimeType: "image/png" }, "[image: image/png, 8 B]"],
    ["audio of 1.5 kB", { type: "audio", data: "A".repeat(2000), mimeType: "audio/wav" }, "[audio: audio/wav, 1.5 kB]"],
    ["an image of one byte", { type: "image", data: "AA==", mimeType: "image/gif" }, "[image: image/gif, 1 B]"],
    ["a link", { type: "resource_link", uri: "file:///r.pdf", name: "r.pdf" }, "[resource link: r.pdf <file:///r.pdf>]"],
    [
      "a link with a MIME type",
      { type: "resource_link", uri: "file:///r.pdf", name: "Q3 report", mimeType: "application/pdf", size: 12 },
      "[resource link: Q3 report <file:///r.pdf>, application/pdf]",
    ],
    [
      "a link with a hostile name and uri, cleaned",
      { type: "resource_link", uri: "https://e.example/a\u202ecod.exe\n", name: "report\u001b[2J\r\nforged\u2028line" },
      "[resource link: report forged line <https://e.example/a cod.exe>]",
    ],
    [
      "an embedded text resource keeps its text below the header",
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "line 1\nline 2" } },
      "[resource: file:///a.txt, text/plain]\nline 1\nline 2",
    ],
    [
      "an embedded text resource without a MIME type",
      { type: "resource", resource: { uri: "file:///a", text: "" } },
      "[resource: file:///a]\n",
    ],
    ["an embedded blob", { type: "resource", resource: { uri: "file:///sig.png", blob: PNG } }, "[resource: file:///sig.png, 8 B]"],
    [
      "an embedded blob with a MIME type",
      { type: "resource", resource: { uri: "file:///sig.png", mimeType: "image/png", blob: PNG } },
      "[resource: file:///sig.png, image/png, 8 B]",
    ],
    [
      "an embedded resource with a hostile uri, cleaned",
      { type: "resource", resource: { uri: "file:///\u001b]0;title\u0007x\ny", blob: WAV } },
      "[resource: file:///x y, 4 B]",
    ],
  ];

  it.each(cases)("%s", (_case, block, note) => {
    expect(blockNote(block)).toBe(note);
  });
});

describe("withNotes: the kept kinds stay, every other block becomes its note", () => {
  const content: ContentBlock[] = [
    { type: "text", text: "intro" },
    { type: "image", data: PNG, mimeType: "image/png" },
    { type: "audio", data: WAV, mimeType: "audio/wav" },
    { type: "resource_link", uri: "urn:x", name: "x" },
    { type: "resource", resource: { uri: "file:///a.txt", text: "hello" } },
  ];
  const notes = {
    image: { type: "text", text: "[image: image/png, 8 B]" },
    audio: { type: "text", text: "[audio: audio/wav, 4 B]" },
    link: { type: "text", text: "[resource link: x <urn:x>]" },
    resource: { type: "text", text: "[resource: file:///a.txt]\nhello" },
  };

  it.each([
    ["nothing kept (the default)", undefined, [content[0], notes.image, notes.audio, notes.link, notes.resource]],
    ["images kept", ["image"] as const, [content[0], content[1], notes.audio, notes.link, notes.resource]],
    ["images and audio kept", ["image", "audio"] as const, [content[0], content[1], content[2], notes.link, notes.resource]],
    ["resources kept", ["resource_link", "resource"] as const, [content[0], notes.image, notes.audio, content[3], content[4]]],
  ])("%s", (_case, kept, expected) => {
    const out = withNotes(content, kept as readonly ContentBlock["type"][] | undefined);
    expect(out).toStrictEqual(expected);
    out.forEach((block, i) => {
      if (block.type !== "text" || content[i]?.type === "text") expect(block).toBe(content[i]);
    });
  });

  it("an empty list stays empty", () => {
    expect(withNotes([])).toEqual([]);
  });
});

describe("joinedText", () => {
  it.each([
    ["no blocks", [], ""],
    ["only an image", [{ type: "image", data: PNG, mimeType: "image/png" }], ""],
    ["one empty text", [{ type: "text", text: "" }], ""],
    [
      "text around other kinds, joined by line breaks",
      [
        { type: "text", text: "a" },
        { type: "image", data: PNG, mimeType: "image/png" },
        { type: "text", text: "b\nc" },
        { type: "resource", resource: { uri: "u:1", text: "not joined" } },
      ],
      "a\nb\nc",
    ],
    [
      "two empty texts keep their break",
      [
        { type: "text", text: "" },
        { type: "text", text: "" },
      ],
      "\n",
    ],
  ] as Array<[string, ContentBlock[], string]>)("%s", (_case, content, text) => {
    expect(joinedText(content)).toBe(text);
  });
});

describe("base64Bytes, formatBytes, isBase64", () => {
  it.each([
    ["", 0],
    ["AAAA", 3],
    ["AAA=", 2],
    ["AA==", 1],
    [PNG, 8],
    [WAV, 4],
    ["A".repeat(2000), 1500],
  ])("base64Bytes(%j) is %i", (data, bytes) => {
    expect(base64Bytes(data)).toBe(bytes);
  });

  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [999, "999 B"],
    [1000, "1.0 kB"],
    [1234, "1.2 kB"],
    [999_949, "999.9 kB"],
    [999_950, "1.0 MB"],
    [1_000_000, "1.0 MB"],
    [3_400_000, "3.4 MB"],
    [999_949_999, "999.9 MB"],
    [999_950_000, "1.0 GB"],
    [2_500_000_000, "2.5 GB"],
  ])("formatBytes(%i) is %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each([
    ["", true],
    ["AAAA", true],
    ["AAA=", true],
    ["AA==", true],
    ["+/+/", true],
    [PNG, true],
    ["AAA", false],
    ["A===", false],
    ["====", false],
    ["AA=A", false],
    ["ab-_", false],
    ["AB C", false],
    ["QUJD\n", false],
    ["QUJD====", false],
    ["é===", false],
  ])("isBase64(%j) is %s", (text, expected) => {
    expect(isBase64(text)).toBe(expected);
  });
});
