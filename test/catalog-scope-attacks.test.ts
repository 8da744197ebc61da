/**
 * The read scope on `resources/read`, `prompts/get` and `completion/complete`,
 * attacked with bodies that parse differently from one reader to another: a
 * byte-order mark, bytes that are not UTF-8 (overlong slashes a lenient
 * decoder reads as `/`), a key twice (plain and spelled with an escape),
 * escapes in the method name and the URI, the method only inside a
 * `__proto__` key, a batch, a body sent in separate chunks, and an
 * `Mcp-Method` header that names another method. Each goes to
 * createMcpHttpHandler, createMcpRoute and registerMcpRoute on h3, and the
 * built Nuxt route (test/fixtures/nuxt-auth), on 2025-11-25 (a session,
 * initialize first) and 2026-07-28 (the per-request envelope), with a real
 * token from oidc-provider that lacks the read scope and, as a control, one
 * that has it. Bytes go out through node:http exactly as written.
 *
 * Without the scope every case gets the plain refusal of a read (403, the
 * same challenge and body) or, where the body does not parse, the line that
 * says why; the control gets the answer, or the same line. The resource's
 * `read`, the prompt's `get` and its completer count their runs
 * (test/fixtures/auth-catalog.ts): nothing runs without the scope.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { createMcpRoute, registerMcpRoute } from "@agntn/tools/h3";
import { createJwtVerifier, createMcpHttpHandler } from "@agntn/tools/mcp";
import { H3 } from "h3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogCalls, makeCatalog } from "./fixtures/auth-catalog.ts";
import { authTools } from "./fixtures/auth-tools.ts";
import { type AuthorizationServer, startAuthorizationServer } from "./fixtures/authorization-server.ts";
import { buildApp, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { freePort, serveWith } from "./helpers/loopback.ts";

const APP = join(root, "test/fixtures/nuxt-auth");
const INFO = { name: "agntn-auth", version: "1.0.0" };
const REVISIONS = ["2025-11-25", "2026-07-28"] as const;
type Revision = (typeof REVISIONS)[number];
const FACES = ["createMcpHttpHandler", "createMcpRoute (h3)", "registerMcpRoute (h3)", "the Nuxt route"] as const;
type Face = (typeof FACES)[number];

interface Served {
  url: URL;
  /** What the catalog's functions have run so far on this face. */
  calls(): Promise<CatalogCalls>;
  /** A token without the read scope, and one with it (both alice's, for this face's audience). */
  tokens: { none: string; read: string };
}

let as: AuthorizationServer;
let app: StartedApp | undefined;
const closers: Array<() => Promise<unknown>> = [];
const served = new Map<Face, Served>();

async function tokensFor(url: URL): Promise<Served["tokens"]> {
  const resource = url.href;
  return {
    none: await as.token({ client: "alice", resource }),
    read: await as.token({ client: "alice", scope: "tools:read", resource }),
  };
}

beforeAll(async () => {
  as = await startAuthorizationServer();
  const auth = (resource: URL) => ({
    verifier: createJwtVerifier({ issuer: as.issuer, audience: resource }),
    resource,
    authorizationServers: [as.issuer],
  });
  const inProcess = async (face: Face, make: (options: Record<string, unknown>) => (request: Request) => Promise<Response>) => {
    const catalog = makeCatalog();
    const { server, url } = await serveWith((resource) =>
      make({ auth: auth(resource), resources: catalog.resources, prompts: catalog.prompts }),
    );
    closers.push(() => server.close(true));
    served.set(face, { url, calls: async () => ({ ...catalog.calls }), tokens: await tokensFor(url) });
  };
  await inProcess("createMcpHttpHandler", (options) => {
    const handler = createMcpHttpHandler(INFO, authTools, options);
    closers.push(() => handler.close());
    return (request) => handler.fetch(request);
  });
  await inProcess("createMcpRoute (h3)", (options) => {
    const h3 = new H3();
    const route = createMcpRoute(INFO, authTools, options);
    closers.push(() => route.close());
    h3.all("/mcp", route);
    return async (request) => h3.fetch(request);
  });
  await inProcess("registerMcpRoute (h3)", (options) => {
    const h3 = new H3();
    const route = registerMcpRoute(h3, INFO, authTools, options);
    closers.push(() => route.close());
    return async (request) => h3.fetch(request);
  });
  await buildApp(APP);
  const port = await freePort();
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  app = await startApp(APP, { PORT: String(port), NUXT_AGNTN_TOOLS_AUTH_ISSUER: as.issuer, NUXT_AGNTN_TOOLS_AUTH_AUDIENCE: url.href });
  const tokens = await tokensFor(url);
  // The app's counts live in its own process: its resource calls://catalog answers them (reading it counts nothing).
  const calls = async () => {
    const answer = await send(url, headersOf("2026-07-28", tokens.read, "resources/read", "calls://catalog"), [
      message("2026-07-28", "resources/read", '"uri":"calls://catalog"'),
    ]);
    const result = resultOf(answer) as { contents: Array<{ text: string }> };
    return JSON.parse(result.contents[0]?.text ?? "") as CatalogCalls;
  };
  served.set("the Nuxt route", { url, calls, tokens });
}, 600_000);

