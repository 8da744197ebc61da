/**
 * The LangChain panel: `toLangChainTools` on the tool, its structured tool
 * invoked with a tool call as LangChain's agent invokes it. The schema is a
 * Standard JSON Schema, shown as the JSON Schema LangChain reads from it.
 */
import type { AnyTool } from "@agntn/tools";
import { toLangChainTools } from "@agntn/tools/langchain";
import type { ToolMessage } from "@langchain/core/messages";
import {
  CONTENT_PROBE,
  catalogRefused,
  contentLine,
  FAILING_CALLS,
  type HostIntro,
  measuredFailure,
  peerRange,
  standardJsonSchema,
  toDisplayJson,
  type UnnumberedPanel,
} from "./panels.ts";

/** The panel header's host: its name in the site's navigation, and what it is. */
const INTRO: HostIntro = {
  name: "LangChain",
  blurb: "LangChain.js, whose createAgent runs a model over structured tools, with middleware such as human-in-the-loop approval.",
};

type Converted = ReturnType<typeof toLangChainTools>[number];

/** One call as the agent's ToolNode makes it: a tool call, answered with a ToolMessage. */
function call(tool: Converted, args: unknown): Promise<ToolMessage> {
  return tool.invoke({ id: "panel", name: tool.name, args: args as Record<string, unknown>, type: "tool_call" }) as Promise<ToolMessage>;
}

/** A failing call's channel: the ToolMessage's status, read only when it says error. */
const failed = (message: ToolMessage) => (message.status === "error" ? 'ToolMessage status: "error"' : undefined);

export async function langchainPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const [converted, probe] = toLangChainTools([tool, CONTENT_PROBE]) as [Converted, Converted];
  const failure = measuredFailure(
    failed(await call(converted, FAILING_CALLS.badInput)),
    failed(await call(converted, FAILING_CALLS.toolError)),
  );
  const probed = await call(probe, {});
  const registration = {
    name: converted.name,
    description: converted.description,
    schema: converted.schema,
    responseFormat: converted.responseFormat,
    metadata: converted.metadata,
    func: converted.func,
  };
  return {
    key: "langchain",
    header: INTRO,
    rows: [
      { label: "name", value: converted.name },
      { label: "schema", value: standardJsonSchema(converted.schema) ? "Standard JSON Schema" : "other", accent: true },
      { label: "responseFormat", value: String(converted.responseFormat) },
      { label: "failure", value: failure },
    ],
    registration: toDisplayJson(registration, standardJsonSchema),
    fields: { name: "name", label: null, schema: "schema", effect: null, prompt: null, run: "func" },
    import: 'import { toLangChainTools } from "@agntn/tools/langchain";',
    peer: { name: "@langchain/core", range: peerRange("@langchain/core") },
    failure,
    content: contentLine(typeof probed.content === "string" ? [{ type: "text" }] : probed.content),
    catalog: catalogRefused("toLangChainTools", (options) => toLangChainTools([tool], options as never)),
  };
}
