/**
 * The middleware chain around a resource's read and a prompt's get: the
 * chain `withMiddleware` put on the definition (core/middleware.ts), run
 * with the same call view, the same rules and the same outcome shape as a
 * tool call, so a middleware sees `resources/read` and `prompts/get` as it
 * sees `tools/call`. Here the two answers meet that shape:
 *
 * - A read answers as a success whose `content` holds one `resource` block
 *   per item read (MCP's embedded resource is exactly a read's item) and
 *   whose `details` is the read's answer; a get, as a success whose
 *   `content` holds its messages' blocks and whose `details` is the get's
 *   answer. Passed on as they are, or kept from an earlier `next()` (a
 *   cache), they go out whole, as the definition made them.
 * - An answer a middleware makes itself (`outcomeOf`) is read back: a read
 *   from its `resource` blocks (a text block becomes text at the URI read, an
 *   image or audio block bytes), a get with each block as a user message.
 * - Refusals keep their JSON-RPC meaning: bad prompt arguments are checked
 *   before the chain and answered by `next()` as an `input` failure (-32602);
 *   a throw keeps its own refusal or becomes the usual failure line (-32603);
 *   a middleware's own `isError` answer, or one the checks refuse, is -32603
 *   with its text.
 *
 * A chain of idle links (`telemetry()` with no provider) is skipped, as for a
 * tool call.
 */
import type { CallFailure, CallOutcome } from "../core/call.ts";
import { chainIdle } from "../core/chains.ts";
import { joinedText, readContent } from "../core/content.ts";
import { failureText, type InputIssue, linesText } from "../core/errors.ts";
import { type CalledTool, type ChainTarget, type Middleware, runChain } from "../core/middleware.ts";
import { malformed } from "../core/result.ts";
import { isRecord } from "../core/schema.ts";
import type { ContentBlock, ToolResult } from "../core/types.ts";
import { CatalogFailure, INTERNAL_ERROR } from "./catalog-answers.ts";
import { type PromptAnswer, type ReadAnswer, type ServedContents, type ServedContext, ServedRefusal } from "./served.ts";

/** A resource or prompt as a middleware sees it: a read-effect entry. */
export function calledEntry(name: string, title: string | undefined, description: string | undefined): CalledTool {
  return Object.freeze({ name, title: title ?? name, description: description ?? "", effect: "read" as const });
}

/** Whether a chain would do anything for this call. */
export function chained(chain: readonly Middleware[] | undefined): chain is readonly Middleware[] {
  return chain !== undefined && chain.length > 0 && !chainIdle(chain);
}

/** A failure as the client gets it: an input failure is bad params, a throw keeps its refusal, the rest -32603 with the text. */
function refusalOf(outcome: CallFailure): Error {
  if (outcome.kind === "input") return new ServedRefusal("invalid-params", outcome.text);
  if (outcome.kind === "thrown") return outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
  return new CatalogFailure(INTERNAL_ERROR, outcome.text);
}

/** What a throw in a read or get becomes for a middleware: a `thrown` failure carrying it, its text the usual line. */
function thrown(name: string, error: unknown): CallFailure {
  const text = error instanceof ServedRefusal || error instanceof CatalogFailure ? error.message : failureText(name, error);
  return { ok: false, kind: "thrown", text, error };
}

/** A middleware's own answer, read as a tool's result is (content checked and copied). */
function ownOutcome(name: string, result: ToolResult): CallOutcome {
  const given = isRecord(result) ? result : undefined;
  const read = readContent(given?.content);
  if (!read.ok) return malformed(name, read.problems);
  const content = read.blocks;
  const text = joinedText(content);
  if (given?.isError === true) return { ok: false, kind: "returned", text, content, details: given.details, result };
  return { ok: true, content, text, details: given?.details, structured: false, result };
}

/* Reads */

/**
 * The answer each outcome a read or a get made stands for. An outcome that
 * reaches the end of the chain as it was made (passed on, or kept from an
 * earlier `next()` as a cache does) goes out as that answer, whole: a get's
 * description and its assistant messages included. Anything else is a
 * middleware's own answer, read back from its content.
 */
const answers = new WeakMap<CallOutcome, ReadAnswer | PromptAnswer>();

/** The outcome of a read: its items as `resource` blocks, its text items' text joined. */
function readOutcome(answer: ReadAnswer): CallOutcome {
  const content = answer.contents.map((item) => ({ type: "resource", resource: item }) as unknown as ContentBlock);
  const text = answer.contents
    .map((item) => ("text" in item ? item.text : undefined))
    .filter((item) => item !== undefined)
    .join("\n");
  const outcome: CallOutcome = { ok: true, content, text, details: answer, structured: false, result: { content } };
  answers.set(outcome, answer);
  return outcome;
}

