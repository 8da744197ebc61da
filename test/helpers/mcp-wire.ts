/**
 * What an MCP client sent one of our servers, written down on the server's
 * side, for tests that drive a real client and state what it does: over
 * Streamable HTTP, a fetch handler that records each request (method,
 * headers, JSON-RPC message) and the messages of its answer before handing
 * the answer back unchanged; over stdio, the record file a stdio fixture
 * writes (test/fixtures/client-stdio.ts), read back in the same shape.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The stdio fixture a client starts, run with the Node that runs the tests. */
const STDIO_FIXTURE = fileURLToPath(new URL("../fixtures/client-stdio.ts", import.meta.url));

/** How a client starts the stdio fixture, writing down its pipes to `record`: a server entry's command, args and env. */
export function stdioCommand(record: string): { command: string; args: string[]; env: Record<string, string> } {
  return { command: process.execPath, args: ["--conditions=agntn-source", STDIO_FIXTURE, "mcp"], env: { AGNTN_WIRE_RECORD: record } };
}

/** A JSON-RPC message, with the fields the tests read. */
export interface WireMessage {
  jsonrpc?: string;
  id?: string | number;
  method?: string;
  params?: Record<string, unknown> & { _meta?: Record<string, unknown> };
  result?: Record<string, unknown>;
  error?: unknown;
}

/** One HTTP request and what the server answered. */
export interface HttpExchange {
  method: string;
  headers: Record<string, string>;
  /** The JSON-RPC message of a POST. */
  sent?: WireMessage;
  status: number;
  /** The JSON-RPC messages of the answer, whether it came as JSON or as server-sent events. */
  answered: WireMessage[];
}

/** The JSON-RPC messages in a response body: one JSON document, or the `data:` lines of server-sent events. */
function messagesIn(text: string): WireMessage[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return [JSON.parse(trimmed)].flat() as WireMessage[];
  return trimmed
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line.length > 6)
    .map((line) => JSON.parse(line.slice(6)) as WireMessage);
}

/** Reads a server-sent event stream, adding each event's messages to `into` as the event ends (a blank line). */
async function recordEvents(body: ReadableStream<Uint8Array>, into: WireMessage[]): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer = (buffer + decoder.decode(value, { stream: true })).replaceAll("\r\n", "\n");
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      into.push(...messagesIn(buffer.slice(0, end)));
      buffer = buffer.slice(end + 2);
    }
  }
  into.push(...messagesIn(buffer));
}

export interface HttpRecorder {
  /** The handler to serve: records, then answers as `fetch` does. */
  fetch(request: Request): Promise<Response>;
  /** Every request so far, in the order they came. */
  exchanges: HttpExchange[];
}

/** Wraps a fetch handler so each request and its answer is written down. */
export function recordHttp(fetch: (request: Request) => Promise<Response>): HttpRecorder {
  const exchanges: HttpExchange[] = [];
  return {
    exchanges,
    async fetch(request) {
      const text = request.method === "POST" ? await request.clone().text() : "";
      const sent = text ? (JSON.parse(text) as WireMessage) : undefined;
      const response = await fetch(request);
      const exchange: HttpExchange = {
        method: request.method,
        headers: Object.fromEntries(request.headers),
        ...(sent ? { sent } : {}),
        status: response.status,
        answered: [],
      };
      exchanges.push(exchange);
      // A stream stays open while the server may still write to it: read a copy in the background, answer at once.
      // Events are written down as each one arrives, not when the stream ends (a listen stream may outlive the test).
      const copy = response.clone();
      if (copy.body && copy.headers.get("content-type")?.startsWith("text/event-stream")) {
        recordEvents(copy.body, exchange.answered).catch(() => {});
      } else if (copy.body) {
        copy
          .text()
          .then((body) => exchange.answered.push(...messagesIn(body)))
          .catch(() => {});
      }
      return response;
    },
  };
}

/** What a stdio fixture wrote down: the messages each way, and how its client let it go. */
export interface StdioRecord {
  sent: WireMessage[];
  answered: WireMessage[];
  /** In order: `stdin end` when the client closed standard input, `signal <NAME>` for a signal. */
  endings: string[];
}

/** Reads a stdio fixture's record file (one JSON event a line). */
export function readStdioRecord(path: string): StdioRecord {
  const record: StdioRecord = { sent: [], answered: [], endings: [] };
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line) continue;
    const event = JSON.parse(line) as { in?: WireMessage; out?: WireMessage; stdin?: string; signal?: string };
    if (event.in) record.sent.push(event.in);
    if (event.out) record.answered.push(event.out);
    if (event.stdin) record.endings.push(`stdin ${event.stdin}`);
    if (event.signal) record.endings.push(`signal ${event.signal}`);
  }
  return record;
}
