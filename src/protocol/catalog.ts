/**
 * This package's own resources, templates and prompts (`defineResource`,
 * `definePrompt`) as the server serves them (./served.ts): each definition
 * checked once, listed as plain JSON, and its functions wrapped so their
 * answers come back in MCP's shapes or as one line saying what is wrong.
 *
 * - `read` answers become a `ReadAnswer`: an item without `uri` gets the URI
 *   read, one without `mimeType` the definition's; bytes are sent in base64.
 * - A prompt's arguments are checked against its schema by the core's own
 *   checker; a refusal carries the lines a tool call with the same problems
 *   gets (`Invalid arguments at /topic: must be string`).
 * - Completions are cut to MCP's 100 values (`total` and `hasMore` then say so).
 * - Functions get a context built as a tool's is (core/context.ts): the same
 *   `log` (cleaned lines, levels checked) and `progress`, dropped once the
 *   function has answered.
 */
import { chainOf } from "../core/chains.ts";
import { readContent } from "../core/content.ts";
import { callContext, type HostContext } from "../core/context.ts";
import { linesText, ToolDefinitionError } from "../core/errors.ts";
import { type AnyPrompt, type PreparedPrompt, type PromptContext, preparePrompt } from "../core/prompts.ts";
import {
  type AnyResource,
  type CompleteContext,
  type Completer,
  checkAnnotations,
  checkIcons,
  checkMeta,
  isMimeType,
  kindOf,
  type PreparedFixed,
  type PreparedTemplate,
  prepareResource,
  type ResourceContext,
} from "../core/resources.ts";
import { quote } from "../core/sanitize.ts";
import { isRecord, propertiesOf } from "../core/schema.ts";
import type { ContentBlock } from "../core/types.ts";
import { checkValue } from "../core/validate.ts";
import { indexOf } from "./catalog-answers.ts";
import { type ArgumentsCheck, calledEntry, chained, chainedGet, chainedRead } from "./catalog-chain.ts";
import type {
  Catalog,
  CompletionAnswer,
  CompletionContext,
  PromptAnswer,
  PromptListing,
  ReadAnswer,
  ResourceListing,
  ServedContents,
  ServedContext,
  ServedPrompt,
  ServedResource,
  ServedTemplate,
  TemplateListing,
} from "./served.ts";
import { EMPTY_CATALOG, ServedRefusal } from "./served.ts";

/** MCP's cap on the values of one completion. */
export const MAX_COMPLETIONS = 100;

/**
 * Checks every definition and turns the lists into what a server serves.
 * Two fixed resources with one URI, two templates with one `uriTemplate` or
 * two prompts with one name throw a {@link ToolDefinitionError}; two
 * resources may share a name (names are for people).
 */
export function catalogOf(resources: readonly AnyResource[], prompts: readonly AnyPrompt[]): Catalog {
  if (!Array.isArray(resources)) throw new ToolDefinitionError("resources must be an array of resource definitions");
  if (!Array.isArray(prompts)) throw new ToolDefinitionError("prompts must be an array of prompt definitions");
  const fixed: ServedResource[] = [];
  const templates: ServedTemplate[] = [];
  for (const resource of resources) {
    const entry = prepareResource(resource);
    if (entry.kind === "fixed") fixed.push(servedResource(entry));
    else templates.push(servedTemplate(entry));
  }
  const catalog: Catalog = { resources: fixed, templates, prompts: prompts.map((prompt) => servedPrompt(preparePrompt(prompt))) };
  // The one duplicate check every server makes too (views included there): a URI, template or prompt name twice.
  indexOf(catalog);
  return catalog;
}

/*
 * Listings: built key by key from the checked copies, so they hold no
 * `undefined`, no symbol key, nothing but JSON.
 */

function commonListing(entry: PreparedFixed | PreparedTemplate, into: Record<string, unknown>): void {
  if (entry.title !== undefined) into.title = entry.title;
  if (entry.description !== undefined) into.description = entry.description;
  if (entry.mimeType !== undefined) into.mimeType = entry.mimeType;
}

