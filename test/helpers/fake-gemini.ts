/**
 * A fake Gemini API (generativelanguage.googleapis.com's REST surface) on a
 * loopback port, for Gemini CLI. `POST /v1beta/models/<model>:<method>` is
 * recorded and answered: `streamGenerateContent` (the CLI always streams, as
 * server-sent events with `alt=sse`) and `generateContent` with the turn
 * `reply` gives for the request, `countTokens` with a fixed count. Any other
 * request is recorded in `other` and answered 404, so a side request of the
 * client stays visible instead of failing a test from afar.
 */
import { createServer, type ServerResponse } from "node:http";
import { listening, textOf } from "./loopback.ts";

/** A part of a content, as the API carries it (the fields the tests read). */
export type GeminiPart = {
  text?: string;
  thought?: boolean;
  functionCall?: { id?: string; name: string; args: Record<string, unknown> };
  functionResponse?: { id?: string; name: string; response: Record<string, unknown>; parts?: GeminiPart[] };
  inlineData?: { mimeType: string; data: string };
  [key: string]: unknown;
};

export interface GeminiContent {
  role: "user" | "model";
  parts: GeminiPart[];
}

/** A `generateContent`/`streamGenerateContent` body as the client sent it, with where it went. */
export interface GeminiRequest {
  /** The model named in the path. */
  model: string;
  /** `generateContent`, `streamGenerateContent` or `countTokens`. */
  method: string;
  contents: GeminiContent[];
  tools?: Array<{ functionDeclarations?: Array<{ name: string; description?: string; parametersJsonSchema?: unknown }> }>;
  [key: string]: unknown;
}

export interface FakeGeminiApi {
  /** The base URL to hand the client (`GOOGLE_GEMINI_BASE_URL`). */
  url: string;
  /** Every `generateContent`, `streamGenerateContent` and `countTokens` request, in order. */
  requests: GeminiRequest[];
  /** Every other request, as `METHOD path`. */
  other: string[];
  close(): Promise<void>;
}

/** A model turn that says `text` and stops. */
export function textParts(text: string): GeminiPart[] {
  return [{ text }];
}

/** A model turn that calls one function. */
export function callParts(name: string, args: Record<string, unknown>): GeminiPart[] {
  return [{ functionCall: { name, args } }];
}

/** The `functionResponse` parts of a request's last user content, with any parts sent beside them: what the model reads of its calls. */
export function answerParts(request: GeminiRequest | undefined): GeminiPart[] {
  const last = request?.contents.at(-1);
  if (last?.role !== "user" || !last.parts.some((part) => part.functionResponse)) return [];
  return last.parts;
}

const ROUTE = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):([A-Za-z]+)$/;

function response(model: string, parts: GeminiPart[]) {
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    modelVersion: model,
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** What the model says to a request: the parts of its turn. */
export type GeminiReply = (request: GeminiRequest, index: number) => GeminiPart[];

/** Answers one recorded request: a token count, a whole turn, or the turn as one server-sent event (`alt=sse`). */
function answer(res: ServerResponse, request: GeminiRequest, sse: boolean, parts: () => GeminiPart[]): void {
  const { model, method } = request;
  if (method === "countTokens") json(res, 200, { totalTokens: 1 });
  else if (method === "generateContent") json(res, 200, response(model, parts()));
  else if (method !== "streamGenerateContent") json(res, 404, { error: { code: 404, message: `fake: no ${method}`, status: "NOT_FOUND" } });
  else if (!sse) json(res, 200, [response(model, parts())]);
  else {
    const event = `data: ${JSON.stringify(response(model, parts()))}\r\n\r\n`;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" }).end(event);
  }
}

/** Starts the fake on 127.0.0.1, on a port the system picks; `reply` gives the parts of each generated turn. */
export async function fakeGeminiApi(reply: GeminiReply): Promise<FakeGeminiApi> {
  const requests: GeminiRequest[] = [];
  const other: string[] = [];
  const server = createServer((req, res) => {
    const [path = "", query = ""] = (req.url ?? "").split("?");
    const route = req.method === "POST" ? ROUTE.exec(path) : null;
    if (!route) {
      other.push(`${req.method} ${req.url}`);
      req.resume();
      json(res, 404, { error: { code: 404, message: "fake", status: "NOT_FOUND" } });
      return;
    }
    const [, model = "", method = ""] = route;
    textOf(req).then(
      (text) => {
        const request = { ...(JSON.parse(text) as object), model, method } as GeminiRequest;
        const index = requests.push(request) - 1;
        answer(res, request, new URLSearchParams(query).get("alt") === "sse", () => reply(request, index));
      },
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  const { url, close } = await listening(server);
  return { url, requests, other, close };
}
