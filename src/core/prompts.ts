/**
 * definePrompt: a prompt template a person picks in an MCP client, defined
 * once and checked now, the way defineTool checks a tool. Its arguments are a
 * TypeBox `Type.Object` of strings (MCP sends prompt arguments as strings
 * only), checked on every `prompts/get` with the core's own checker, so a bad
 * argument is refused in the words a tool call gets. What a server makes of
 * a definition is in src/protocol/catalog.ts.
 */
import { NAME } from "./define.ts";
import { ToolDefinitionError } from "./errors.ts";
import {
  type CompleteContext,
  type Completer,
  checkCompleters,
  checkIcons,
  checkMeta,
  kindOf,
  optionalText,
  type ResourceContext,
} from "./resources.ts";
import { quote } from "./sanitize.ts";
import { isObjectSchema, isRecord, type JsonSchema, propertiesOf, toJsonSchema } from "./schema.ts";
import type { ContentBlock, Icon, InputOf } from "./types.ts";
import { type Checker, compileChecker } from "./validate.ts";

/**
 * The name rule tools follow (define.ts), for prompts too: 1 to 64 characters
 * of a-z, 0-9 and _, starting with a letter.
 */

/** What a prompt's `get` and completers get from the host (the same as a resource's). */
export type PromptContext = ResourceContext;

export type { CompleteContext, Completer };

/** One message of a prompt: a role and one block (a string is a text block). */
export interface PromptMessage {
  role: "user" | "assistant";
  content: string | ContentBlock;
}

/** What `get` returns: text (one user message), one message, several, or several with a description. */
export type PromptResult =
  | string
  | { role?: "user" | "assistant"; text: string }
  | readonly PromptMessage[]
  | { description?: string; messages: readonly PromptMessage[] };

/** The arguments `get` receives: the schema's static type, or an empty object for a prompt without arguments. */
export type PromptArguments<Args> = [Args] extends [undefined] ? Record<string, never> : InputOf<Args>;

/** A prompt, as `definePrompt` takes it. */
export interface PromptConfig<Args extends object | undefined = undefined> {
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  /** Sent as the listing's `_meta`. */
  meta?: Record<string, unknown>;
  /** A `Type.Object` whose properties are all strings (enums, patterns, lengths and descriptions welcome). */
  arguments?: Args;
  /** A completer per argument. */
  complete?: { readonly [K in keyof PromptArguments<Args>]?: Completer };
  get(args: PromptArguments<Args>, context: PromptContext): PromptResult | Promise<PromptResult>;
}

/** Any prompt, whatever its arguments. */
// biome-ignore lint/suspicious/noExplicitAny: a list of prompts holds many argument types.
export type AnyPrompt = PromptConfig<any>;

/** What the library keeps of a checked prompt. */
export interface PreparedPrompt {
  readonly definition: AnyPrompt;
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly icons: Icon[] | undefined;
  readonly meta: Record<string, unknown> | undefined;
  /** The arguments' schema as plain JSON, or `undefined` when the prompt takes none. */
  readonly schema: JsonSchema | undefined;
  /** Keyed by argument name. */
  readonly completers: ReadonlyMap<string, Completer>;
  /** The compiled checker of `schema`, made on first use. */
  checker(): Checker | undefined;
}

const PROMPT_KEYS = ["name", "title", "description", "icons", "meta", "arguments", "complete", "get"] as const;

const prepared = new WeakMap<object, PreparedPrompt>();

/**
 * Defines a prompt once, for every MCP host. Checked now: a definition that
 * could never work throws a {@link ToolDefinitionError} naming the prompt and
 * the key; an argument that is not a string schema is refused.
 */
export function definePrompt<const Args extends object | undefined = undefined>(config: PromptConfig<Args>): PromptConfig<Args> {
  preparePrompt(config as AnyPrompt);
  return config;
}

