/**
 * The AI SDK host: the tools through toAiTools inside a real `generateText`
 * run, whose model is the SDK's own `MockLanguageModelV4` (from `ai/test`).
 * The model calls one tool in its first step and says "done" in its second
 * (`stopWhen: stepCountIs(2)`); a call answers with what that second step was
 * sent of the tool's result (`read`), and the step's tool output (`output`)
 * when the SDK recorded a result.
 */
import { toolsFor } from "@agntn/tools";
import { toAiTools } from "@agntn/tools/ai";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import type { HostOptions, HostSession } from "../types.ts";
import { callOf } from "./call.ts";
import { blockText } from "./read.ts";

/** What one call left: what the model read in its second step, and the step's tool output when the call succeeded. */
export interface AiRead {
  read: unknown;
  output?: unknown;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model that calls `tool` with `args` in its first step and says "done" in its second. */
function scriptedModel(tool: string, args: Record<string, unknown>): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: [{ type: "tool-call", toolCallId: "call1", toolName: tool, input: JSON.stringify(args) }],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      },
      { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
    ],
  });
}

/** The tool results the model was sent in its second step. */
function modelReads(model: MockLanguageModelV4): unknown[] {
  return (model.doGenerateCalls[1]?.prompt ?? []).flatMap((message) =>
    message.role === "tool" ? message.content.flatMap((part) => (part.type === "tool-result" ? [part.output] : [])) : [],
  );
}

export async function open(options: HostOptions): Promise<HostSession> {
  const tools = toAiTools(await toolsFor(options.tools));
  return {
    async call(id): Promise<AiRead> {
      const { tool, args = {} } = callOf(options, id);
      const model = scriptedModel(tool, args);
      const result = await generateText({ model, tools, prompt: "go", stopWhen: stepCountIs(2) });
      const reads = modelReads(model);
      if (reads.length !== 1) throw new Error(`the model read ${reads.length} tool results`);
      const done = result.steps[0]?.content.find((part) => part.type === "tool-result");
      return done ? { read: reads[0], output: done.output } : { read: reads[0] };
    },
    async close() {},
  };
}

/** The SDK's words around the core's lines when the tool's input check refuses the arguments. */
const REFUSAL_HEAD = "AI_InvalidToolInputError: ";
const REFUSAL_CAUSE = "\nError message: ";
const CORE_REFUSAL = "ToolInputError: ";

/**
 * The AI SDK reports arguments the input check refused as its own error: its
 * name, the tool, the arguments as JSON, then "Error message:" and the
 * refusal's class and message. Only that message is the core's text. The
 * arguments are JSON on one line, so the first line break before
 * "Error message:" is the SDK's own.
 */
function withoutRefusalFrame(text: string): string {
  if (!text.startsWith(REFUSAL_HEAD)) return text;
  const at = text.indexOf(REFUSAL_CAUSE);
  if (at === -1) return text;
  const cause = text.slice(at + REFUSAL_CAUSE.length);
  return cause.startsWith(CORE_REFUSAL) ? cause.slice(CORE_REFUSAL.length) : cause;
}

/** A tool-result output as the model was sent it: its kind, its value, and the reason of a declined call. */
interface ModelOutput {
  type?: unknown;
  value?: unknown;
  reason?: unknown;
}

/** The text of a tool-result output, whichever of the SDK's kinds it is. */
function outputText({ type, value, reason }: ModelOutput): string {
  // A result with media reaches the model as content parts: its text parts are the text, the file parts and notes are not.
  if (type === "content") return Array.isArray(value) ? blockText(value) : "";
  // A refusal or failure is sent as `error-text`: the same text, but the refusal of bad input carries the SDK's frame.
  if (type === "error-text") return withoutRefusalFrame(String(value));
  if (type === "text") return String(value);
  // A call the program declined is sent with its reason, if it gave one.
  if (type === "execution-denied") return typeof reason === "string" ? reason : "";
  return JSON.stringify(value) ?? "";
}

/**
 * The details beside the text on a success: the SDK's output is the details
 * spread with `text` (the model's text) and, for a result with media,
 * `content` (the blocks the model read as parts). Both are the answer's text
 * and blocks, not details; an output with nothing else had no details.
 */
function outputDetails(output: unknown, type: unknown): unknown {
  if (typeof output !== "object" || output === null) return undefined;
  const { text: _text, ...rest } = output as Record<string, unknown>;
  if (type === "content") delete rest.content;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

export function answerOf(raw: unknown): { text: string; isError: boolean; details?: unknown } {
  const { read, output } = raw as AiRead;
  const model = (read ?? {}) as ModelOutput;
  const { type } = model;
  // The SDK marks a failure by the output's kind: `error-text`, `error-json`, or a call the program declined.
  const isError = type === "error-text" || type === "error-json" || type === "execution-denied";
  const text = outputText(model);
  const details = isError ? undefined : outputDetails(output, type);
  return details === undefined ? { text, isError } : { text, isError, details };
}
