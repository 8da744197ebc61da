/**
 * The one request path, attacked. Every HTTP face (createMcpHttpHandler on
 * srvx, registerMcpRoute on h3, a built Nuxt app's route) answers through the same
 * steps, each once: Host and Origin, the token, the body read within its
 * bound, then dispatch with the scope check where the call runs. Each face is
 * served with authorization (tokens from oidc-provider on loopback) and
 * without, and every attack below runs on both protocol revisions. After
 * each refused request, `path_counts` proves that nothing ran.
 *
 * The findings of issue 21, and where each is covered:
 * 1. a byte-order mark skipped the scope check → "bodies another layer may read differently";
 * 2. tools not of this package were never scope-checked → "tools the package did not define";
 * 3. a chunked body was read whole → "a chunked body past the bound";
 * 4. a 2025 session belonged to whoever used it first → "sessions belong to who opened them";
 * 5. the session cap held only against bare `initialize` → "one caller's flood";
 * 6. the handler's Origin rule ignored scheme and port → "one Origin rule";
 * 7. an internal header skipped the Host check and authorization → "no header skips a check".
 */

import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { registerMcpRoute } from "@agntn/tools/h3";
import { createJwtVerifier, createMcpHttpHandler, type ExternalTool, type McpHttpHandler } from "@agntn/tools/mcp";
import { H3 } from "h3";
import type { Server } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthorizationServer, startAuthorizationServer } from "./fixtures/authorization-server.ts";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { counts, pathTools } from "./fixtures/path-tools.ts";
import { freePort, serveWith } from "./helpers/loopback.ts";

const APP = join(root, "test/fixtures/nuxt-path");
const ALL = "tools:read tools:write tools:destructive";
const REVISIONS = ["2025-11-25", "2026-07-28"] as const;
type Revision = (typeof REVISIONS)[number];
const INFO = { name: "agntn-path", version: "1.0.0" };