afterAll(async () => {
  app?.stop();
  for (const close of closers.reverse()) await close();
  await as?.close();
});

interface Answer {
  status: number;
  challenge: string | null;
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * A POST of these bytes through node:http. One part goes with its
 * Content-Length; several go chunked (Transfer-Encoding: chunked), each
 * written after the last has left, so the server gets them apart.
 */
function send(
  url: URL,
  headers: Record<string, string>,
  parts: ReadonlyArray<string | Uint8Array>,
  /** For a stream that stays open (`subscriptions/listen`): answer with its first event and hang up. */
  firstEventOnly = false,
): Promise<Answer> {
  const chunks = parts.map((part) => (typeof part === "string" ? Buffer.from(part, "utf8") : Buffer.from(part)));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: "POST" }, (res) => {
      const received: Buffer[] = [];
      const answer = () => ({
        status: res.statusCode ?? 0,
        challenge: (res.headers["www-authenticate"] as string | undefined) ?? null,
        body: Buffer.concat(received).toString("utf8"),
        headers: res.headers,
      });
      res.on("data", (chunk: Buffer) => {
        received.push(chunk);
        const text = Buffer.concat(received).toString("utf8");
        if (firstEventOnly && /^data: .*\n\n/m.test(text)) {
          resolve(answer());
          req.destroy();
        }
      });
      res.on("end", () => resolve(answer()));
      res.on("error", (error) => (firstEventOnly ? undefined : reject(error)));
    });
    req.on("error", (error) => (firstEventOnly && req.destroyed ? undefined : reject(error)));
    req.setHeader("content-type", "application/json");
    req.setHeader("accept", "application/json, text/event-stream");
    for (const [name, value] of Object.entries(headers)) req.setHeader(name, value);
    if (chunks.length === 1) {
      req.setHeader("content-length", String(chunks[0]?.byteLength));
      req.end(chunks[0]);
      return;
    }
    req.setHeader("transfer-encoding", "chunked");
    req.flushHeaders();
    const write = (i: number) => {
      if (i === chunks.length) {
        req.end();
        return;
      }
      req.write(chunks[i], () => setTimeout(() => write(i + 1), 20));
    };
    write(0);
  });
}

/** The JSON-RPC message an answer carries: the JSON body, or the data line of an event stream. */
function messageOf(answer: Answer): Record<string, unknown> {
  const text = answer.body.startsWith("{")
    ? answer.body
    : (answer.body.split("\n").find((line) => line.startsWith("data: ")) ?? "").slice("data: ".length);
  return JSON.parse(text) as Record<string, unknown>;
}

function resultOf(answer: Answer): unknown {
  const parsed = messageOf(answer);
  if (answer.status !== 200 || !("result" in parsed)) throw new Error(`no result: ${answer.status} ${answer.body}`);
  return parsed.result;
}

const META = '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}';

/** The params object's text: the given members, and on 2026-07-28 the per-request envelope after them. */
function paramsOf(revision: Revision, members: string): string {
  if (revision === "2025-11-25") return `{${members}}`;
  return `{${members}${members ? "," : ""}${META}}`;
}

/** One request's text, written by hand so a case can hold what JSON.stringify never writes. */
function message(revision: Revision, method: string, members: string, id = 7): string {
  return `{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${paramsOf(revision, members)}}`;
}

