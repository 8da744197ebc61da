/**
 * The AI SDK panel: `toAiTool` on the tool. The schema is the AI SDK's own
 * `jsonSchema()` wrapper, shown by the JSON Schema it carries.
 */
import type { AnyTool } from "@agntn/tools";
import { toAiTool } from "@agntn/tools/ai";
import {
  CONTENT_PROBE,
  catalogRefused,
  contentLine,
  FAILING_CALLS,
  failureChannel,
  type HostIntro,
  outcomeOf,
  peerRange,
  toDisplayJson,
  type UnnumberedPanel,
} from "./panels.ts";

/** The panel header's host: its name in the site's navigation, and what it is. */
const INTRO: HostIntro = {
  name: "AI SDK",
  blurb: "Vercel's TypeScript toolkit for calling models, whose generateText and streamText let a model call tools.",
};

/** An AI SDK schema object (what `jsonSchema()` returns), read as its JSON Schema. */
function aiSchemaJson(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("jsonSchema" in value) || !("validate" in value)) return undefined;
  return (value as { jsonSchema: unknown }).jsonSchema;
}

export async function aiPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const converted = toAiTool(tool);
  const execute = (args: unknown) => () =>
    Promise.resolve(converted.execute?.(args as never, { toolCallId: "panel", messages: [], context: {} }));
  const failure = failureChannel(await outcomeOf(execute(FAILING_CALLS.badInput)), await outcomeOf(execute(FAILING_CALLS.toolError)));
  // The output row reads what a successful call returns: the details' keys beside `text`.
  const output = (await converted.execute?.({ text: "Hello World" } as never, {
    toolCallId: "panel",
    messages: [],
    context: {},
  })) as Record<string, unknown>;
  const outputKeys = Object.keys(output);
  // What the model reads of a result with every kind: the probe's output through the tool's own toModelOutput.
  const probe = toAiTool(CONTENT_PROBE) as unknown as {
    execute(input: unknown, options: unknown): Promise<unknown>;
    toModelOutput(options: { toolCallId: string; input: unknown; output: unknown }): unknown;
  };
  const probeOutput = await probe.execute({}, { toolCallId: "panel", messages: [], context: {} });
  const read = (await probe.toModelOutput({ toolCallId: "panel", input: {}, output: probeOutput })) as { value?: unknown } | undefined;
  const outputRow = outputKeys.includes("text") && outputKeys.length > 1 ? "details + text" : outputKeys.join(", ");
  return {
    key: "ai",
    header: INTRO,
    rows: [
      { label: "title", value: String(converted.title) },
      { label: "inputSchema", value: aiSchemaJson(converted.inputSchema) ? "jsonSchema()" : "other", accent: true },
      { label: "output", value: outputRow },
      { label: "failure", value: failure },
    ],
    registration: toDisplayJson(converted, aiSchemaJson),
    fields: { name: null, label: "title", schema: "inputSchema", effect: null, prompt: null, run: "execute" },
    import: 'import { toAiTool } from "@agntn/tools/ai";',
    peer: { name: "ai", range: peerRange("ai") },
    failure,
    content: contentLine(read?.value),
    catalog: catalogRefused("toAiTool", (options) => toAiTool(tool, options as never)),
  };
}
