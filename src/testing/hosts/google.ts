/**
 * The Google GenAI host: the tools as one callable tool (toGoogleTool) in
 * `ai.models.generateContent` with automatic function calling, against a fake
 * Gemini API on loopback whose model calls one function and then says "done"
 * (./google-api.ts). A call answers with the parts of the turn the SDK sent
 * back: one `functionResponse`, or none when no tool answered the call.
 */
import { toolsFor } from "@agntn/tools";
import { toGoogleTool } from "@agntn/tools/google";
import type { HostOptions, HostSession } from "../types.ts";
import { callOf } from "./call.ts";
import { googleRig } from "./google-api.ts";
import { lineText } from "./read.ts";

export async function open(options: HostOptions): Promise<HostSession> {
  const rig = await googleRig();
  const tool = toGoogleTool(await toolsFor(options.tools));
  return {
    async call(id) {
      const { tool: name, args = {} } = callOf(options, id);
      return rig.run(tool, name, args);
    },
    close: () => rig.close(),
  };
}

/** A function response's value as text: a string as it is, anything else as JSON. */
const asText = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

export function answerOf(raw: unknown): { text: string; isError: boolean } {
  const parts = Array.isArray(raw) ? raw : [];
  const response = parts
    .map((part) => (part as { functionResponse?: { response?: Record<string, unknown> } } | null)?.functionResponse?.response)
    .find((found) => found !== undefined);
  // No function response at all: no tool answered the model's call (a name the callable tool has no tool for).
  if (!response) return { text: "", isError: true };
  // A failure goes back as the response's `error`, a success as its `output`.
  if (Object.hasOwn(response, "error")) return { text: asText(response.error), isError: true };
  // A function response has one output text: the core folds the notes for the media it cannot carry (a sound, a link)
  // into it, on lines of their own after the tool's text; those lines are left out, as is the image riding beside it.
  return { text: lineText(asText(response.output)), isError: false };
}
