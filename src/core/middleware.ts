/**
 * Middleware: code that runs around every call of a tool list, on every host
 * (logging, metrics, rate limits, caching, audit, traces). `withMiddleware`
 * returns the tools with the chain attached; every host runs a call through
 * the core's one path (./call.ts), which runs the chain, so nothing is set up
 * per host. The same chain runs around a resource's read and a prompt's get
 * on the MCP faces (`withMiddleware` takes resource and prompt lists too;
 * src/protocol/catalog-chain.ts runs it): the call then says `kind`
 * `resource` or `prompt`, and `tool` describes the resource or prompt as a
 * read-effect entry, so a middleware written for tools (a rate limit, an
 * audit log) works on reads unchanged.
 *
 * The rules, each tested (test/core/middleware.test.ts):
 * - Order: `withMiddleware(tools, a, b)` runs `a` first, then `b`, then the
 *   tool; `withMiddleware(withMiddleware(tools, a), b)` runs `b`, then `a`.
 * - The input is checked before the chain runs. A middleware reads it as a
 *   frozen copy: changing it is not possible, and the tool gets the input as
 *   checked whatever a middleware did. When the arguments failed the check,
 *   `input` is `undefined` and `next()` answers that failure without running
 *   the tool, so every call passes through the chain, refused ones included.
 * - `next()` runs the rest of the chain and the tool, and answers with the
 *   call's outcome. A middleware may call it again (a retry runs the tool again
 *   from its start, with a fresh context) or not at all, and answer with an
 *   outcome of its own (from `next()` earlier, or made with `outcomeOf`).
 * - A middleware sees no question and no answer: the tool's context is the
 *   core's, and a question's answers reach only the tool.
 * - A throw in a middleware, or an answer that is not a call outcome, is
 *   answered as a throw in the tool is: `<tool> failed: <message>`, cleaned.
 */
import type { CallOutcome } from "./call.ts";
import { chainOf, setChain } from "./chains.ts";
import { jsonCopy } from "./content.ts";
import type { HostContext } from "./context.ts";
import { type PreparedTool, prepareTool } from "./define.ts";
import { failureText, ToolDefinitionError } from "./errors.ts";
import { type AnyPrompt, preparePrompt } from "./prompts.ts";
import { type AnyResource, prepareResource } from "./resources.ts";
import { readResult, resultOutcome } from "./result.ts";
import { isRecord } from "./schema.ts";
import type { AnyTool, Caller, Effect, ToolResult } from "./types.ts";

/** The tool a call is for, as a middleware sees it. */
export interface CalledTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly effect: Effect;
}

/** What a call is for: a tool (`tools/call`), a resource's read (`resources/read`) or a prompt's get (`prompts/get`). */
export type CallKind = "tool" | "resource" | "prompt";

/** One call, as a middleware sees it: read-only. Each part is `undefined` where the host has no such thing. */
export interface ToolCall {
  readonly kind: CallKind;
  /** The tool called; for a read or a get, the resource or prompt (its name, title and description), with effect `read`. */
  readonly tool: CalledTool;
  /**
   * The checked input (a frozen copy); `undefined` when the arguments failed the check. For a read, the template's
   * variables (`{}` for a fixed resource); for a get, the prompt's arguments.
   */
  readonly input: unknown;
  /** For a read: the URI read. */
  readonly uri: string | undefined;
  /** Which host runs the call: `mcp`, `toolkit`, `pi`, `omp`, `ai`, `cli`, `langchain`, …, or `invoke` for `invokeTool`. */
  readonly host: string;
  /** The caller, on an HTTP host with authorization (a frozen copy). */
  readonly caller: Readonly<Caller> | undefined;
  /** MCP hosts: the method (`tools/call`), the JSON-RPC request id, the 2025 session id and the protocol revision. */
  readonly method: string | undefined;
  readonly requestId: string | number | undefined;
  readonly sessionId: string | undefined;
  readonly revision: string | undefined;
  /** MCP hosts: the request's `params._meta` (a frozen copy), where a client sends its trace context. */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  /** MCP hosts: the task this call runs as, when a client asked for it as a task (`requestId` created it). */
  readonly taskId: string | undefined;
  readonly signal: AbortSignal | undefined;
}

