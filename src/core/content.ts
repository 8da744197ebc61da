/**
 * Content blocks: every kind MCP has (text, image, audio, a resource link, an
 * embedded resource). The core checks each block a tool returns, copies the
 * fields each kind has (so a host never forwards a stray key or a getter),
 * and describes a block in one line for hosts that cannot carry its kind.
 */
import { quote, sanitizeLine } from "./sanitize.ts";
import { isRecord } from "./schema.ts";
import type { ContentAnnotations, ContentBlock, EmbeddedResource, ResourceLink, TextContent } from "./types.ts";

/** The kinds, in the order the problem lines name them. */
export const CONTENT_KINDS = ["text", "image", "audio", "resource_link", "resource"] as const;
const KINDS: ReadonlySet<string> = new Set(CONTENT_KINDS);

// A MIME type as RFC 6838 names it (type/subtype, optional parameters). Case-insensitive.
// Parameters are printable ASCII: a line break or an escape code in a MIME type is no MIME type.
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(?:[ \t]*;[\x20-\x7e]*)?$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const AUDIENCES: ReadonlySet<string> = new Set(["user", "assistant"]);

/** Whether a string is standard base64 (RFC 4648 §4, padded), the encoding MCP's `data` and `blob` use. */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64.test(text);
}

/** The number of bytes a base64 string holds. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

/** A byte count for a person: `68 B`, `1.2 kB`, `3.4 MB`, `1.5 GB` (SI units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  // Each unit ends where its rounded figure would read 1000.0 (999,950 B is "1.0 MB", not "1000.0 kB").
  if (bytes < 999_950) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 999_950_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value !== "object") return typeof value;
  // A class instance reads by its class ("a Date"), so the line says what was wrong with it.
  let made: unknown;
  try {
    made = Object.getPrototypeOf(value)?.constructor?.name;
  } catch {
    // A proxy or a getter that throws: it is still an object.
  }
  return typeof made === "string" && made !== "" && made !== "Object" ? `a ${sanitizeLine(made)}` : "object";
}

function describe(value: unknown): string {
  return typeof value === "string" ? quote(value.length > 40 ? `${value.slice(0, 40)}…` : value) : typeName(value);
}

/** A JSON copy of a free-form field, or `undefined` when JSON cannot carry it (a cycle, a BigInt, a getter that throws). */
export function jsonCopy<T>(value: T): T | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

/** The end of the line for a free-form field JSON cannot carry. */
export const NOT_JSON = "cannot be sent as JSON (it holds a cycle or a BigInt)";

/*
 * Checking and copying are one pass: each field of a block is read once, into
 * the copy, so a getter cannot answer the check with one value and the host
 * with another. The copy holds only the fields its kind has.
 */

function readMime(
  at: string,
  value: unknown,
  family: "image" | "audio" | undefined,
  required: boolean,
  problems: string[],
): string | undefined {
  if (value === undefined) {
    if (required) problems.push(`${at} needs a mimeType`);
    return undefined;
  }
  if (typeof value !== "string" || !MIME.test(value)) {
    problems.push(`${at}: mimeType must be a MIME type like "${family ?? "text"}/…", got ${describe(value)}`);
    return undefined;
  }
  if (family && !value.toLowerCase().startsWith(`${family}/`)) problems.push(`${at}: mimeType ${quote(value)} is not an ${family} type`);
  return value;
}

function readBase64(at: string, field: "data" | "blob", value: unknown, problems: string[]): string {
  if (typeof value !== "string") problems.push(`${at} needs ${field} as a base64 string, got ${typeName(value)}`);
  else if (value === "") problems.push(`${at}: ${field} is empty`);
  else if (!isBase64(value)) problems.push(`${at}: ${field} is not base64`);
  return value as string;
}

function readUri(at: string, value: unknown, problems: string[]): string {
  if (typeof value !== "string" || value === "") problems.push(`${at} needs a uri string`);
  return value as string;
}

/** Whether a value is an object literal (or `Object.create(null)`): a `Date` or a class instance is not, though `typeof` says "object". */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `_meta` (of a block or of an embedded resource): a plain object, copied as
 * JSON. A `Date` or an object with `toJSON` would turn into a string on the
 * way, so a client would get a `_meta` that is no object at all.
 */
function readMeta(at: string, name: string, value: unknown, problems: string[]): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  const copy = isPlainObject(value) ? jsonCopy(value) : undefined;
  if (!isPlainObject(value) || (copy !== undefined && !isRecord(copy))) {
    problems.push(`${at}: ${name} must be a plain object, got ${typeName(value)}`);
    return undefined;
  }
  if (copy === undefined) problems.push(`${at}: ${name} ${NOT_JSON}`);
  return copy;
}

