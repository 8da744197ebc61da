/**
 * `--out DIR`: the bytes of images, sounds and embedded blobs saved as files,
 * because a terminal is no place for them. A name is either the tool's name
 * and the block's place in the content (`media_badge-1.png`) or, for an
 * embedded resource, the last segment of its uri, cleaned until it is one
 * plain file name. The extension always comes from the MIME type the tool
 * stated, so a file never claims a type nobody gave it. A file that exists is
 * never replaced: the next free name (`-1`, `-2`, …) is taken instead,
 * with `wx` so the check and the write are one step (a symlink planted in
 * DIR counts as taken, and is not followed).
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import { formatBytes } from "../core/content.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import type { ContentBlock } from "../core/types.ts";

/** A block whose bytes a terminal cannot show. */
export interface BinaryBlock {
  /** Its place in the content, as the core's problem lines count (`content[1]`). */
  index: number;
  bytes: Uint8Array;
  mimeType?: string;
  /** The uri of an embedded resource, a source for the file's name. */
  uri?: string;
}

/** MIME type → extensions, the first one written; the others are accepted on a name that already ends with them. */
const EXTENSIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ["image/png", [".png"]],
  ["image/jpeg", [".jpg", ".jpeg"]],
  ["image/gif", [".gif"]],
  ["image/webp", [".webp"]],
  ["image/avif", [".avif"]],
  ["image/bmp", [".bmp"]],
  ["image/svg+xml", [".svg"]],
  ["image/x-icon", [".ico"]],
  ["image/vnd.microsoft.icon", [".ico"]],
  ["audio/wav", [".wav"]],
  ["audio/wave", [".wav"]],
  ["audio/x-wav", [".wav"]],
  ["audio/mpeg", [".mp3"]],
  ["audio/mp4", [".m4a"]],
  ["audio/aac", [".aac"]],
  ["audio/ogg", [".ogg", ".oga"]],
  ["audio/opus", [".opus"]],
  ["audio/flac", [".flac"]],
  ["audio/webm", [".weba"]],
  ["application/pdf", [".pdf"]],
  ["application/json", [".json"]],
  ["application/zip", [".zip"]],
  ["application/gzip", [".gz"]],
  ["application/octet-stream", [".bin"]],
  ["text/plain", [".txt"]],
  ["text/csv", [".csv"]],
  ["text/html", [".html", ".htm"]],
  ["text/markdown", [".md"]],
]);

const UNKNOWN = [".bin"] as const;

/** The extensions of a MIME type (parameters and case ignored); `.bin` for one not in the table, or none. */
export function extensionsFor(mimeType: string | undefined): readonly string[] {
  if (mimeType === undefined) return UNKNOWN;
  const essence = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  return EXTENSIONS.get(essence) ?? UNKNOWN;
}

/** The longest stem kept, in UTF-8 bytes: far below the 255 a file name may have, leaving room for `-N` and an extension. */
const MAX_STEM_BYTES = 100;
const encoder = new TextEncoder();

/**
 * A uri's last segment as a plain file name, or `undefined` when nothing
 * usable is left. Escape sequences and controls go first (sanitizeLine);
 * then anything but letters, digits, marks, `.`, `_` and `-` (so `/`, `\`,
 * `:` and spaces too) becomes `_`; leading dots, dashes and underscores go
 * (no hidden file, no `..`, nothing a later command reads as an option).
 */
export function stemFromUri(uri: string): string | undefined {
  const path = uri.replace(/[?#].*$/s, "");
  let segment = path.slice(path.lastIndexOf("/") + 1);
  try {
    segment = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded after all: clean it as it is.
  }
  let stem = sanitizeLine(segment)
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}\p{M}._-]+/gu, "_")
    .replace(/^[._-]+/, "");
  if (encoder.encode(stem).length > MAX_STEM_BYTES) {
    const points = Array.from(stem);
    while (encoder.encode(points.join("")).length > MAX_STEM_BYTES) points.pop();
    stem = points.join("");
  }
  stem = stem.replace(/[._-]+$/, "");
  return stem === "" ? undefined : stem;
}

/** The first name to try for a block: its stem and the extension its MIME type gives. */
export function fileName(tool: string, block: BinaryBlock): { stem: string; extension: string } {
  const extensions = extensionsFor(block.mimeType);
  const [extension] = extensions as [string];
  const fromUri = block.uri === undefined ? undefined : stemFromUri(block.uri);
  if (fromUri === undefined) return { stem: `${tool}-${block.index}`, extension };
  const lower = fromUri.toLowerCase();
  const kept = extensions.find((ext) => lower.endsWith(ext) && lower.length > ext.length);
  return kept ? { stem: fromUri.slice(0, -kept.length), extension: fromUri.slice(-kept.length) } : { stem: fromUri, extension };
}