function extrasListing(entry: { annotations?: unknown; icons?: unknown; meta?: unknown }, into: Record<string, unknown>): void {
  if (entry.annotations !== undefined) into.annotations = structuredCopy(entry.annotations);
  if (entry.icons !== undefined) into.icons = structuredCopy(entry.icons);
  if (entry.meta !== undefined) into._meta = structuredCopy(entry.meta);
}

/** A fresh copy per listing of a JSON value checked at definition time: a server that edits one listing leaves the next alone. */
function structuredCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function resourceListing(entry: PreparedFixed): ResourceListing {
  const listing: ResourceListing = { uri: entry.uri, name: entry.name };
  commonListing(entry, listing);
  if (entry.size !== undefined) listing.size = entry.size;
  extrasListing(entry, listing);
  return listing;
}

function templateListing(entry: PreparedTemplate): TemplateListing {
  const listing: TemplateListing = { uriTemplate: entry.template.template, name: entry.name };
  commonListing(entry, listing);
  extrasListing(entry, listing);
  return listing;
}

function promptListing(entry: PreparedPrompt): PromptListing {
  const listing: PromptListing = { name: entry.name };
  if (entry.title !== undefined) listing.title = entry.title;
  if (entry.description !== undefined) listing.description = entry.description;
  const schema = entry.schema;
  if (schema) {
    const required = Array.isArray(schema.required) ? schema.required : [];
    const args: NonNullable<PromptListing["arguments"]> = [];
    for (const [name, property] of propertiesOf(schema)) {
      const argument: { name: string; title?: string; description?: string; required: boolean } = {
        name,
        required: required.includes(name),
      };
      if (typeof property.title === "string") argument.title = property.title;
      if (typeof property.description === "string") argument.description = property.description;
      args.push(argument);
    }
    if (args.length > 0) listing.arguments = args;
  }
  extrasListing(entry, listing);
  return listing;
}

/*
 * Running a definition's function: its context is a tool's, built by the
 * same code from what the server passed; anything logged after the function
 * answered is dropped, as for a tool.
 */

