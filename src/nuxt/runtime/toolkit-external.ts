/**
 * The toolkit's own tools (a Docus site's page tools, the app's
 * `server/mcp/tools/*`) on the module's route. The route is this package's
 * handler on both revisions, so it serves them itself: listed the way SDK v1
 * lists them (Zod → JSON Schema) and answered the way the toolkit answers
 * them (its own cache wrapper and result normalisation), with the arguments
 * checked by the tool's own Zod schema, and the scope check of their
 * annotations where the call is dispatched, like every other call.
 *
 * The toolkit's composables that reach for its SDK v1 server
 * (`useMcpElicitation`, `useMcpLogger`) find a stand-in built from the call's
 * own request (./toolkit-server.ts); `useMcpSession` on a 2026-07-28 call,
 * which has no session, answers this package's line (./toolkit-session.ts).
 */
import { sanitizeLine, sanitizeText } from "@agntn/tools";
import type { ExternalCallContext, ExternalTool } from "@agntn/tools/mcp";
import { createCacheOptions, normalizeErrorToResult, normalizeToolResult, wrapWithCache } from "@nuxtjs/mcp-toolkit/server";
import { useEvent } from "nitropack/runtime";
import { z } from "zod";
import { registeredName } from "./toolkit-names.ts";
import { registeredPrompt, registeredResource } from "./toolkit-registered.ts";
import { type Makers, TOOLKIT_SERVER_KEY, toolkitServer } from "./toolkit-server.ts";
import { sessionlessAnswer } from "./toolkit-session.ts";

/** A tool definition as the toolkit holds it (`defineMcpTool`), reduced to what is read here. */
export interface ToolkitDefinition {
  name?: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: Record<string, unknown>;
  inputExamples?: unknown[];
  group?: string;
  tags?: string[];
  cache?: unknown;
  _meta?: Record<string, unknown>;
  handler: (...args: unknown[]) => unknown;
}

type AnyZod = z.ZodType;

function isZodSchema(value: unknown): value is AnyZod {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** A raw shape (`{ name: z.string() }`) or a Zod object, as SDK v1 takes either. */
function objectSchema(schema: unknown): AnyZod | undefined {
  if (schema === undefined || schema === null) return undefined;
  if (isZodSchema(schema)) return schema;
  return z.object(schema as Record<string, AnyZod>);
}

/**
 * The JSON Schema SDK v1 lists for a Zod schema (draft-07, `$schema` included), so a client sees what it saw
 * without the module; a type JSON Schema cannot say is listed as any value rather than failing the whole list.
 */
function listedSchema(schema: AnyZod | undefined, io: "input" | "output"): Record<string, unknown> {
  if (!schema) return { type: "object", properties: {} };
  return z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "any" }) as Record<string, unknown>;
}