/** The toolkit's two tools of the Nuxt fixture, as `external` tools of the other faces: the same names, the same annotations. */
const EXTERNAL: ExternalTool[] = [
  {
    listing: { name: "path-wipe", description: "Wipes the cache.", inputSchema: { type: "object" } },
    async call() {
      counts.foreign++;
      return { content: [{ type: "text", text: "wiped" }] };
    },
  },
  {
    listing: { name: "path-peek", description: "Peeks.", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
    async call() {
      return { content: [{ type: "text", text: "peeked" }] };
    },
  },
];

interface Face {
  name: string;
  url: URL;
  auth: boolean;
  /** How the face's refusal names the Origin option. */
  originOption: string;
  handler?: McpHttpHandler;
}

let as: AuthorizationServer;
const faces: Face[] = [];
const servers: Server[] = [];
const apps: StartedApp[] = [];
const handlers: Array<{ close(): Promise<void> }> = [];

const authFor = (resource: URL) => ({
  verifier: createJwtVerifier({ issuer: as.issuer, audience: resource }),
  resource,
  authorizationServers: [as.issuer],
});

beforeAll(async () => {
  as = await startAuthorizationServer({
    clients: [
      { id: "alice", secret: "alice-secret" },
      { id: "bob", secret: "bob-secret" },
      { id: "mallory", secret: "mallory-secret" },
    ],
  });
  for (const auth of [true, false]) {
    let handler: McpHttpHandler | undefined;
    const { server: plain, url } = await serveWith((resource) => {
      handler = createMcpHttpHandler(INFO, pathTools, { external: EXTERNAL, ...(auth ? { auth: authFor(resource) } : {}) });
      return (request) => (handler as McpHttpHandler).fetch(request);
    });
    servers.push(plain);
    handlers.push(handler as McpHttpHandler);
    faces.push({ name: "createMcpHttpHandler", url, auth, originOption: "allowedOrigins", handler: handler as McpHttpHandler });
    const { server: onH3, url: h3url } = await serveWith((resource) => {
      const app = new H3();
      handlers.push(registerMcpRoute(app, INFO, pathTools, { external: EXTERNAL, ...(auth ? { auth: authFor(resource) } : {}) }));
      return async (request) => app.fetch(request);
    });
    servers.push(onH3);
    faces.push({ name: "registerMcpRoute on h3", url: h3url, auth, originOption: "allowedOrigins" });
  }
  await buildApp(APP);
  const port = await freePort();
  const audience = `http://127.0.0.1:${port}/mcp`;
  const withAuth = await startApp(APP, {
    PORT: String(port),
    NUXT_AGNTN_TOOLS_AUTH_ISSUER: as.issuer,
    NUXT_AGNTN_TOOLS_AUTH_AUDIENCE: audience,
  });
  const open = await startApp(APP);
  apps.push(withAuth, open);
  const nuxtOrigins = "agntnTools.allowedOrigins (or NUXT_AGNTN_TOOLS_ALLOWED_ORIGINS)";
  faces.push({ name: "the Nuxt route", url: new URL(audience), auth: true, originOption: nuxtOrigins });
  faces.push({ name: "the Nuxt route", url: new URL("/mcp", open.url), auth: false, originOption: nuxtOrigins });
}, 600_000);

afterAll(async () => {
  for (const app of apps) app.stop();
  await Promise.all(handlers.map((handler) => handler.close()));
  await Promise.all(servers.map((server) => server.close(true)));
  await as?.close();
});

// ─── Requests as a client without an MCP library sends them ────────────────────

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** A `tools/call` message; on 2026-07-28 with its per-request envelope. */
function callMessage(revision: Revision, name: string, args: Record<string, unknown> = {}, id = 7) {
  const params: Record<string, unknown> = { name, arguments: args };
  if (revision === "2026-07-28") params._meta = MODERN_META;
  return { jsonrpc: "2.0", id, method: "tools/call", params };
}

interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

async function send(url: URL, headers: Record<string, string>, body: BodyInit | null, method = "POST"): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body,
  });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** A token for a face's audience, or none on a face without authorization. */
async function tokenFor(face: Face, client: "alice" | "bob" | "mallory", scope: string): Promise<string | undefined> {
  return face.auth ? as.token({ client, scope, resource: face.url.href }) : undefined;
}

/** Opens a 2025 session the way a real client does (`initialize`, then, unless told not to, `notifications/initialized`); its id. */
async function openSession(face: Face, token: string | undefined, initialized = true): Promise<string> {
  const init = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  };
  const opened = await send(face.url, bearer(token), JSON.stringify(init));
  const id = opened.headers.get("mcp-session-id");
  if (opened.status !== 200 || !id) throw new Error(`initialize answered ${opened.status}: ${opened.body}`);
  if (!initialized) return id;
  const headers = { ...bearer(token), "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" };
  const notified = await send(face.url, headers, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
  expect(notified.status).toBe(202);
  return id;
}

/** The headers a call on this revision carries: a fresh session on 2025-11-25, the standard headers on 2026-07-28. */
async function callHeaders(face: Face, revision: Revision, token: string | undefined, name: string): Promise<Record<string, string>> {
  if (revision === "2026-07-28") {
    return { ...bearer(token), "mcp-protocol-version": revision, "mcp-method": "tools/call", "mcp-name": name };
  }
  const session = await openSession(face, token);
  return { ...bearer(token), "mcp-session-id": session, "mcp-protocol-version": revision };
}

/** The JSON-RPC message of an answer, sent as JSON or as the first event of a stream. */
function messageOf(body: string): { result?: { content?: Array<{ text?: string }>; isError?: boolean }; error?: unknown } {
  const data = body.startsWith("{") ? body : (body.split("\n").find((line) => line.startsWith("data: ")) ?? "").slice(6);
  return JSON.parse(data);
}