const NO_HOST: HostContext = Object.freeze({});

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** Runs `run` in the definition's context, then `answer` on its result; one promise, none when `run` answers at once. */
function withContext<R, T>(
  name: string,
  served: ServedContext | undefined,
  run: (context: ResourceContext) => R | Promise<R>,
  answer: (result: R) => T,
): Promise<T> {
  // A served context holds only what a resource's context may (signal, caller, facts, log, progress), so the context
  // built from it has only `signal`, `auth`, `log` and `progress`: it is handed on as it is, with no copy per read.
  const call = callContext({ name }, served ?? NO_HOST);
  const context: ResourceContext = call.context;
  let out: R | Promise<R>;
  try {
    out = run(context);
  } catch (error) {
    call.close();
    return Promise.reject(error);
  }
  if (!isThenable(out)) {
    call.close();
    try {
      return Promise.resolve(answer(out as R));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return (out as Promise<R>).then(
    (value) => {
      call.close();
      return answer(value);
    },
    (error) => {
      call.close();
      throw error;
    },
  );
}

/** The entry as a middleware sees it, and the chain `withMiddleware` gave its definition, when it has one. */
function chainOfEntry(entry: PreparedFixed | PreparedTemplate | PreparedPrompt) {
  const chain = chainOf(entry.definition);
  return chain && chain.length > 0 ? { chain, called: calledEntry(entry.name, entry.title, entry.description) } : undefined;
}

const NO_VARIABLES: Readonly<Record<string, string>> = Object.freeze({});

function servedResource(entry: PreparedFixed): ServedResource {
  const read = (uri: string, context: ServedContext) =>
    withContext(
      entry.name,
      context,
      (own) => entry.definition.read(own),
      (result) => readAnswer(result, uri, entry.mimeType),
    );
  const around = chainOfEntry(entry);
  const served: ServedResource = {
    listing: resourceListing(entry),
    read: around
      ? (uri, context) =>
          chained(around.chain)
            ? chainedRead(around.chain, around.called, uri, NO_VARIABLES, context, () => read(uri, context))
            : read(uri, context)
      : read,
  };
  if (entry.cache) served.cache = { ...entry.cache };
  return served;
}

function servedTemplate(entry: PreparedTemplate): ServedTemplate {
  const { definition, template } = entry;
  const read = (uri: string, variables: Record<string, string | string[]>, context: ServedContext) =>
    withContext(
      entry.name,
      context,
      (own) => definition.read(variables, own),
      (result) => readAnswer(result, uri, entry.mimeType),
    );
  const around = chainOfEntry(entry);
  const served: ServedTemplate = {
    listing: templateListing(entry),
    match: (uri) => template.match(uri),
    read: around
      ? (uri, variables, context) =>
          chained(around.chain)
            ? chainedRead(around.chain, around.called, uri, variables, context, () => read(uri, variables, context))
            : read(uri, variables, context)
      : read,
  };
  const list = definition.list;
  if (typeof list === "function") {
    served.list = (context) =>
      withContext(
        entry.name,
        context,
        (own) => list.call(definition, own),
        (result) => listedResources(result, entry.mimeType),
      );
  }
  if (entry.completers.size > 0) {
    served.complete = (variable, value, context) => completion(entry.name, entry.completers, variable, value, context);
  }
  if (entry.cache) served.cache = { ...entry.cache };
  return served;
}

function servedPrompt(entry: PreparedPrompt): ServedPrompt {
  const get = (accepted: Record<string, unknown>, context: ServedContext) =>
    withContext(entry.name, context, (own: PromptContext) => entry.definition.get(accepted as never, own), promptAnswer);
  const around = chainOfEntry(entry);
  const served: ServedPrompt = {
    listing: promptListing(entry),
    get: (args, context) => {
      const checked = checkArguments(entry, args);
      if (around && chained(around.chain)) {
        return chainedGet(around.chain, around.called, checked, context, (accepted) => get(accepted, context));
      }
      if (!checked.ok) return Promise.reject(new ServedRefusal("invalid-params", linesText(checked.lines)));
      return get(checked.value, context);
    },
  };
  if (entry.completers.size > 0) {
    served.complete = (argument, value, context) => completion(entry.name, entry.completers, argument, value, context);
  }
  return served;
}

/** The arguments `get` receives: checked against the schema (a missing object reads as `{}`), or `{}` for a prompt without arguments. */
function checkArguments(entry: PreparedPrompt, args: unknown): ArgumentsCheck {
  const checker = entry.checker();
  if (!checker || !entry.schema) return { ok: true, value: {} };
  return checkValue(entry.schema, checker, args === undefined ? {} : args, "Invalid arguments") as ArgumentsCheck;
}

async function completion(
  name: string,
  completers: ReadonlyMap<string, Completer>,
  key: string,
  value: string,
  served: (CompletionContext & ServedContext) | undefined,
): Promise<CompletionAnswer> {
  const completer = completers.get(key);
  if (!completer) return { values: [] };
  // The other arguments the client sent, strings only, in an object without a prototype (names are the client's).
  const others: Record<string, string> = Object.create(null);
  const given = served?.arguments;
  if (isRecord(given)) {
    for (const other of Object.keys(given)) {
      const text = given[other];
      if (typeof text === "string") others[other] = text;
    }
  }
  const answer: unknown = await withContext(
    name,
    served,
    (own) => {
      const context: CompleteContext = { ...own, arguments: others };
      return completer(typeof value === "string" ? value : "", context);
    },
    (result) => result,
  );
  if (!Array.isArray(answer)) throw new Error(`complete[${quote(key)}]: the answer is ${kindOf(answer)}; return an array of strings`);
  const values = answer.filter((item): item is string => typeof item === "string");
  if (values.length <= MAX_COMPLETIONS) return { values };
  return { values: values.slice(0, MAX_COMPLETIONS), total: values.length, hasMore: true };
}

/*
 * Answers: each checked and copied into MCP's shape; the first problem is
 * thrown as one line, which the server turns into its failure line.
 */

function isBytes(value: unknown): value is Uint8Array {
  if (value instanceof Uint8Array) return true;
  // A Uint8Array from another realm (an iframe, a vm context) fails `instanceof`.
  try {
    return Object.prototype.toString.call(value) === "[object Uint8Array]";
  } catch {
    return false;
  }
}

/** Standard base64 (RFC 4648 §4, padded), without Node's Buffer: `btoa` runs in browsers, workers and Node. */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk) {
    binary += String.fromCharCode(...Uint8Array.prototype.subarray.call(bytes, at, at + chunk));
  }
  return btoa(binary);
}

