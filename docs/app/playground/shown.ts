/**
 * What a card shows of an answer: the text the host hands the model, and the
 * images it hands beside it. MCP, Pi and OMP answer with content blocks; the
 * AI SDK's model sees what the tool's `toModelOutput` makes of its output.
 * Text is only ever interpolated; an image is drawn from a `data:` URL built
 * here, and only for a plain `image/…` type and real base64, never as markup.
 */
import { type ContentBlock, sanitizeLine } from "@agntn/tools";
// The playground shows blocks the way the hosts note them, so it shares their helpers (not public API).
import { base64Bytes, blockNote, CONTENT_KINDS, formatBytes, isBase64 } from "../../../src/core/content.ts";
import { visibleJson } from "./presets.ts";

/** An image as a card draws it. */
export interface ShownImage {
  mimeType: string;
  /** Standard base64. */
  data: string;
}

/** The text lines (text blocks, and one note per block the card cannot draw) and the images, each in the order given. */
export interface Shown {
  text: string;
  images: ShownImage[];
}

// A bare image type, no parameters: the one thing put in front of `;base64,` in a data URL.
const IMAGE_TYPE = /^image\/[a-z0-9][a-z0-9.+-]*$/i;

/** The image, if its type and data are fit to draw; anything else stays a note. */
function drawable(mimeType: unknown, data: unknown): ShownImage | undefined {
  if (typeof mimeType !== "string" || !IMAGE_TYPE.test(mimeType)) return undefined;
  if (typeof data !== "string" || data === "" || !isBase64(data)) return undefined;
  return { mimeType, data };
}

/** The `src` of an image the card draws. */
export function imageSrc(image: ShownImage): string {
  return `data:${image.mimeType};base64,${image.data}`;
}

/** The one line an image stands for in text: its type and size, as the core's notes write it. */
export function imageNote(image: ShownImage): string {
  return `[image: ${image.mimeType}, ${formatBytes(base64Bytes(image.data))}]`;
}

type Fields = Record<string, unknown>;
const KINDS: ReadonlySet<unknown> = new Set(CONTENT_KINDS);

function isFields(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A kind's name for a note, cleaned: it came from outside the page. */
function kindNote(value: unknown, mediaType?: unknown): string {
  const kind = typeof value === "string" ? sanitizeLine(value) : "block";
  return typeof mediaType === "string" ? `[${kind}: ${sanitizeLine(mediaType)}]` : `[${kind}]`;
}

/** A block's note from the core; a block the core would not have passed gets its kind alone. */
function noteOf(block: Fields): string {
  if (!KINDS.has(block.type)) return kindNote(block.type);
  try {
    return blockNote(block as unknown as ContentBlock);
  } catch {
    return kindNote(block.type);
  }
}

function collect(): { lines: string[]; images: ShownImage[]; done(): Shown } {
  const lines: string[] = [];
  const images: ShownImage[] = [];
  return { lines, images, done: () => ({ text: lines.join("\n"), images }) };
}

/** MCP, Pi and OMP content: text as text, images drawn, every other block as its note. */
export function shownBlocks(content: unknown): Shown {
  const out = collect();
  for (const block of Array.isArray(content) ? content : []) {
    if (!isFields(block)) out.lines.push(kindNote(undefined));
    else if (block.type === "text" && typeof block.text === "string") out.lines.push(block.text);
    else if (block.type === "image") {
      const image = drawable(block.mimeType, block.data);
      if (image) out.images.push(image);
      // Only real base64 has a size to tell; other data gets its kind and type alone.
      else out.lines.push(typeof block.data === "string" && isBase64(block.data) ? noteOf(block) : kindNote("image", block.mimeType));
    } else out.lines.push(noteOf(block));
  }
  return out.done();
}

/**
 * The AI SDK's model output (`ToolResultOutput`): text, JSON, a denial, or a
 * list of parts. Image parts come as the `file` part with tagged data, or as
 * the older `image-data`, `file-data` and `media` parts; a part the card
 * cannot draw is a note with its kind and media type.
 */
export function shownModelOutput(output: unknown): Shown {
  const out = collect();
  if (!isFields(output)) {
    out.lines.push(kindNote(undefined));
    return out.done();
  }
  switch (output.type) {
    case "text":
    case "error-text":
      out.lines.push(String(output.value));
      break;
    case "json":
    case "error-json":
      out.lines.push(JSON.stringify(output.value) ?? "");
      break;
    case "execution-denied":
      out.lines.push(typeof output.reason === "string" ? `[execution denied: ${sanitizeLine(output.reason)}]` : "[execution denied]");
      break;
    case "content":
      for (const part of Array.isArray(output.value) ? output.value : []) partInto(out, part);
      break;
    default:
      out.lines.push(kindNote(output.type));
  }
  return out.done();
}

function partInto(out: ReturnType<typeof collect>, part: unknown): void {
  if (!isFields(part)) {
    out.lines.push(kindNote(undefined));
    return;
  }
  if (part.type === "text" && typeof part.text === "string") {
    out.lines.push(part.text);
    return;
  }
  // `file` tags its data (`{ type: "data", data }`); the older parts carry the base64 string itself.
  const tagged = part.type === "file" && isFields(part.data) && part.data.type === "data" ? part.data.data : undefined;
  const data = part.type === "file" ? tagged : part.data;
  const image = ["file", "image-data", "file-data", "media"].includes(String(part.type)) ? drawable(part.mediaType, data) : undefined;
  if (image) out.images.push(image);
  else out.lines.push(kindNote(part.type, part.mediaType));
}

/**
 * A JSON-RPC response as the MCP card shows it: pretty JSON with every hidden
 * character spelled out, `jsonrpc` and `id` first and the rest as it came.
 * Nothing at all (no response reached the client) is said in words.
 */
export function shownResponse(message: unknown): string {
  if (typeof message !== "object" || message === null) return "(no response)";
  const { jsonrpc, id, ...rest } = message as Record<string, unknown>;
  return visibleJson({ jsonrpc, id, ...rest }, 2);
}
