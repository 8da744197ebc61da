/**
 * The Anthropic SDK panel: `toAnthropicTools` on the tool, its `run` called
 * as the tool runner calls it. A failure is thrown as the SDK's `ToolError`,
 * which the runner sends back as a `tool_result` with `is_error: true`.
 */
import type { AnyTool } from "@agntn/tools";
import { toAnthropicTools } from "@agntn/tools/anthropic";
import { ToolError } from "@anthropic-ai/sdk/lib/tools/ToolError";
import {
  CONTENT_PROBE,
  catalogRefused,
  contentLine,
  FAILING_CALLS,
  type HostIntro,
  measuredFailure,
  peerRange,
  propertyNames,
  toDisplayJson,
  type UnnumberedPanel,
} from "./panels.ts";

/** The panel header's host: its name in the site's navigation, and what it is. */
const INTRO: HostIntro = {
  name: "Anthropic SDK",
  blurb: "Anthropic's TypeScript SDK, whose tool runner calls Claude in a loop and runs the tools it asks for.",
};

type Converted = ReturnType<typeof toAnthropicTools>[number];

/** A failing call's channel: a thrown `ToolError`, which the runner answers with `is_error: true`. */
async function failed(tool: Converted, args: unknown): Promise<string | undefined> {
  try {
    await tool.run(args);
    return undefined;
  } catch (error) {
    return error instanceof ToolError ? "ToolError, is_error: true" : "thrown";
  }
}

export async function anthropicPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const [converted, probe] = toAnthropicTools([tool, CONTENT_PROBE]) as [Converted, Converted];
  const failure = measuredFailure(await failed(converted, FAILING_CALLS.badInput), await failed(converted, FAILING_CALLS.toolError));
  const probed = await probe.run({});
  const shown = converted as unknown as { type: string; input_schema: unknown };
  return {
    key: "anthropic",
    header: INTRO,
    rows: [
      { label: "name", value: converted.name },
      { label: "input_schema", value: propertyNames(shown.input_schema) },
      { label: "type", value: shown.type, accent: true },
      { label: "failure", value: failure },
    ],
    registration: toDisplayJson(converted),
    fields: { name: "name", label: null, schema: "input_schema", effect: null, prompt: null, run: "run" },
    import: 'import { toAnthropicTools } from "@agntn/tools/anthropic";',
    peer: { name: "@anthropic-ai/sdk", range: peerRange("@anthropic-ai/sdk") },
    failure,
    content: contentLine(Array.isArray(probed) ? probed : [{ type: "text" }]),
    catalog: catalogRefused("toAnthropicTools", (options) => toAnthropicTools([tool], options as never)),
  };
}
