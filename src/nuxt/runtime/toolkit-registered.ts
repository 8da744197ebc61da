/**
 * Prompts and resources a toolkit tool adds to its 2025-11-25 session with
 * `useMcpServer().registerPrompt` and `registerResource`, in SDK v1's
 * signatures, turned into what the route serves (a prompt, a fixed resource
 * or a template: the shapes of @agntn/tools' catalog). The prompt's
 * arguments are checked by its own Zod shape, refused in the lines the
 * route's toolkit tools use; the answers go out as the callbacks shaped
 * them, as SDK v1 sends them; a throw is the usual cleaned failure line.
 * (Tools take the path the toolkit's own tools take: ./toolkit-external.ts.)
 */
import { sanitizeLine } from "@agntn/tools";
import { type ServedContext, ServedRefusal } from "@agntn/tools/internal/nuxt";
import { z } from "zod";

type AnyZod = z.ZodType;
type Callback = (...args: unknown[]) => unknown;

/** What a callback gets last, as SDK v1 hands it: here the request's signal. */
function extraOf(context: ServedContext | undefined): Record<string, unknown> {
  return { signal: context?.signal ?? new AbortController().signal };
}

/** The listing fields SDK v1 copies from a definition's config, each only when it is there. */
function listed(config: Record<string, unknown> | undefined, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (config?.[key] !== undefined) out[key] = config[key];
  return out;
}

const PROMPT_KEYS = ["title", "description", "icons", "_meta"] as const;
const RESOURCE_KEYS = ["title", "description", "mimeType", "annotations", "icons", "size", "_meta"] as const;

/** Zod's issues as the route's toolkit tools write them: one line each, cleaned. */
function issueLines(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => `Invalid arguments at /${issue.path.map((p) => String(p)).join("/")}: ${sanitizeLine(issue.message)}`)
    .join("\n");
}

/** `registerPrompt(name, { title, description, argsSchema }, callback)` as a served prompt. */
export function registeredPrompt(name: string, config: Record<string, unknown> | undefined, callback: Callback) {
  const shape = config?.argsSchema as Record<string, AnyZod> | undefined;
  const schema = shape ? z.object(shape) : undefined;
  const listing: Record<string, unknown> = { name, ...listed(config, PROMPT_KEYS) };
  if (shape) {
    listing.arguments = Object.entries(shape).map(([argument, field]) => ({
      name: argument,
      ...(field.description ? { description: field.description } : {}),
      required: !field.safeParse(undefined).success,
    }));
  }
  return {
    listing: listing as { name: string },
    async get(args: Record<string, string> | undefined, context: ServedContext) {
      if (!schema) return (await callback(extraOf(context))) as never;
      const parsed = await schema.safeParseAsync(args ?? {});
      if (!parsed.success) throw new ServedRefusal("invalid-params", issueLines(parsed.error.issues));
      return (await callback(parsed.data, extraOf(context))) as never;
    },
  };
}

/** SDK v1's `ResourceTemplate`, read through its public `uriTemplate` (a `UriTemplate` with `match`). */
interface TemplateLike {
  uriTemplate: { match(uri: string): Record<string, string | string[]> | null; toString(): string };
}

function isTemplate(value: unknown): value is TemplateLike {
  const template = (value as { uriTemplate?: { match?: unknown } } | null)?.uriTemplate;
  return typeof template?.match === "function";
}

/** `registerResource(name, uri or template, metadata, callback)` as a served resource or template; anything else throws. */
export function registeredResource(name: string, where: unknown, config: Record<string, unknown> | undefined, callback: Callback) {
  const fields = listed(config, RESOURCE_KEYS);
  if (typeof where === "string") {
    return {
      listing: { uri: where, name, ...fields },
      read: async (uri: string, context: ServedContext) => (await callback(new URL(uri), extraOf(context))) as never,
    };
  }
  if (!isTemplate(where)) throw new Error("useMcpServer().registerResource takes a URI or an SDK ResourceTemplate");
  const template = where.uriTemplate;
  return {
    listing: { uriTemplate: template.toString(), name, ...fields },
    match: (uri: string) => template.match(uri) ?? undefined,
    read: async (uri: string, variables: Record<string, string | string[]>, context: ServedContext) =>
      (await callback(new URL(uri), variables, extraOf(context))) as never,
  };
}
