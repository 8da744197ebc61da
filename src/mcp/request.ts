/**
 * Reads the one JSON-RPC message of a POST, once, for every step after it:
 * the route to a protocol revision, the scope check, the SDK's dispatch. One
 * decoder and one bound, so no two steps can read the same bytes two ways:
 *
 * - the size bound holds while reading: a body without `Content-Length`
 *   (chunked) is cut off as soon as it passes the bound, and answered 413
 *   with `Connection: close` so the rest is never read;
 * - a byte-order mark, bytes that are not UTF-8, text that is not JSON, an
 *   empty body, a key twice in one object and a batch are each refused with
 *   their own line, before anything runs (MCP has had no batches since
 *   2025-06-18, and a batch is where one allowed call could carry others);
 *
 * Then {@link legacyHeaderMismatch}: on 2026-07-28 the SDK refuses an
 * `Mcp-Method` or `Mcp-Name` header that disagrees with the body; on
 * 2025-11-25 the headers are optional and the SDK reads none, so a client
 * that sends them anyway is held to them here. A proxy that routes or checks
 * by the header must see the call this server will run.
 */
import { isJsonContentType } from "@modelcontextprotocol/server";
import { quote } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import { duplicateKey } from "../protocol/duplicate-keys.ts";
import { jsonRpcError } from "../protocol/json-rpc-error.ts";

/** The body bound of every HTTP face: the SDK's own default, 4 MiB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** What a read gives: the message, or the answer to send instead. */
export type MessageRead = { ok: true; message: unknown } | { ok: false; response: Response };

const refuse = (status: number, code: number, message: string): MessageRead => ({
  ok: false,
  response: jsonRpcError(status, code, message),
});

function tooLarge(maxBytes: number): MessageRead {
  // `Connection: close`: the server stops reading the rest of the body rather than drain it.
  return {
    ok: false,
    response: jsonRpcError(413, -32000, `Payload Too Large: the body is over ${maxBytes} bytes`, { connection: "close" }),
  };
}

/** The body's bytes, read until the bound is passed; `undefined` once it is (the rest is left unread). */
async function boundedBytes(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

const BOM = [0xef, 0xbb, 0xbf];
/** Fatal: a byte that is not UTF-8 is refused, never turned into U+FFFD. `ignoreBOM`: a mark is never dropped silently. */
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text of the body, or the refusal of bytes that are not plain UTF-8. */
function decode(bytes: Uint8Array): { text: string } | { problem: string } {
  if (bytes.byteLength === 0) return { problem: "Parse error: the body is empty" };
  if (BOM.every((byte, i) => bytes[i] === byte)) {
    return { problem: "Parse error: the body starts with a byte-order mark; send the JSON without one" };
  }
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    return { problem: "Parse error: the body is not valid UTF-8" };
  }
}

/** Where `Mcp-Name` reads its value from, per method (SEP-2243, as the SDK reads it on 2026-07-28). */
const NAME_SOURCE = new Map([
  ["tools/call", "name"],
  ["prompts/get", "name"],
  ["resources/read", "uri"],
]);

/** A header value as SEP-2243 encodes text that is not plain ASCII: `=?base64?…?=`; `undefined` when the encoding is broken. */
function decodeHeader(value: string): string | undefined {
  if (!(value.startsWith("=?base64?") && value.endsWith("?="))) return value;
  try {
    const bytes = Uint8Array.from(atob(value.slice(9, -2)), (c) => c.charCodeAt(0));
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The refusal of an `Mcp-Method` or `Mcp-Name` header that names something
 * else than the body of a 2025-11-25 request; `undefined` when they agree or
 * are absent.
 */
export function legacyHeaderMismatch(request: Request, message: unknown): Response | undefined {
  if (!isRecord(message)) return undefined;
  const method = request.headers.get("mcp-method");
  if (method !== null && method !== message.method) {
    return jsonRpcError(400, -32020, `Bad Request: the Mcp-Method header ${quote(method)} disagrees with the body's method`);
  }
  const header = request.headers.get("mcp-name");
  const field = typeof message.method === "string" ? NAME_SOURCE.get(message.method) : undefined;
  if (header === null || field === undefined) return undefined;
  const named = isRecord(message.params) ? message.params[field] : undefined;
  if (decodeHeader(header) === named) return undefined;
  return jsonRpcError(400, -32020, `Bad Request: the Mcp-Name header ${quote(header)} disagrees with the body's params.${field}`);
}

/** Reads a POST's message (see the file's comment); any other method has none and reads as `undefined`. */
export async function readMessage(request: Request, maxBytes = MAX_BODY_BYTES): Promise<MessageRead> {
  if (request.method !== "POST") return { ok: true, message: undefined };
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return refuse(415, -32000, "Unsupported Media Type: Content-Type must be application/json");
  }
  if (Number(request.headers.get("content-length")) > maxBytes) return tooLarge(maxBytes);
  const bytes = await boundedBytes(request, maxBytes).catch(() => null);
  if (bytes === null) return refuse(400, -32700, "Parse error: the body could not be read");
  if (bytes === undefined) return tooLarge(maxBytes);
  const decoded = decode(bytes);
  if ("problem" in decoded) return refuse(400, -32700, decoded.problem);
  let message: unknown;
  try {
    message = JSON.parse(decoded.text);
  } catch {
    return refuse(400, -32700, "Parse error: the body is not valid JSON");
  }
  if (Array.isArray(message)) {
    return refuse(400, -32600, "Invalid Request: a batch of messages is not accepted; send one message per request");
  }
  const twice = duplicateKey(decoded.text);
  if (twice !== undefined) return refuse(400, -32600, `Invalid Request: the key ${quote(twice)} appears twice in one object`);
  return { ok: true, message };
}
