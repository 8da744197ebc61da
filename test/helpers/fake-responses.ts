/**
 * A fake OpenAI Responses API on a loopback port, for the Codex CLI. Each
 * `POST <base>/responses` is recorded and answered, as the server-sent events
 * of a streamed response (Codex always asks for one), with the output items
 * `reply` gives for it: a function call, or a final message. Anything else
 * is recorded in `other` and refused: a stray path gets a 404, and a
 * `CONNECT` (the fake doubles as the client's HTTPS proxy, so a request
 * meant for the internet arrives here instead of leaving the machine) gets a
 * 403, so a client's side traffic stays visible in `other` instead of
 * failing a test from afar.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listening, textOf } from "./loopback.ts";

/** A tool the client offers the model: a function, or a namespace holding functions (how Codex offers an MCP server's tools). */
export interface ResponsesTool {
  type: string;
  name?: string;
  description?: string;
  parameters?: unknown;
  tools?: ResponsesTool[];
  [key: string]: unknown;
}

/** An item of a request's `input` (the fields the tests read). */
export interface ResponsesItem {
  type?: string;
  role?: string;
  call_id?: string;
  name?: string;
  namespace?: string;
  arguments?: string;
  output?: string | Array<Record<string, unknown>>;
  [key: string]: unknown;
}

/** A request body as the client sent it. */
export interface ResponsesRequest {
  model: string;
  stream?: boolean;
  input: ResponsesItem[];
  tools?: ResponsesTool[];
  [key: string]: unknown;
}

/** An output item of the model's turn: a call of a function (in a namespace, for a namespaced tool), or a message. */
export type FakeOutput =
  | { type: "function_call"; name: string; namespace?: string; arguments: Record<string, unknown> }
  | { type: "message"; text: string };

export interface FakeResponsesApi {
  /** The origin of the fake: the provider's base URL is this plus `/v1`; it is also the proxy to hand the client. */
  url: string;
  /** Every `POST …/responses`, in order. */
  requests: ResponsesRequest[];
  /** Every other request, as `METHOD path` (`CONNECT host:port` for a proxied one). */
  other: string[];
  close(): Promise<void>;
}

/** A turn that says `text` and ends. */
export function textTurn(text: string): FakeOutput[] {
  return [{ type: "message", text }];
}

/** A turn that calls one function; `namespace` names the group a namespaced tool was offered in. */
export function callTurn(name: string, args: Record<string, unknown>, namespace?: string): FakeOutput[] {
  return [{ type: "function_call", name, ...(namespace ? { namespace } : {}), arguments: args }];
}

/** The `function_call_output` items of a request: what the model reads of its calls. */
export function callOutputs(request: ResponsesRequest | undefined): ResponsesItem[] {
  return (request?.input ?? []).filter((item) => item.type === "function_call_output");
}

/** The wire form of one output item; ids are numbered by the response and the item's place in it. */
function itemOf(output: FakeOutput, response: number, index: number): Record<string, unknown> {
  const suffix = index === 0 ? `${response}` : `${response}_${index}`;
  if (output.type === "message") {
    return {
      type: "message",
      id: `msg_${suffix}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: output.text, annotations: [] }],
    };
  }
  return {
    type: "function_call",
    id: `fc_${suffix}`,
    call_id: `call_${suffix}`,
    name: output.name,
    ...(output.namespace ? { namespace: output.namespace } : {}),
    arguments: JSON.stringify(output.arguments),
    status: "completed",
  };
}

/** The events of one streamed response: created, each item added and done, completed with a token count. */
function events(request: ResponsesRequest, outputs: FakeOutput[], response: number): Array<Record<string, unknown>> {
  const id = `resp_${response}`;
  const items = outputs.map((output, index) => itemOf(output, response, index));
  const usage = { input_tokens: 1, input_tokens_details: null, output_tokens: 1, output_tokens_details: null, total_tokens: 2 };
  return [
    { type: "response.created", response: { id, object: "response", model: request.model, status: "in_progress", output: [] } },
    ...items.flatMap((item, index) => [
      { type: "response.output_item.added", output_index: index, item },
      { type: "response.output_item.done", output_index: index, item },
    ]),
    { type: "response.completed", response: { id, object: "response", model: request.model, status: "completed", output: items, usage } },
  ];
}

function answer(res: ServerResponse, request: ResponsesRequest, outputs: FakeOutput[], response: number): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const event of events(request, outputs, response)) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  res.end();
}

/** What the model outputs for a request (its place in `requests` is `index`). */
export type ResponsesReply = (request: ResponsesRequest, index: number) => FakeOutput[];

/** Starts the fake on 127.0.0.1, on a port the system picks. */
export async function fakeResponsesApi(reply: ResponsesReply): Promise<FakeResponsesApi> {
  const requests: ResponsesRequest[] = [];
  const other: string[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method !== "POST" || !path.endsWith("/responses")) {
      other.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"fake","type":"not_found"}}');
      return;
    }
    textOf(req).then(
      (text) => {
        const request = JSON.parse(text) as ResponsesRequest;
        const index = requests.push(request) - 1;
        answer(res, request, reply(request, index), index + 1);
      },
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  // As a proxy: a tunnel asked for is written down and refused, so nothing leaves the machine.
  server.on("connect", (req: IncomingMessage, socket) => {
    other.push(`CONNECT ${req.url}`);
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  const { url, close } = await listening(server);
  return { url, requests, other, close };
}