/** Runs the rest of the chain and the tool. */
export type Next = () => Promise<CallOutcome>;

/**
 * Code around a call: it answers with the call's outcome, from `next()` or its own. A read answers with its contents
 * as `resource` blocks (`details` holds the read's answer); a get with its messages' blocks (`details` holds the
 * prompt's answer).
 */
export type Middleware = (call: ToolCall, next: Next) => CallOutcome | Promise<CallOutcome>;

/** What a host knows of a call beyond the tool's context, handed to middleware as part of {@link ToolCall}. */
export interface CallFacts {
  host: string;
  method?: string;
  requestId?: string | number;
  sessionId?: string;
  revision?: string;
  meta?: Record<string, unknown>;
  /** The MCP task this call runs as, when a client asked for it as a task (the request that created it is `requestId`). */
  taskId?: string;
}

/**
 * The definitions with the chain around every call: tools, resources (each
 * read) or prompts (each get), in any mix. Each is a copy of its definition;
 * the originals are left as they are. Throws when a middleware is not a
 * function, or a definition is broken.
 */
export function withMiddleware<T extends AnyTool | AnyResource | AnyPrompt>(definitions: readonly T[], ...middleware: Middleware[]): T[] {
  if (!Array.isArray(definitions)) {
    throw new ToolDefinitionError("withMiddleware: the first argument must be an array of tool, resource or prompt definitions");
  }
  for (const [i, one] of middleware.entries()) {
    if (typeof one !== "function") {
      throw new ToolDefinitionError(`withMiddleware: middleware ${i + 1} must be a function (call, next) => outcome, got ${typeOf(one)}`);
    }
  }
  return definitions.map((definition) => {
    prepareDefinition(definition);
    const copy = { ...definition };
    setChain(copy, [...middleware, ...(chainOf(definition) ?? [])]);
    return copy;
  });
}

/** Checks a definition by what it is: a prompt has `get`, a resource `read` and `uri` or `uriTemplate`, anything else is read as a tool. */
function prepareDefinition(definition: AnyTool | AnyResource | AnyPrompt): void {
  if (isRecord(definition) && definition.execute === undefined) {
    if (definition.get !== undefined && definition.read === undefined) {
      preparePrompt(definition as AnyPrompt);
      return;
    }
    if (definition.read !== undefined && (definition.uri !== undefined || definition.uriTemplate !== undefined)) {
      prepareResource(definition as AnyResource);
      return;
    }
  }
  prepareTool(definition as AnyTool);
}

/** What a value is, for a line that must not echo it: `null`, `an array`, or its `typeof`. */
function typeOf(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}

/** Marks a value the plain copy below leaves to JSON. */
const NOT_PLAIN = Symbol("not plain");

/** Deeper than this, a value is left to JSON (which refuses a cycle). */
const PLAIN_DEPTH = 64;

/** A JSON leaf as JSON keeps it (strings, booleans, finite numbers other than -0, null); {@link NOT_PLAIN} for anything else. */
function plainLeaf(value: unknown): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0) ? value : NOT_PLAIN;
    default:
      return value === null ? null : NOT_PLAIN;
  }
}

/**
 * A copy of a plain JSON object or array (of leaves, arrays and plain
 * objects), frozen as it is made; {@link NOT_PLAIN} for anything JSON would
 * change or refuse (`undefined`, a function, a symbol key, a non-finite
 * number or -0, a `toJSON`, a class instance, a hole, a key `__proto__`, a
 * cycle), which `frozenCopy` then copies through JSON. For every value it
 * takes, the same copy as JSON's, made without writing text: what a call's
 * arguments almost always are. An object is copied by spreading it, which
 * keeps its shape, and freezing a known shape is cheap.
 */