/** A call made the regular way with every scope: its text. */
async function callText(face: Face, revision: Revision, name: string, args: Record<string, unknown> = {}): Promise<string | undefined> {
  const token = await tokenFor(face, "alice", ALL);
  const answer = await send(face.url, await callHeaders(face, revision, token, name), JSON.stringify(callMessage(revision, name, args)));
  expect(answer.status).toBe(200);
  return messageOf(answer.body).result?.content?.[0]?.text;
}

/** How many calls of each kind ran on the face's server, read through `path_counts`. */
async function countsOf(face: Face) {
  return JSON.parse((await callText(face, "2026-07-28", "path_counts")) as string);
}

function error(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
}

/** The headers of a chunked call, and the call's opening: spaces follow until the body passes the bound. */
const CHUNKED_CALL = { "content-type": "application/json", accept: "application/json, text/event-stream", "transfer-encoding": "chunked" };
const CALL_OPENING = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"path_write","arguments":{"text":"';

/** Sends a chunked body of `total` bytes, 64 KiB a write, and resolves with the status and how much went out before it came. */
function chunked(url: URL, headers: Record<string, string>, total: number): Promise<{ status: number; sentMiB: number; body: string }> {
  return new Promise((resolve, reject) => {
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { ...CHUNKED_CALL, ...headers },
      },
      (res) => {
        // The answer came: stop sending, and read it to its end (the server closes the connection after it).
        answered = true;
        const sentMiB = sent / 1024 / 1024;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, sentMiB, body }));
      },
    );
    let answered = false;
    // Once the server answers and closes, the rest of the upload may fail on our side: that is the point.
    // An error before the answer means the client never saw the 413 (a reset that overtook it; the Nuxt route
    // reads on after its answer so that it cannot, see "after a 413"): say so at once.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered) reject(new Error(`${error.code ?? error.message} before any answer, after ${sent} bytes`));
    });
    req.write(CALL_OPENING);
    const pump = () => {
      while (sent < total && !answered && !req.destroyed) {
        sent += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end('"}}}');
    };
    pump();
    // The bound is in bytes (checked by the caller); the wait only has to outlast a machine busy with other test files.
    setTimeout(() => reject(new Error(`no answer after ${sent} bytes`)), 60_000).unref();
  });
}

/**
 * A chunked upload over a bare socket, to see what TCP does after the answer.
 * `allowHalfOpen`: the server's FIN after its 413 must not end our side, so
 * we can go on sending and learn whether the server still reads.
 */