/** The headers a client of the revision sends: on 2026 the method and name headers, on 2025 the session. */
function headersOf(revision: Revision, token: string, method: string, name?: string, session?: string): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, "mcp-protocol-version": revision };
  if (revision === "2026-07-28") {
    headers["mcp-method"] = method;
    if (name !== undefined) headers["mcp-name"] = name;
  }
  if (session !== undefined) headers["mcp-session-id"] = session;
  return headers;
}

/** A 2025-11-25 session of this token's: initialize, then the initialized notification. */
async function openSession(url: URL, token: string): Promise<string> {
  const init = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "attacker", version: "1.0.0" } },
  };
  const opened = await send(url, { authorization: `Bearer ${token}` }, [JSON.stringify(init)]);
  const session = opened.headers["mcp-session-id"];
  if (opened.status !== 200 || typeof session !== "string") throw new Error(`initialize: ${opened.status} ${opened.body}`);
  const initialized = await send(url, headersOf("2025-11-25", token, "notifications/initialized", undefined, session), [
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  ]);
  expect(initialized.status).toBe(202);
  return session;
}

const READ_REFUSAL_TEXT = "Reading resources and prompts needs the scope tools:read";

/** The plain refusal of a read without the scope, as every face sends it. */
function refusalAt(url: URL): Omit<Answer, "headers"> {
  return {
    status: 403,
    challenge: `Bearer error="insufficient_scope", error_description="${READ_REFUSAL_TEXT}", scope="tools:read", resource_metadata="${new URL(`/.well-known/oauth-protected-resource${url.pathname}`, url).href}"`,
    body: JSON.stringify({ error: "insufficient_scope", error_description: READ_REFUSAL_TEXT }),
  };
}

/** A body refused before anything reads it: 400 with one JSON-RPC line, no challenge. */
function malformed(code: number, text: string): Omit<Answer, "headers"> {
  return { status: 400, challenge: null, body: JSON.stringify({ jsonrpc: "2.0", error: { code, message: text }, id: null }) };
}

const BOM_LINE = malformed(-32700, "Parse error: the body starts with a byte-order mark; send the JSON without one");
const NOT_UTF8 = malformed(-32700, "Parse error: the body is not valid UTF-8");
const BATCH_LINE = malformed(-32600, "Invalid Request: a batch of messages is not accepted; send one message per request");
const twice = (key: string) => malformed(-32600, `Invalid Request: the key "${key}" appears twice in one object`);

/** What the control token gets back for each method, by revision: on 2026 with the server named, and a read's cache hint. */
function answerOf(revision: Revision, method: "read" | "get" | "complete", topic = "notes"): unknown {
  const modern = revision === "2026-07-28";
  const named = modern ? { _meta: { "io.modelcontextprotocol/serverInfo": INFO }, resultType: "complete" } : {};
  if (method === "read") {
    return {
      contents: [{ uri: "notes://all", mimeType: "text/plain", text: "the notes" }],
      ...named,
      ...(modern ? { ttlMs: 0, cacheScope: "private" } : {}),
    };
  }
  if (method === "get") return { messages: [{ role: "user", content: { type: "text", text: `Summarize ${topic}.` } }], ...named };
  return { completion: { values: ["notes", "news"] }, ...named };
}

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "utf8") : Buffer.from(part))));

/** The text's bytes with its one `needle` replaced by these parts. */
function replaced(text: string, needle: string, ...parts: Array<string | number[]>): Uint8Array {
  const at = text.indexOf(needle);
  return bytes(text.slice(0, at), ...parts, text.slice(at + needle.length));
}

/** An overlong two-byte encoding of `/`: not UTF-8, though a lenient decoder reads it as a slash. */
const OVERLONG_SLASH = [0xc0, 0xaf];
const BOM = [0xef, 0xbb, 0xbf];

interface Case {
  /** The body as sent: one part with Content-Length, several parts chunked. */
  parts: ReadonlyArray<string | Uint8Array>;
  /** The Mcp-Method and Mcp-Name headers a 2026 client sends (and, on 2025, an Mcp-Method some cases send too). */
  method: string;
  name?: string;
  /** Sent on 2025 as well: the header a proxy may route by. */
  methodHeaderOn2025?: boolean;
  /** What the token without the read scope gets: the read's refusal, or the line refusing the body. */
  without: "refusal" | Omit<Answer, "headers">;
  /** What the control token gets: the result, or a refusal of the body. */
  withRead: { result: unknown; counts: keyof CatalogCalls } | Omit<Answer, "headers">;
}

