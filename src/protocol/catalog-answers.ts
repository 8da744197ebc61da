/**
 * The answers to a catalog's requests (./served.ts), with no SDK: listing,
 * reading, getting and completing, and the one failure shape every refusal
 * takes. The SDK v2 server (src/mcp/catalog.ts) and the Claude Agent SDK's
 * in-process server on SDK v1 (src/claude-agent/server.ts) each turn a
 * {@link CatalogFailure} into their SDK's error, so both answer alike.
 *
 * - URIs and names come from clients: every lookup is a `Map`.
 * - A fixed URI wins over a template; templates are tried in the order given.
 * - An unknown URI is `-32602` with the URI in `data`; an unknown prompt or a
 *   bad argument is `-32602` too, each in one clean line; a throw in a
 *   definition is `-32603` with the usual `<name> failed: <message>` line,
 *   cleaned. No stack reaches a client.
 */
import { failureText, ToolDefinitionError } from "../core/errors.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import {
  type Catalog,
  type CompletionAnswer,
  type CompletionContext,
  type PromptAnswer,
  type ReadAnswer,
  type ResourceListing,
  type ServedContext,
  type ServedPrompt,
  ServedRefusal,
  type ServedResource,
  type ServedTemplate,
} from "./served.ts";

export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/** A refusal as a client gets it: a JSON-RPC code, one clean message, and for an unknown resource its URI. */
export class CatalogFailure extends Error {
  readonly code: number;
  readonly uri: string | undefined;
  constructor(code: number, message: string, uri?: string) {
    super(message);
    this.name = "CatalogFailure";
    this.code = code;
    this.uri = uri;
  }
}

/** A URI or name from a client, cut at 200 characters for an error line. */
function cut(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** A URI or name from a client, cut and quoted (hidden characters escaped) for an error line. */
export function shown(value: unknown): string {
  return quote(cut(value));
}

/** An unknown URI: the message quotes it with hidden characters escaped, `uri` holds it cut, as one plain line. */
export function notFound(uri: string, message = `Resource not found: ${shown(uri)}`): CatalogFailure {
  return new CatalogFailure(INVALID_PARAMS, message, sanitizeLine(cut(uri)));
}

export function unknownPrompt(name: string): CatalogFailure {
  return new CatalogFailure(INVALID_PARAMS, `Unknown prompt: ${shown(name)}`);
}

/** A throw from an entry as the client gets it: a refusal as it stands, anything else as the cleaned failure line. */
export function failureOf(name: string, error: unknown, uri?: string): CatalogFailure {
  if (error instanceof CatalogFailure) return error;
  if (error instanceof ServedRefusal) {
    if (error.kind === "resource-not-found" && uri !== undefined) return notFound(uri, sanitizeLine(error.message));
    return new CatalogFailure(INVALID_PARAMS, error.message.split("\n").map(sanitizeLine).join("\n"));
  }
  return new CatalogFailure(INTERNAL_ERROR, failureText(name, error));
}

/** Runs an answer; whatever it throws becomes `refuse(error)`, the SDK's own error for it (each SDK's server says how). */
export async function answered<T>(run: () => Promise<T>, refuse: (error: unknown) => Error): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw refuse(error);
  }
}

/** What one server serves beside tools, indexed. */
export interface CatalogIndex {
  fixed: Map<string, ServedResource>;
  templates: readonly ServedTemplate[];
  templatesByUri: Map<string, ServedTemplate>;
  prompts: Map<string, ServedPrompt>;
}

const indexes = new WeakMap<Catalog, CatalogIndex>();

/** The catalog indexed, once per catalog (an HTTP handler builds a server per request from the same one); a clash throws. */
export function indexOf(catalog: Catalog): CatalogIndex {
  let index = indexes.get(catalog);
  if (!index) {
    index = buildIndex(catalog);
    indexes.set(catalog, index);
  }
  return index;
}