/** Checks a prompt (once) and returns what a server needs. Throws {@link ToolDefinitionError}. */
export function preparePrompt(prompt: AnyPrompt): PreparedPrompt {
  if (typeof prompt !== "object" || prompt === null) {
    throw new ToolDefinitionError(`A prompt must be an object, got ${prompt === null ? "null" : typeof prompt}`);
  }
  const cached = prepared.get(prompt);
  if (cached) return cached;
  const entry = checkPrompt(prompt as unknown as Record<string, unknown>);
  prepared.set(prompt, entry);
  return entry;
}

function checkPrompt(prompt: Record<string, unknown>): PreparedPrompt {
  const { name } = prompt;
  if (typeof name !== "string" || !NAME.test(name)) {
    const shown = typeof name === "string" ? quote(name) : String(typeof name);
    throw new ToolDefinitionError(`Prompt name ${shown} must be 1-64 characters of a-z, 0-9 and _, starting with a letter`);
  }
  const fail = (problem: string): never => {
    throw new ToolDefinitionError(`Prompt ${quote(name)}: ${problem}`);
  };
  for (const key of Object.keys(prompt)) {
    if (!(PROMPT_KEYS as readonly string[]).includes(key)) fail(`unknown key ${quote(key)}; a prompt takes ${PROMPT_KEYS.join(", ")}`);
  }
  const title = optionalText(prompt, "title", fail);
  const description = optionalText(prompt, "description", fail);
  const icons = checkIcons(prompt.icons, fail);
  const meta = checkMeta(prompt.meta, fail);
  const schema = prompt.arguments === undefined ? undefined : checkArguments(prompt.arguments, fail);
  const names = schema ? [...propertiesOf(schema).keys()] : [];
  const completers = checkCompleters(prompt.complete, names, "argument", "the prompt", fail);
  if (typeof prompt.get !== "function") fail("get must be a function");
  let checker: Checker | undefined;
  return {
    definition: prompt as unknown as AnyPrompt,
    name,
    title,
    description,
    icons,
    meta,
    schema,
    completers,
    checker: () => {
      if (schema === undefined) return undefined;
      checker ??= compileChecker(schema);
      return checker;
    },
  };
}

/** The arguments' schema as plain JSON, once every property is known to take strings only. */
function checkArguments(schema: unknown, fail: (problem: string) => never): JsonSchema {
  if (!isObjectSchema(schema)) {
    const got = isRecord(schema)
      ? typeof schema.type === "string"
        ? `type ${quote(schema.type)}`
        : "a schema without type object"
      : kindOf(schema);
    return fail(`arguments must be an object schema (Type.Object) of strings, got ${got}`);
  }
  const json = toJsonSchema(schema);
  const why = "MCP sends prompt arguments as strings";
  for (const [key, property] of propertiesOf(json)) {
    if (!takesStringsOnly(property)) fail(`argument ${quote(key)} must be a string schema (${why})${typeShown(property)}`);
  }
  const extra = json.additionalProperties;
  if (isRecord(extra) && !takesStringsOnly(extra)) fail(`arguments.additionalProperties must be false, true or a string schema (${why})`);
  if (isRecord(json.patternProperties)) {
    for (const [pattern, property] of Object.entries(json.patternProperties)) {
      if (!takesStringsOnly(property)) fail(`arguments.patternProperties[${quote(pattern)}] must be a string schema (${why})`);
    }
  }
  return json;
}

function typeShown(schema: JsonSchema): string {
  return typeof schema.type === "string" ? `, got type ${quote(schema.type)}` : "";
}

/**
 * Whether a schema can accept nothing but strings: `type: "string"`, an enum
 * or const of strings (`Type.Enum`, `Type.Literal`), or a union of those.
 */
function takesStringsOnly(schema: unknown, depth = 0): boolean {
  if (!isRecord(schema) || depth > 16) return false;
  if (Array.isArray(schema.enum) && !schema.enum.every((v) => typeof v === "string")) return false;
  if ("const" in schema && typeof schema.const !== "string") return false;
  if (schema.type === "string") return true;
  if (schema.type !== undefined) return false;
  if (Array.isArray(schema.enum) || "const" in schema) return true;
  const branches = schema.anyOf ?? schema.oneOf;
  return Array.isArray(branches) && branches.length > 0 && branches.every((b) => takesStringsOnly(b, depth + 1));
}