/** The title as the toolkit derives it from the file name (`list-pages.ts` → "List Pages"). */
function titleOf(definition: ToolkitDefinition): string | undefined {
  if (definition.title) return definition.title;
  const filename = definition._meta?.filename;
  if (typeof filename !== "string") return undefined;
  return filename
    .replace(/\.(ts|js|mts|mjs)$/, "")
    .replace(/[-_]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Zod's issues as the core writes its own: one line each, cleaned. */
function issueLines(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map(
      (issue) =>
        `Invalid arguments at /${issue.path.map((p) => String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}: ${sanitizeLine(issue.message)}`,
    )
    .join("\n");
}

function refusal(text: string): Record<string, unknown> {
  return { content: [{ type: "text", text }], isError: true };
}

/** Error texts from a toolkit tool's throw are cleaned like every other echoed text. */
function cleanError(result: { content?: Array<{ type: string; text?: string }> } & Record<string, unknown>): Record<string, unknown> {
  const content = (result.content ?? []).map((block) =>
    block.type === "text" ? { ...block, text: sanitizeText(block.text ?? "") } : block,
  );
  return { ...result, content };
}

/** What SDK v1 hands a handler as its last argument, filled from the request this package's server is answering. */
function requestExtra(context: ExternalCallContext): Record<string, unknown> {
  const { sendRequest } = context;
  return {
    signal: context.signal,
    requestId: context.requestId,
    _meta: context._meta,
    ...(context.authInfo ? { authInfo: context.authInfo } : {}),
    sendNotification: context.sendNotification,
    // SDK v1 passes a result schema second; the raw reply is what a toolkit tool gets here, checked by the tool itself.
    sendRequest: sendRequest
      ? (request: { method: string; params?: Record<string, unknown> }) => sendRequest(request, context.signal)
      : () => Promise.reject(new Error("This client speaks MCP 2026-07-28: a server cannot send it a request mid-call")),
  };
}

/** The request's event, where the toolkit's composables look for their server; none outside a request. */
function currentEvent(): { context: Record<string, unknown> } | undefined {
  try {
    return useEvent() as unknown as { context: Record<string, unknown> };
  } catch {
    return undefined;
  }
}

function toExternal(definition: ToolkitDefinition): ExternalTool {
  const name = registeredName(definition);
  if (name === undefined) throw new Error("@agntn/tools/nuxt: a toolkit tool has neither a name nor a file name");
  const input = objectSchema(definition.inputSchema);
  const output = objectSchema(definition.outputSchema);
  const listing: ExternalTool["listing"] = { name, inputSchema: listedSchema(input, "input") };
  const title = titleOf(definition);
  if (title) listing.title = title;
  if (definition.description) listing.description = definition.description;
  if (output) listing.outputSchema = listedSchema(output, "output");
  if (definition.annotations) listing.annotations = definition.annotations;
  // SDK v1 lists every tool it registers as one that never runs as a task.
  listing.execution = { taskSupport: "forbidden" };
  const group = definition.group ?? definition._meta?.group;
  const meta = {
    ...definition._meta,
    ...(definition.inputExamples && { inputExamples: definition.inputExamples }),
    ...(group != null && { group }),
    ...(definition.tags?.length && { tags: definition.tags }),
  };
  if (Object.keys(meta).length > 0) listing._meta = meta;

  let handler = definition.handler;
  if (definition.cache !== undefined) {
    // The toolkit's own cache wrapper under the toolkit's own name, so both revisions share one cache.
    const defaultGetKey = input
      ? (args: Record<string, unknown>) =>
          Object.values(args)
            .map((v) => String(v).replace(/\//g, "-").replace(/^-/, ""))
            .join(":")
      : undefined;
    handler = wrapWithCache(
      handler as never,
      createCacheOptions(definition.cache as never, `mcp-tool:${name}`, defaultGetKey as never),
    ) as never;
  }

  return {
    listing,
    async call(args, context) {
      const extra = requestExtra(context);
      const event = currentEvent();
      if (event) event.context[TOOLKIT_SERVER_KEY] = toolkitServer(context, event.context, registered, () => currentEvent()?.context);
      let result: unknown;
      try {
        if (input) {
          const parsed = await input.safeParseAsync(args);
          if (!parsed.success) return refusal(issueLines(parsed.error.issues));
          result = await handler(parsed.data, extra);
        } else {
          result = await handler(extra);
        }
      } catch (error) {
        const sessionless = sessionlessAnswer(error, context);
        if (sessionless) return refusal(sessionless);
        return cleanError(normalizeErrorToResult(error) as never);
      }
      const normalized = normalizeToolResult(result as never) as Record<string, unknown>;
      if (output && normalized.isError !== true && normalized.structuredContent !== undefined) {
        const checked = await output.safeParseAsync(normalized.structuredContent);
        if (!checked.success) return refusal(issueLines(checked.error.issues).replace(/Invalid arguments/g, "Invalid structured content"));
      }
      return normalized;
    },
  };
}

/** What a toolkit tool adds with `useMcpServer()` during a 2025 session: a tool served as the toolkit's own are. */
const registered: Makers = {
  tool: (definition) => toExternal(definition as ToolkitDefinition),
  prompt: registeredPrompt,
  resource: registeredResource,
};

const made = new WeakMap<ToolkitDefinition, ExternalTool>();

/** A toolkit tool as the route serves it, made once per definition. */
export function externalTool(definition: ToolkitDefinition): ExternalTool {
  const known = made.get(definition);
  if (known) return known;
  const tool = toExternal(definition);
  made.set(definition, tool);
  return tool;
}