function upload(url: URL, headers: Record<string, string>) {
  const socket: Socket = connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
  const state: { error?: string; closed: boolean } = { closed: false };
  socket.on("error", (error: NodeJS.ErrnoException) => {
    state.error ??= error.code ?? error.message;
  });
  socket.on("close", () => {
    state.closed = true;
  });
  // Kept: a destroyed socket forgets its port.
  let localPort = 0;
  socket.on("connect", () => {
    localPort = socket.localPort as number;
  });
  const chunk = (data: string | Buffer) =>
    Buffer.concat([Buffer.from(`${Buffer.byteLength(data).toString(16)}\r\n`), Buffer.from(data), Buffer.from("\r\n")]);
  const piece = chunk(Buffer.alloc(64 * 1024, 0x20));
  const lines = Object.entries({ host: url.host, ...CHUNKED_CALL, ...headers }).map(([key, value]) => `${key}: ${value}`);
  socket.write(`POST ${url.pathname} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
  socket.write(chunk(CALL_OPENING));
  let received = Buffer.alloc(0);
  const answer = new Promise<{ status: string; connection: string | undefined; body: string }>((resolve, reject) => {
    socket.on("data", (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const [status = "", ...head] = received.subarray(0, end).toString("latin1").split("\r\n");
      const fields = new Map(
        head.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      const rest = received.subarray(end + 4);
      const length = Number(fields.get("content-length"));
      const body =
        fields.get("transfer-encoding") === "chunked" ? unchunk(rest) : rest.length >= length ? rest.subarray(0, length) : undefined;
      if (body) resolve({ status, connection: fields.get("connection"), body: body.toString("utf8") });
    });
    socket.on("close", () =>
      reject(new Error(`closed (${state.error ?? "no error"}) before a whole answer: ${JSON.stringify(received.toString("latin1"))}`)),
    );
  });
  let answered = false;
  answer.then(
    () => {
      answered = true;
    },
    () => {},
  );
  /** Sends 64 KiB pieces until the answer is whole (or `limit` bytes went), minding backpressure. */
  const sendUntilAnswered = async (limit: number) => {
    for (let sent = 0; sent < limit && !answered && !state.closed; sent += piece.length) {
      if (!socket.write(piece)) await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), answer.catch(() => {})]);
    }
  };
  return {
    answer,
    state,
    sendUntilAnswered,
    /** One more piece of the body. */
    send: () => void socket.write(piece),
    /** The last chunk: the body is whole. */
    finish: () => void socket.write("0\r\n\r\n"),
    /** Our side's port, to find the server's end of the connection. */
    port: () => localPort,
    close: () => socket.destroy(),
  };
}

/** A chunked body decoded, once its last chunk has come; undefined before. */
function unchunk(raw: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  for (let at = 0; ; ) {
    const line = raw.indexOf("\r\n", at);
    if (line < 0) return undefined;
    const size = Number.parseInt(raw.subarray(at, line).toString("latin1"), 16);
    if (size === 0) return Buffer.concat(parts);
    if (raw.length < line + 2 + size + 2) return undefined;
    parts.push(raw.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
}

/**
 * Whether the server process still holds its end of the connection from
 * `clientPort`, read from Linux's tables: an end the process has closed shows
 * inode 0 (the kernel finishes it alone) or is gone.
 */
function serverHolds(serverPort: number, clientPort: number): boolean {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, "0");
  // A server listening on `::` keeps IPv4 connections in the IPv6 table.
  const row = ["/proc/net/tcp", "/proc/net/tcp6"]
    .flatMap((table) => readFileSync(table, "utf8").split("\n"))
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${hex(serverPort)}`) && fields[2]?.endsWith(`:${hex(clientPort)}`));
  return row !== undefined && row[9] !== "0";
}

// ─── The attacks ──────────────────────────────────────────────────────────────

/** Every face by its label, known before the servers start (tests are collected first); each test finds its live face by label. */
const FACE_NAMES = ["createMcpHttpHandler", "registerMcpRoute on h3", "the Nuxt route"] as const;
const label = (name: string, auth: boolean) => `${name}, ${auth ? "with" : "without"} auth`;
const LABELS = FACE_NAMES.flatMap((name) => [label(name, true), label(name, false)]);

/** The live face of a label. */
function live(wanted: string): Face {
  const face = faces.find((candidate) => label(candidate.name, candidate.auth) === wanted);
  if (!face) throw new Error(`no face ${wanted}`);
  return face;
}