const READ_URI = '"uri":"notes://all"';
const GET_ARGS = '"name":"summary","arguments":{"topic":"notes"}';
const COMPLETE_ARGS = '"ref":{"type":"ref/prompt","name":"summary"},"argument":{"name":"topic","value":"n"}';

/** The attacks, by revision (the 2026 ones carry the envelope inside params). */
function cases(revision: Revision): Array<[string, Case]> {
  const read = message(revision, "resources/read", READ_URI);
  const list = message(revision, "tools/list", "", 6);
  const readAnswer = { result: answerOf(revision, "read"), counts: "read" } as const;
  const getAnswer = { result: answerOf(revision, "get"), counts: "get" } as const;
  const completeAnswer = { result: answerOf(revision, "complete"), counts: "complete" } as const;
  const refused = "refusal" as const;
  // JSON.parse keeps `__proto__` as a plain key: there is no method, and the SDK says so in each revision's words.
  const notJsonRpc =
    revision === "2025-11-25"
      ? malformed(-32700, "Parse error: Invalid JSON-RPC message")
      : malformed(-32600, "Bad Request: the request body is not a valid JSON-RPC message");
  // On 2025 this package holds the header to the body before the SDK sees it; on 2026 the SDK does, after the scope check.
  const mismatch =
    revision === "2025-11-25"
      ? malformed(-32020, 'Bad Request: the Mcp-Method header "tools/list" disagrees with the body\'s method')
      : {
          status: 400,
          challenge: null,
          body: JSON.stringify({
            jsonrpc: "2.0",
            error: {
              code: -32020,
              message:
                "Bad Request: the request headers and body disagree: the body names method resources/read but the Mcp-Method header names tools/list",
              data: {
                mismatch: { header: "tools/list", body: "the body names method resources/read but the Mcp-Method header names tools/list" },
              },
            },
            id: 7,
          }),
        };
  return [
    [
      "a UTF-8 byte-order mark before the body",
      { parts: [bytes(BOM, read)], method: "resources/read", name: "notes://all", without: BOM_LINE, withRead: BOM_LINE },
    ],
    [
      "an overlong slash (not UTF-8) inside the method",
      {
        parts: [replaced(read, "resources/read", "resources", OVERLONG_SLASH, "read")],
        method: "resources/read",
        name: "notes://all",
        without: NOT_UTF8,
        withRead: NOT_UTF8,
      },
    ],
    [
      "overlong slashes (not UTF-8) inside the uri",
      {
        parts: [replaced(read, "notes://all", "notes:", OVERLONG_SLASH, OVERLONG_SLASH, "all")],
        method: "resources/read",
        name: "notes://all",
        without: NOT_UTF8,
        withRead: NOT_UTF8,
      },
    ],
    [
      'the method twice: "tools/list", then "resources/read"',
      {
        parts: [read.replace('"method":"resources/read"', '"method":"tools/list"').replace(/}$/, ',"method":"resources/read"}')],
        method: "tools/list",
        without: twice("method"),
        withRead: twice("method"),
      },
    ],
    [
      "the method twice, the second key spelled with an escape",
      {
        parts: [read.replace('"method":"resources/read"', '"method":"tools/list"').replace(/}$/, ',"\\u006dethod":"resources/read"}')],
        method: "tools/list",
        without: twice("method"),
        withRead: twice("method"),
      },
    ],
    [
      "the uri twice in params: one that names nothing, then the resource",
      {
        parts: [message(revision, "resources/read", `"uri":"calls://none",${READ_URI}`)],
        method: "resources/read",
        name: "notes://all",
        without: twice("uri"),
        withRead: twice("uri"),
      },
    ],
    [
      "the prompt's name twice in params",
      {
        parts: [message(revision, "prompts/get", `"name":"nothing",${GET_ARGS}`)],
        method: "prompts/get",
        name: "summary",
        without: twice("name"),
        withRead: twice("name"),
      },
    ],
    [
      'the method written "resources\\/read"',
      {
        parts: [message(revision, "resources\\/read", READ_URI)],
        method: "resources/read",
        name: "notes://all",
        without: refused,
        withRead: readAnswer,
      },
    ],
    [
      'the method written "\\u0072esources/read"',
      {
        parts: [message(revision, "\\u0072esources/read", READ_URI)],
        method: "resources/read",
        name: "notes://all",
        without: refused,
        withRead: readAnswer,
      },
    ],
    [
      'the uri written "notes:\\/\\/all"',
      {
        parts: [message(revision, "resources/read", '"uri":"notes:\\/\\/all"')],
        method: "resources/read",
        name: "notes://all",
        without: refused,
        withRead: readAnswer,
      },
    ],
    [
      'the method written "prompts\\u002fget"',
      {
        parts: [message(revision, "prompts\\u002fget", GET_ARGS)],
        method: "prompts/get",
        name: "summary",
        without: refused,
        withRead: getAnswer,
      },
    ],
    [
      'the method written "completion\\/complete"',
      {
        parts: [message(revision, "completion\\/complete", COMPLETE_ARGS)],
        method: "completion/complete",
        without: refused,
        withRead: completeAnswer,
      },
    ],
    [
      "the method only inside a __proto__ key",
      {
        parts: [read.replace('"method":"resources/read"', '"__proto__":{"method":"resources/read"}')],
        method: "resources/read",
        name: "notes://all",
        without: notJsonRpc,
        withRead: notJsonRpc,
      },
    ],
    ["a batch of a listing and a read", { parts: [`[${list},${read}]`], method: "tools/list", without: BATCH_LINE, withRead: BATCH_LINE }],
    [
      "a batch of the read alone",
      { parts: [`[${read}]`], method: "resources/read", name: "notes://all", without: BATCH_LINE, withRead: BATCH_LINE },
    ],
    [
      "a read in chunks, split inside the method name",
      {
        parts: [read.slice(0, read.indexOf("resour") + 6), read.slice(read.indexOf("resour") + 6, -3), read.slice(-3)],
        method: "resources/read",
        name: "notes://all",
        without: refused,
        withRead: readAnswer,
      },
    ],
    [
      "a prompt in chunks, split inside a two-byte character of its argument",
      (() => {
        const text = bytes(message(revision, "prompts/get", '"name":"summary","arguments":{"topic":"café"}'));
        const at = text.indexOf(0xc3) + 1;
        return {
          parts: [text.slice(0, at), text.slice(at)],
          method: "prompts/get",
          name: "summary",
          without: refused,
          withRead: { result: answerOf(revision, "get", "café"), counts: "get" },
        } satisfies Case;
      })(),
    ],
    [
      "a read in chunks, the byte-order mark alone in the first",
      { parts: [bytes(BOM), read], method: "resources/read", name: "notes://all", without: BOM_LINE, withRead: BOM_LINE },
    ],
    [
      "a read in chunks, an overlong slash split across two",
      {
        parts: [bytes(read.slice(0, read.indexOf("/read")), [0xc0]), bytes([0xaf], read.slice(read.indexOf("/read") + 1))],
        method: "resources/read",
        name: "notes://all",
        without: NOT_UTF8,
        withRead: NOT_UTF8,
      },
    ],
    [
      "a read under an Mcp-Method header naming tools/list",
      {
        parts: [read],
        method: "tools/list",
        methodHeaderOn2025: true,
        without: revision === "2025-11-25" ? mismatch : refused,
        withRead: mismatch,
      },
    ],
  ];
}

