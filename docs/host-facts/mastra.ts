/**
 * The Mastra panel: `toMastraTools` on the tool, its `execute` called as
 * Mastra's agent calls it, and what the model reads through its
 * `toModelOutput`. The input schema is a Standard JSON Schema, shown as the
 * JSON Schema Mastra reads from it.
 */
import type { AnyTool } from "@agntn/tools";
import { toMastraTools } from "@agntn/tools/mastra";
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
  name: "Mastra",
  blurb: "A TypeScript agent framework whose agents call tools keyed by name and can suspend a call until someone approves it.",
};

/** The fields of a Mastra tool the panel reads and shows. */
interface MastraShown {
  id: string;
  title?: string;
  description: string;
  inputSchema?: unknown;
  requireApproval?: unknown;
  mcp?: unknown;
  execute?: (input: unknown, context: unknown) => Promise<unknown>;
  toModelOutput?: (output: unknown) => unknown;
}

/** A failing call's channel: a throw, which Mastra hands the model as the call's error. */
async function failed(tool: MastraShown, args: unknown): Promise<string | undefined> {
  try {
    await tool.execute?.(args, undefined);
    return undefined;
  } catch {
    return "thrown";
  }
}

export async function mastraPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const tools = toMastraTools([tool, CONTENT_PROBE]);
  const converted = tools[tool.name] as unknown as MastraShown;
  const probe = tools[CONTENT_PROBE.name] as unknown as MastraShown;
  const failure = measuredFailure(await failed(converted, FAILING_CALLS.badInput), await failed(converted, FAILING_CALLS.toolError));
  const read = probe.toModelOutput?.(await probe.execute?.({}, undefined)) as { value?: unknown } | undefined;
  const { id, title, description, inputSchema, requireApproval, mcp, execute, toModelOutput } = converted;
  const registration = { id, title, description, inputSchema, requireApproval, mcp, execute, toModelOutput };
  return {
    key: "mastra",
    header: INTRO,
    rows: [
      { label: "id", value: id },
      { label: "inputSchema", value: standardJsonSchema(inputSchema) ? "Standard JSON Schema" : "other", accent: true },
      { label: "requireApproval", value: typeof requireApproval === "function" ? "when the input is valid" : String(requireApproval) },
      { label: "failure", value: failure },
    ],
    registration: toDisplayJson(registration, standardJsonSchema),
    fields: { name: "id", label: "title", schema: "inputSchema", effect: "requireApproval", prompt: null, run: "execute" },
    import: 'import { toMastraTools } from "@agntn/tools/mastra";',
    peer: { name: "@mastra/core", range: peerRange("@mastra/core") },
    failure,
    content: contentLine(Array.isArray(read?.value) ? read.value : [{ type: "text" }]),
    catalog: catalogRefused("toMastraTools", (options) => toMastraTools([tool], options as never)),
  };
}
