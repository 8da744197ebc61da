/**
 * A fake Anthropic Messages API on a loopback port, standing in for the
 * provider behind the Anthropic SDK's tool runner (and any client that takes
 * a base URL). Each `POST /v1/messages` is kept and answered with the turn
 * `reply` gives for it: as JSON, or as the server-sent events of a streamed
 * message when the request asks for `stream: true`. Any other path is kept
 * and answered 404, so a client's side requests stay visible in `other`
 * instead of failing a test from afar.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback.ts";

/** A content block of an assistant turn, as the API sends it. */
export type FakeBlock = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

/** One assistant turn: its blocks and why it stopped. */
export interface FakeTurn {
  content: FakeBlock[];
  stop_reason: "end_turn" | "tool_use";
}

/** A request body as the client sent it (the fields the tests read). */
export interface MessagesRequest {
  model: string;
  stream?: boolean;
  tools?: Array<{ name: string; description?: string; input_schema?: unknown; [key: string]: unknown }>;
  /** `system` too: Claude Code appends one after tool results to say which tools just became available. */
  messages: Array<{ role: "user" | "assistant" | "system"; content: string | Array<Record<string, unknown>> }>;
  [key: string]: unknown;
}

export interface FakeMessagesApi {
  /** The base URL to hand a client (`baseURL`, `ANTHROPIC_BASE_URL`). */
  url: string;
  /** Every `POST /v1/messages`, in order. */
  requests: MessagesRequest[];
  /** Every other request, as `METHOD path`. */
  other: string[];
  close(): Promise<void>;
}

/** A turn that says `text` and ends. */
export function textTurn(text: string): FakeTurn {
  return { content: [{ type: "text", text }], stop_reason: "end_turn" };
}

/** A turn that calls one tool. */
export function toolTurn(name: string, input: Record<string, unknown>, id = "toolu_1"): FakeTurn {
  return { content: [{ type: "tool_use", id, name, input }], stop_reason: "tool_use" };
}

/** The `tool_result` blocks of a request's last user message: what the model reads of its tool calls. */
export function toolResults(request: MessagesRequest | undefined): Array<Record<string, unknown>> {
  // The last message but what Claude Code appends as `system` after the results (a note that tools became available).
  const last = request?.messages.findLast((entry) => entry.role !== "system");
  if (last?.role !== "user" || typeof last.content === "string") return [];
  return last.content.filter((block) => block.type === "tool_result");
}

const usage = { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

function message(request: MessagesRequest, turn: FakeTurn, id: string) {
  return {
    id,
    type: "message",
    role: "assistant",
    model: request.model,
    content: turn.content,
    stop_reason: turn.stop_reason,
    stop_sequence: null,
    usage,
  };
}

/** The events of a streamed message: each block opened, filled by one delta, closed; then the stop. */
function events(request: MessagesRequest, turn: FakeTurn, id: string): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [
    ["message_start", { type: "message_start", message: { ...message(request, turn, id), content: [], stop_reason: null } }],
  ];
  turn.content.forEach((block, index) => {
    const start = block.type === "text" ? { type: "text", text: "" } : { type: "tool_use", id: block.id, name: block.name, input: {} };
    const delta =
      block.type === "text"
        ? { type: "text_delta", text: block.text }
        : { type: "input_json_delta", partial_json: JSON.stringify(block.input) };
    out.push(["content_block_start", { type: "content_block_start", index, content_block: start }]);
    out.push(["content_block_delta", { type: "content_block_delta", index, delta }]);
    out.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  out.push(["message_delta", { type: "message_delta", delta: { stop_reason: turn.stop_reason, stop_sequence: null }, usage }]);
  out.push(["message_stop", { type: "message_stop" }]);
  return out;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function answer(res: ServerResponse, request: MessagesRequest, turn: FakeTurn, id: string): void {
  if (!request.stream) {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(message(request, turn, id)));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const [event, data] of events(request, turn, id)) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  res.end();
}

/** Starts the fake on 127.0.0.1, on a port the system picks. */
export async function fakeMessagesApi(reply: (request: MessagesRequest, index: number) => FakeTurn): Promise<FakeMessagesApi> {
  const requests: MessagesRequest[] = [];
  const other: string[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "POST" || path !== "/v1/messages") {
      other.push(`${req.method} ${req.url}`);
      req.resume();
      res
        .writeHead(404, { "content-type": "application/json" })
        .end('{"type":"error","error":{"type":"not_found_error","message":"fake"}}');
      return;
    }
    bodyOf(req).then(
      (text) => {
        const request = JSON.parse(text) as MessagesRequest;
        const index = requests.push(request) - 1;
        answer(res, request, reply(request, index), `msg_${index + 1}`);
      },
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  const { url, close } = await listenOnLoopback(server);
  return { url, requests, other, close };
}