function readAnswer(result: unknown, uri: string, mimeType: string | undefined): ReadAnswer {
  if (typeof result === "string") return { contents: [contentsOf(uri, mimeType, { text: result })] };
  if (isBytes(result)) return { contents: [contentsOf(uri, mimeType, { blob: base64Of(result) })] };
  if (Array.isArray(result)) return { contents: result.map((item, k) => readItem(item, k, uri, mimeType)) };
  if (isRecord(result) && (result.text !== undefined || result.blob !== undefined))
    return { contents: [readItem(result, 0, uri, mimeType)] };
  throw new Error(`read: the answer is ${kindOf(result)}; return text, a Uint8Array, { text } or { blob }, or an array of them`);
}

function contentsOf(uri: string, mimeType: string | undefined, body: { text: string } | { blob: string }): ServedContents {
  return (mimeType === undefined ? { uri, ...body } : { uri, mimeType, ...body }) as ServedContents;
}

function readItem(item: unknown, index: number, uri: string, mimeType: string | undefined): ServedContents {
  const at = `read: contents[${index}]`;
  if (!isRecord(item) || isBytes(item)) throw new Error(`${at} must be an object { text } or { blob }, got ${kindOf(item)}`);
  const { text, blob } = item;
  const own = item.uri;
  const ownType = item.mimeType;
  if (own !== undefined && (typeof own !== "string" || own === ""))
    throw new Error(`${at}: uri must be a non-empty string, got ${kindOf(own)}`);
  if (ownType !== undefined && !isMimeType(ownType))
    throw new Error(`${at}: mimeType must be a MIME type like "text/plain", got ${shown(ownType)}`);
  if (text !== undefined && blob !== undefined) throw new Error(`${at}: give text or blob, not both`);
  if (text === undefined && blob === undefined) throw new Error(`${at}: needs text (a string) or blob (a Uint8Array)`);
  if (text !== undefined && typeof text !== "string") throw new Error(`${at}: text must be a string, got ${kindOf(text)}`);
  if (blob !== undefined && !isBytes(blob)) throw new Error(`${at}: blob must be a Uint8Array, got ${kindOf(blob)}`);
  const body = text !== undefined ? { text: text as string } : { blob: base64Of(blob as Uint8Array) };
  return contentsOf((own as string | undefined) ?? uri, (ownType as string | undefined) ?? mimeType, body);
}

/** A value as a problem line shows it: a string quoted (cut after 40 characters), anything else by its kind. */
function shown(value: unknown): string {
  return typeof value === "string" ? quote(value.length > 40 ? `${value.slice(0, 40)}…` : value) : kindOf(value);
}

