/**
 * Proof by difference for @agntn/tools/nuxt (test/nuxt-toolkit-fixtures.test.ts):
 * builds and starts both variants of a copied toolkit fixture
 * (test/fixtures/toolkit-fixtures/variant.ts) and records, as plain JSON, what
 * a real MCP client sees on its `/mcp` (and on the toolkit's named handlers the
 * fixture has):
 *
 * - "v1": the MCP SDK v1 client (@modelcontextprotocol/sdk 1.32), protocol
 *   2025-11-25, the client the toolkit's own tests use;
 * - "v2-2026": the SDK v2 client (@modelcontextprotocol/client 2.4) pinned to
 *   2026-07-28, where the server asks its questions by answering
 *   `input_required` and the client answers them through the same
 *   `elicitation/create` handler (auto-fulfilment) and calls again.
 *
 * A recording holds, per connection: the server's `initialize` facts,
 * tools/list, every listed tool called (with the arguments the toolkit's
 * tests use, else `{}`), resources/list, resources/templates/list, every
 * listed resource read, prompts/list, every listed prompt got, then the
 * fixture's scripted steps; beside each call, the log notifications and the
 * elicitation requests the client received while it ran. A failed request is
 * recorded as `{ error: { code, message } }`, never thrown. A listing whose
 * capability the server does not declare is recorded as `{ notDeclared: true }`
 * and not asked for (the v2 client answers such a listing with an empty list
 * without asking, the v1 client asks and gets -32601: recording neither keeps
 * the two comparable).
 *
 * Normalised, because they differ from run to run and nothing else: the
 * app's origin (`http://127.0.0.1:<port>` → `http://<host>`), the repository's
 * absolute path (→ `<root>`), UUIDs (session and elicitation ids →
 * `<uuid>`) and ISO timestamps (→ `<time>`). An error's message loses the
 * client's own `MCP error <code>: ` prefix (the code is kept beside it).
 * Listings are the concatenation of every page, without `nextCursor`.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { Client as ClientV2, LOG_LEVEL_META_KEY, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { nuxiBuildOnce, root, type StartedApp, startApp } from "../fixtures/nuxt-server.ts";
import { VARIANT_ENV, type Variant, variantDirs } from "../fixtures/toolkit-fixtures/variant.ts";

export type { Variant } from "../fixtures/toolkit-fixtures/variant.ts";

export const FIXTURES_DIR = join(root, "test/fixtures/toolkit-fixtures");

// ---------------------------------------------------------------------------------------------------------------------
// Building and starting the two variants

/** How long one `nuxi build` of a variant took in this process, by `<fixture>/<variant>` (absent when another file built it). */
export const buildTimes = new Map<string, number>();

/** `nuxi build` of one variant of a fixture, once per test run, as every test app is built (nuxt-server.ts's `nuxiBuildOnce`). */
export async function buildVariant(fixture: string, variant: Variant): Promise<void> {
  const dir = join(FIXTURES_DIR, fixture);
  const { outputDir } = variantDirs(dir, variant);
  const took = await nuxiBuildOnce(dir, { output: outputDir, variant, env: { [VARIANT_ENV]: variant }, what: `${fixture} (${variant})` });
  if (took !== undefined) buildTimes.set(`${fixture}/${variant}`, took);
}

export interface StartedVariant extends StartedApp {
  fixture: string;
  variant: Variant;
}

/**
 * Starts a built variant on a free loopback port from the repository's root
 * (the toolkit's tests run from its package root, which the fixtures' relative
 * file paths assume) and waits (at most 20 s) for its "Listening on" line.
 */
export async function startVariant(fixture: string, variant: Variant): Promise<StartedVariant> {
  const dir = join(FIXTURES_DIR, fixture);
  const { outputDir } = variantDirs(dir, variant);
  // Signs 2026-07-28 question state on the "with" variant (else it warns at the first request).
  const env = { NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY: randomBytes(32).toString("base64") };
  return { fixture, variant, ...(await startApp(dir, env, { output: outputDir, cwd: root })) };
}

// ---------------------------------------------------------------------------------------------------------------------
// What to ask

export type ClientKind = "v1" | "v2-2026";
export type LoggingLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";
export type Reply = { action: "accept"; content?: Record<string, unknown> } | { action: "decline" } | { action: "cancel" };
type Args = Record<string, unknown>;