describe.each(REVISIONS)("bodies another layer may read differently, on %s", (revision) => {
  /** Each case: the body's bytes, and the answer every face gives, whether or not it checks tokens. */
  const CASES: Array<[string, () => Uint8Array | string, string]> = [
    [
      "a byte-order mark before the JSON",
      () => `\uFEFF${JSON.stringify(callMessage(revision, "path_write", { text: "pwned" }))}`,
      error(-32700, "Parse error: the body starts with a byte-order mark; send the JSON without one"),
    ],
    [
      "bytes that are not UTF-8",
      () => {
        const text = JSON.stringify(callMessage(revision, "path_write", { text: "XX" }));
        const bytes = new TextEncoder().encode(text);
        const at = text.indexOf("XX");
        bytes[at] = 0xc3;
        bytes[at + 1] = 0x28;
        return bytes;
      },
      error(-32700, "Parse error: the body is not valid UTF-8"),
    ],
    ["text that is not JSON", () => "{not json", error(-32700, "Parse error: the body is not valid JSON")],
    ["an empty body", () => "", error(-32700, "Parse error: the body is empty")],
    [
      "the tool's name twice",
      () =>
        JSON.stringify(callMessage(revision, "path_read")).replace(
          '"name":"path_read"',
          '"name":"path_read","name":"path_write","arguments":{"text":"x"}',
        ),
      error(-32600, 'Invalid Request: the key "name" appears twice in one object'),
    ],
    [
      "the tool's name twice, once spelt with an escape",
      () =>
        JSON.stringify(callMessage(revision, "path_read")).replace('"name":"path_read"', '"name":"path_read","na\\u006de":"path_write"'),
      error(-32600, 'Invalid Request: the key "name" appears twice in one object'),
    ],
    [
      "a batch of an allowed call and a forbidden one",
      () => JSON.stringify([callMessage(revision, "path_read", {}, 1), callMessage(revision, "path_write", { text: "x" }, 2)]),
      error(-32600, "Invalid Request: a batch of messages is not accepted; send one message per request"),
    ],
  ];

  describe.each(CASES)("%s", (_case, body, expected) => {
    it.each(LABELS)("%s: refused with one clear line, and nothing runs", async (name) => {
      const face = live(name);
      const before = await countsOf(face);
      // A token that may only read: a body read one way by the check and another by the dispatch would run the write.
      const token = await tokenFor(face, "mallory", "tools:read");
      const answer = await send(face.url, await callHeaders(face, revision, token, "path_read"), body() as BodyInit);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: expected });
      expect(await countsOf(face)).toEqual(before);
    });
  });

  it.each(LABELS)("%s: an Mcp-Name header that names another tool than the body", async (name) => {
    const face = live(name);
    const before = await countsOf(face);
    const token = await tokenFor(face, "alice", ALL);
    const headers = { ...(await callHeaders(face, revision, token, "path_read")), "mcp-method": "tools/call", "mcp-name": "path_read" };
    const answer = await send(face.url, headers, JSON.stringify(callMessage(revision, "path_write", { text: "x" })));
    expect(answer.status).toBe(400);
    const refusal = messageOf(answer.body).error as { code: number; message: string };
    // On 2026-07-28 the SDK makes this check (its words); on 2025-11-25 the handler does (ours).
    expect(refusal).toEqual(
      revision === "2026-07-28"
        ? expect.objectContaining({
            code: -32020,
            message:
              'Bad Request: the request headers and body disagree: the body carries params.name="path_write" but the Mcp-Name header names "path_read"',
          })
        : { code: -32020, message: 'Bad Request: the Mcp-Name header "path_read" disagrees with the body\'s params.name' },
    );
    expect(await countsOf(face)).toEqual(before);
  });

  it.each(LABELS)(
    "%s: a chunked body past the bound gets 413 as soon as it passes, and nothing runs",
    async (name) => {
      const face = live(name);
      const before = await countsOf(face);
      const token = await tokenFor(face, "alice", ALL);
      const sent = await chunked(face.url, await callHeaders(face, revision, token, "path_write"), 64 * 1024 * 1024);
      expect({ status: sent.status, body: sent.body }).toEqual({
        status: 413,
        body: error(-32000, "Payload Too Large: the body is over 4194304 bytes"),
      });
      // 4 MiB is the bound; what was in flight in socket buffers when the answer came adds some more (16.7 MiB was
      // measured on two busy cores), never the 64 sent.
      expect(sent.sentMiB).toBeLessThan(32);
      expect(await countsOf(face)).toEqual(before);
    },
    90_000,
  );

  it.each(LABELS)("%s: the same call, sent plainly with every scope, runs (the counts do count)", async (name) => {
    const face = live(name);
    const before = await countsOf(face);
    expect(await callText(face, revision, "path_write", { text: "hello" })).toBe("wrote hello");
    expect(await countsOf(face)).toEqual({ ...before, write: before.write + 1 });
  });
});