function listedResources(result: unknown, mimeType: string | undefined): ResourceListing[] {
  if (!Array.isArray(result)) throw new Error(`list: the answer is ${kindOf(result)}; return an array of { uri, name, … }`);
  return result.map((item, index) => {
    const fail = (problem: string): never => {
      throw new Error(`list: resources[${index}]: ${problem}`);
    };
    if (!isRecord(item)) return fail(`must be an object { uri, name, … }, got ${kindOf(item)}`);
    const { uri, name, title, description, size } = item;
    if (typeof uri !== "string" || uri === "") fail(`uri must be a non-empty string, got ${shown(uri)}`);
    if (typeof name !== "string" || name === "") fail(`name must be a non-empty string, got ${shown(name)}`);
    const listing: ResourceListing = { uri: uri as string, name: name as string };
    if (title !== undefined) listing.title = typeof title === "string" ? title : fail(`title must be a string, got ${kindOf(title)}`);
    if (description !== undefined) {
      listing.description =
        typeof description === "string" ? description : fail(`description must be a string, got ${kindOf(description)}`);
    }
    const ownType = item.mimeType;
    if (ownType !== undefined && !isMimeType(ownType)) fail(`mimeType must be a MIME type like "text/plain", got ${shown(ownType)}`);
    const type = (ownType as string | undefined) ?? mimeType;
    if (type !== undefined) listing.mimeType = type;
    if (size !== undefined) {
      listing.size =
        typeof size === "number" && Number.isSafeInteger(size) && size >= 0 ? size : fail("size must be a whole number of bytes");
    }
    const annotations = checkAnnotations(item.annotations, fail);
    const icons = checkIcons(item.icons, fail);
    const meta = checkMeta(item.meta, fail);
    if (annotations !== undefined) listing.annotations = { ...annotations };
    if (icons !== undefined) listing.icons = icons;
    if (meta !== undefined) listing._meta = meta;
    return listing;
  });
}

const ROLES: ReadonlySet<unknown> = new Set(["user", "assistant"]);

function promptAnswer(result: unknown): PromptAnswer {
  if (typeof result === "string") return { messages: [{ role: "user", content: { type: "text", text: result } }] };
  if (Array.isArray(result)) return { messages: result.map(readMessage) };
  if (isRecord(result) && result.messages !== undefined) {
    const { description, messages } = result;
    if (description !== undefined && typeof description !== "string") {
      throw new Error(`get: description must be a string, got ${kindOf(description)}`);
    }
    if (!Array.isArray(messages)) throw new Error(`get: messages must be an array, got ${kindOf(messages)}`);
    const answer: PromptAnswer = { messages: messages.map(readMessage) };
    return description === undefined ? answer : { description, ...answer };
  }
  if (isRecord(result) && result.text !== undefined) {
    const { role, text } = result;
    if (role !== undefined && !ROLES.has(role)) throw new Error(`get: role must be "user" or "assistant", got ${shown(role)}`);
    if (typeof text !== "string") throw new Error(`get: text must be a string, got ${kindOf(text)}`);
    return { messages: [{ role: (role ?? "user") as "user" | "assistant", content: { type: "text", text } }] };
  }
  throw new Error(
    `get: the answer is ${kindOf(result)}; return text, { role?, text }, an array of { role, content }, or { description?, messages }`,
  );
}

function readMessage(message: unknown, index: number): PromptAnswer["messages"][number] {
  const at = `get: messages[${index}]`;
  if (!isRecord(message)) throw new Error(`${at} must be an object { role, content }, got ${kindOf(message)}`);
  const { role, content } = message;
  if (!ROLES.has(role)) throw new Error(`${at}: role must be "user" or "assistant", got ${shown(role)}`);
  if (typeof content === "string") return { role: role as "user" | "assistant", content: { type: "text", text: content } };
  const read = readContent([content]);
  if (!read.ok) throw new Error(`${at}: ${(read.problems[0] as string).replace(/^content\[0\]/, "content")}`);
  return { role: role as "user" | "assistant", content: read.blocks[0] as ContentBlock as unknown as Record<string, unknown> };
}

/** The `resources` and `prompts` options as one catalog, every definition checked; a broken one throws naming the face. */
export function catalogOption(
  options: { resources?: readonly AnyResource[] | undefined; prompts?: readonly AnyPrompt[] | undefined },
  where: string,
): Catalog {
  const { resources = [], prompts = [] } = options;
  if (resources.length === 0 && prompts.length === 0) return EMPTY_CATALOG;
  try {
    return catalogOf(resources, prompts);
  } catch (error) {
    if (error instanceof ToolDefinitionError) throw new ToolDefinitionError(`${where}: ${error.message}`);
    throw error;
  }
}