function buildIndex(catalog: Catalog): CatalogIndex {
  const fixed = new Map<string, ServedResource>();
  for (const resource of catalog.resources) {
    const uri = resource.listing.uri;
    if (fixed.has(uri)) throw new ToolDefinitionError(`Duplicate resource URI ${quote(uri)}: every fixed resource needs its own URI`);
    fixed.set(uri, resource);
  }
  const templatesByUri = new Map<string, ServedTemplate>();
  for (const template of catalog.templates) {
    const text = template.listing.uriTemplate;
    if (templatesByUri.has(text)) {
      throw new ToolDefinitionError(`Duplicate resource template ${quote(text)}: every template needs its own uriTemplate`);
    }
    templatesByUri.set(text, template);
  }
  const prompts = new Map<string, ServedPrompt>();
  for (const prompt of catalog.prompts) {
    const name = prompt.listing.name;
    if (prompts.has(name)) throw new ToolDefinitionError(`Duplicate prompt name ${quote(name)}: every prompt in a list needs its own name`);
    prompts.set(name, prompt);
  }
  return { fixed, templates: catalog.templates, templatesByUri, prompts };
}

/** Which of `resources`, `prompts` and `completions` a catalog has something for. */
export function catalogParts(catalog: Catalog): { resources: boolean; prompts: boolean; completions: boolean } {
  return {
    resources: catalog.resources.length > 0 || catalog.templates.length > 0,
    prompts: catalog.prompts.length > 0,
    completions: catalog.templates.some((t) => t.complete !== undefined) || catalog.prompts.some((p) => p.complete !== undefined),
  };
}

/** `resources/list`: the fixed resources, then what each template lists. */
export async function listResources(index: CatalogIndex, context: () => ServedContext): Promise<ResourceListing[]> {
  const listed: ResourceListing[] = [...index.fixed.values()].map((resource) => resource.listing);
  for (const template of index.templates) {
    if (!template.list) continue;
    try {
      listed.push(...(await template.list(context())));
    } catch (error) {
      throw failureOf(template.listing.name, error);
    }
  }
  return listed;
}

/** A read: the fixed resource of that URI, else the first template that matches it; `undefined` when none does. */
export async function readResource(
  index: CatalogIndex,
  uri: string,
  context: ServedContext,
): Promise<{ entry: ServedResource | ServedTemplate; result: ReadAnswer } | undefined> {
  const fixed = index.fixed.get(uri);
  if (fixed) {
    try {
      return { entry: fixed, result: await fixed.read(uri, context) };
    } catch (error) {
      throw failureOf(fixed.listing.name, error, uri);
    }
  }
  for (const template of index.templates) {
    const variables = template.match(uri);
    if (!variables) continue;
    try {
      return { entry: template, result: await template.read(uri, variables, context) };
    } catch (error) {
      throw failureOf(template.listing.name, error, uri);
    }
  }
  return undefined;
}

/** `prompts/get` of a prompt the catalog has (the caller checks `index.prompts` first, to ask another source). */
export async function getPrompt(
  prompt: ServedPrompt,
  args: Record<string, string> | undefined,
  context: ServedContext,
): Promise<PromptAnswer> {
  try {
    return await prompt.get(args, context);
  } catch (error) {
    throw failureOf(prompt.listing.name, error);
  }
}

export type CompletionRef = { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };

/** Whether the catalog itself answers a completion for this reference. */
export function completesRef(index: CatalogIndex, ref: CompletionRef): boolean {
  return ref.type === "ref/prompt" ? index.prompts.has(ref.name) : index.templatesByUri.has(ref.uri) || index.fixed.has(ref.uri);
}

/** `completion/complete`: the values a prompt argument or a template variable suggests (none where nothing completes). */
export async function complete(
  index: CatalogIndex,
  ref: CompletionRef,
  argument: { name: string; value: string },
  context: CompletionContext & ServedContext,
): Promise<CompletionAnswer> {
  const name = ref.type === "ref/prompt" ? ref.name : ref.uri;
  try {
    if (ref.type === "ref/prompt") {
      const prompt = index.prompts.get(ref.name);
      if (!prompt) throw unknownPrompt(ref.name);
      return prompt.complete ? await prompt.complete(argument.name, argument.value, context) : { values: [] };
    }
    const template = index.templatesByUri.get(ref.uri);
    // A fixed resource has nothing to complete; an unknown one is named as a read would name it.
    if (!template && !index.fixed.has(ref.uri)) throw notFound(ref.uri, `Unknown resource template: ${shown(ref.uri)}`);
    return template?.complete ? await template.complete(argument.name, argument.value, context) : { values: [] };
  } catch (error) {
    throw failureOf(name, error);
  }
}
