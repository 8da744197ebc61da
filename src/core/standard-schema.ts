/**
 * A tool's input as a Standard Schema with its JSON Schema
 * (standardschema.dev: Standard Schema V1 and Standard JSON Schema V1), so
 * the TypeBox input fits any API that takes one: the MCP SDK's
 * `registerTool`, the Anthropic SDK's `betaStandardSchemaTool`, Mastra,
 * TanStack AI. `~standard.validate` is the core's own check, each issue one
 * of the core's lines; `~standard.jsonSchema` hands out the JSON Schema every
 * host lists. The spec's types are written here (the spec asks libraries to
 * copy them rather than depend on a package), and the core imports nothing.
 */
import { checkInput } from "./call.ts";
import { type PreparedTool, prepareTool } from "./define.ts";
import { type InputIssue, ToolDefinitionError } from "./errors.ts";
import { quote, sanitizeLine } from "./sanitize.ts";
import { toJsonSchema } from "./schema.ts";
import type { AnyTool, InputOf } from "./types.ts";

/** One problem, as Standard Schema reports it: a core line, and where it is when it is not the root. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey>;
}

/** What `~standard.validate` answers: the value, or the issues. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

/** The JSON Schema drafts the converter answers for; the spec asks for a throw on any other. */
export type StandardJsonSchemaTarget = "draft-2020-12" | "draft-07";

/** The options `~standard.jsonSchema.input` and `output` receive. */
export interface StandardJsonSchemaOptions {
  readonly target: string;
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** A tool's input as Standard Schema V1 and Standard JSON Schema V1 at once. */
export interface ToolStandardSchema<Input = unknown> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "agntn";
    readonly validate: (
      value: unknown,
      options?: { readonly libraryOptions?: Record<string, unknown> | undefined },
    ) => StandardResult<Input>;
    readonly jsonSchema: {
      readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
      readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
    };
    /** Types only: never present at run time. */
    readonly types?: { readonly input: Input; readonly output: Input };
  };
}

const TARGETS: ReadonlySet<string> = new Set<StandardJsonSchemaTarget>(["draft-2020-12", "draft-07"]);

/**
 * The tool's input as a Standard Schema with JSON Schema. `validate` runs the
 * core's check (the same lines every host answers with, one issue each, with
 * the issue's path when it is not the root); `jsonSchema.input` and `.output`
 * both give the input schema (the check changes no value, so what goes in
 * comes out). Throws {@link ToolDefinitionError} for a broken definition, and
 * `jsonSchema` throws one for a target other than draft-2020-12 or draft-07.
 */
export function toStandardSchema<T extends AnyTool>(tool: T): ToolStandardSchema<InputOf<T["input"]>> {
  const entry = prepareTool(tool);
  return standardSchemaOf("toStandardSchema", entry, (value) => coreValidate(entry, value));
}

/**
 * The same object with a `validate` that accepts every value, for a framework
 * that would validate with its own words before the tool runs (LangChain,
 * Mastra): the model still sees the full JSON Schema, and the adapter's call
 * path checks the input once, with the core's lines.
 */
export function passThroughSchema(where: string, entry: PreparedTool): ToolStandardSchema {
  const standard = standardSchemaOf(where, entry, (value) => ({ value }))["~standard"];
  // Not enumerable: LangChain hands a schema it cannot read as Zod to a JSON Schema validator on every call, which
  // walks the object's own keys (about 5 µs for this one). It finds none; every reader of the spec asks for `~standard` by name.
  return Object.defineProperty({}, "~standard", { value: standard, enumerable: false }) as ToolStandardSchema;
}

function standardSchemaOf<Input>(
  where: string,
  entry: PreparedTool,
  validate: (value: unknown) => StandardResult<Input>,
): ToolStandardSchema<Input> {
  const schema = (options: StandardJsonSchemaOptions) => jsonSchemaFor(where, entry, options);
  return { "~standard": { version: 1, vendor: "agntn", validate, jsonSchema: { input: schema, output: schema } } };
}

/**
 * The input schema as written, a fresh copy each time (callers may rewrite
 * what they get). TypeBox writes a JSON Schema that reads the same under both
 * drafts for the keywords it uses (a tuple in draft-07's `items` array form,
 * which every host already receives), so both targets get it as it is.
 */
function jsonSchemaFor(where: string, entry: PreparedTool, options: StandardJsonSchemaOptions): Record<string, unknown> {
  const target = options?.target;
  if (typeof target !== "string" || !TARGETS.has(target)) {
    const shown = typeof target === "string" ? quote(target) : typeof target;
    throw new ToolDefinitionError(
      `${where}: ${entry.name} has no JSON Schema for target ${shown}; the targets are draft-2020-12, draft-07`,
    );
  }
  return toJsonSchema(entry.input) as Record<string, unknown>;
}

function coreValidate(entry: PreparedTool, value: unknown): StandardResult<never> {
  const checked = checkInput(entry, value);
  if (checked.ok) return { value: checked.value as never };
  // A missing value reads as `{}`, as the check read it.
  const read = value === undefined ? {} : value;
  return { issues: checked.lines.map((line, k) => issueOf(line, checked.issues[k], read)) };
}

/** One line as an issue; `value` is read to tell an array index (a number in the path) from an object key. */
function issueOf(line: string, issue: InputIssue | undefined, value: unknown): StandardIssue {
  const message = sanitizeLine(line);
  const path = issue ? pathOf(issue.at, value) : [];
  return path.length > 0 ? { message, path } : { message };
}

/** A JSON pointer as path segments: `/items/0` reads `["items", 0]` when `items` is an array. */
function pathOf(pointer: string, value: unknown): PropertyKey[] {
  if (pointer === "") return [];
  const path: PropertyKey[] = [];
  let current: unknown = value;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const index = Array.isArray(current) && /^(?:0|[1-9]\d*)$/.test(segment) ? Number(segment) : undefined;
    path.push(index ?? segment);
    // Own keys only: a key like `constructor` in the pointer must not read Object.prototype.
    const key = index ?? segment;
    current =
      current !== null && typeof current === "object" && Object.hasOwn(current, key)
        ? (current as Record<PropertyKey, unknown>)[key]
        : undefined;
  }
  return path;
}
