/**
 * The OpenAI Agents SDK panel: `toOpenAiAgentsTools` on the tool, its
 * function tool invoked as the SDK's runner invokes it (`invoke(runContext,
 * argumentsJson)`). A failure answers through the tool's `errorFunction`
 * (the SDK keeps it out of the tool object), so it reads as the call's
 * output text: the row names that channel once both failing calls have come
 * back as text, not as a throw.
 */
import type { AnyTool } from "@agntn/tools";
import { toOpenAiAgentsTools } from "@agntn/tools/openai-agents";
import { RunContext } from "@openai/agents";
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
  name: "OpenAI Agents",
  blurb: "OpenAI's Agents SDK for TypeScript, which runs agents that call function tools and pause a call for a person's approval.",
};

type Converted = ReturnType<typeof toOpenAiAgentsTools>[number];

/** A failing call's channel: the errorFunction's text, when the call answered text instead of throwing. */
async function failed(tool: Converted, args: unknown): Promise<string | undefined> {
  const answer = await tool.invoke(new RunContext({}), JSON.stringify(args));
  return typeof answer === "string" ? "errorFunction text" : undefined;
}

export async function openAiAgentsPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const [converted, probe] = toOpenAiAgentsTools([tool, CONTENT_PROBE]) as [Converted, Converted];
  const failure = measuredFailure(await failed(converted, FAILING_CALLS.badInput), await failed(converted, FAILING_CALLS.toolError));
  const probed = await probe.invoke(new RunContext({}), "{}");
  const held = await converted.needsApproval(new RunContext({}), { text: "Hello" } as never, "panel");
  return {
    key: "openai-agents",
    header: INTRO,
    rows: [
      { label: "name", value: converted.name },
      { label: "parameters", value: `${propertyNames(converted.parameters)} (strict: ${converted.strict})` },
      { label: "needsApproval", value: String(held), accent: true },
      { label: "failure", value: failure },
    ],
    registration: toDisplayJson(converted),
    fields: { name: "name", label: null, schema: "parameters", effect: "needsApproval", prompt: null, run: "invoke" },
    import: 'import { toOpenAiAgentsTools } from "@agntn/tools/openai-agents";',
    peer: { name: "@openai/agents", range: peerRange("@openai/agents") },
    failure,
    content: contentLine(Array.isArray(probed) ? probed : [{ type: "text" }]),
    catalog: catalogRefused("toOpenAiAgentsTools", (options) => toOpenAiAgentsTools([tool], options as never)),
  };
}