describe("after a 413, the Nuxt route reads on before it closes (2026-07-28)", () => {
  // Closing at once, with upload still arriving, resets the connection, and a client busy sending can meet the
  // reset before it reads its answer (CI once saw EPIPE, not the 413). The route closes its write side after the
  // answer and drops what comes: until the body ends, or 5 s have passed.
  const NUXT = [label("the Nuxt route", true), label("the Nuxt route", false)];
  const TOO_LARGE = {
    status: "HTTP/1.1 413 Payload Too Large",
    connection: "close",
    body: error(-32000, "Payload Too Large: the body is over 4194304 bytes"),
  };

  it.each(NUXT)("%s: a client still sending gets its 413 and is not reset; ending the body closes the connection", async (name) => {
    const face = live(name);
    const token = await tokenFor(face, "alice", ALL);
    const up = upload(face.url, await callHeaders(face, "2026-07-28", token, "path_write"));
    try {
      await up.sendUntilAnswered(64 * 1024 * 1024);
      expect(await up.answer).toEqual(TOO_LARGE);
      for (let i = 0; i < 20; i++) {
        up.send();
        await sleep(50);
      }
      expect({ ...up.state, held: serverHolds(Number(face.url.port), up.port()) }).toEqual({ closed: false, held: true });
      up.finish();
      // Well before the 5 s bound: the server lets go once the body is whole.
      await expect.poll(() => serverHolds(Number(face.url.port), up.port()), { timeout: 2_000 }).toBe(false);
    } finally {
      up.close();
    }
  });

  it("a client that never ends its body is cut off after 5 s", async () => {
    const face = live(label("the Nuxt route", false));
    const up = upload(face.url, await callHeaders(face, "2026-07-28", undefined, "path_write"));
    try {
      await up.sendUntilAnswered(64 * 1024 * 1024);
      expect(await up.answer).toEqual(TOO_LARGE);
      const answered = Date.now();
      while (!up.state.error && !up.state.closed && Date.now() - answered < 20_000) {
        up.send();
        await sleep(50);
      }
      const after = Date.now() - answered;
      expect({ cut: up.state.error !== undefined || up.state.closed, after: after >= 4_500 && after < 15_000 }).toEqual({
        cut: true,
        after: true,
      });
      expect(serverHolds(Number(face.url.port), up.port())).toBe(false);
    } finally {
      up.close();
    }
  });
});

const AUTH_LABELS = FACE_NAMES.map((name) => label(name, true));
const challengeFor = (face: Face, tool: string, scope: string) =>
  `Bearer error="insufficient_scope", error_description="Calling ${tool} needs the scope ${scope}", scope="${scope}", resource_metadata="${new URL(`/.well-known/oauth-protected-resource${face.url.pathname}`, face.url).href}"`;

describe.each(REVISIONS)("tools the package did not define, on %s", (revision) => {
  it.each(AUTH_LABELS)("%s: one that says nothing of its effect needs the destructive scope", async (name) => {
    const face = live(name);
    const before = await countsOf(face);
    const token = await tokenFor(face, "mallory", "tools:read tools:write");
    const answer = await send(
      face.url,
      await callHeaders(face, revision, token, "path-wipe"),
      JSON.stringify(callMessage(revision, "path-wipe")),
    );
    expect({ status: answer.status, challenge: answer.headers.get("www-authenticate") }).toEqual({
      status: 403,
      challenge: challengeFor(face, "path-wipe", "tools:destructive"),
    });
    expect(await countsOf(face)).toEqual(before);
  });

  it.each(AUTH_LABELS)("%s: a read-only one (readOnlyHint) runs for a read token", async (name) => {
    const face = live(name);
    const token = await tokenFor(face, "mallory", "tools:read");
    const answer = await send(
      face.url,
      await callHeaders(face, revision, token, "path-peek"),
      JSON.stringify(callMessage(revision, "path-peek")),
    );
    expect(answer.status).toBe(200);
    expect(messageOf(answer.body).result?.content).toEqual([{ type: "text", text: "peeked" }]);
  });

  it.each(AUTH_LABELS)("%s: this package's own write tool is refused to a read token as before", async (name) => {
    const face = live(name);
    const token = await tokenFor(face, "mallory", "tools:read");
    const answer = await send(
      face.url,
      await callHeaders(face, revision, token, "path_write"),
      JSON.stringify(callMessage(revision, "path_write", { text: "x" })),
    );
    expect({ status: answer.status, challenge: answer.headers.get("www-authenticate") }).toEqual({
      status: 403,
      challenge: challengeFor(face, "path_write", "tools:write"),
    });
  });
});