/** `dir/name`, without doubling a slash the person typed. */
function joinPath(dir: string, name: string): string {
  return dir.endsWith("/") ? `${dir}${name}` : `${dir}/${name}`;
}

/** A path as a line may show it: as typed when it is clean, else quoted so nothing in it can forge output. */
export function shownPath(path: string): string {
  return sanitizeLine(path) === path && !path.includes('"') ? path : quote(path);
}

/** How many other names are tried before giving up on a block. */
const MAX_TRIES = 1000;

/** Why a file operation failed, in a few words: Node's own (`ENOENT: no such file or directory, open '…'`) without the code and the path. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOTDIR" || code === "EEXIST") return "a part of the path is not a directory";
  const message = sanitizeLine(error instanceof Error ? error.message : String(error));
  const words = /^[A-Z0-9_]+: ([^,]+)/.exec(message)?.[1];
  return words ?? (message || "unknown error");
}

/** What `--out` needs before the tool runs: `undefined` when DIR is a directory or does not exist yet, else the problem. */
export async function outDirProblem(dir: string): Promise<string | undefined> {
  try {
    if (!(await stat(dir)).isDirectory()) return `${quote(dir)} is not a directory`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return `cannot use ${quote(dir)}: ${reason(error)}`;
  }
  return undefined;
}

/** The directory a path is in, by its text: `out` → `.`, `a/b/` → `a`, `/a` → `/`. */
function parentOf(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const cut = trimmed.lastIndexOf("/");
  return cut === -1 ? "." : cut === 0 ? "/" : trimmed.slice(0, cut);
}

/**
 * `mkdir -p`, one level at a time. Node's `mkdir(dir, { recursive: true })`
 * never returns (measured on Node 24.21, at full CPU) where a parent exists
 * but refuses children, as `/proc/self` does; here the refusal comes back as an error.
 */
async function makeDirectory(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = dir; ; at = parentOf(at)) {
    try {
      await stat(at);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      missing.push(at);
      if (parentOf(at) === at) break;
    }
  }
  for (const level of missing.reverse()) {
    try {
      await mkdir(level);
    } catch (error) {
      // Made meanwhile by another program: fine, as long as it is a directory (the write says so if not).
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

export type Saved = { ok: true; path: string } | { ok: false; problem: string };

/** Saves blocks into one directory, created on the first file. */
export function saver(dir: string, tool: string): (block: BinaryBlock) => Promise<Saved> {
  let made = false;
  return async (block) => {
    if (!made) {
      try {
        await makeDirectory(dir);
      } catch (error) {
        return { ok: false, problem: `cannot create the directory ${shownPath(dir)}: ${reason(error)}` };
      }
      made = true;
    }
    const { stem, extension } = fileName(tool, block);
    for (let k = 0; k <= MAX_TRIES; k++) {
      const path = joinPath(dir, `${k === 0 ? stem : `${stem}-${k}`}${extension}`);
      try {
        await writeFile(path, block.bytes, { flag: "wx" });
        return { ok: true, path };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
        return { ok: false, problem: `cannot write ${shownPath(path)}: ${reason(error)}` };
      }
    }
    return {
      ok: false,
      problem: `cannot save content[${block.index}]: ${shownPath(joinPath(dir, stem + extension))} and ${MAX_TRIES} other names are taken`,
    };
  };
}

/** The line for a saved file: `wrote out/x.png (image/png, 68 B)`. */
export function wroteLine(path: string, block: BinaryBlock): string {
  const size = formatBytes(block.bytes.length);
  return `wrote ${shownPath(path)} (${block.mimeType ? `${sanitizeLine(block.mimeType)}, ${size}` : size})`;
}

/** The bytes a block holds, or `undefined` for a kind that is text (text, a resource link, an embedded text resource). */
export function binaryOf(block: ContentBlock, index: number): BinaryBlock | undefined {
  if (block.type === "image" || block.type === "audio") {
    return { index, bytes: Buffer.from(block.data, "base64"), mimeType: block.mimeType };
  }
  if (block.type === "resource" && "blob" in block.resource && typeof block.resource.blob === "string") {
    const found: BinaryBlock = { index, bytes: Buffer.from(block.resource.blob, "base64"), uri: block.resource.uri };
    if (block.resource.mimeType !== undefined) found.mimeType = block.resource.mimeType;
    return found;
  }
  return undefined;
}
