/**
 * A tool's `sample` on the AI SDK. A tool's `execute` gets no model from the
 * AI SDK, so the model is the caller's choice, given once as an adapter
 * option: `sampling: { model }`. With it, `sample` runs `generateText` on
 * that model with no tools; without it, `sample` is `undefined`, as on an
 * MCP client that declared no sampling.
 *
 * The request maps field by field: `systemPrompt` to `system`, each message
 * to a model message (text as text parts, images and sounds as file parts),
 * `maxTokens` to `maxOutputTokens`, `temperature` and `stopSequences` as
 * they are. `modelPreferences` has nothing to choose from (there is one
 * model) and `metadata` no field of its own, so both are left out.
 */
import { generateText, type LanguageModel, type ModelMessage } from "ai";
import type { HostContext } from "../core/context.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { SampleParams } from "../core/sampling.ts";
import { isRecord } from "../core/schema.ts";
import type { SampleContent, SampleMessage, SampleResult } from "../core/types.ts";

/** The model a tool's `sample` calls. */
export interface AiSamplingOptions {
  /** Any model `generateText` takes: a provider's model object, or a gateway id string. */
  model: LanguageModel;
}

/** The AI SDK's finish reasons in MCP's words, where MCP has one; others go as the AI SDK names them. */
const STOP_REASONS: ReadonlyMap<string, string> = new Map([
  ["stop", "endTurn"],
  ["length", "maxTokens"],
  ["tool-calls", "toolUse"],
]);

/** The `sampling` option, checked: a model is an id string or an object with `doGenerate`. */
export function checkSampling(where: string, sampling: unknown): AiSamplingOptions | undefined {
  if (sampling === undefined) return undefined;
  if (!isRecord(sampling)) throw new ToolDefinitionError(`${where}: sampling must be { model }`);
  checkOptionKeys(`${where}: sampling`, sampling, ["model"]);
  const { model } = sampling;
  const usable = (typeof model === "string" && model !== "") || (isRecord(model) && typeof model.doGenerate === "function");
  if (!usable) throw new ToolDefinitionError(`${where}: sampling.model must be a language model or a model id string`);
  return { model: model as LanguageModel };
}

function parts(content: SampleMessage["content"]) {
  const list: SampleContent[] = Array.isArray(content) ? content : [content];
  return list.map((block) =>
    block.type === "text"
      ? { type: "text" as const, text: block.text }
      : { type: "file" as const, mediaType: block.mimeType, data: { type: "data" as const, data: block.data } },
  );
}

function modelMessage(message: SampleMessage): ModelMessage {
  return message.role === "user"
    ? { role: "user", content: parts(message.content) }
    : { role: "assistant", content: parts(message.content) };
}

/** The model's answer as MCP's `CreateMessageResult`: its text, then any image or sound it made (other files have no MCP kind). */
function sampleResult(result: Awaited<ReturnType<typeof generateText>>, fallbackId: string): SampleResult {
  const media: SampleContent[] = [];
  for (const file of result.files) {
    const kind = file.mediaType.startsWith("image/") ? "image" : file.mediaType.startsWith("audio/") ? "audio" : undefined;
    if (kind) media.push({ type: kind, data: file.base64, mimeType: file.mediaType });
  }
  // A reply holds at least one block: the text, even empty, unless the model answered with media alone.
  const content: SampleContent[] = result.text !== "" || media.length === 0 ? [{ type: "text", text: result.text }, ...media] : media;
  const reply: SampleResult = { role: "assistant", content, text: result.text, model: result.response.modelId || fallbackId };
  reply.stopReason = STOP_REASONS.get(result.finishReason) ?? result.finishReason;
  return reply;
}

/** The host's `sample` for one call, on the configured model, stopped by the call's abort signal. */
export function aiSample(sampling: AiSamplingOptions, signal: AbortSignal | undefined): NonNullable<HostContext["sample"]> {
  const { model } = sampling;
  const fallbackId = typeof model === "string" ? model : model.modelId;
  return async (prepared) => {
    const params: SampleParams = prepared.params;
    const result = await generateText({
      model,
      messages: params.messages.map(modelMessage),
      maxOutputTokens: params.maxTokens,
      ...(params.systemPrompt !== undefined ? { system: params.systemPrompt } : {}),
      ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
      ...(params.stopSequences !== undefined ? { stopSequences: params.stopSequences } : {}),
      ...(signal ? { abortSignal: signal } : {}),
    });
    return sampleResult(result, fallbackId);
  };
}