describe.each(FACES)("%s with auth", (face) => {
  const at = () => served.get(face) as Served;

  describe.each(REVISIONS)("on %s", (revision) => {
    /** The headers for one token: a session of its own on 2025 (opened now), the method headers on 2026. */
    async function headersFor(token: string, method: string, name: string | undefined, headerOn2025 = false) {
      if (revision === "2026-07-28") return headersOf(revision, token, method, name);
      const headers = headersOf(revision, token, method, name, await openSession(at().url, token));
      if (headerOn2025) headers["mcp-method"] = method;
      return headers;
    }

    /** Sends as each token, counting what ran between: what the case allowed must be all that ran. */
    async function attempt(token: "none" | "read", test: Pick<Case, "parts" | "method" | "name" | "methodHeaderOn2025">) {
      const before = await at().calls();
      const answer = await send(
        at().url,
        await headersFor(at().tokens[token], test.method, test.name, test.methodHeaderOn2025),
        test.parts,
      );
      const after = await at().calls();
      return { answer, ran: diff(before, after) };
    }

    it("refuses a plain read, get and completion without the read scope, and answers them with it", async () => {
      const plain = [
        ["resources/read", READ_URI, "notes://all", "read"],
        ["prompts/get", GET_ARGS, "summary", "get"],
        ["completion/complete", COMPLETE_ARGS, undefined, "complete"],
      ] as const;
      for (const [method, members, name, counts] of plain) {
        const parts = [message(revision, method, members)];
        const refused = await attempt("none", { parts, method, name });
        expect({ method, answer: pick(refused.answer), ran: refused.ran }).toEqual({ method, answer: refusalAt(at().url), ran: {} });
        const answered = await attempt("read", { parts, method, name });
        expect({ method, status: answered.answer.status, result: resultOf(answered.answer), ran: answered.ran }).toEqual({
          method,
          status: 200,
          result: answerOf(revision, counts),
          ran: { [counts]: 1 },
        });
      }
    });

    it("refuses following a resource without the read scope, however the method is spelled, and lets it with the scope", async () => {
      const url = at().url;
      if (revision === "2025-11-25") {
        for (const method of ["resources/subscribe", "resources\\/subscribe", "\\u0072esources/subscribe"]) {
          const parts = [message(revision, method, READ_URI)];
          const refused = await send(url, await headersFor(at().tokens.none, "resources/subscribe", "notes://all"), parts);
          expect({ method, answer: pick(refused) }).toEqual({ method, answer: refusalAt(url) });
          const answered = await send(url, await headersFor(at().tokens.read, "resources/subscribe", "notes://all"), parts);
          expect({ method, status: answered.status, result: resultOf(answered) }).toEqual({ method, status: 200, result: {} });
        }
        return;
      }
      const follow = '"notifications":{"resourceSubscriptions":["notes://all"]}';
      for (const method of ["subscriptions/listen", "subscriptions\\/listen", "\\u0073ubscriptions/listen"]) {
        const parts = [message(revision, method, follow)];
        const refused = await send(url, headersOf(revision, at().tokens.none, "subscriptions/listen"), parts, true);
        expect({ method, answer: pick(refused) }).toEqual({ method, answer: refusalAt(url) });
        const answered = await send(url, headersOf(revision, at().tokens.read, "subscriptions/listen"), parts, true);
        expect({ method, status: answered.status, ack: messageOf(answered) }).toEqual({
          method,
          status: 200,
          ack: {
            jsonrpc: "2.0",
            method: "notifications/subscriptions/acknowledged",
            params: {
              notifications: { resourceSubscriptions: ["notes://all"] },
              _meta: { "io.modelcontextprotocol/subscriptionId": 7 },
            },
          },
        });
      }
      // Hearing that lists changed reads nothing: a valid token is enough, as for a list.
      const lists = [message(revision, "subscriptions/listen", '"notifications":{"toolsListChanged":true}')];
      const heard = await send(url, headersOf(revision, at().tokens.none, "subscriptions/listen"), lists, true);
      expect({ status: heard.status, ack: messageOf(heard) }).toEqual({
        status: 200,
        ack: {
          jsonrpc: "2.0",
          method: "notifications/subscriptions/acknowledged",
          params: { notifications: {}, _meta: { "io.modelcontextprotocol/subscriptionId": 7 } },
        },
      });
    });

    it.each(cases(revision))("%s", async (_label, test) => {
      const refused = await attempt("none", test);
      expect({ answer: pick(refused.answer), ran: refused.ran }).toEqual({
        answer: test.without === "refusal" ? refusalAt(at().url) : test.without,
        ran: {},
      });
      const control = await attempt("read", test);
      if ("result" in test.withRead) {
        expect({ status: control.answer.status, result: resultOf(control.answer), ran: control.ran }).toEqual({
          status: 200,
          result: test.withRead.result,
          ran: { [test.withRead.counts]: 1 },
        });
      } else {
        expect({ answer: pick(control.answer), ran: control.ran }).toEqual({ answer: test.withRead, ran: {} });
      }
    });
  });
});

/** What a refusal is compared by: status, challenge, body. */
function pick(answer: Answer): Omit<Answer, "headers"> {
  return { status: answer.status, challenge: answer.challenge, body: answer.body };
}

/** The counts that changed, by how much. */
function diff(before: CatalogCalls, after: CatalogCalls): Partial<CatalogCalls> {
  const changed: Partial<CatalogCalls> = {};
  for (const key of ["read", "get", "complete"] as const) if (after[key] !== before[key]) changed[key] = after[key] - before[key];
  return changed;
}
