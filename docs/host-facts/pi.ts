/** The Pi panel: `registerPiTools` against a recording extension API, its `execute` called as Pi calls it. */
import type { AnyTool } from "@agntn/tools";
import { registerPiTools } from "@agntn/tools/pi";
import {
  CONTENT_PROBE,
  catalogRefused,
  contentLine,
  FAILING_CALLS,
  failureChannel,
  type HostIntro,
  outcomeOf,
  peerRange,
  propertyNames,
  toDisplayJson,
  type UnnumberedPanel,
} from "./panels.ts";
import { recordPi } from "./recorders.ts";

/** The panel header's host: its name in the site's navigation, and what it is. */
const INTRO: HostIntro = {
  name: "Pi",
  blurb: "A coding agent for the terminal that takes new tools from the TypeScript extensions it loads.",
};

type PiExecute = (id: string, params: unknown, signal?: AbortSignal, onUpdate?: unknown, ctx?: unknown) => Promise<unknown>;

export async function piPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const { api, registered } = recordPi();
  registerPiTools(api, [tool, CONTENT_PROBE]);
  const registration = registered.find((entry) => entry.name === tool.name);
  if (!registration) throw new Error(`registerPiTools did not register ${tool.name}`);
  const execute = registration.execute as PiExecute;
  const call = (args: unknown) => () => execute("panel", args, undefined, undefined, undefined);
  const failure = failureChannel(await outcomeOf(call(FAILING_CALLS.badInput)), await outcomeOf(call(FAILING_CALLS.toolError)));
  const probe = registered.find((entry) => entry.name === CONTENT_PROBE.name)?.execute as PiExecute;
  const probed = (await probe("panel", {}, undefined, undefined, undefined)) as { content?: unknown };
  const guidelines = Array.isArray(registration.promptGuidelines) ? registration.promptGuidelines.length : 0;
  const prompt = [registration.promptSnippet ? "snippet" : "", guidelines ? `${guidelines} rule${guidelines === 1 ? "" : "s"}` : ""];
  return {
    key: "pi",
    header: INTRO,
    rows: [
      { label: "label", value: String(registration.label) },
      { label: "prompt", value: prompt.filter(Boolean).join(", ") || "none", accent: true },
      { label: "parameters", value: propertyNames(registration.parameters) },
      { label: "failure", value: failure },
    ],
    registration: toDisplayJson(registration),
    fields: { name: "name", label: "label", schema: "parameters", effect: null, prompt: "promptSnippet", run: "execute" },
    import: 'import { registerPiTools } from "@agntn/tools/pi";',
    peer: { name: "@earendil-works/pi-coding-agent", range: peerRange("@earendil-works/pi-coding-agent") },
    failure,
    content: contentLine(probed.content),
    catalog: catalogRefused("registerPiTools", (options) => registerPiTools(recordPi().api, [tool], options as never)),
  };
}