describe("the toolkit's named handler beside the built route (/mcp/admin, SDK v1)", () => {
  const face = () => faces.find((candidate) => candidate.name === "the Nuxt route" && candidate.auth) as Face;
  const admin = () => new URL("/mcp/admin", face().url);

  async function adminCall(token: string | undefined, name: string): Promise<Answer> {
    const headers = { ...bearer(token), "mcp-protocol-version": "2025-11-25" };
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    const opened = await send(admin(), headers, JSON.stringify(init));
    if (opened.status !== 200) return opened;
    const session = { ...headers, "mcp-session-id": opened.headers.get("mcp-session-id") as string };
    await send(admin(), session, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    return send(admin(), session, JSON.stringify(callMessage("2025-11-25", name)));
  }

  it("needs a token like the route", async () => {
    const answer = await adminCall(undefined, "admin_status");
    expect(answer.status).toBe(401);
  });

  it("refuses a call above the token's scopes where the toolkit dispatches it, and runs one within them", async () => {
    const before = await countsOf(face());
    const token = await tokenFor(face(), "mallory", "tools:read");
    const purge = await adminCall(token, "admin_purge");
    expect(messageOf(purge.body).result).toEqual({
      content: [{ type: "text", text: "This call needs the scope tools:destructive" }],
      isError: true,
    });
    const status = await adminCall(token, "admin_status");
    expect(messageOf(status.body).result).toEqual({ content: [{ type: "text", text: "all well" }] });
    expect(await countsOf(face())).toEqual(before);
  });
});

describe("sessions belong to who opened them (2025-11-25)", () => {
  const on = (token: string | undefined, session: string) => ({
    ...bearer(token),
    "mcp-session-id": session,
    "mcp-protocol-version": "2025-11-25",
  });
  const read = JSON.stringify(callMessage("2025-11-25", "path_read"));
  const initialized = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });

  it.each(AUTH_LABELS)("%s: another caller who uses the id first still gets 404, and the session stays its opener's", async (name) => {
    const face = live(name);
    const alice = await tokenFor(face, "alice", ALL);
    const bob = await tokenFor(face, "bob", ALL);
    // Alice's initialize is answered; Bob sends her session id before she sends anything else on it.
    const session = await openSession(face, alice, false);
    expect(await send(face.url, on(bob, session), initialized)).toMatchObject({ status: 404, body: error(-32001, "Session not found") });
    expect(await send(face.url, on(bob, session), read)).toMatchObject({ status: 404, body: error(-32001, "Session not found") });
    expect((await send(face.url, on(bob, session), null, "DELETE")).status).toBe(404);
    expect((await send(face.url, on(alice, session), initialized)).status).toBe(202);
    expect((await send(face.url, on(alice, session), read)).status).toBe(200);
  });

  it.each(AUTH_LABELS)(
    "%s: a flood of made-up session ids frees no one's session",
    async (name) => {
      const face = live(name);
      const alice = await tokenFor(face, "alice", ALL);
      const bob = await tokenFor(face, "bob", ALL);
      const mallory = await tokenFor(face, "mallory", ALL);
      const session = await openSession(face, alice);
      expect((await send(face.url, on(alice, session), read)).status).toBe(200);
      // More made-up ids than any table of owners could hold, were it to record them.
      for (let round = 0; round < 110; round++) {
        const answers = await Promise.all(Array.from({ length: 50 }, () => send(face.url, on(mallory, crypto.randomUUID()), read)));
        for (const answer of answers) expect(answer.status).toBe(404);
      }
      expect((await send(face.url, on(bob, session), read)).status).toBe(404);
      expect((await send(face.url, on(alice, session), read)).status).toBe(200);
    },
    120_000,
  );
});

