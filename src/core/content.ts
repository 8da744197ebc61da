/**
 * Content blocks: every kind MCP has (text, image, audio, a resource link, an
 * embedded resource). The core checks each block a tool returns, copies the
 * fields each kind has (so a host never forwards a stray key or a getter),
 * and describes a block in one line for hosts that cannot carry its kind.
 */
import { quote, sanitizeLine } from "./sanitize.ts";
import { isRecord } from "./schema.ts";
import type { BlockExtras, ContentAnnotations, ContentBlock, EmbeddedResource, TextContent } from "./types.ts";

/** The kinds, in the order the problem lines name them. */
export const CONTENT_KINDS = ["text", "image", "audio", "resource_link", "resource"] as const;
const KINDS: ReadonlySet<string> = new Set(CONTENT_KINDS);

// A MIME type as RFC 6838 names it (type/subtype, optional parameters). Case-insensitive.
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(?:\s*;.*)?$/i;
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

/** A byte count for a person: `68 B`, `1.2 kB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}

function mimeProblem(at: string, value: unknown, family: "image" | "audio" | undefined, required: boolean): string | undefined {
  if (value === undefined) return required ? `${at} needs a mimeType` : undefined;
  if (typeof value !== "string" || !MIME.test(value)) return `${at}: mimeType must be a MIME type like "${family ?? "text"}/…", got ${describe(value)}`;
  if (family && !value.toLowerCase().startsWith(`${family}/`)) return `${at}: mimeType ${quote(value)} is not an ${family} type`;
  return undefined;
}

function base64Problem(at: string, field: "data" | "blob", value: unknown): string | undefined {
  if (typeof value !== "string") return `${at} needs ${field} as a base64 string, got ${typeName(value)}`;
  if (value === "") return `${at}: ${field} is empty`;
  if (!isBase64(value)) return `${at}: ${field} is not base64`;
  return undefined;
}

function describe(value: unknown): string {
  return typeof value === "string" ? quote(value.length > 40 ? `${value.slice(0, 40)}…` : value) : typeName(value);
}

function extrasProblems(at: string, block: Record<string, unknown>, into: string[]): void {
  const { annotations, _meta } = block;
  if (_meta !== undefined && !isRecord(_meta)) into.push(`${at}: _meta must be an object, got ${typeName(_meta)}`);
  if (annotations === undefined) return;
  if (!isRecord(annotations)) {
    into.push(`${at}: annotations must be an object, got ${typeName(annotations)}`);
    return;
  }
  const { audience, priority, lastModified } = annotations;
  if (audience !== undefined && !(Array.isArray(audience) && audience.every((a) => typeof a === "string" && AUDIENCES.has(a)))) {
    into.push(`${at}: annotations.audience must list "user" and/or "assistant"`);
  }
  if (priority !== undefined && !(typeof priority === "number" && priority >= 0 && priority <= 1)) {
    into.push(`${at}: annotations.priority must be a number from 0 to 1`);
  }
  if (lastModified !== undefined && typeof lastModified !== "string") into.push(`${at}: annotations.lastModified must be a string`);
}

function optionalString(at: string, block: Record<string, unknown>, key: string, into: Array<string | undefined>): void {
  if (block[key] !== undefined && typeof block[key] !== "string") into.push(`${at}: ${key} must be a string, got ${typeName(block[key])}`);
}

function uriProblem(at: string, value: unknown): string | undefined {
  if (typeof value !== "string" || value === "") return `${at} needs a uri string`;
  return undefined;
}

function blockProblems(at: string, block: unknown, into: string[]): void {
  if (!isRecord(block)) {
    into.push(`${at} must be an object, got ${typeName(block)}`);
    return;
  }
  const type = block.type;
  if (typeof type !== "string" || !KINDS.has(type)) {
    const given = type === undefined ? "no type" : `type ${describe(type)}`;
    into.push(`${at} has ${given}; expected one of ${CONTENT_KINDS.join(", ")}`);
    return;
  }
  const where = `${at} (${type})`;
  const found: Array<string | undefined> = [];
  switch (type) {
    case "text":
      if (typeof block.text !== "string") found.push(`${where} needs text as a string, got ${typeName(block.text)}`);
      break;
    case "image":
    case "audio":
      found.push(base64Problem(where, "data", block.data), mimeProblem(where, block.mimeType, type, true));
      break;
    case "resource_link":
      found.push(uriProblem(where, block.uri));
      if (typeof block.name !== "string" || block.name === "") found.push(`${where} needs a name string`);
      found.push(mimeProblem(where, block.mimeType, undefined, false));
      if (block.size !== undefined && !(typeof block.size === "number" && Number.isInteger(block.size) && block.size >= 0)) {
        found.push(`${where}: size must be a whole number of bytes`);
      }
      for (const key of ["title", "description"]) optionalString(where, block, key, found);
      break;
    case "resource":
      resourceProblems(where, block.resource, found);
      break;
  }
  for (const line of found) if (line) into.push(line);
  extrasProblems(where, block, into);
}

function resourceProblems(at: string, resource: unknown, into: Array<string | undefined>): void {
  if (!isRecord(resource)) {
    into.push(`${at} needs resource as an object, got ${typeName(resource)}`);
    return;
  }
  into.push(uriProblem(`${at} resource`, resource.uri), mimeProblem(at, resource.mimeType, undefined, false));
  const hasText = resource.text !== undefined;
  const hasBlob = resource.blob !== undefined;
  if (hasText === hasBlob) into.push(`${at}: resource needs exactly one of text or blob`);
  else if (hasText && typeof resource.text !== "string") into.push(`${at}: resource text must be a string, got ${typeName(resource.text)}`);
  else if (hasBlob) into.push(base64Problem(`${at} resource`, "blob", resource.blob));
  if (resource._meta !== undefined && !isRecord(resource._meta)) into.push(`${at}: resource _meta must be an object`);
}

/** One line per problem in a result's `content`; none when every block fits its kind. */
export function contentProblems(content: unknown): string[] {
  if (!Array.isArray(content)) return [`content must be an array of content blocks, got ${typeName(content)}`];
  const problems: string[] = [];
  for (let i = 0; i < content.length; i++) {
    const block = content[i];
    // The common case, checked first: a plain text block with nothing else costs one comparison.
    if (isRecord(block) && block.type === "text" && typeof block.text === "string" && block.annotations === undefined && block._meta === undefined) continue;
    blockProblems(`content[${i}]`, block, problems);
  }
  return problems;
}

