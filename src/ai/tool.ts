/**
 * A tool definition as a Vercel AI SDK tool. The input schema goes to the
 * model as the same JSON Schema every host shows, through `jsonSchema()` with
 * the core's validator, so bad input is refused with the core's lines before
 * `execute` runs, and checked only there. The AI SDK reports a failure only
 * when `execute` throws, so every failure is thrown with the core's one text.
 */
import type { JSONSchema7, Tool, ToolExecutionOptions } from "ai";
import { checkInput, runTool } from "../core/call.ts";
import type { HostContext } from "../core/context.ts";
import { indexTools, type PreparedTool, prepareTool } from "../core/define.ts";
import { ToolInputError, withoutStack } from "../core/errors.ts";
import type { CallFacts } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";
import { propertiesOf } from "../core/schema.ts";
import type { AnyTool, InputOf, ToolDefinition } from "../core/types.ts";
import { modelOutput } from "./content.ts";
import { jsonSchema } from "./host.ts";
import { type AiToolOutput, textCollision, toOutput } from "./output.ts";
import { type AiSamplingOptions, aiSample, checkSampling } from "./sampling.ts";

/** The details type a definition's `execute` returns. */
// biome-ignore lint/suspicious/noExplicitAny: matches any input type so only the details are read.
export type DetailsOf<T> = T extends ToolDefinition<any, infer Details> ? Details : unknown;

/** The AI SDK tool made from a definition: its input type and its output type kept. */
export type AiTool<T extends AnyTool> = Tool<InputOf<T["input"]>, AiToolOutput<DetailsOf<T>>>;

/** How a converted tool runs. */
export interface AiToolsOptions {
  /**
   * The model a tool's `sample` asks. Without it, `sample` is `undefined`:
   * the AI SDK gives a tool's `execute` no model of its own.
   */
  sampling?: AiSamplingOptions;
}

/** A tool set keyed by tool name, ready for `generateText({ tools })`. */
export type AiToolSet<T extends AnyTool> = Record<string, T extends AnyTool ? AiTool<T> : never>;

/**
 * A call that failed: a returned `isError` (the message is the tool's text),
 * bad input from a program calling `execute` itself, a throw from `execute`,
 * a malformed result or details that break the output schema (the message is
 * the core's one clean text). The AI SDK hands `message` to the model as a tool error.
 */
export class AiToolError extends Error {
  override name = "AiToolError";
  readonly tool: string;
  /** The details a failed result carried, for programs reading the step. */
  readonly details: unknown;
  constructor(tool: string, message: string, details?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.tool = tool;
    this.details = details;
  }

  /** The AI SDK shows the model `error.toString()`: this keeps it to the text alone, without the class name. */
  override toString(): string {
    return this.message;
  }
}

/** What middleware may know of an AI SDK call: only that the AI SDK runs it. */
const FACTS: CallFacts = Object.freeze({ host: "ai" });

/**
 * Runs one call through the core and shapes what the AI SDK receives. Input
 * the schema hook accepted runs as accepted; anything else (a program calling
 * `execute` itself) is checked here.
 */
async function run(
  entry: PreparedTool,
  input: unknown,
  accepted: WeakSet<object>,
  options: ToolExecutionOptions<unknown> | undefined,
  sampling: AiSamplingOptions | undefined,
) {
  const signal = options?.abortSignal;
  const trusted = typeof input === "object" && input !== null && accepted.has(input);
  // No progress sink, no one to ask and no log channel: the AI SDK has none of them, so the tool sees `undefined`.
  const host: HostContext = { call: FACTS };
  if (signal) host.signal = signal;
  if (options) host.host = options;
  if (sampling) host.sample = aiSample(sampling, signal);
  const outcome = await runTool(entry, trusted ? { accepted: input } : { args: input }, host);
  if (outcome.ok) return toOutput(entry.name, outcome.details, outcome.text, outcome.content);
  // An abort stays the abort the caller asked for, so generateText stops the way it always does.
  if (outcome.kind === "thrown" && signal?.aborted && outcome.error === signal.reason) throw outcome.error;
  if (outcome.kind === "returned") throw new AiToolError(entry.name, outcome.text, outcome.details);
  throw new AiToolError(entry.name, outcome.text, undefined, outcome.kind === "thrown" ? { cause: outcome.error } : undefined);
}

/**
 * Turns a tool definition into an AI SDK tool: `title`, `description`,
 * `inputSchema` (the JSON Schema with the core's validator), `execute`
 * (returns `{ ...details, text }`, plus `content` when the result holds
 * media) and `toModelOutput` (the model gets the text, or text and file
 * parts). Throws {@link ToolDefinitionError} for a broken definition, one
 * whose output schema declares a `text` field, or unknown options.
 */
export function toAiTool<T extends AnyTool>(tool: T, options: AiToolsOptions = {}): AiTool<T> {
  const sampling = checkAiOptions("toAiTool", options);
  return convert(prepareTool(tool), sampling) as AiTool<T>;
}

function checkAiOptions(where: string, options: AiToolsOptions): AiSamplingOptions | undefined {
  checkOptionKeys(where, options, ["sampling"]);
  return checkSampling(where, options.sampling);
}

function convert(entry: PreparedTool, sampling: AiSamplingOptions | undefined): unknown {
  const { tool } = entry;
  const { name } = entry;
  if (entry.output && propertiesOf(entry.output).has("text")) throw textCollision(name);
  // A copy: a provider that rewrites the schema it sends (strict mode) must not touch the core's.
  const schema = JSON.parse(JSON.stringify(entry.input)) as JSONSchema7;
  // Values the hook accepted: the call then runs them without checking them again.
  const accepted = new WeakSet<object>();
  const inputSchema = jsonSchema(schema, {
    validate(value) {
      const checked = checkInput(entry, value);
      if (!checked.ok) return { success: false, error: withoutStack(() => new ToolInputError(name, checked.lines, checked.issues)) };
      if (typeof checked.value === "object" && checked.value !== null) accepted.add(checked.value);
      return { success: true, value: checked.value };
    },
  });
  const converted = {
    title: tool.title,
    description: tool.description,
    inputSchema,
    execute: (input: unknown, options: ToolExecutionOptions<unknown>) => run(entry, input, accepted, options, sampling),
    toModelOutput: ({ output }: { output: unknown }) => modelOutput(output),
  };
  return converted;
}

/**
 * Turns a list into a tool set keyed by name. The whole list is checked first
 * (a duplicate name or a broken tool throws {@link ToolDefinitionError}), so
 * a list that cannot work gives no tool set at all, never a partial one.
 */
export function toAiTools<const T extends readonly AnyTool[]>(tools: T, options: AiToolsOptions = {}): AiToolSet<T[number]> {
  const index = indexTools(tools);
  const sampling = checkAiOptions("toAiTools", options);
  // No prototype: a tool named `constructor` is a key like any other.
  const set: Record<string, unknown> = Object.create(null);
  for (const [name, entry] of index) set[name] = convert(entry, sampling);
  return set as AiToolSet<T[number]>;
}