/** One scripted step on a connection, after its sweep. */
export type Step =
  | {
      call: string;
      args?: Args /** Each elicitation during the call takes the next reply (cancel when none is left). */;
      replies?: Reply[];
    }
  | { listTools: true }
  /** v1: `logging/setLevel`; v2-2026 (no such request there): the level every later call names in its `_meta`. */
  | { setLevel: LoggingLevel };

export interface ConnectionPlan {
  /** The key of this connection in the recording. */
  label: string;
  /** Default `/mcp`. */
  path?: string;
  /** The client's elicitation capability; default `{ form: {}, url: {} }`. `null`: no elicitation at all. */
  elicitation?: Record<string, object> | null;
  headers?: Record<string, string>;
  /** List everything and call, read and get each listed item (default true). */
  sweep?: boolean;
  steps?: Step[];
}

/** A plain HTTP request whose status (and Location, and JSON body) the recording keeps: the route's non-MCP answers. */
export interface Probe {
  label: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  /** A function gets the app's origin (for an Origin header, say). */
  headers?: Record<string, string> | ((origin: URL) => Record<string, string>);
  body?: unknown;
}

export interface FixturePlan {
  /** Arguments for each tool in the sweep, by name; a list calls it once per entry. Tools not named get `{}`. */
  toolArgs?: Record<string, Args | Args[]>;
  /** Arguments for prompts/get in the sweep, by name. */
  promptArgs?: Record<string, Record<string, string>>;
  /** Connections in order; default one, `main`, on `/mcp`. */
  connections?: ConnectionPlan[];
  /** Recorded once per app, with the v1 recording. */
  probes?: Probe[];
  /**
   * Sibling folders of one listing whose order the toolkit leaves to chance, by listing key (`tools`,
   * `resources`, `prompts`): each entry is one folder's names, in the order they come within it. See
   * {@link inScanOrder}.
   */
  siblingFolders?: Partial<Record<"tools" | "resources" | "prompts", string[][]>>;
}

/**
 * A listing's names with the sibling folders put back in the order `folders` gives, so two builds of one app
 * compare by what the toolkit fixes and not by what it leaves to chance.
 *
 * Why: the toolkit finds definition files with tinyglobby (`loadDefinitionFiles` in its loaders/utils.js), whose
 * asynchronous crawl gives a folder's own files first, then each subfolder's files as a block, the blocks in
 * the order their `readdir` calls finish. With two subfolders the blocks swap from one scan to the next:
 * 52 scans of 400 of groups-tags' tools/ on this machine put `content/` before `admin/` (CI saw it once, in
 * the app alone). Within a block, and between a folder's files and its subfolders', the order holds.
 *
 * Only whole blocks move: a folder's names must come together and in their order, or the names are returned
 * as they came, so the comparison still fails on any other reordering.
 */
export function inScanOrder(names: readonly string[], folders: readonly (readonly string[])[] = []): string[] {
  const blocks: { at: number; names: readonly string[] }[] = [];
  for (const folder of folders) {
    const at = names.indexOf(folder[0] ?? "");
    if (at < 0 || folder.some((name, i) => names[at + i] !== name)) return [...names];
    blocks.push({ at, names: folder });
  }
  blocks.sort((a, b) => a.at - b.at);
  // The blocks must sit side by side, as one crawl of one parent folder lays them down.
  const first = blocks[0]?.at ?? 0;
  let end = first;
  for (const block of blocks) {
    if (block.at !== end) return [...names];
    end += block.names.length;
  }
  return [...names.slice(0, first), ...folders.flat(), ...names.slice(end)];
}

// ---------------------------------------------------------------------------------------------------------------------
// What comes back

export type Answer = unknown;

export interface CallRecord {
  answer: Answer;
  /** `notifications/message` params received while the call ran (and shortly after), in order. */
  notifications: unknown[];
  /** `elicitation/create` params the client was asked while the call ran, in order. */
  elicitations: unknown[];
}

