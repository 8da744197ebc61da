/**
 * An MCP client in the test's own process: the real SDK v2 client, connected
 * without a port to a tool list, a server from createMcpServer, or anything
 * with a `fetch` (createMcpHttpHandler, an h3 app). Questions and sampling
 * requests get the answers the test scripted, in order; progress, log lines
 * and every other notification are kept for assertions.
 */
import type { AnyTool, ServerInfo, ToolList } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { type Client, LOG_LEVEL_META_KEY } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { quote } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import { isToolList } from "../core/tool-list.ts";
import { connectClient, mcpClient, type Revision } from "./hosts/mcp.ts";

/** A question's answer, as MCP's `elicitation/create` result carries it. */
export interface QuestionAnswer {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}

/** A sampling request's answer, as MCP's `sampling/createMessage` result carries it. */
export interface SampleAnswer {
  role: "assistant";
  content: { type: "text"; text: string } | Record<string, unknown>;
  model: string;
  stopReason?: string;
}

/** Answers given in order, or a function of the request's params. */
type Script<Answer> = readonly Answer[] | ((params: Record<string, unknown>) => Answer | Promise<Answer>);

export interface TestClientOptions {
  /** The MCP revision to speak. Default "2025-11-25"; "2026-07-28" serves a tool list or reaches a handler over HTTP. */
  revision?: Revision;
  /** The name and version a tool list is served under. Default `{ name: "tools", version: "0.0.0" }`. */
  server?: ServerInfo;
  /** The answers to the tools' questions. Without them the client does not offer to answer questions. */
  questions?: Script<QuestionAnswer>;
  /** The answers to the tools' sampling requests. Without them the client does not offer sampling. */
  samples?: Script<SampleAnswer>;
}

/** A progress report of a call. */
export interface ProgressSeen {
  tool: string;
  progress: number;
  total?: number;
  message?: string;
}

/** A log line the server sent (`notifications/message`). */
export interface LogSeen {
  level: string;
  logger?: string;
  data: unknown;
}

