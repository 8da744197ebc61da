/**
 * A tool's `sample` on Pi: a completion from the session's own model through
 * `ctx.modelRegistry.complete`, the call Pi documents for extensions (it
 * resolves the provider and its credentials the way the session does, and
 * sees providers other extensions registered).
 *
 * Pi's messages hold text and images (users) or text (the assistant), so an
 * audio block, or an image in an assistant turn, goes as the core's one-line
 * note. Pi has no stop sequences and picks no model by preference: those two
 * parts of a request are left out; `metadata` goes to the provider as Pi's own.
 */
import { joinedText, withNotes } from "../core/content.ts";
import type { HostContext } from "../core/context.ts";
import type { SampleParams } from "../core/sampling.ts";
import { sanitizeLine } from "../core/sanitize.ts";
import type { SampleContent, SampleMessage, SampleResult } from "../core/types.ts";
import { piContent } from "./content.ts";
import type { PiToolContext } from "./types.ts";

type Registry = PiToolContext["modelRegistry"];
type PiModel = NonNullable<PiToolContext["model"]>;
type PiContext = Parameters<Registry["complete"]>[1];
type PiMessage = PiContext["messages"][number];
type PiReply = Awaited<ReturnType<Registry["complete"]>>;
type PiOptions = NonNullable<Parameters<Registry["complete"]>[2]>;

/** Pi's own stop reasons, in MCP's words where MCP has one. */
const STOP_REASONS: ReadonlyMap<string, string> = new Map([
  ["stop", "endTurn"],
  ["length", "maxTokens"],
  ["toolUse", "toolUse"],
]);

/** No tokens spent: what an assistant turn the tool wrote itself reports. */
const NO_USAGE: PiReply["usage"] = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

function blocks(content: SampleMessage["content"]): SampleContent[] {
  return Array.isArray(content) ? content : [content];
}

/** One message of the request in Pi's shape. */
function piMessage(message: SampleMessage, model: PiModel, timestamp: number): PiMessage {
  if (message.role === "user") {
    return { role: "user", content: piContent(blocks(message.content)), timestamp };
  }
  const content = withNotes<never>(blocks(message.content)).map((block) => ({ type: "text" as const, text: block.text }));
  return {
    role: "assistant",
    content,
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: NO_USAGE,
    stopReason: "stop",
    timestamp,
  };
}

/** Pi's reply as MCP's `CreateMessageResult`; a failed or aborted completion throws its own message, cleaned. */
function sampleReply(reply: PiReply, model: PiModel): SampleResult {
  if (reply.stopReason === "error" || reply.stopReason === "aborted") {
    throw new Error(sanitizeLine(reply.errorMessage ?? `the model's completion ended with ${reply.stopReason}`));
  }
  const content: SampleContent[] = [];
  for (const block of reply.content) if (block.type === "text") content.push({ type: "text", text: block.text });
  // MCP's reply holds at least one block: a reply of thinking alone reads as empty text.
  if (content.length === 0) content.push({ type: "text", text: "" });
  const result: SampleResult = {
    role: "assistant",
    content,
    text: joinedText(content),
    model: reply.model || model.id,
  };
  result.stopReason = STOP_REASONS.get(reply.stopReason) ?? reply.stopReason;
  return result;
}

/** The `sample` a call offers, or `undefined` when Pi gave the call no model or no registry to complete with. */
export function piSample(ctx: PiToolContext | undefined, signal: AbortSignal | undefined): HostContext["sample"] {
  const model = ctx?.model;
  const registry = ctx?.modelRegistry;
  if (!model || typeof registry?.complete !== "function") return undefined;
  return async (prepared) => {
    const params: SampleParams = prepared.params;
    const now = Date.now();
    const context: PiContext = { messages: params.messages.map((message) => piMessage(message, model, now)) };
    if (params.systemPrompt !== undefined) context.systemPrompt = params.systemPrompt;
    const options: PiOptions = { maxTokens: params.maxTokens };
    if (params.temperature !== undefined) options.temperature = params.temperature;
    // Pi hands `metadata` to the provider, which reads the fields it knows: MCP's meaning of it.
    if (params.metadata !== undefined) options.metadata = params.metadata;
    if (signal) options.signal = signal;
    return sampleReply(await registry.complete(model, context, options), model);
  };
}
