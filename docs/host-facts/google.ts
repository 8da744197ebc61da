/**
 * The Google GenAI panel: `toGoogleTool` on the tool, its declaration as
 * `tool()` gives it and its answers as `callTool` gives them for automatic
 * function calling. A failure is the function response's `error`.
 */
import type { AnyTool } from "@agntn/tools";
import { toGoogleTool } from "@agntn/tools/google";
import type { FunctionResponse } from "@google/genai";
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
  name: "Google GenAI",
  blurb: "Google's Gen AI SDK, whose generateContent calls Gemini and runs callable tools for it automatically.",
};

type Callable = ReturnType<typeof toGoogleTool>;

async function respond(callable: Callable, name: string, args: unknown): Promise<FunctionResponse | undefined> {
  const [part] = await callable.callTool([{ id: "panel", name, args: args as Record<string, unknown> }]);
  return part?.functionResponse;
}

/** A failing call's channel: the response's `error` field, read only when the response has one. */
const failed = (response: FunctionResponse | undefined) =>
  response?.response && "error" in response.response ? "response.error" : undefined;

/** What the model reads of the probe: the output text, then each inline part by its MIME type. */
function probeParts(response: FunctionResponse | undefined): unknown[] {
  const inline = (response?.parts ?? []).map((part) => ({ type: "file", mediaType: part.inlineData?.mimeType }));
  return [{ type: "text" }, ...inline];
}

export async function googlePanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const callable = toGoogleTool([tool, CONTENT_PROBE]);
  const declaration = (await callable.tool()).functionDeclarations?.find((entry) => entry.name === tool.name);
  if (!declaration) throw new Error(`toGoogleTool did not declare ${tool.name}`);
  const failure = measuredFailure(
    failed(await respond(callable, tool.name, FAILING_CALLS.badInput)),
    failed(await respond(callable, tool.name, FAILING_CALLS.toolError)),
  );
  const answered = await respond(callable, tool.name, { text: "Hello World" });
  const probed = await respond(callable, CONTENT_PROBE.name, {});
  return {
    key: "google",
    header: INTRO,
    rows: [
      { label: "name", value: String(declaration.name) },
      { label: "parametersJsonSchema", value: propertyNames(declaration.parametersJsonSchema), accent: true },
      { label: "response", value: Object.keys(answered?.response ?? {}).join(", ") },
      { label: "failure", value: failure },
    ],
    registration: toDisplayJson(declaration),
    fields: { name: "name", label: null, schema: "parametersJsonSchema", effect: null, prompt: null, run: "callTool" },
    import: 'import { toGoogleTool } from "@agntn/tools/google";',
    peer: { name: "@google/genai", range: peerRange("@google/genai") },
    failure,
    content: contentLine(probeParts(probed)),
    catalog: catalogRefused("toGoogleTool", (options) => toGoogleTool([tool], options as never)),
  };
}