export interface TestClient {
  /** The tools listed now, as `tools/list` answers. */
  listTools(): Promise<Array<Record<string, unknown> & { name: string }>>;
  /** Calls a tool; resolves with the `tools/call` result as the SDK client returns it. */
  callTool(name: string, args?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** The params of every question asked so far, in order. */
  readonly questions: Record<string, unknown>[];
  /** The params of every sampling request so far, in order. */
  readonly samples: Record<string, unknown>[];
  readonly progress: ProgressSeen[];
  readonly logs: LogSeen[];
  /** Every other notification, by method and params. */
  readonly notifications: Array<{ method: string; params?: unknown }>;
  /** The SDK client itself, for anything else (resources, prompts). */
  readonly client: Client;
  close(): Promise<void>;
}

type FetchTarget = { fetch: (request: Request) => Promise<Response> | Response };
type ServerTarget = { connect(transport: unknown): Promise<void>; close(): Promise<void> };
/** What a test client connects to. */
export type TestClientTarget = readonly AnyTool[] | ToolList | FetchTarget | ServerTarget;

const OPTION_KEYS = ["revision", "server", "questions", "samples"] as const;
const REVISIONS: readonly string[] = ["2025-11-25", "2026-07-28"];

function checkScript(name: string, script: unknown): void {
  if (script !== undefined && typeof script !== "function" && !Array.isArray(script))
    throw new ToolDefinitionError(`createTestClient: ${name} must be an array of answers or a function`);
}

/** The answer for the n-th request, or a refusal the tool sees when the script has run out. */
async function scripted<Answer>(name: string, script: Script<Answer>, seen: number, params: Record<string, unknown>): Promise<Answer> {
  if (typeof script === "function") return script(params);
  if (seen > script.length) throw new Error(`the test scripted ${script.length} ${name} and was asked for number ${seen}`);
  return script[seen - 1] as Answer;
}

function targetKind(target: unknown): "tools" | "fetch" | "server" {
  if (Array.isArray(target) || isToolList(target)) return "tools";
  if (isRecord(target) || typeof target === "function") {
    const value = target as Record<string, unknown>;
    if (typeof value.fetch === "function") return "fetch";
    if (typeof value.connect === "function") return "server";
  }
  throw new ToolDefinitionError(
    "createTestClient: give it tools (an array or a list), a server from createMcpServer, or something with fetch",
  );
}

/**
 * Connects a real MCP client, in this process, to `target`. Rejects with one line when an option is wrong.
 */
export async function createTestClient(target: TestClientTarget, options: TestClientOptions = {}): Promise<TestClient> {
  checkOptionKeys("createTestClient", options, OPTION_KEYS);
  const { revision = "2025-11-25", server = { name: "tools", version: "0.0.0" }, questions, samples } = options;
  if (!REVISIONS.includes(revision))
    throw new ToolDefinitionError(`createTestClient: revision must be one of ${REVISIONS.join(", ")}, got ${quote(String(revision))}`);
  checkScript("questions", questions);
  checkScript("samples", samples);
  const kind = targetKind(target);
  if (kind === "server" && revision !== "2025-11-25")
    throw new ToolDefinitionError(
      "createTestClient: a server from createMcpServer speaks 2025-11-25 in memory; give the tools or a handler for 2026-07-28",
    );

  const capabilities: Record<string, unknown> = {};
  if (questions) capabilities.elicitation = { form: {} };
  if (samples) capabilities.sampling = {};
  const client = mcpClient(revision, capabilities);
  const seen = { questions: [] as Record<string, unknown>[], samples: [] as Record<string, unknown>[] };
  const progress: ProgressSeen[] = [];
  const logs: LogSeen[] = [];
  const notifications: Array<{ method: string; params?: unknown }> = [];
  if (questions) {
    client.setRequestHandler("elicitation/create", async (request) => {
      const params = request.params as Record<string, unknown>;
      seen.questions.push(params);
      return (await scripted("answers to questions", questions, seen.questions.length, params)) as never;
    });
  }
  if (samples) {
    client.setRequestHandler("sampling/createMessage", async (request) => {
      const params = request.params as Record<string, unknown>;
      seen.samples.push(params);
      return (await scripted("answers to sampling requests", samples, seen.samples.length, params)) as never;
    });
  }
  client.setNotificationHandler("notifications/message", (notification) => {
    const { level, logger, data } = notification.params;
    logs.push(logger === undefined ? { level, data } : { level, logger, data });
  });
  client.fallbackNotificationHandler = async (notification) => {
    notifications.push(notification.params === undefined ? { method: notification.method } : { ...notification });
  };

  let stop: () => Promise<void>;
  if (kind === "fetch" || (kind === "tools" && revision === "2026-07-28")) {
    const handler = kind === "fetch" ? (target as FetchTarget) : createMcpHttpHandler(server, target as readonly AnyTool[] | ToolList);
    await connectClient(client, handler.fetch.bind(handler), revision);
    stop = async () => {
      if (kind === "tools") await (handler as ReturnType<typeof createMcpHttpHandler>).close();
    };
  } else {
    const mcp = kind === "server" ? (target as ServerTarget) : createMcpServer(server, target as readonly AnyTool[] | ToolList);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    await client.connect(clientSide);
    stop = async () => {
      if (kind === "tools") await mcp.close();
    };
  }
  // Every log line is kept: on 2025-11-25 the session's level is set once; 2026-07-28 has no sessions, so each call asks.
  const logging = client.getServerCapabilities()?.logging !== undefined;
  if (logging && revision === "2025-11-25") await client.setLoggingLevel("debug");
  const meta = logging && revision === "2026-07-28" ? { _meta: { [LOG_LEVEL_META_KEY]: "debug" } } : {};

  return {
    listTools: async () => (await client.listTools()).tools as Array<Record<string, unknown> & { name: string }>,
    async callTool(name, args = {}) {
      const onprogress = (report: { progress: number; total?: number; message?: string }) => {
        // On 2026-07-28 the SDK client reports its own rounds of answering questions through the same callback; only the server's are kept.
        if (report.total === undefined && report.message?.startsWith("Fulfilling input required by ")) return;
        progress.push({ tool: name, ...report });
      };
      return (await client.callTool({ name, arguments: args, ...meta }, { onprogress })) as Record<string, unknown>;
    },
    questions: seen.questions,
    samples: seen.samples,
    progress,
    logs,
    notifications,
    client,
    async close() {
      await client.close();
      await stop();
    },
  };
}