export interface ConnectionRecord {
  path: string;
  /** v1: the `initialize` result's facts; v2-2026: what the client learned in discovery. */
  server?: Answer;
  tools?: Answer;
  resources?: Answer;
  resourceTemplates?: Answer;
  prompts?: Answer;
  /** By `<tool> <arguments as JSON>`. */
  calls?: Record<string, CallRecord>;
  /** By URI. */
  reads?: Record<string, Answer>;
  /** By `<prompt> <arguments as JSON>`. */
  gets?: Record<string, Answer>;
  steps?: { step: Step; record: CallRecord }[];
}

export interface Recording {
  client: ClientKind;
  /** By connection label; a connection that could not open is `{ error }`. */
  connections: Record<string, ConnectionRecord | { error: unknown }>;
  probes?: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------------------
// The two clients behind one face

interface Driver {
  server(): Answer;
  list(kind: "tools" | "resources" | "resourceTemplates" | "prompts"): Promise<Answer>;
  callTool(name: string, args: Args): Promise<Answer>;
  readResource(uri: string): Promise<Answer>;
  getPrompt(name: string, args: Record<string, string> | undefined): Promise<Answer>;
  setLevel(level: LoggingLevel): Promise<Answer>;
  close(): Promise<void>;
}

interface Inbox {
  notifications: unknown[];
  elicitations: unknown[];
  replies: Reply[];
}

/** Each request's own limit: a call the server never answers is recorded as an error rather than holding the run. */
const TIMEOUT = 10_000;

const LISTS = {
  tools: { key: "tools", capability: "tools" },
  resources: { key: "resources", capability: "resources" },
  resourceTemplates: { key: "resourceTemplates", capability: "resources" },
  prompts: { key: "prompts", capability: "prompts" },
} as const;

/** The reply a person would give to a form or URL nobody scripted: accept, with a plausible value for each field. */
export function defaultReply(params: Record<string, unknown>): Reply {
  if (params.mode === "url") return { action: "accept" };
  const schema = params.requestedSchema as { properties?: Record<string, Record<string, unknown>> } | undefined;
  const content: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema?.properties ?? {})) {
    if (key === "name") content[key] = "Ada";
    else if (Array.isArray(field.enum)) content[key] = field.enum[0];
    else if (Array.isArray(field.oneOf)) content[key] = (field.oneOf[0] as { const?: unknown } | undefined)?.const;
    else if (field.type === "boolean") content[key] = true;
    else if (field.type === "number" || field.type === "integer") content[key] = 1;
    else content[key] = "x";
  }
  return { action: "accept", content };
}

function answerElicitation(inbox: Inbox, params: Record<string, unknown>): Reply {
  inbox.elicitations.push(params);
  if (inbox.replies.length > 0) return inbox.replies.shift()!;
  return defaultReply(params);
}

async function openV1(url: URL, plan: ConnectionPlan, inbox: Inbox): Promise<Driver> {
  const elicitation = plan.elicitation === undefined ? { form: {}, url: {} } : plan.elicitation;
  const client = new ClientV1({ name: "toolkit-diff", version: "1.0.0" }, { capabilities: elicitation ? { elicitation } : {} });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    inbox.notifications.push(notification.params);
  });
  if (elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => answerElicitation(inbox, request.params as Args) as never);
  }
  await client.connect(new TransportV1(url, plan.headers ? { requestInit: { headers: plan.headers } } : undefined), { timeout: TIMEOUT });
  const options = { timeout: TIMEOUT };
  return {
    server: () => ({
      serverInfo: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      instructions: client.getInstructions(),
    }),
    async list(kind) {
      const { key } = LISTS[kind];
      const page = (cursor: string | undefined) => {
        const params = cursor ? { cursor } : undefined;
        if (kind === "tools") return client.listTools(params, options);
        if (kind === "resources") return client.listResources(params, options);
        if (kind === "resourceTemplates") return client.listResourceTemplates(params, options);
        return client.listPrompts(params, options);
      };
      const items: unknown[] = [];
      let cursor: string | undefined;
      do {
        const result = (await page(cursor)) as unknown as Record<string, unknown>;
        items.push(...((result[key] as unknown[] | undefined) ?? []));
        cursor = result.nextCursor as string | undefined;
      } while (cursor);
      return { [key]: items };
    },
    callTool: (name, args) => client.callTool({ name, arguments: args }, undefined, options),
    readResource: (uri) => client.readResource({ uri }, options),
    getPrompt: (name, args) => client.getPrompt({ name, ...(args ? { arguments: args } : {}) }, options),
    setLevel: (level) => client.setLoggingLevel(level, options),
    close: () => client.close(),
  };
}