function plainCopy(value: object, depth: number): unknown {
  if (depth > PLAIN_DEPTH) return NOT_PLAIN;
  const proto = Object.getPrototypeOf(value);
  if (proto === Array.prototype) {
    const list = value as unknown[];
    const copy = new Array<unknown>(list.length);
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      const copied = typeof item === "object" && item !== null ? plainCopy(item, depth + 1) : plainLeaf(item);
      if (copied === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = copied;
    }
    return Object.freeze(copy);
  }
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return NOT_PLAIN;
  const copy: Record<string, unknown> = { ...value };
  for (const key in copy) {
    // Only own keys: anything an altered Object.prototype adds is no part of the value, for JSON either.
    if (!Object.hasOwn(copy, key)) continue;
    if (key === "__proto__") return NOT_PLAIN;
    const item = copy[key];
    if (typeof item === "object" && item !== null) {
      const copied = plainCopy(item, depth + 1);
      if (copied === NOT_PLAIN) return NOT_PLAIN;
      copy[key] = copied;
    } else if (plainLeaf(item) === NOT_PLAIN) return NOT_PLAIN;
  }
  if (Object.getOwnPropertySymbols(copy).length > 0) return NOT_PLAIN;
  return Object.freeze(copy);
}

/** A value copied as JSON and frozen all the way down: what a middleware may read but never change. */
function frozenCopy<T>(value: T): T {
  const plain = typeof value === "object" && value !== null ? plainCopy(value, 0) : plainLeaf(value);
  if (plain !== NOT_PLAIN) return plain as T;
  const copy = jsonCopy(value);
  const freeze = (node: unknown): void => {
    if (typeof node !== "object" || node === null || Object.isFrozen(node)) return;
    Object.freeze(node);
    for (const child of Object.values(node)) freeze(child);
  };
  freeze(copy);
  return copy as T;
}

const calledTools = new WeakMap<PreparedTool, CalledTool>();

/** A prepared tool as middleware sees it, made once per tool. */
export function calledTool(entry: PreparedTool): CalledTool {
  const known = calledTools.get(entry);
  if (known) return known;
  const { name, title, description, effect } = entry.tool;
  const tool = Object.freeze({ name, title, description, effect });
  calledTools.set(entry, tool);
  return tool;
}

/** How `outcomeOf` turns a result into an outcome for the tool a call is for. */
type OutcomeFor = (result: ToolResult) => CallOutcome;

/**
 * A call as middleware sees it: own, enumerable fields, the whole frozen. The
 * copies (input, caller, `_meta`) are made as the call starts, each only when
 * there is one. A class with plain fields rather than an object of lazy
 * getters: an object whose own getters are new functions on every call is
 * built and frozen at many times the cost, on every call of a tool with
 * middleware (bench/middleware.ts).
 */
class CallView implements ToolCall {
  readonly kind: CallKind;
  readonly tool: CalledTool;
  readonly input: unknown;
  readonly uri: string | undefined;
  readonly host: string;
  readonly caller: Readonly<Caller> | undefined;
  readonly method: string | undefined;
  readonly requestId: string | number | undefined;
  readonly sessionId: string | undefined;
  readonly revision: string | undefined;
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  // Declared, not defined: a call that is no task's run keeps the keys it always had (tests and logs compare them).
  declare readonly taskId: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly #outcomeFor: OutcomeFor;

  constructor(target: ChainTarget, input: unknown, valid: boolean, host: HostContext) {
    const facts = host.call;
    this.kind = target.kind ?? "tool";
    this.tool = target.tool;
    this.input = valid ? frozenCopy(input) : undefined;
    this.uri = target.uri;
    this.host = facts?.host ?? "unknown";
    this.caller = host.auth ? frozenCopy(host.auth) : undefined;
    this.method = facts?.method;
    this.requestId = facts?.requestId;
    this.sessionId = facts?.sessionId;
    this.revision = facts?.revision;
    this.meta = facts?.meta ? frozenCopy(facts.meta) : undefined;
    // The host set it (CallFacts.taskId) but the view dropped it: middleware could not tell a task's run from a call.
    if (facts?.taskId !== undefined) this.taskId = facts.taskId;
    this.signal = host.signal;
    this.#outcomeFor = target.outcomeFor;
    Object.freeze(this);
  }

