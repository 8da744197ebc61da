/**
 * The four hosts, live in the tab: the real adapters registering the demo
 * tools, each called the way its host calls it. Nothing here opens a socket:
 * MCP runs over the SDK's in-memory transport pair (a fresh pair per call, on
 * the protocol revision the reader picked), Pi and OMP over recording
 * stand-ins of their extension APIs, the AI SDK through its own schema check
 * and the tool's `toModelOutput`. Each card gets what its host hands the
 * model: text, notes for the blocks it cannot carry, and images (shown.ts).
 *
 * During a call each host reaches the person its own way, through a
 * {@link Person} the page implements: MCP with progress notifications and
 * elicitation forms, Pi and OMP with partial results and one dialog per field.
 *
 * The MCP server also serves the demo resources and prompt (catalog.ts); the
 * MCP card asks for them one request at a time and shows the raw response.
 */
import { type AnyTool, type ToolList, Type } from "@agntn/tools";
import { toAiTool } from "@agntn/tools/ai";
import { createMcpServer } from "@agntn/tools/mcp";
import { type OmpToolRegistration, registerOmpTools } from "@agntn/tools/omp";
import { type PiRegisteredTool, registerPiTools } from "@agntn/tools/pi";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { asSchema } from "ai";
import { tools as demoTools } from "../../../playground/server/tools.ts";
import { recordOmp, recordPi } from "../../host-facts/recorders.ts";
import { prompts, resources } from "./catalog.ts";
import { type Shown, shownBlocks, shownModelOutput } from "./shown.ts";
import {
  CATALOG_PARAMS,
  type CallOptions,
  type CatalogMethod,
  type Channel,
  type FormRequest,
  type HostAnswer,
  type HostKey,
  type Person,
  type ProgressStep,
  type Revision,
} from "./types.ts";
import { type Direction, tapTransport, wireLine } from "./wire.ts";

export interface Hosts {
  /** The tools as the hosts have them now; with a changing list (live-list.ts), read again after each change. */
  readonly tools: readonly AnyTool[];
  call(host: HostKey, tool: string, args: unknown, person: Person, options: CallOptions): Promise<HostAnswer>;
  /** One request to the MCP server's resources or prompts, on a fresh pair: the JSON-RPC response as it crossed the pair. */
  catalog(method: CatalogMethod, revision: Revision): Promise<unknown>;
}

/** A question may wait for a person far longer than the SDK's 60 s default; a day is "no time limit" here. */
const NO_TIMEOUT = 86_400_000;

type Blocks = { content?: unknown };

/** What the model is handed, as the card shows it; images only when there are some, so a text answer stays `{ host, channel, text }`. */
function answerFrom(host: HostKey, channel: Channel, shown: Shown): HostAnswer {
  return shown.images.length > 0 ? { host, channel, text: shown.text, images: shown.images } : { host, channel, text: shown.text };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A host's `execute` that returns `{ content, isError? }` or throws. */
async function answerOf(host: HostKey, execute: () => Promise<unknown>): Promise<HostAnswer> {
  try {
    const result = (await execute()) as Blocks & { isError?: boolean };
    return answerFrom(host, result.isError ? "isError" : "result", shownBlocks(result.content));
  } catch (error) {
    return { host, channel: "thrown", text: messageOf(error) };
  }
}

/** Pi's partial result: the line as text, `{ progress, total }` as details. */
export function piProgress(partial: unknown): ProgressStep | undefined {
  const { content, details } = (partial ?? {}) as Blocks & { details?: { progress?: unknown; total?: unknown } };
  if (typeof details?.progress !== "number") return undefined;
  return withTotal({ progress: details.progress, message: shownBlocks(content).text }, details.total);
}

/** OMP's partial result: the line as text, the core's report as `details.progress`. */
export function ompProgress(partial: unknown): ProgressStep | undefined {
  const report = (partial as { details?: { progress?: { progress?: unknown; total?: unknown; message?: unknown } } } | undefined)?.details
    ?.progress;
  if (typeof report?.progress !== "number") return undefined;
  return withTotal({ progress: report.progress, message: String(report.message ?? "") }, report.total);
}

function withTotal(step: ProgressStep, total: unknown): ProgressStep {
  return typeof total === "number" ? { ...step, total } : step;
}

/** OMP's select entries may carry a description; the reply is the label either way. */
function entryLabel(entry: unknown): string {
  return typeof entry === "string" ? entry : String((entry as { label?: unknown }).label ?? "");
}

/**
 * The `ctx` Pi and OMP hand `execute`: a UI whose dialogs are the page's.
 * OMP passes `initialIndex`; Pi's select has none.
 */
function dialogContext(person: Person, callSignal: AbortSignal) {
  type Options = { signal?: AbortSignal; initialIndex?: number } | undefined;
  const ui = {
    select: (title: string, entries: unknown[], options: Options) =>
      person.dialog(
        {
          kind: "select",
          title,
          options: entries.map(entryLabel),
          ...(options?.initialIndex === undefined ? {} : { initialIndex: options.initialIndex }),
        },
        options?.signal ?? callSignal,
      ),
    input: (title: string, placeholder: string | undefined, options: Options) =>
      person.dialog({ kind: "input", title, ...(placeholder === undefined ? {} : { placeholder }) }, options?.signal ?? callSignal),
    notify: (message: string) => person.notify(message),
  };
  return { hasUI: true, ui };
}

/** What the tab's client declares of MCP Apps: it renders views (the card shows them, ../components/playground/AppView.vue). */
const RENDERS_APPS = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } };

