/**
 * Sampling: a tool asks the client's model for a completion. The core checks
 * the request before any host sends it (a bad one is the tool's bug and fails
 * its call with one line), and checks every reply before the tool sees it,
 * the way questions are checked. The request's fingerprint binds a replayed
 * reply (2026-07-28 rounds) to this exact request.
 */
import { contentProblems, copyBlock, joinedText } from "./content.ts";
import { fingerprintOf } from "./questions.ts";
import { isRecord } from "./schema.ts";
import type { SampleContent, SampleMessage, SampleRequest, SampleResult } from "./types.ts";

/** `sampling/createMessage` params as they go on the wire. */
export interface SampleParams {
  messages: SampleMessage[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: SampleRequest["modelPreferences"];
  metadata?: Record<string, unknown>;
}

/** A checked request, ready for a host. */
export interface PreparedSample {
  readonly params: SampleParams;
  /** Binds a replayed reply to this exact request. */
  readonly fingerprint: string;
  /** A reply as the host got it → the result the tool may see, or `undefined` when it is not a `CreateMessageResult`. */
  check(reply: unknown): SampleResult | undefined;
}

const SAMPLE_KINDS: ReadonlySet<string> = new Set(["text", "image", "audio"]);

function asList(content: unknown): unknown[] {
  return Array.isArray(content) ? content : [content];
}

/** The problems of one message's (or reply's) content; it must be text, image or audio blocks. */
function sampleContentProblems(at: string, content: unknown): string[] {
  const list = asList(content);
  if (list.length === 0) return [`${at}.content is empty`];
  const kinds = list.find((block) => !(isRecord(block) && typeof block.type === "string" && SAMPLE_KINDS.has(block.type)));
  if (kinds !== undefined) return [`${at}.content may hold only text, image and audio blocks`];
  return contentProblems(list).map((line) => `${at}.${line}`);
}

function requestProblems(request: unknown): string[] {
  if (!isRecord(request)) return ["a sampling request must be { messages, maxTokens }"];
  const problems: string[] = [];
  const { messages, maxTokens, systemPrompt, temperature, stopSequences, modelPreferences, metadata } = request;
  if (!Array.isArray(messages) || messages.length === 0) problems.push("messages must be a non-empty array");
  else {
    messages.forEach((message, i) => {
      const at = `messages[${i}]`;
      if (!isRecord(message)) problems.push(`${at} must be { role, content }`);
      else if (message.role !== "user" && message.role !== "assistant") problems.push(`${at}.role must be "user" or "assistant"`);
      else problems.push(...sampleContentProblems(at, message.content));
    });
  }
  if (typeof maxTokens !== "number" || !Number.isInteger(maxTokens) || maxTokens < 1) problems.push("maxTokens must be a whole number above 0");
  if (systemPrompt !== undefined && typeof systemPrompt !== "string") problems.push("systemPrompt must be a string");
  if (temperature !== undefined && (typeof temperature !== "number" || !Number.isFinite(temperature))) problems.push("temperature must be a number");
  if (stopSequences !== undefined && !(Array.isArray(stopSequences) && stopSequences.every((s) => typeof s === "string"))) {
    problems.push("stopSequences must be a list of strings");
  }
  if (modelPreferences !== undefined && !isRecord(modelPreferences)) problems.push("modelPreferences must be an object");
  if (metadata !== undefined && !isRecord(metadata)) problems.push("metadata must be an object");
  return problems;
}

function copyMessage(message: SampleMessage): SampleMessage {
  const content = Array.isArray(message.content)
    ? message.content.map((block) => copyBlock(block) as SampleContent)
    : (copyBlock(message.content) as SampleContent);
  return { role: message.role, content };
}

/** Checks a request and copies what goes on the wire. A bad request throws a `TypeError` with one line per problem. */
export function prepareSample(tool: string, request: SampleRequest): PreparedSample {
  const problems = requestProblems(request);
  if (problems.length > 0) throw new TypeError(`${tool} asked the model with a bad request: ${problems.join("; ")}`);
  const params: SampleParams = { messages: request.messages.map(copyMessage), maxTokens: request.maxTokens };
  if (request.systemPrompt !== undefined) params.systemPrompt = request.systemPrompt;
  if (request.temperature !== undefined) params.temperature = request.temperature;
  if (request.stopSequences !== undefined) params.stopSequences = [...request.stopSequences];
  // Plain JSON by construction: these two are the tool's own free-form objects.
  if (request.modelPreferences !== undefined) params.modelPreferences = JSON.parse(JSON.stringify(request.modelPreferences));
  if (request.metadata !== undefined) params.metadata = JSON.parse(JSON.stringify(request.metadata));
  return { params, fingerprint: fingerprintOf(JSON.stringify(params)), check: checkSampleReply };
}

/** A client's `CreateMessageResult` → what the tool sees, or `undefined` when the reply is not one. */
export function checkSampleReply(reply: unknown): SampleResult | undefined {
  if (!isRecord(reply) || reply.role !== "assistant" || typeof reply.model !== "string") return undefined;
  if (reply.stopReason !== undefined && typeof reply.stopReason !== "string") return undefined;
  if (sampleContentProblems("reply", reply.content).length > 0) return undefined;
  const content = asList(reply.content).map((block) => copyBlock(block as SampleContent) as SampleContent);
  const result: SampleResult = { role: "assistant", content, text: joinedText(content), model: reply.model };
  if (typeof reply.stopReason === "string") result.stopReason = reply.stopReason;
  return result;
}

/** Whether a client declared sampling (MCP `capabilities.sampling`). */
export function supportsSampling(capabilities: unknown): boolean {
  return isRecord(capabilities) && isRecord(capabilities.sampling);
}
