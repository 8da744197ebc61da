/**
 * The OMP panel: `registerOmpTools` against a recording extension API that
 * carries OMP's own `Type.Unsafe`, so `parameters` is the schema as the host
 * builds it. OMP runs on bun only, and so does this file: run it with
 * `bun --conditions=agntn-source docs/host-facts/omp.ts` and it prints the
 * panel as JSON (test/docs-panels.test.ts does).
 */
import type { AnyTool } from "@agntn/tools";
import { registerOmpTools } from "@agntn/tools/omp";
import * as TypeBox from "@oh-my-pi/pi-coding-agent/extensibility/legacy-typebox";
import { slugTool } from "../../playground/server/tools.ts";
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
import { recordOmp } from "./recorders.ts";

/** The panel header's host: its name in the site's navigation, and what it is. */
const INTRO: HostIntro = {
  name: "OMP",
  blurb: "Oh My Pi, a coding agent built on Pi that runs its extensions with bun and gives every tool an approval tier.",
};

/**
 * OMP's `Type.Unsafe` returns a callable schema, not JSON. The document it
 * wraps sits in its `ir.json` (an omptype refinement of `unknown`); the panel
 * shows it as `{ unsafe: <document> }`.
 */
export function ompUnsafeJson(value: unknown): unknown {
  if (typeof value !== "function") return undefined;
  const ir = (value as { ir?: { json?: unknown } }).ir;
  return ir && typeof ir.json === "object" ? { unsafe: ir.json } : undefined;
}

export async function ompPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const { api, registered } = recordOmp((schema) => TypeBox.Type.Unsafe(schema));
  registerOmpTools(api, [tool, CONTENT_PROBE]);
  const registration = registered.find((entry) => entry.name === tool.name);
  if (!registration) throw new Error(`registerOmpTools did not register ${tool.name}`);
  const call = (args: unknown) => () => registration.execute("panel", args, undefined, undefined, undefined);
  const failure = failureChannel(await outcomeOf(call(FAILING_CALLS.badInput)), await outcomeOf(call(FAILING_CALLS.toolError)));
  const probe = registered.find((entry) => entry.name === CONTENT_PROBE.name);
  if (!probe) throw new Error("registerOmpTools did not register the content probe");
  const probed = (await probe.execute("panel", {}, undefined, undefined, undefined)) as { content?: unknown };
  const parameters = ompUnsafeJson(registration.parameters) as { unsafe: unknown } | undefined;
  return {
    key: "omp",
    header: INTRO,
    rows: [
      { label: "label", value: registration.label },
      { label: "approval", value: registration.approval, accent: true },
      { label: "parameters", value: parameters && propertyNames(parameters.unsafe) ? "Type.Unsafe(json)" : "other" },
      { label: "failure", value: failure },
    ],
    registration: toDisplayJson(registration, ompUnsafeJson),
    fields: { name: "name", label: "label", schema: "parameters", effect: "approval", prompt: null, run: "execute" },
    import: 'import { registerOmpTools } from "@agntn/tools/omp";',
    peer: { name: "@oh-my-pi/pi-coding-agent", range: peerRange("@oh-my-pi/pi-coding-agent") },
    failure,
    content: contentLine(probed.content),
    catalog: catalogRefused("registerOmpTools", (options) =>
      registerOmpTools(recordOmp((schema) => TypeBox.Type.Unsafe(schema)).api, [tool], options as never),
    ),
  };
}

if (import.meta.main) console.log(JSON.stringify(await ompPanel(slugTool)));
