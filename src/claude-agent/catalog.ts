/**
 * Resources, templates, prompts and completions on the Claude Agent SDK's
 * in-process server (an MCP SDK v1 `McpServer`): the answers of
 * ../protocol/catalog-answers.ts, the same the SDK v2 server gives, set as
 * SDK v1 request handlers, each refusal answered with the same code and
 * message (an unknown URI keeps it in `data.uri`). SDK v1 sends a thrown
 * error's own `code`, `message` and `data`; its `McpError` would put
 * "MCP error <code>:" before the message, which its client adds again.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { CallFacts } from "../core/middleware.ts";
import {
  answered,
  CatalogFailure,
  catalogParts,
  complete,
  failureOf,
  getPrompt,
  indexOf,
  listResources,
  notFound,
  readResource,
  unknownPrompt,
} from "../protocol/catalog-answers.ts";
import type { Catalog, ServedContext } from "../protocol/served.ts";

/** SDK v1's request extra, as the fields read here. */
interface Extra {
  signal: AbortSignal;
  requestId?: string | number;
  sessionId?: string;
  _meta?: Record<string, unknown>;
}

/** What a read, get or completion gets of its request on this host, `_meta` (a client's trace context) included, as for a tool call. */
function contextOf(extra: Extra, method: string): ServedContext {
  const call: CallFacts = { host: "claude-agent", method };
  if (extra.requestId !== undefined) call.requestId = extra.requestId;
  if (extra.sessionId) call.sessionId = extra.sessionId;
  if (extra._meta) call.meta = extra._meta;
  return { signal: extra.signal, call };
}

/** Runs an answer, a refusal turned into SDK v1's error. */
function answering<T>(name: string, run: () => Promise<T>): Promise<T> {
  return answered(run, (error) => {
    const failure = error instanceof CatalogFailure ? error : failureOf(name, error);
    return Object.assign(new Error(failure.message), {
      code: failure.code,
      ...(failure.uri === undefined ? {} : { data: { uri: failure.uri } }),
    });
  });
}

/** The capabilities the catalog adds, declared before the server connects. */
export function catalogCapabilities(catalog: Catalog): Record<string, object> {
  const parts = catalogParts(catalog);
  return {
    ...(parts.resources ? { resources: {} } : {}),
    ...(parts.prompts ? { prompts: {} } : {}),
    ...(parts.completions ? { completions: {} } : {}),
  };
}

/** Sets the catalog's handlers on the in-process server (none for an empty part). */
export function serveCatalog(instance: McpServer, catalog: Catalog): void {
  const index = indexOf(catalog);
  const parts = catalogParts(catalog);
  const server = instance.server;
  if (parts.resources) {
    const templates = { resourceTemplates: index.templates.map((t) => t.listing) };
    server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra) =>
      answering("resources/list", async () => ({ resources: await listResources(index, () => contextOf(extra, "resources/list")) })),
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => templates);
    server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
      const { uri } = request.params;
      return answering(uri, async () => {
        const answer = await readResource(index, uri, contextOf(extra, "resources/read"));
        if (!answer) throw notFound(uri);
        return answer.result;
      }) as never;
    });
  }
  if (parts.prompts) {
    const listed = { prompts: [...index.prompts.values()].map((p) => p.listing) };
    server.setRequestHandler(ListPromptsRequestSchema, async () => listed as never);
    server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
      const { name, arguments: args } = request.params;
      return answering(name, async () => {
        const prompt = index.prompts.get(name);
        if (!prompt) throw unknownPrompt(name);
        return getPrompt(prompt, args, contextOf(extra, "prompts/get"));
      }) as never;
    });
  }
  if (parts.completions) {
    server.setRequestHandler(CompleteRequestSchema, async (request, extra) => {
      const { ref, argument, context } = request.params;
      const name = ref.type === "ref/prompt" ? ref.name : ref.uri;
      const served = { ...contextOf(extra, "completion/complete"), ...(context?.arguments ? { arguments: context.arguments } : {}) };
      return { completion: await answering(name, () => complete(index, ref as never, argument, served)) };
    });
  }
}