  /** How `outcomeOf` answers for `call`; `undefined` for anything but a call the chain handed out. */
  static outcomeFor(call: ToolCall): OutcomeFor | undefined {
    return #outcomeFor in call ? call.#outcomeFor : undefined;
  }
}

/**
 * The outcome a tool would give by returning `result`, through the same checks
 * (its content, its details against the output schema): how a middleware
 * answers a call itself, e.g. `outcomeOf(call, { content: [{ type: "text",
 * text: "Too many calls; try again in a minute." }], isError: true })`.
 */
export function outcomeOf(call: ToolCall, result: ToolResult): CallOutcome {
  const outcomeFor = typeof call === "object" && call !== null ? CallView.outcomeFor(call) : undefined;
  if (!outcomeFor) throw new TypeError("outcomeOf takes the call a middleware was handed");
  return outcomeFor(result);
}

/** The outcome of a result of a tool this package prepared: its content read, its details against its output schema. */
export function preparedOutcome(entry: PreparedTool): OutcomeFor {
  return (result) => resultOutcome(entry, result, readResult(result));
}

const KINDS = new Set(["input", "returned", "result", "thrown"]);

/** Whether a middleware answered with something a host can answer: an outcome from `next()`, `outcomeOf` or one made alike. */
function isOutcome(value: unknown): value is CallOutcome {
  if (!isRecord(value) || typeof value.text !== "string") return false;
  if (value.ok === true) return Array.isArray(value.content) && typeof value.structured === "boolean";
  return value.ok === false && typeof value.kind === "string" && KINDS.has(value.kind);
}

/** One link of the chain: the middleware's answer, or its throw or a wrong answer as the call's failure. */
function step(middleware: Middleware, call: ToolCall, next: Next, tool: string): Promise<CallOutcome> {
  let passed: Promise<CallOutcome> | undefined;
  let answer: CallOutcome | Promise<CallOutcome>;
  try {
    answer = middleware(call, () => {
      passed = next();
      return passed;
    });
  } catch (error) {
    return Promise.resolve(thrownOutcome(tool, error));
  }
  // The promise next() gave, passed straight on (as most middleware does): it is the rest of the chain's, which always
  // resolves to an outcome, so it goes on as it is, without another turn of the microtask queue per link.
  if (answer === passed && passed !== undefined) return passed;
  return settled(answer, tool);
}

/** A middleware's own answer, awaited and checked. */
async function settled(answer: CallOutcome | Promise<CallOutcome>, tool: string): Promise<CallOutcome> {
  try {
    const outcome = await answer;
    if (isOutcome(outcome)) return outcome;
    return thrownOutcome(tool, new Error(`a middleware answered with ${typeOf(outcome)}, not a call outcome`));
  } catch (error) {
    return thrownOutcome(tool, error);
  }
}

function thrownOutcome(tool: string, error: unknown): CallOutcome {
  return { ok: false, kind: "thrown", text: failureText(tool, error), error };
}

/** What a chain runs around: the tool, its checked input (or the failure `next()` answers with), the tool's run, and how `outcomeOf` reads a result. */
export interface ChainTarget {
  /** `tool` when left out. */
  kind?: CallKind;
  tool: CalledTool;
  /** A read's URI. */
  uri?: string;
  checked: { ok: true; value: unknown } | { ok: false; failure: CallOutcome };
  run: (value: unknown) => Promise<CallOutcome>;
  outcomeFor: OutcomeFor;
}

/** Runs a call through its chain, outermost middleware first. */
export function runChain(chain: readonly Middleware[], target: ChainTarget, host: HostContext): Promise<CallOutcome> {
  const { tool, checked, run } = target;
  const call = new CallView(target, checked.ok ? checked.value : undefined, checked.ok, host);
  const innermost: Next = checked.ok ? () => run(checked.value) : () => Promise.resolve(checked.failure);
  const first = chain.reduceRight<Next>((next, middleware) => () => step(middleware, call, next, tool.name), innermost);
  return first();
}
