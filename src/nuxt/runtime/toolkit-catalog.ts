/**
 * The toolkit's resources and prompts on the route (`defineMcpResource`,
 * `defineMcpPrompt`: static, `file:` and template resources, prompts with a
 * string result, a `role`, Zod arguments, `completable` ones), answered as
 * the toolkit answers them: an SDK v1 `McpServer` gets them through the
 * toolkit's own public `registerResourceFromDefinition` and
 * `registerPromptFromDefinition`, as the toolkit's handler does for each
 * request, and the route's server hands it the list, read, get and complete
 * requests its own catalog does not answer (../../mcp/catalog.ts), over
 * SDK v1's in-memory transport. So file reading, MIME types, templates and
 * their list and complete callbacks, argument checks and result shaping are
 * the toolkit's and SDK v1's, unchanged; only error messages are cleaned of
 * escape codes and line breaks on the way out.
 */
import type { ForeignCatalog, ForeignMethod, ServedContext } from "@agntn/tools/internal/nuxt";
import { registerPromptFromDefinition, registerResourceFromDefinition } from "@nuxtjs/mcp-toolkit/server";
import { InMemoryTransport } from "#agntn-tools/sdk-v1/inMemory.js";
import { McpServer } from "#agntn-tools/sdk-v1/server/mcp.js";

/** A reply from SDK v1 over the link: a result, or a JSON-RPC error. */
interface Reply {
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** A JSON-RPC error from SDK v1, thrown with its code so the route's server answers with the same code. */
class ForeignError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(error: NonNullable<Reply["error"]>) {
    super(error.message);
    this.code = error.code;
    this.data = error.data;
  }
}

/** One SDK v1 server holding the definitions, and a link to send it requests. */
interface Registry {
  /** What SDK v1 declares for these definitions (its answer to `initialize`). */
  capabilities: Record<string, unknown>;
  request(method: ForeignMethod, params: Record<string, unknown>, context: ServedContext | undefined): Promise<Record<string, unknown>>;
}

async function registryOf(resources: readonly unknown[], prompts: readonly unknown[]): Promise<Registry> {
  const server = new McpServer({ name: "toolkit-definitions", version: "0" }, { capabilities: {} });
  for (const resource of resources) registerResourceFromDefinition(server, resource as never);
  for (const prompt of prompts) registerPromptFromDefinition(server, prompt as never);
  // As the toolkit does for an empty list: SDK v1 sets its handlers at the first registration, so one made and
  // removed leaves empty lists that answer (and the capability declared) rather than "Method not found".
  if (resources.length === 0) server.registerResource("__init__", "noop://init", {}, async () => ({ contents: [] })).remove();
  if (prompts.length === 0) server.registerPrompt("__init__", {}, async () => ({ messages: [] })).remove();
  const [near, far] = InMemoryTransport.createLinkedPair();
  const pending = new Map<number, (reply: Reply) => void>();
  near.onmessage = (message) => {
    const reply = message as unknown as Reply;
    // Requests and notifications from a definition (a log line, a question) have no id of ours: they stay on the link.
    if (typeof reply.id === "number") pending.get(reply.id)?.(reply);
  };
  await server.connect(far);
  await near.start();
  let next = 0;
  const request = async (method: string, params: Record<string, unknown>, context: ServedContext | undefined) => {
    const id = ++next;
    const replied = new Promise<Reply>((resolve) => pending.set(id, resolve));
    const auth = context?.auth ? { authInfo: authInfoOf(context) } : {};
    try {
      await near.send({ jsonrpc: "2.0", id, method, params } as never, auth as never);
      const reply = await replied;
      if (reply.error) throw new ForeignError(reply.error);
      return reply.result ?? {};
    } finally {
      pending.delete(id);
    }
  };
  // The capabilities SDK v1 derives from the definitions (completions only where something completes), asked as a client would.
  const initialized = await request(
    "initialize",
    { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "@agntn/tools", version: "0" } },
    undefined,
  );
  return { capabilities: (initialized.capabilities ?? {}) as Record<string, unknown>, request };
}

/** The caller as SDK v1 hands it to a definition (`extra.authInfo`). */
function authInfoOf(context: ServedContext): Record<string, unknown> {
  const auth = context.auth as Record<string, unknown> | undefined;
  return { ...(auth ?? {}) };
}

/** The last definitions served and their catalog: a request resolving the same ones reuses the same server. */
let last: { resources: readonly unknown[]; prompts: readonly unknown[]; catalog: Promise<ForeignCatalog> } | undefined;

const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The toolkit's resources and prompts for one request, as a catalog the route's server asks after its own. Asked
 * only where the toolkit may serve; like the toolkit, it declares resources and prompts even when a list is empty.
 */
export function toolkitCatalog(resources: readonly unknown[], prompts: readonly unknown[]): Promise<ForeignCatalog> {
  if (last && same(last.resources, resources) && same(last.prompts, prompts)) return last.catalog;
  const catalog = registryOf(resources, prompts).then(
    (registry): ForeignCatalog => ({
      resources: true,
      prompts: true,
      completions: registry.capabilities.completions !== undefined,
      answer: (method, params, context) => registry.request(method, params, context),
    }),
  );
  // A definition that cannot be registered fails this request and the next asks again.
  catalog.catch(() => {
    if (last?.catalog === catalog) last = undefined;
  });
  last = { resources, prompts, catalog };
  return catalog;
}