/** Annotations, copied field by field: MCP defines three, and only those travel on. */
function readAnnotations(at: string, value: unknown, problems: string[]): ContentAnnotations | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    problems.push(`${at}: annotations must be an object, got ${typeName(value)}`);
    return undefined;
  }
  const { audience, priority, lastModified } = value;
  const copy: ContentAnnotations = {};
  if (audience !== undefined) {
    const list: unknown[] | undefined = Array.isArray(audience) ? [...audience] : undefined;
    if (list?.every((a) => typeof a === "string" && AUDIENCES.has(a))) copy.audience = list as ContentAnnotations["audience"];
    else problems.push(`${at}: annotations.audience must list "user" and/or "assistant"`);
  }
  if (priority !== undefined) {
    if (typeof priority === "number" && priority >= 0 && priority <= 1) copy.priority = priority;
    else problems.push(`${at}: annotations.priority must be a number from 0 to 1`);
  }
  if (lastModified !== undefined) {
    if (typeof lastModified === "string") copy.lastModified = lastModified;
    else problems.push(`${at}: annotations.lastModified must be a string`);
  }
  return copy;
}

function withExtras<B extends ContentBlock>(at: string, copy: B, annotations: unknown, meta: unknown, problems: string[]): B {
  const metaCopy = readMeta(at, "_meta", meta, problems);
  const annotationsCopy = readAnnotations(at, annotations, problems);
  if (annotationsCopy !== undefined) copy.annotations = annotationsCopy;
  if (metaCopy !== undefined) copy._meta = metaCopy;
  return copy;
}

function readOptionalString(at: string, key: string, value: unknown, problems: string[]): string | undefined {
  if (value !== undefined && typeof value !== "string") problems.push(`${at}: ${key} must be a string, got ${typeName(value)}`);
  return value as string | undefined;
}

function readIcons(at: string, value: unknown, problems: string[]): ResourceLink["icons"] {
  if (value === undefined) return undefined;
  const list: unknown[] | undefined = Array.isArray(value) ? [...value] : undefined;
  if (!list?.every((icon) => isRecord(icon) && typeof icon.src === "string")) {
    problems.push(`${at}: icons must be an array of { src, mimeType?, sizes? }`);
    return undefined;
  }
  const copy = jsonCopy(list as ResourceLink["icons"]);
  if (copy === undefined) problems.push(`${at}: icons ${NOT_JSON}`);
  return copy;
}

function readLink(where: string, block: Record<string, unknown>, problems: string[]): ResourceLink {
  const link: ResourceLink = { type: "resource_link", uri: readUri(where, block.uri, problems), name: block.name as string };
  if (typeof link.name !== "string" || link.name === "") problems.push(`${where} needs a name string`);
  const mimeType = readMime(where, block.mimeType, undefined, false, problems);
  const size = block.size;
  if (size !== undefined && !(typeof size === "number" && Number.isInteger(size) && size >= 0)) {
    problems.push(`${where}: size must be a whole number of bytes`);
  }
  const title = readOptionalString(where, "title", block.title, problems);
  const description = readOptionalString(where, "description", block.description, problems);
  const icons = readIcons(where, block.icons, problems);
  if (title !== undefined) link.title = title;
  if (description !== undefined) link.description = description;
  if (mimeType !== undefined) link.mimeType = mimeType;
  if (size !== undefined) link.size = size as number;
  if (icons !== undefined) link.icons = icons;
  return link;
}

function readResource(at: string, resource: unknown, problems: string[]): EmbeddedResource["resource"] | undefined {
  if (!isRecord(resource)) {
    problems.push(`${at} needs resource as an object, got ${typeName(resource)}`);
    return undefined;
  }
  const uri = readUri(`${at} resource`, resource.uri, problems);
  const mimeType = readMime(at, resource.mimeType, undefined, false, problems);
  const { text, blob } = resource;
  let copy: EmbeddedResource["resource"];
  if ((text !== undefined) === (blob !== undefined)) {
    problems.push(`${at}: resource needs exactly one of text or blob`);
    copy = { uri, text: text as string };
  } else if (text !== undefined) {
    if (typeof text !== "string") problems.push(`${at}: resource text must be a string, got ${typeName(text)}`);
    copy = { uri, text: text as string };
  } else {
    copy = { uri, blob: readBase64(`${at} resource`, "blob", blob, problems) };
  }
  const meta = readMeta(at, "resource _meta", resource._meta, problems);
  if (mimeType !== undefined) copy.mimeType = mimeType;
  if (meta !== undefined) copy._meta = meta;
  return copy;
}