/** Nobody at the tab: for a connection that asks nothing of the reader (the card's resources and prompts). */
const NOBODY: Person = {
  progress() {},
  form: async () => ({ action: "cancel" }),
  dialog: async () => undefined,
  notify() {},
  wire() {},
};

/**
 * One MCP connection over a fresh in-memory pair: a 2025 session, or the 2026
 * per-request entry the SDK serves stdio with. The server has the demo
 * resources and prompts (catalog.ts) beside the tools; `tap` sees every
 * message as it crossed the pair.
 */
export async function connectMcp(
  tools: readonly AnyTool[] | ToolList,
  person: Person,
  options: { revision: Revision; signal?: AbortSignal; tap?: (direction: Direction, message: unknown) => void },
) {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const info = { name: "docs-playground", version: "1.0.0" };
  // A connection without a call of its own (a view's) has nothing to stop its questions but the person.
  const signal = options.signal ?? new AbortController().signal;
  const modern = options.revision === "2026-07-28";
  let closeServer: () => Promise<void>;
  if (modern) {
    const handle = serveStdio(() => createMcpServer(info, tools, { resources, prompts }), { transport: serverSide });
    closeServer = () => handle.close();
  } else {
    const server = createMcpServer(info, tools, { resources, prompts });
    await server.connect(serverSide);
    closeServer = () => server.close();
  }
  const client = new Client({ name: "docs-tab", version: "1.0.0" }, {
    // Form elicitation declared, so the server may ask; 2026-07-28 only when pinned (the default stays on 2025).
    capabilities: { elicitation: { form: {} }, ...RENDERS_APPS },
    ...(modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
  } as ConstructorParameters<typeof Client>[1]);
  // The same handler answers both revisions: a server request on 2025, an input request the SDK fulfils on 2026.
  client.setRequestHandler("elicitation/create", async (request) => {
    const params = request.params as unknown as FormRequest;
    return (await person.form({ message: params.message, requestedSchema: params.requestedSchema }, signal)) as never;
  });
  await client.connect(
    tapTransport(clientSide, (direction, message) => {
      options.tap?.(direction, message);
      person.wire(wireLine(direction, message));
    }),
  );
  return {
    client,
    close: async () => {
      await client.close();
      await closeServer();
    },
  };
}

/** What Pi, OMP and the AI SDK were given for one version of the tool list: each host's tools by name. */
interface Registered {
  byName: Map<string, AnyTool>;
  piExecutes: Map<string, PiRegisteredTool["execute"]>;
  ompExecutes: Map<string, OmpToolRegistration["execute"]>;
  aiTools: Map<string, ReturnType<typeof toAiTool>>;
}

function register(tools: readonly AnyTool[]): Registered {
  const pi = recordPi();
  registerPiTools(pi.api, tools);
  const omp = recordOmp((schema) => Type.Unsafe(schema));
  registerOmpTools(omp.api, tools);
  return {
    byName: new Map(tools.map((tool) => [tool.name, tool])),
    piExecutes: new Map(pi.registered.map((entry) => [String(entry.name), entry.execute as PiRegisteredTool["execute"]])),
    ompExecutes: new Map(omp.registered.map((entry) => [entry.name, entry.execute])),
    aiTools: new Map(tools.map((tool) => [tool.name, toAiTool(tool)])),
  };
}

/**
 * The hosts, given a fixed array of tools or a `createToolList` list. With a
 * list, each host takes the tools as they are when it is next called: Pi, OMP
 * and the AI SDK register the list's current version again (once per version,
 * as an agent does when it next builds its tools), and each MCP call's server
 * reads it on every request.
 */
export function createHosts(given: readonly AnyTool[] | ToolList = demoTools): Hosts {
  const now = (): readonly AnyTool[] => (Array.isArray(given) ? given : (given as ToolList).tools);
  // Each version of a list is a new frozen array, so the array itself is the key.
  const versions = new WeakMap<readonly AnyTool[], Registered>();
  const registered = (): Registered => {
    const tools = now();
    let made = versions.get(tools);
    if (!made) {
      made = register(tools);
      versions.set(tools, made);
    }
    return made;
  };
  registered();

  async function mcp(tool: AnyTool, args: unknown, person: Person, options: CallOptions): Promise<HostAnswer> {
    let connection: Awaited<ReturnType<typeof connectMcp>> | undefined;
    try {
      // A call's connection lasts one call: its server is made from the tools as they are now.
      connection = await connectMcp(now(), person, options);
      const onprogress = (step: { progress: number; total?: number; message?: string }) =>
        person.progress(withTotal({ progress: step.progress, message: step.message ?? "" }, step.total));
      const result = await connection.client.callTool(
        { name: tool.name, arguments: args as Record<string, unknown> },
        { onprogress, signal: options.signal, timeout: NO_TIMEOUT, maxTotalTimeout: NO_TIMEOUT },
      );
      // A tool with a view: the card shows it too, as a client that renders apps would (the text above stays what the model reads).
      if (tool.ui?.html !== undefined || tool.ui?.file !== undefined) {
        person.view?.({ tool: tool.name, args, result: result as Record<string, unknown>, revision: options.revision });
      }
      return answerFrom("mcp", result.isError ? "isError" : "result", shownBlocks(result.content));
    } catch (error) {
      // The client refuses to send arguments that are not an object; that refusal is the answer.
      return { host: "mcp", channel: "thrown", text: messageOf(error) };
    } finally {
      await connection?.close();
    }
  }

  async function aiSdk(ai: ReturnType<typeof toAiTool>, args: unknown, options: CallOptions): Promise<HostAnswer> {
    // The AI SDK checks the model's input against the tool's schema before execute, as generateText does.
    const checked = await asSchema(ai.inputSchema).validate?.(args);
    if (checked && !checked.success) return { host: "ai", channel: "refused", text: messageOf(checked.error) };
    try {
      const context = { toolCallId: "tab", messages: [], context: {}, abortSignal: options.signal };
      // toAiTool's execute answers one value, never a stream.
      const output: unknown = await ai.execute?.(args as never, context);
      // What generateText hands the model: the tool's own toModelOutput, else the output as JSON.
      const model = ai.toModelOutput
        ? await ai.toModelOutput({ toolCallId: "tab", input: args as never, output: output as never })
        : { type: "json", value: output };
      return answerFrom("ai", "result", shownModelOutput(model));
    } catch (error) {
      return { host: "ai", channel: "thrown", text: messageOf(error) };
    }
  }

  async function catalog(method: CatalogMethod, revision: Revision): Promise<unknown> {
    let answer: unknown;
    const tap = (direction: Direction, message: unknown) => {
      if (direction === "in" && typeof message === "object" && message !== null && ("result" in message || "error" in message)) {
        answer = message;
      }
    };
    const connection = await connectMcp(now(), NOBODY, { revision, tap });
    try {
      const { client } = connection;
      // A refusal is an error response the tap already kept; the client's throw adds nothing to it.
      await (method === "resources/list"
        ? client.listResources()
        : method === "resources/templates/list"
          ? client.listResourceTemplates()
          : method === "resources/read"
            ? client.readResource(CATALOG_PARAMS[method])
            : client.getPrompt(CATALOG_PARAMS[method])
      ).catch(() => {});
      return answer;
    } finally {
      await connection.close();
    }
  }

  return {
    get tools() {
      return now();
    },
    catalog,
    call(host, name, args, person, options) {
      // One version of the list for the whole call, whichever host makes it.
      const { byName, piExecutes, ompExecutes, aiTools } = registered();
      const tool = byName.get(name);
      if (!tool) return Promise.reject(new Error(`no demo tool named ${JSON.stringify(name)}`));
      const ctx = dialogContext(person, options.signal);
      switch (host) {
        case "mcp":
          return mcp(tool, args, person, options);
        case "pi":
          return answerOf("pi", () =>
            piExecutes.get(name)!("tab", args as never, options.signal, (partial) => report(person, piProgress(partial)), ctx as never),
          );
        case "omp":
          return answerOf("omp", () =>
            ompExecutes.get(name)!("tab", args, options.signal, (partial) => report(person, ompProgress(partial)), ctx),
          );
        case "ai":
          return aiSdk(aiTools.get(name)!, args, options);
      }
    },
  };
}

function report(person: Person, step: ProgressStep | undefined): void {
  if (step) person.progress(step);
}
