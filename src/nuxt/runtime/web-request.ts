/**
 * Nitro's h3 v1 event as the web-standard `Request` the MCP handler reads,
 * with nothing read ahead: the body stays a stream, so the handler's bounded
 * read is the only read, and a body past the bound stops being handed on the
 * moment it passes (what follows is read and dropped, see `linger`). (h3's
 * own `toWebRequest` streams the body without a way to stop it: a cancelled
 * read leaves Node pushing chunks into a closed stream.)
 */
import { getRequestURL, readRawBody } from "h3";

/**
 * What this reads of Nitro's event. Typed here: Nitro bundles h3 v1, while
 * this repository's `h3` types are v2's.
 */
export interface NitroEvent {
  path: string;
  method: string;
  headers: Headers;
  context: Record<string, unknown>;
  node?: {
    req?: unknown;
    res?: { writableFinished?: boolean; on?(name: string, listener: () => void): unknown };
  };
  web?: { request?: Request };
}

/** The parts of Node's request this reads; on workers the event carries unenv's stand-in, which has the body already. */
interface NodeRequest {
  on(event: string, listener: (...args: never[]) => void): unknown;
  once(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  readonly complete?: boolean;
  readonly socket?: NodeSocket;
}

/** The parts of Node's socket a lingering close uses. */
interface NodeSocket {
  destroySoon?: () => void;
  end(): unknown;
  destroy(): unknown;
  once(event: "close", listener: () => void): unknown;
}

/** How long a connection whose body passed the bound goes on reading (and dropping) after its 413 went out. */
const LINGER_MS = 5_000;

/** A real Node request, whose body still arrives from the socket (not unenv's stand-in or a body a middleware already read). */
function streamingRequest(event: NitroEvent): NodeRequest | undefined {
  const req = event.node?.req as unknown as Record<string | symbol, unknown> | undefined;
  if (!req || typeof req.on !== "function" || typeof req.pause !== "function") return undefined;
  if ("__unenv__" in req || "rawBody" in req || "body" in req || req.readableEnded === true) return undefined;
  return req as unknown as NodeRequest;
}

/** The body as it arrives, paused while the reader is behind; cancelling stops reading for good. */
function nodeBody(req: NodeRequest): ReadableStream<Uint8Array> {
  let done = false;
  let stop = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Uint8Array) => {
          if (done) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          if (done) return;
          done = true;
          controller.close();
        };
        const onError = (error: Error) => {
          if (done) return;
          done = true;
          controller.error(error);
        };
        stop = () => {
          done = true;
          req.off("data", onData);
          req.off("end", onEnd);
          req.off("error", onError);
          linger(req);
        };
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onError);
      },
      pull() {
        req.resume();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/**
 * Reads and drops the rest of a body that passed the bound, and keeps doing
 * so for a while after the answer, so that the client reads its 413 before
 * the connection goes.
 *
 * Node ends a `Connection: close` answer with `socket.destroySoon()`: the
 * answer and a FIN go out and the socket closes once they are written. Upload
 * that still arrives at (or sits unread in) a closed socket draws a reset, and
 * a client busy sending can meet the reset on its next write before it has
 * read the answer (CI saw EPIPE, not the 413). So, as nginx's lingering close
 * and Go's net/http do, the write side closes after the answer while the read
 * side stays open, dropping what comes, until the client ends its body or
 * LINGER_MS passes. Bounded by time, not bytes: what is dropped takes no
 * memory. Node has no option for this, hence the one socket's `destroySoon`
 * replaced here.
 */
function linger(req: NodeRequest): void {
  req.on("data", () => {});
  req.resume();
  const socket = req.socket;
  if (!socket || typeof socket.destroySoon !== "function") return;
  // Node's own: ends the write side, and destroys once the answer is written.
  const close = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (req.complete) return close();
    socket.end();
    const timer = setTimeout(close, LINGER_MS);
    timer.unref?.();
    req.once("end", close);
    socket.once("close", () => clearTimeout(timer));
  };
}

/** A body some earlier step already holds whole (workers, a body parser), as a stream of its one chunk. */
function heldBody(event: NitroEvent): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const raw = (await readRawBody(event as never, false)) as Uint8Array | undefined;
      if (raw) controller.enqueue(raw);
      controller.close();
    },
  });
}

/**
 * The request as the MCP handler sees it. `withBody: false` gives the
 * headers alone (for a check that must leave the body to the toolkit). A
 * client that goes away before its answer is written aborts the request, and
 * with it the call and the tool's signal.
 */
export function webRequest(event: NitroEvent, withBody = true): Request {
  const abort = new AbortController();
  const res = event.node?.res;
  res?.on?.("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: event.method, headers: event.headers, signal: abort.signal };
  if (withBody && event.method !== "GET" && event.method !== "HEAD") {
    const node = streamingRequest(event);
    init.body = event.web?.request?.body ?? (node ? nodeBody(node) : heldBody(event));
    init.duplex = "half";
  }
  return new Request(requestUrl(event), init);
}

/** The URL the request reached; a `Host` no URL can hold reads as `localhost`, and the Host check refuses it by its header. */
function requestUrl(event: NitroEvent): URL {
  try {
    return getRequestURL(event as never);
  } catch {
    return new URL(event.path, "http://localhost");
  }
}