/** Block `index`: its copy, with a line in `problems` for each way it does not fit its kind. */
function readBlock(index: number, block: unknown, problems: string[]): ContentBlock | undefined {
  if (!isRecord(block)) {
    problems.push(`content[${index}] must be an object, got ${typeName(block)}`);
    return undefined;
  }
  const { type, annotations, _meta } = block;
  if (type === "text") {
    const text = block.text;
    // The common case: a plain text block costs four reads and one object, no problem text built.
    if (typeof text === "string" && annotations === undefined && _meta === undefined) return { type, text };
    const where = `content[${index}] (text)`;
    if (typeof text !== "string") problems.push(`${where} needs text as a string, got ${typeName(text)}`);
    return withExtras(where, { type, text: text as string }, annotations, _meta, problems);
  }
  if (typeof type !== "string" || !KINDS.has(type)) {
    const given = type === undefined ? "no type" : `type ${describe(type)}`;
    problems.push(`content[${index}] has ${given}; expected one of ${CONTENT_KINDS.join(", ")}`);
    return undefined;
  }
  const where = `content[${index}] (${type})`;
  let copy: ContentBlock;
  switch (type) {
    case "image":
    case "audio": {
      const data = readBase64(where, "data", block.data, problems);
      copy = { type, data, mimeType: readMime(where, block.mimeType, type, true, problems) as string };
      break;
    }
    case "resource_link":
      copy = readLink(where, block, problems);
      break;
    default:
      copy = { type: "resource", resource: readResource(where, block.resource, problems) as EmbeddedResource["resource"] };
  }
  return withExtras(where, copy, annotations, _meta, problems);
}

/** What reading a result's `content` gives: the copied blocks, or one line per problem. */
export type ContentRead = { ok: true; blocks: ContentBlock[] } | { ok: false; problems: string[] };

/**
 * Checks a result's `content` and copies it, reading every field once. The
 * copies hold only the fields each kind has, as plain values (no getter of
 * the tool's runs again when a host reads them).
 */
export function readContent(content: unknown): ContentRead {
  if (!Array.isArray(content)) return { ok: false, problems: [`content must be an array of content blocks, got ${typeName(content)}`] };
  const problems: string[] = [];
  const blocks: ContentBlock[] = new Array(content.length);
  for (let i = 0; i < content.length; i++) blocks[i] = readBlock(i, content[i], problems) as ContentBlock;
  return problems.length === 0 ? { ok: true, blocks } : { ok: false, problems };
}

/** One line per problem in a result's `content`; none when every block fits its kind. */
export function contentProblems(content: unknown): string[] {
  const read = readContent(content);
  return read.ok ? [] : read.problems;
}

/** A checked block, copied field by field: only the fields its kind has travel on. */
export function copyBlock(block: ContentBlock): ContentBlock {
  return readBlock(0, block, []) ?? block;
}

/** The text blocks' text, joined by line breaks: what a host with only a text channel shows first. */
export function joinedText(content: readonly ContentBlock[]): string {
  let text: string | undefined;
  for (const block of content) {
    if (block.type !== "text") continue;
    text = text === undefined ? block.text : `${text}\n${block.text}`;
  }
  return text ?? "";
}

/**
 * One line that stands for a block a host cannot carry: its kind, MIME type,
 * size, and for resources the address. Cleaned, so it is safe on a terminal.
 * An embedded text resource keeps its text below the line: text any host can show.
 */
export function blockNote(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${block.type}: ${sanitizeLine(block.mimeType)}, ${formatBytes(base64Bytes(block.data))}]`;
    case "resource_link": {
      const type = block.mimeType ? `, ${sanitizeLine(block.mimeType)}` : "";
      return `[resource link: ${sanitizeLine(block.name)} <${sanitizeLine(block.uri)}>${type}]`;
    }
    case "resource": {
      const { resource } = block;
      const type = resource.mimeType ? `, ${sanitizeLine(resource.mimeType)}` : "";
      if ("blob" in resource && typeof resource.blob === "string") {
        return `[resource: ${sanitizeLine(resource.uri)}${type}, ${formatBytes(base64Bytes(resource.blob))}]`;
      }
      return `[resource: ${sanitizeLine(resource.uri)}${type}]\n${(resource as { text: string }).text}`;
    }
  }
}

/**
 * The content for a host that reads text only, or text and some media kinds:
 * blocks of the `kept` kinds stay as they are, every other block becomes its
 * {@link blockNote} as a text block, so the model still learns it was there.
 */
export function withNotes<K extends ContentBlock["type"]>(
  content: readonly ContentBlock[],
  kept: readonly K[] = [],
): Array<TextContent | Extract<ContentBlock, { type: K }>> {
  const keep = new Set<string>(kept);
  return content.map((block) =>
    block.type === "text" || keep.has(block.type)
      ? (block as TextContent | Extract<ContentBlock, { type: K }>)
      : { type: "text", text: blockNote(block) },
  );
}