function copyExtras(from: BlockExtras, to: BlockExtras): void {
  if (from.annotations !== undefined) to.annotations = JSON.parse(JSON.stringify(from.annotations)) as ContentAnnotations;
  if (from._meta !== undefined) to._meta = JSON.parse(JSON.stringify(from._meta)) as Record<string, unknown>;
}

const LINK_KEYS = ["title", "description", "mimeType", "size"] as const;

/** A checked block, copied field by field: only the fields its kind has travel on. */
export function copyBlock(block: ContentBlock): ContentBlock {
  let copy: ContentBlock;
  switch (block.type) {
    case "text":
      copy = { type: "text", text: block.text };
      break;
    case "image":
    case "audio":
      copy = { type: block.type, data: block.data, mimeType: block.mimeType };
      break;
    case "resource_link": {
      const link: ContentBlock = { type: "resource_link", uri: block.uri, name: block.name };
      for (const key of LINK_KEYS) if (block[key] !== undefined) (link as unknown as Record<string, unknown>)[key] = block[key];
      if (block.icons !== undefined) link.icons = JSON.parse(JSON.stringify(block.icons));
      copy = link;
      break;
    }
    case "resource": {
      const from = block.resource;
      const resource: EmbeddedResource["resource"] =
        "blob" in from && typeof from.blob === "string" ? { uri: from.uri, blob: from.blob } : { uri: from.uri, text: (from as { text: string }).text };
      if (from.mimeType !== undefined) resource.mimeType = from.mimeType;
      if (from._meta !== undefined) resource._meta = JSON.parse(JSON.stringify(from._meta));
      copy = { type: "resource", resource };
      break;
    }
  }
  copyExtras(block, copy);
  return copy;
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
