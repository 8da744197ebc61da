/**
 * A 2026-07-28 `tasks/get` or `tasks/cancel` on an HTTP face, answered
 * without a server of its own. Clients poll a task every `pollIntervalMs` for
 * as long as it runs, so a poll is the request a server with tasks answers
 * most; through the SDK's per-request entry it costs about what a tool call
 * costs (a server built, connected, run and closed), 2.5 times a poll
 * answered here (bench/RESULTS.md, section 17). Written here because the SDK
 * has no cheaper way in.
 *
 * Nothing is judged twice and nothing here judges a request on its own: the
 * request is classified by the SDK's own ladder (`classifyInboundRequest`,
 * the code its entry runs) and answered here only when it is the ordinary
 * poll, its headers exactly the body's, from a client that declared the
 * extension. Anything else (a rejection, another revision, a missing or
 * encoded header, a client without the extension) goes on to the SDK, which
 * owns every refusal. The answer is the one `answerTaskMethod` gives the SDK's
 * handler (./serve.ts), framed as the SDK frames a result: the server's info in
 * its `_meta`, an error in-band with status 200. test/mcp-task-polls.test.ts
 * holds the two paths to the same answers.
 */
import {
  type AuthInfo,
  classifyInboundRequest,
  isJsonContentType,
  ProtocolError,
  SERVER_INFO_META_KEY,
} from "@modelcontextprotocol/server";
import { isRecord } from "../../core/schema.ts";
import type { ServerInfo } from "../../core/types.ts";
import { answerTaskMethod, envelopeDeclaresTasks, type TaskMethod } from "./serve.ts";
import type { TaskBook } from "./store.ts";

/** The revision whose polls are answered here (the one the extension belongs to). */
const REVISION = "2026-07-28";

const POLLS: ReadonlySet<string> = new Set<TaskMethod>(["tasks/get", "tasks/cancel"]);

/**
 * The answer to an ordinary poll, or `undefined` for the SDK to answer the request as any other. `message` is the
 * body as the face read it (once); `serverInfo` the server's identity as results carry it.
 */
export async function answerPoll(
  request: Request,
  message: unknown,
  authInfo: AuthInfo | undefined,
  book: TaskBook,
  serverInfo: ServerInfo,
  report: (error: unknown) => void,
): Promise<Response | undefined> {
  const poll = ordinaryPoll(request, message);
  if (!poll) return undefined;
  const { id, method, params } = poll;
  try {
    const result = await answerTaskMethod(book, method, { params, declared: true, authInfo }, report);
    return reply({ jsonrpc: "2.0", id, result: { ...result, _meta: { [SERVER_INFO_META_KEY]: serverInfo } } });
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    const answer = { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) };
    return reply({ jsonrpc: "2.0", id, error: answer });
  }
}

interface Poll {
  id: string | number;
  method: TaskMethod;
  params: Record<string, unknown>;
}

/** The request, when it is a poll the SDK's ladder routes to the modern era with nothing to refuse. */
function ordinaryPoll(request: Request, message: unknown): Poll | undefined {
  if (!isRecord(message) || typeof message.method !== "string" || !POLLS.has(message.method)) return undefined;
  if (request.method !== "POST" || !isJsonContentType(request.headers.get("content-type"))) return undefined;
  const headers = {
    protocolVersionHeader: request.headers.get("mcp-protocol-version") ?? undefined,
    mcpMethodHeader: request.headers.get("mcp-method") ?? undefined,
    mcpNameHeader: request.headers.get("mcp-name") ?? undefined,
  };
  const route = classifyInboundRequest({ httpMethod: "POST", ...headers, body: message });
  if (route.kind !== "modern" || route.messageKind !== "request" || route.classification.revision !== REVISION) return undefined;
  // The header rung the SDK's entry adds to the ladder, kept to its plainest case: both headers there, the version
  // and method the body's (the ladder compared them), and the name exactly the body's task id.
  const params = route.message.params as Record<string, unknown>;
  if (headers.protocolVersionHeader !== REVISION || headers.mcpMethodHeader !== message.method) return undefined;
  if (typeof params.taskId !== "string" || headers.mcpNameHeader !== params.taskId) return undefined;
  // The ladder found the envelope well formed and its revision this one (the classification's).
  const envelope = params._meta;
  if (!isRecord(envelope) || !envelopeDeclaresTasks(envelope)) return undefined;
  return { id: route.message.id, method: message.method as TaskMethod, params };
}

function reply(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}