/** Whether `answer` is a read's (its items) rather than a get's (its messages). */
function isRead(answer: ReadAnswer | PromptAnswer): answer is ReadAnswer {
  return "contents" in answer;
}

/** A success's blocks as a read's items; one block no read can hold throws. */
function contentsOf(name: string, uri: string, content: readonly ContentBlock[]): ReadAnswer {
  const contents = content.map((block): ServedContents => {
    switch (block.type) {
      case "resource":
        return block.resource as ServedContents;
      case "text":
        return { uri, mimeType: "text/plain", text: block.text };
      case "image":
      case "audio":
        return { uri, mimeType: block.mimeType, blob: block.data };
      default:
        throw new CatalogFailure(
          INTERNAL_ERROR,
          `${name} failed: a middleware answered a read with a ${block.type} block, which no read holds`,
        );
    }
  });
  return { contents };
}

/**
 * One read or get through the chain: `run` answers or throws (a throw, or an answer of the wrong shape, is the
 * call's failure: `next()` never rejects); the outcome goes back to an answer, or a refusal thrown. An outcome the
 * definition's answer made, passed on untouched, goes out as that answer; any other is read back from its blocks.
 */
async function throughChain<T extends ReadAnswer | PromptAnswer>(
  chain: readonly Middleware[],
  target: Omit<ChainTarget, "run" | "outcomeFor">,
  context: ServedContext,
  run: (value: unknown) => Promise<T>,
  outcomeOfAnswer: (answer: T) => CallOutcome,
  isAnswer: (answer: ReadAnswer | PromptAnswer) => answer is T,
  fromContent: (content: ContentBlock[]) => T,
): Promise<T> {
  const name = target.tool.name;
  const outcome = await runChain(
    chain,
    {
      ...target,
      run: (value) =>
        run(value)
          .then(outcomeOfAnswer)
          .catch((error: unknown) => thrown(name, error)),
      outcomeFor: (result) => ownOutcome(name, result),
    },
    context,
  );
  if (!outcome.ok) throw refusalOf(outcome);
  const made = answers.get(outcome);
  if (made !== undefined && isAnswer(made)) return made;
  return fromContent(outcome.content);
}

/** One read through the chain. */
export function chainedRead(
  chain: readonly Middleware[],
  called: CalledTool,
  uri: string,
  variables: Readonly<Record<string, string | string[]>>,
  context: ServedContext,
  read: () => Promise<ReadAnswer>,
): Promise<ReadAnswer> {
  const target = { kind: "resource" as const, tool: called, uri, checked: { ok: true as const, value: variables } };
  return throughChain(chain, target, context, read, readOutcome, isRead, (content) => contentsOf(called.name, uri, content));
}

/* Gets */

/** The outcome of a get: its messages' blocks, their text joined. */
function promptOutcome(answer: PromptAnswer): CallOutcome {
  const content = answer.messages.map((message) => message.content as unknown as ContentBlock);
  const outcome: CallOutcome = { ok: true, content, text: joinedText(content), details: answer, structured: false, result: { content } };
  answers.set(outcome, answer);
  return outcome;
}

/** How a prompt's arguments fared against its schema, checked before the chain. */
export type ArgumentsCheck = { ok: true; value: Record<string, unknown> } | { ok: false; lines: string[]; issues: InputIssue[] };

/** One get through the chain: bad arguments are `next()`'s answer; `get` answers or throws. */
export function chainedGet(
  chain: readonly Middleware[],
  called: CalledTool,
  checked: ArgumentsCheck,
  context: ServedContext,
  get: (accepted: Record<string, unknown>) => Promise<PromptAnswer>,
): Promise<PromptAnswer> {
  const failure = checked.ok
    ? undefined
    : ({ ok: false, kind: "input", text: linesText(checked.lines), lines: checked.lines, issues: checked.issues } as const);
  const target = {
    kind: "prompt" as const,
    tool: called,
    checked: checked.ok ? checked : { ok: false as const, failure: failure as CallFailure },
  };
  return throughChain(
    chain,
    target,
    context,
    (value) => get(value as Record<string, unknown>),
    promptOutcome,
    (answer): answer is PromptAnswer => !isRead(answer),
    (content) => ({ messages: content.map((block) => ({ role: "user", content: { ...block } as Record<string, unknown> })) }),
  );
}
