/**
 * Sampling: a tool asks the client's model for a completion. The core checks
 * the request before any host sends it (a bad one is the tool's bug and fails
 * its call with one line), and checks every reply before the tool sees it,
 * the way questions are checked. The request's fingerprint binds a replayed
 * reply (2026-07-28 rounds) to this exact request.
 */
import { joinedText, jsonCopy, NOT_JSON, readContent } from "./content.ts";
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
const PRIORITIES = ["costPriority", "speedPriority", "intelligencePriority"] as const;

function asList(content: unknown): unknown[] {
  return Array.isArray(content) ? content : [content];
}

/**
 * One message's (or reply's) content, checked and copied in one read: text,
 * image or audio blocks only. The lines carry `at` (`messages[0].content[1] …`).
 */
function readSampleContent(at: string, content: unknown, problems: string[]): SampleContent[] {
  const list = asList(content);
  if (list.length === 0) {
    problems.push(`${at}.content is empty`);
    return [];
  }
  if (!list.every((block) => isRecord(block) && typeof block.type === "string" && SAMPLE_KINDS.has(block.type))) {
    problems.push(`${at}.content may hold only text, image and audio blocks`);
    return [];
  }
  const read = readContent(list);
  if (read.ok) return read.blocks as SampleContent[];
  for (const line of read.problems) problems.push(`${at}.${line}`);
  return [];
}

function readMessages(messages: unknown, problems: string[]): SampleMessage[] {
  if (!Array.isArray(messages) || messages.length === 0) {
    problems.push("messages must be a non-empty array");
    return [];
  }
  const copies: SampleMessage[] = [];
  for (const [i, message] of messages.entries()) {
    const at = `messages[${i}]`;
    if (!isRecord(message)) {
      problems.push(`${at} must be { role, content }`);
      continue;
    }
    const { role, content } = message;
    if (role !== "user" && role !== "assistant") {
      problems.push(`${at}.role must be "user" or "assistant"`);
      continue;
    }
    const blocks = readSampleContent(at, content, problems);
    // A single block stays a single block: the wire takes both shapes, and the tool chose one.
    copies.push({ role, content: Array.isArray(content) ? blocks : (blocks[0] as SampleContent) });
  }
  return copies;
}

function readPreferences(value: unknown, problems: string[]): SampleRequest["modelPreferences"] {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    problems.push("modelPreferences must be an object");
    return undefined;
  }
  const { hints } = value;
  if (
    hints !== undefined &&
    !(Array.isArray(hints) && hints.every((h) => isRecord(h) && (h.name === undefined || typeof h.name === "string")))
  ) {
    problems.push("modelPreferences.hints must be a list of { name?: string }");
  }
  for (const key of PRIORITIES) {
    const priority = value[key];
    if (priority !== undefined && !(typeof priority === "number" && priority >= 0 && priority <= 1)) {
      problems.push(`modelPreferences.${key} must be a number from 0 to 1`);
    }
  }
  const copy = jsonCopy(value);
  if (copy === undefined) problems.push(`modelPreferences ${NOT_JSON}`);
  return copy as SampleRequest["modelPreferences"];
}

function readMetadata(value: unknown, problems: string[]): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    problems.push("metadata must be an object");
    return undefined;
  }
  const copy = jsonCopy(value);
  if (copy === undefined) problems.push(`metadata ${NOT_JSON}`);
  return copy;
}

/** The request read once into the params that go on the wire, with a line in `problems` for each problem. */
function readRequest(request: unknown, problems: string[]): SampleParams {
  if (!isRecord(request)) {
    problems.push("a sampling request must be { messages, maxTokens }");
    return { messages: [], maxTokens: 0 };
  }
  const { messages, maxTokens, systemPrompt, temperature, stopSequences, modelPreferences, metadata } = request;
  const params: SampleParams = { messages: readMessages(messages, problems), maxTokens: maxTokens as number };
  if (typeof maxTokens !== "number" || !Number.isInteger(maxTokens) || maxTokens < 1)
    problems.push("maxTokens must be a whole number above 0");
  if (systemPrompt !== undefined) {
    if (typeof systemPrompt === "string") params.systemPrompt = systemPrompt;
    else problems.push("systemPrompt must be a string");
  }
  if (temperature !== undefined) {
    if (typeof temperature === "number" && Number.isFinite(temperature)) params.temperature = temperature;
    else problems.push("temperature must be a number");
  }
  if (stopSequences !== undefined) {
    const list: unknown[] | undefined = Array.isArray(stopSequences) ? [...stopSequences] : undefined;
    if (list?.every((s) => typeof s === "string")) params.stopSequences = list as string[];
    else problems.push("stopSequences must be a list of strings");
  }
  const preferences = readPreferences(modelPreferences, problems);
  if (preferences !== undefined) params.modelPreferences = preferences;
  const meta = readMetadata(metadata, problems);
  if (meta !== undefined) params.metadata = meta;
  return params;
}

/** Checks a request and copies what goes on the wire. A bad request throws a `TypeError` with one line per problem. */
export function prepareSample(request: SampleRequest): PreparedSample {
  const problems: string[] = [];
  const params = readRequest(request, problems);
  if (problems.length > 0) throw new TypeError(`bad sampling request: ${problems.join("; ")}`);
  return { params, fingerprint: fingerprintOf(JSON.stringify(params)), check: checkSampleReply };
}

/** A client's `CreateMessageResult` → what the tool sees, or `undefined` when the reply is not one. */
export function checkSampleReply(reply: unknown): SampleResult | undefined {
  if (!isRecord(reply)) return undefined;
  const { role, model, stopReason, content } = reply;
  if (role !== "assistant" || typeof model !== "string") return undefined;
  if (stopReason !== undefined && typeof stopReason !== "string") return undefined;
  const problems: string[] = [];
  const blocks = readSampleContent("reply", content, problems);
  if (problems.length > 0) return undefined;
  const result: SampleResult = { role: "assistant", content: blocks, text: joinedText(blocks), model };
  if (stopReason !== undefined) result.stopReason = stopReason;
  return result;
}

/** Whether a client declared sampling (MCP `capabilities.sampling`). */
export function supportsSampling(capabilities: unknown): boolean {
  return isRecord(capabilities) && isRecord(capabilities.sampling);
}
