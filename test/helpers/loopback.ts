/**
 * Servers on loopback for the tests: a port free a moment ago (for a server
 * whose URL must be known before it starts, such as a Nuxt app whose tokens
 * name it as their audience), and a fetch handler served before it is made,
 * for handlers that need their own URL (the audience again).
 */
import { createServer } from "node:http";
import type { Readable } from "node:stream";
import { type Server, serve } from "srvx";

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Serves a fetch handler made once its own URL (`/mcp` on the server) is known; until then it answers 503. */
export async function serveWith(make: (url: URL) => (request: Request) => Promise<Response>): Promise<{ server: Server; url: URL }> {
  let fetcher: (request: Request) => Promise<Response> = async () => new Response("starting", { status: 503 });
  const server = serve({ port: 0, hostname: "127.0.0.1", silent: true, fetch: (request) => fetcher(request) });
  await server.ready();
  const url = new URL("/mcp", server.url);
  fetcher = make(url);
  return { server, url };
}

/** Starts a node:http server on a free loopback port: its origin, and a close that drops open connections first. */
export { listenOnLoopback as listening } from "../../src/testing/hosts/loopback.ts";

/** The whole of a request's or response's body, as UTF-8 text. */
export async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
