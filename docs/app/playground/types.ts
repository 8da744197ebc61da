/**
 * The playground's vocabulary, shared by the page and the hosts: kept apart
 * from hosts.ts so the page can use it without loading the adapters and the
 * MCP SDK, which come later as their own chunk.
 */
import type { ShownImage } from "./shown.ts";

export type HostKey = "mcp" | "pi" | "omp" | "ai";
export const HOST_KEYS: readonly HostKey[] = ["mcp", "pi", "omp", "ai"];

/** The MCP protocol revisions the tab's client can negotiate. */
export type Revision = "2025-11-25" | "2026-07-28";
export const REVISIONS: readonly Revision[] = ["2025-11-25", "2026-07-28"];

/**
 * What the MCP card asks of the demo server's resources and prompts, one
 * request a click, each on a fresh pair: the two listings, a read of the
 * fixed resource, and the prompt with a fixed text.
 */
export type CatalogMethod = "resources/list" | "resources/templates/list" | "resources/read" | "prompts/get";
export const CATALOG_METHODS: readonly CatalogMethod[] = ["resources/list", "resources/templates/list", "resources/read", "prompts/get"];
export const CATALOG_PARAMS = {
  "resources/read": { uri: "demo://readme" },
  "prompts/get": { name: "summarize_text", arguments: { text: "Define a tool once and serve it on every host." } },
} as const;

/** A catalog request as its button names it: the method, and what it reads or gets. */
export function catalogLabel(method: CatalogMethod): string {
  if (method === "resources/read") return `${method} ${CATALOG_PARAMS[method].uri}`;
  if (method === "prompts/get") return `${method} ${CATALOG_PARAMS[method].name}`;
  return method;
}

/** How a host answered: a plain result, a returned `isError`, a throw, or (AI SDK) a refusal by the input schema. */
export type Channel = "result" | "isError" | "thrown" | "refused";

export interface HostAnswer {
  host: HostKey;
  channel: Channel;
  /** The text the host hands the model: its text blocks, and a note line for each block it cannot carry. */
  text: string;
  /** The images it hands the model beside the text, in order; left out when there are none. */
  images?: ShownImage[];
}

/** One progress step as the page draws it, whichever host reported it. */
export interface ProgressStep {
  progress: number;
  total?: number;
  message: string;
}

/** An MCP elicitation form: the message and the flat schema of the fields to fill in. */
export interface FormRequest {
  message: string;
  requestedSchema: { type: "object"; properties: Record<string, unknown>; required?: string[] };
}

export type FormReply = { action: "accept"; content: Record<string, unknown> } | { action: "decline" } | { action: "cancel" };

/** One Pi or OMP dialog. A select lists entries; OMP starts on `initialIndex`. */
export type Dialog =
  | { kind: "select"; title: string; options: string[]; initialIndex?: number }
  | { kind: "input"; title: string; placeholder?: string };

/** A call of a tool with a view, answered on MCP: what the tab's app host hands the view (input, then result). */
export interface ViewCall {
  tool: string;
  args: unknown;
  /** The `tools/call` result as the client got it: content, structuredContent, isError. */
  result: Record<string, unknown>;
  revision: Revision;
}

/**
 * The person in front of the tab, as one host reaches them during one call.
 * `form` and `dialog` resolve when the person answers; the signal says the
 * call was replaced or stopped, and the page then takes the question away.
 */
export interface Person {
  progress(step: ProgressStep): void;
  /** MCP elicitation: the reply goes back as the client's answer. */
  form(request: FormRequest, signal: AbortSignal): Promise<FormReply>;
  /** A Pi or OMP dialog: the entry or text chosen, `undefined` for Escape. */
  dialog(dialog: Dialog, signal: AbortSignal): Promise<string | undefined>;
  /** A Pi or OMP notice (a warning before a field is asked again). */
  notify(message: string): void;
  /** A JSON-RPC message of the MCP pair, as one line. */
  wire(line: string): void;
  /** MCP: the call was of a tool with a view, which the tab shows as a client that renders apps would. */
  view?(call: ViewCall): void;
}

export interface CallOptions {
  revision: Revision;
  signal: AbortSignal;
}