async function openV2(url: URL, plan: ConnectionPlan, inbox: Inbox): Promise<Driver> {
  const elicitation = plan.elicitation === undefined ? { form: {}, url: {} } : plan.elicitation;
  const client = new ClientV2({ name: "toolkit-diff", version: "1.0.0" }, {
    capabilities: elicitation ? { elicitation } : {},
    versionNegotiation: { mode: { pin: "2026-07-28" } },
  } as ConstructorParameters<typeof ClientV2>[1]);
  client.setNotificationHandler("notifications/message", (notification) => {
    inbox.notifications.push(notification.params);
  });
  if (elicitation) {
    client.setRequestHandler("elicitation/create", async (request) => answerElicitation(inbox, request.params as Args) as never);
  }
  await client.connect(new TransportV2(url, plan.headers ? { requestInit: { headers: plan.headers } } : undefined), { timeout: TIMEOUT });
  const options = { timeout: TIMEOUT };
  // 2026-07-28 has no logging/setLevel: each request names its level. Until a step sets one, every level is asked
  // for, which is what a 2025 session that never sent logging/setLevel gets from the toolkit.
  let level: LoggingLevel = "debug";
  const meta = () => ({ _meta: { [LOG_LEVEL_META_KEY]: level } });
  return {
    server: () => ({
      serverInfo: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      instructions: client.getInstructions(),
    }),
    async list(kind) {
      const { key } = LISTS[kind];
      const page = (await (kind === "tools"
        ? client.listTools(undefined, options)
        : kind === "resources"
          ? client.listResources(undefined, options)
          : kind === "resourceTemplates"
            ? client.listResourceTemplates(undefined, options)
            : client.listPrompts(undefined, options))) as unknown as Record<string, unknown>;
      return { [key]: page[key] ?? [] };
    },
    callTool: (name, args) => client.callTool({ name, arguments: args, ...meta() }, options),
    readResource: (uri) => client.readResource({ uri, ...meta() }, options),
    getPrompt: (name, args) => client.getPrompt({ name, ...(args ? { arguments: args } : {}), ...meta() }, options),
    async setLevel(given) {
      level = given;
      return {};
    },
    close: () => client.close(),
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Recording

/** An error as plain JSON: its code and the server's message (without the client's `MCP error <code>: ` prefix). */
export function errorRecord(error: unknown): { error: { code: unknown; message: string } } {
  const code = (error as { code?: unknown } | null)?.code ?? null;
  const raw = error instanceof Error ? error.message : String(error);
  const message = raw.replace(/^MCP error -?\d+: /, "");
  return { error: { code, message } };
}

async function attempt(run: () => Promise<unknown>): Promise<Answer> {
  try {
    return plain(await run());
  } catch (error) {
    return errorRecord(error);
  }
}

/** JSON round trip: drops `undefined` and whatever is not data. */
function plain(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** Waits until no notification has come for `quiet` ms (at most `max` ms): notifications may trail their call's answer. */
async function settle(inbox: Inbox, quiet = 60, max = 600): Promise<void> {
  const started = Date.now();
  let seen = inbox.notifications.length;
  let since = Date.now();
  while (Date.now() - started < max) {
    await new Promise((resolve) => setTimeout(resolve, 15));
    if (inbox.notifications.length !== seen) {
      seen = inbox.notifications.length;
      since = Date.now();
    } else if (Date.now() - since >= quiet) return;
  }
}

async function recordCall(inbox: Inbox, run: () => Promise<unknown>, replies: Reply[] = []): Promise<CallRecord> {
  inbox.notifications.length = 0;
  inbox.elicitations.length = 0;
  inbox.replies = [...replies];
  const answer = await attempt(run);
  await settle(inbox);
  return { answer, notifications: plain([...inbox.notifications]) as unknown[], elicitations: plain([...inbox.elicitations]) as unknown[] };
}

const key = (name: string, args: unknown) => `${name} ${JSON.stringify(args ?? {})}`;

async function recordConnection(
  kind: ClientKind,
  base: URL,
  plan: FixturePlan,
  connection: ConnectionPlan,
): Promise<ConnectionRecord | { error: unknown }> {
  const path = connection.path ?? "/mcp";
  const inbox: Inbox = { notifications: [], elicitations: [], replies: [] };
  let driver: Driver;
  try {
    driver = await (kind === "v1" ? openV1 : openV2)(new URL(path, base), connection, inbox);
  } catch (error) {
    return errorRecord(error);
  }
  try {
    const record: ConnectionRecord = { path, server: plain(driver.server()) };
    const capabilities = ((record.server as { capabilities?: Record<string, unknown> }).capabilities ?? {}) as Record<string, unknown>;
    if (connection.sweep !== false) {
      for (const kind of ["tools", "resources", "resourceTemplates", "prompts"] as const) {
        record[kind] = capabilities[LISTS[kind].capability] ? await attempt(() => driver.list(kind)) : { notDeclared: true };
      }
      record.calls = {};
      for (const tool of itemsOf(record.tools, "tools")) {
        const name = String(tool.name);
        const given = plan.toolArgs?.[name] ?? {};
        for (const args of Array.isArray(given) ? given : [given]) {
          record.calls[key(name, args)] = await recordCall(inbox, () => driver.callTool(name, args));
        }
      }
      record.reads = {};
      for (const resource of itemsOf(record.resources, "resources")) {
        const uri = String(resource.uri);
        record.reads[uri] = (await recordCall(inbox, () => driver.readResource(uri))).answer;
      }
      record.gets = {};
      for (const prompt of itemsOf(record.prompts, "prompts")) {
        const name = String(prompt.name);
        const args = plan.promptArgs?.[name];
        record.gets[key(name, args)] = (await recordCall(inbox, () => driver.getPrompt(name, args))).answer;
      }
    }
    if (connection.steps?.length) {
      record.steps = [];
      for (const step of connection.steps) {
        let run: () => Promise<unknown>;
        if ("call" in step) run = () => driver.callTool(step.call, step.args ?? {});
        else if ("setLevel" in step) run = () => driver.setLevel(step.setLevel);
        else run = () => driver.list("tools");
        record.steps.push({ step, record: await recordCall(inbox, run, "replies" in step ? step.replies : []) });
      }
    }
    return record;
  } finally {
    await driver.close().catch(() => {});
  }
}

function itemsOf(listing: unknown, key: string): Record<string, unknown>[] {
  const items = (listing as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(items) ? (items as Record<string, unknown>[]) : [];
}

async function recordProbe(base: URL, probe: Probe): Promise<unknown> {
  try {
    const response = await fetch(new URL(probe.path, base), {
      method: probe.method,
      redirect: "manual",
      headers: typeof probe.headers === "function" ? probe.headers(base) : probe.headers,
      body: probe.body === undefined ? undefined : JSON.stringify(probe.body),
      signal: AbortSignal.timeout(TIMEOUT),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the status says enough, and HTML pages differ in build hashes.
      body = response.headers.get("content-type")?.includes("text/html") ? "<html>" : text.slice(0, 500);
    }
    return { status: response.status, location: response.headers.get("location"), body };
  } catch (error) {
    return errorRecord(error);
  }
}

/** Everything `kind` of client sees on a started app, normalised (see the header). */
export async function record(app: StartedVariant, plan: FixturePlan, kind: ClientKind): Promise<Recording> {
  const recording: Recording = { client: kind, connections: {} };
  for (const connection of plan.connections ?? [{ label: "main" }]) {
    recording.connections[connection.label] = await recordConnection(kind, app.url, plan, connection);
  }
  if (kind === "v1" && plan.probes?.length) {
    recording.probes = {};
    for (const probe of plan.probes) recording.probes[probe.label] = await recordProbe(app.url, probe);
  }
  return normalise(recording, app.url) as Recording;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;

/** Replaces, in every string (keys included), what differs from run to run: see the header. */
export function normalise(value: unknown, origin: URL): unknown {
  const host = origin.host;
  const text = (s: string) =>
    s
      .replaceAll(`http://${host}`, "http://<host>")
      .replaceAll(host, "<host>")
      .replaceAll(root.replace(/\/$/, ""), "<root>")
      .replace(UUID, "<uuid>")
      .replace(ISO_TIME, "<time>");
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, inner]) => [text(k), walk(inner)]));
    return v;
  };
  return walk(value);
}
