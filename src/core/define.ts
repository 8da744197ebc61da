/** defineTool and the checks that refuse a broken definition before any host sees it. */
import { chainOf } from "./chains.ts";
import { ToolDefinitionError } from "./errors.ts";
import type { Middleware } from "./middleware.ts";
import { describeValue, quote } from "./sanitize.ts";
import { isObjectSchema, isRecord, type JsonSchema, propertiesOf, subschemas, toJsonSchema, unionBranches } from "./schema.ts";
import type { AnyTool, ResultDetails, ToolConfig, ToolDefinition, ToolResult } from "./types.ts";
import { checkUi } from "./ui.ts";
import { type Checker, compileChecker } from "./validate.ts";

/** The name rule tools and prompts share: what every host accepts as a function name. */
export const NAME = /^[a-z][a-z0-9_]{0,63}$/;
const EFFECTS = new Set(["read", "write", "destructive"]);

/** Every key a definition takes: any other is a typo (`outptu`) that would silently turn something off. */
const TOOL_KEYS = [
  "name",
  "title",
  "description",
  "effect",
  "idempotent",
  "openWorld",
  "input",
  "output",
  "meta",
  "icons",
  "snippet",
  "guidelines",
  "cli",
  "ui",
  "visibleTo",
  "task",
  "execute",
] as const;

/** What the library keeps per tool once it has been checked: plain JSON schemas and lazily compiled checkers. */
export interface PreparedTool {
  readonly tool: AnyTool;
  readonly name: string;
  readonly input: JsonSchema;
  readonly output: JsonSchema | undefined;
  readonly idempotent: boolean;
  readonly openWorld: boolean;
  /** The middleware around each call, outermost first, when `withMiddleware` made this definition. */
  readonly chain: readonly Middleware[] | undefined;
  inputChecker(): Checker;
  outputChecker(): Checker | undefined;
}

const prepared = new WeakMap<object, PreparedTool>();

/**
 * Defines a tool once, for every host. The definition is checked now: a name,
 * schema or field that could never work throws a {@link ToolDefinitionError}
 * naming the tool and the place.
 */
export function defineTool<const Input extends object, Result extends ToolResult<unknown>>(
  tool: ToolConfig<Input, Result>,
): ToolDefinition<Input, ResultDetails<Result>> {
  prepareTool(tool as AnyTool);
  return tool as ToolDefinition<Input, ResultDetails<Result>>;
}

/** Checks a tool (once) and returns what hosts need. Throws {@link ToolDefinitionError}. */
export function prepareTool(tool: AnyTool): PreparedTool {
  if (typeof tool !== "object" || tool === null) throw new ToolDefinitionError(`A tool must be an object, got ${typeof tool}`);
  const cached = prepared.get(tool);
  if (cached) return cached;
  checkDefinition(tool);
  const input = toJsonSchema(tool.input);
  const output = tool.output === undefined ? undefined : toJsonSchema(tool.output);
  let inputChecker: Checker | undefined;
  let outputChecker: Checker | undefined;
  const entry: PreparedTool = {
    tool,
    name: tool.name,
    input,
    output,
    idempotent: tool.idempotent ?? tool.effect === "read",
    openWorld: tool.openWorld ?? false,
    chain: chainOf(tool),
    inputChecker: () => {
      inputChecker ??= compileChecker(input);
      return inputChecker;
    },
    outputChecker: () => {
      if (output === undefined) return undefined;
      outputChecker ??= compileChecker(output);
      return outputChecker;
    },
  };
  prepared.set(tool, entry);
  return entry;
}

/**
 * Checks a whole list: every tool, and no name twice. Lookups use a Map, so
 * `toString` or `__proto__` are names like any other.
 */
export function indexTools(tools: readonly AnyTool[]): Map<string, PreparedTool> {
  if (!Array.isArray(tools)) throw new ToolDefinitionError("tools must be an array of tool definitions");
  const index = new Map<string, PreparedTool>();
  for (const tool of tools) {
    const entry = prepareTool(tool);
    if (index.has(entry.name)) throw duplicateName(entry.name);
    index.set(entry.name, entry);
  }
  return index;
}