describe("one caller's flood of initialize + notifications/initialized (2025-11-25)", () => {
  it.each(AUTH_LABELS)("%s: ends only that caller's sessions", async (name) => {
    const face = live(name);
    const alice = await tokenFor(face, "alice", ALL);
    const bob = await tokenFor(face, "bob", ALL);
    const own = await openSession(face, alice);
    const read = JSON.stringify(callMessage("2025-11-25", "path_read"));
    const on = (token: string | undefined, session: string) => ({
      ...bearer(token),
      "mcp-session-id": session,
      "mcp-protocol-version": "2025-11-25",
    });
    expect((await send(face.url, on(alice, own), read)).status).toBe(200);
    const held = face.handler?.sessions ?? 0;
    // Bob opens 150 sessions the way a real client does; each caller holds at most 100 (maxSessionsPerCaller).
    const flood: string[] = [];
    for (let round = 0; round < 15; round++) flood.push(...(await Promise.all(Array.from({ length: 10 }, () => openSession(face, bob)))));
    expect((await send(face.url, on(alice, own), read)).status).toBe(200);
    // Bob's first sessions made room for his later ones; his last is alive.
    expect((await send(face.url, on(bob, flood[0] as string), read)).status).toBe(404);
    expect((await send(face.url, on(bob, flood[149] as string), read)).status).toBe(200);
    // Everyone else's sessions are all still there, and Bob holds at most 100 beside them.
    if (face.handler) expect(face.handler.sessions).toBeLessThanOrEqual(held + 100);
  });
});

describe("one Origin rule: scheme, host and port", () => {
  it.each(LABELS)("%s: a page on another port of the same host is refused, naming the option", async (name) => {
    const face = live(name);
    const token = await tokenFor(face, "alice", ALL);
    const origin = `http://localhost:${Number(face.url.port) + 1}`;
    const headers = { ...(await callHeaders(face, "2026-07-28", token, "path_read")), origin };
    const answer = await send(face.url, headers, JSON.stringify(callMessage("2026-07-28", "path_read")));
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 403,
      body: JSON.stringify({
        jsonrpc: "2.0",
        error: { code: -32600, message: `Origin "${origin}" is not allowed: add it to ${face.originOption}` },
        id: null,
      }),
    });
    // The page on the server's own origin is let in.
    const ownOrigin = { ...headers, origin: face.url.origin };
    expect((await send(face.url, ownOrigin, JSON.stringify(callMessage("2026-07-28", "path_read")))).status).toBe(200);
  });
});

describe("no header skips a check", () => {
  it.each(LABELS)("%s: the module's old internal header gets neither past the Host check nor past the token", async (name) => {
    const face = live(name);
    const answer = await new Promise<{ status: number }>((resolve, reject) => {
      const req = request(
        { host: face.url.hostname, port: face.url.port, path: face.url.pathname, method: "POST", setHost: false },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0 });
        },
      );
      req.setHeader("host", "evil.example");
      req.setHeader("x-agntn-tools-internal", "anything");
      req.setHeader("content-type", "application/json");
      req.setHeader("accept", "application/json, text/event-stream");
      req.on("error", reject);
      req.end(JSON.stringify(callMessage("2026-07-28", "path_read")));
    });
    expect(answer.status).toBe(403);
    if (face.auth) {
      const anonymous = await send(
        face.url,
        { "x-agntn-tools-internal": "anything", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "path_read" },
        JSON.stringify(callMessage("2026-07-28", "path_read")),
      );
      expect(anonymous.status).toBe(401);
    }
  });
});