/** The refusal of a second tool of one name in a list, as every list writes it. */
export function duplicateName(name: string): ToolDefinitionError {
  return new ToolDefinitionError(`Duplicate tool name ${quote(name)}: every tool in a list needs its own name`);
}

function fail(tool: string, message: string): never {
  throw new ToolDefinitionError(`${tool}: ${message}`);
}

function checkDefinition(tool: AnyTool): void {
  const { name } = tool;
  if (typeof name !== "string" || !NAME.test(name)) {
    const shown = typeof name === "string" ? quote(name) : String(typeof name);
    throw new ToolDefinitionError(`Tool name ${shown} must be 1-64 characters of a-z, 0-9 and _, starting with a letter`);
  }
  for (const key of Object.keys(tool)) {
    if (!(TOOL_KEYS as readonly string[]).includes(key)) fail(name, `unknown key ${quote(key)}; a tool takes ${TOOL_KEYS.join(", ")}`);
  }
  for (const field of ["title", "description"] as const) {
    if (typeof tool[field] !== "string" || tool[field].trim() === "") fail(name, `${field} must be a non-empty string`);
  }
  if (!EFFECTS.has(tool.effect)) fail(name, `effect must be "read", "write" or "destructive", got ${quote(describeValue(tool.effect))}`);
  if (typeof tool.execute !== "function") fail(name, "execute must be a function");
  if (tool.visibleTo !== undefined && typeof tool.visibleTo !== "function") {
    fail(name, "visibleTo must be a function of the caller that returns true to show the tool");
  }
  if (tool.task !== undefined && tool.task !== "optional" && tool.task !== "required") {
    fail(name, `task must be "optional" or "required", got ${quote(describeValue(tool.task))}`);
  }
  for (const flag of ["idempotent", "openWorld"] as const) {
    if (tool[flag] !== undefined && typeof tool[flag] !== "boolean") fail(name, `${flag} must be a boolean`);
  }
  if (tool.snippet !== undefined && typeof tool.snippet !== "string") fail(name, "snippet must be a string");
  if (tool.guidelines !== undefined && !(Array.isArray(tool.guidelines) && tool.guidelines.every((g) => typeof g === "string"))) {
    fail(name, "guidelines must be an array of strings");
  }
  if (tool.meta !== undefined && !isRecord(tool.meta)) fail(name, "meta must be an object");
  checkUi(tool.ui, (problem) => fail(name, problem));
  if (tool.ui !== undefined && tool.meta !== undefined && Object.hasOwn(tool.meta, "ui")) {
    fail(name, "meta.ui and ui both describe the view: keep ui");
  }
  if (tool.icons !== undefined && !(Array.isArray(tool.icons) && tool.icons.every((i) => isRecord(i) && typeof i.src === "string"))) {
    fail(name, "icons must be an array of { src, mimeType?, sizes? }");
  }
  checkSchema(name, "input", tool.input, true);
  if (tool.output !== undefined) checkSchema(name, "output", tool.output, false);
}

function checkSchema(tool: string, field: "input" | "output", schema: unknown, closed: boolean): void {
  if (!isObjectSchema(schema)) fail(tool, `${field} must be an object schema (Type.Object), got ${describeSchema(schema)}`);
  walkSchema(schema, "", (node, at) => {
    const where = `${field} at ${at === "" ? "/" : at}`;
    if (closed && isObjectSchema(node) && propertiesOf(node).size > 0 && node.additionalProperties !== false) {
      fail(tool, `${where}: an object with properties must be closed with additionalProperties: false`);
    }
    const branches = unionBranches(node);
    if (branches && branches.length > 0 && branches.every((b) => "const" in b)) {
      const values = branches.map((b) => JSON.stringify(b.const)).join(", ");
      fail(tool, `${where}: a union of literals; write Type.Enum([${values}]) so every host sees a plain enum`);
    }
  });
}

function walkSchema(schema: JsonSchema, at: string, visit: (node: JsonSchema, at: string) => void, depth = 0): void {
  if (depth > 64) return;
  visit(schema, at);
  for (const [step, child] of subschemas(schema)) walkSchema(child, at + step, visit, depth + 1);
}

function describeSchema(schema: unknown): string {
  if (isRecord(schema)) return typeof schema.type === "string" ? `type ${quote(schema.type)}` : "a schema without type object";
  return schema === null ? "null" : typeof schema;
}
