/**
 * The host-facts panel: a header naming the host (its number among the hosts
 * and what it is), then what the host receives when an adapter registers a
 * tool, reduced to four short rows, the import line, the peer package with
 * its range, the failure channel and the registration itself as JSON.
 *
 * Each host's panel is computed from the real adapter (see mcp.ts, pi.ts,
 * ai.ts, omp.ts and one file per agent framework); this file holds what they
 * share: the shape, how a live registration becomes JSON, and the rows that
 * only describe a value.
 */
import { readFileSync } from "node:fs";
import { definePrompt, defineResource, defineTool, Type } from "@agntn/tools";

export type HostKey = "mcp" | "pi" | "omp" | "ai" | "langchain" | "openai-agents" | "mastra" | "anthropic" | "claude-agent" | "google";

export interface PanelRow {
  label: string;
  value: string;
  /** The row that differs most from host to host, drawn highlighted. */
  accent?: true;
}

/** Which registration field carries each concept on this host (`null`: the host has no such field). */
export interface PanelFields {
  name: string | null;
  label: string | null;
  schema: string | null;
  effect: string | null;
  prompt: string | null;
  run: string | null;
}

/**
 * The panel's header: which host this is, its place among the hosts the site
 * shows (numbered by computePanels from the order it returns them in), and
 * one line saying what the host is.
 */
export interface PanelHeader {
  /** The host as the site's navigation names it. */
  name: string;
  /** 1-based, in the site's order of hosts. */
  position: number;
  /** How many hosts the site shows. */
  count: number;
  /** What the host is, in one sentence. */
  blurb: string;
}

/** Who a host is, as its own panel file knows it: computePanels adds the numbering. */
export type HostIntro = Pick<PanelHeader, "name" | "blurb">;

export interface HostPanel {
  key: HostKey;
  header: PanelHeader;
  rows: PanelRow[];
  /** What the host received, as JSON: functions read `"[function]"`. */
  registration: unknown;
  fields: PanelFields;
  /** The import a reader writes to reach this host. */
  import: string;
  /** The host package, a peer of this one, with the range package.json gives it. */
  peer: { name: string; range: string };
  /** How this host hears that a call failed, measured by calling the registered tool. */
  failure: string;
  /** What the host hands its model of a result with every content kind, measured with {@link CONTENT_PROBE}. */
  content: string;
  /** Whether the host serves resources and prompts, measured with {@link CATALOG_PROBE} (see catalogServed and catalogRefused). */
  catalog: string;
}

/** A panel before computePanels numbers it: the header carries the host's name and blurb only. */
export type UnnumberedPanel = Omit<HostPanel, "header"> & { header: HostIntro };

/** Numbers the panels in the order given: "Host 2 of 4" is the second of four. */
export function numberPanels(panels: readonly UnnumberedPanel[]): HostPanel[] {
  return panels.map(({ key, header, ...rest }, index) => ({
    key,
    header: { name: header.name, position: index + 1, count: panels.length, blurb: header.blurb },
    ...rest,
  }));
}

/** A schema object a host built for us, and how to show it as JSON. */
type SchemaReader = (value: unknown) => unknown | undefined;

/**
 * Turns a registration into plain JSON: functions become `"[function]"`,
 * symbol keys vanish (JSON has none), and a host schema object that is not
 * plain data is shown through `readSchema` (the AI SDK's `jsonSchema()`
 * wrapper, OMP's callable `Type.Unsafe`).
 */
export function toDisplayJson(value: unknown, readSchema: SchemaReader = () => undefined, depth = 0): unknown {
  if (depth > 32) throw new Error("registration nests deeper than 32 levels");
  const shown = readSchema(value);
  if (shown !== undefined) return toDisplayJson(shown, readSchema, depth + 1);
  if (typeof value === "function") return "[function]";
  if (Array.isArray(value)) return value.map((item) => toDisplayJson(item, readSchema, depth + 1));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) out[key] = toDisplayJson(item, readSchema, depth + 1);
    }
    return out;
  }
  return value;
}

/** The property names of an object schema, in order: "text, separator". */
export function propertyNames(schema: unknown): string {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Object.keys(properties).join(", ");
}

const packageJson = new URL("../../package.json", import.meta.url);

/**
 * Host packages that are not peers, with what the adapter checks instead:
 * `ai` is checked when the first tool is converted (see src/ai/host.ts),
 * because an optional peer made npm refuse to install a Nuxt app on old Node.
 */
const CHECKED_AT_RUN_TIME: Readonly<Record<string, string>> = { ai: ">=7.0.0 (checked at run time)" };

/** The range package.json declares for a peer, or what the adapter checks at run time; any other name is a bug in the panel, so it throws. */
export function peerRange(name: string): string {
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as { peerDependencies?: Record<string, string> };
  const range = manifest.peerDependencies?.[name] ?? CHECKED_AT_RUN_TIME[name];
  if (typeof range !== "string") throw new Error(`package.json declares no peer ${JSON.stringify(name)}`);
  return range;
}

/** How a registered tool answered one call: what a host would see. */
export type Outcome = { kind: "result"; text: string } | { kind: "isError"; text: string } | { kind: "thrown"; text: string };

/** Runs a call and sorts its answer: a returned `isError`, a throw, or a result. */
export async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = (await call()) as { isError?: boolean; content?: { text: string }[]; text?: string };
    const text = result.content ? result.content.map((block) => block.text).join("\n") : String(result.text ?? "");
    return result.isError ? { kind: "isError", text } : { kind: "result", text };
  } catch (error) {
    return { kind: "thrown", text: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The failure channel, from two failing calls: bad input, and valid input
 * the tool itself answers with `isError` ("!!!" has no letters to slug).
 */
export function failureChannel(badInput: Outcome, toolError: Outcome): string {
  const kinds = new Set([badInput.kind, toolError.kind]);
  if (kinds.has("result")) throw new Error("a failing call came back as a plain result");
  if (kinds.size === 2) return "isError or thrown";
  return badInput.kind === "isError" ? "isError: true" : "thrown";
}

/**
 * The failure row of a host that answers failures in a shape of its own (a
 * framework's error message, an error field): each failing call's answer
 * read as that shape's name, or `undefined` when it read as a success. Both
 * must read the same, so the row names one channel the host really used.
 */
export function measuredFailure(badInput: string | undefined, toolError: string | undefined): string {
  if (badInput === undefined || toolError === undefined) throw new Error("a failing call came back as a plain result");
  if (badInput !== toolError) throw new Error(`the failing calls came back through different channels: ${badInput}; ${toolError}`);
  return badInput;
}

/** A Standard JSON Schema (the LangChain and Mastra adapters hand one over), shown as the JSON Schema its `input` gives. */
export function standardJsonSchema(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("~standard" in value)) return undefined;
  const standard = (value as { "~standard": { vendor?: unknown; jsonSchema?: { input?: (options: { target: string }) => unknown } } })[
    "~standard"
  ];
  if (typeof standard.jsonSchema?.input !== "function") return undefined;
  return {
    "~standard": { vendor: standard.vendor, validate: "[function]", jsonSchema: standard.jsonSchema.input({ target: "draft-07" }) },
  };
}

/** The two failing argument sets every panel is measured with. */
export const FAILING_CALLS = { badInput: { txt: "Hello" }, toolError: { text: "!!!" } } as const;

/** A tiny PNG (1×1, red): the probe's image. */
const PROBE_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
/** A WAV header with no samples: the probe's sound. */
const PROBE_WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";

/** The kinds the probe returns, in its order. */
export const PROBE_KINDS = ["text", "image", "audio", "resource_link", "resource"] as const;

/** Registered beside the panel's tool: one block of every content kind, so each panel can say what its host keeps. */
export const CONTENT_PROBE = defineTool({
  name: "panel_content",
  title: "Content Probe",
  description: "Answer with one block of every content kind.",
  effect: "read",
  input: Type.Object({}, { additionalProperties: false }),
  execute: () => ({
    content: [
      { type: "text", text: "every kind" },
      { type: "image", data: PROBE_PNG, mimeType: "image/png" },
      { type: "audio", data: PROBE_WAV, mimeType: "audio/wav" },
      { type: "resource_link", uri: "file:///probe.txt", name: "probe.txt" },
      { type: "resource", resource: { uri: "file:///probe.md", mimeType: "text/markdown", text: "# Probe" } },
    ],
  }),
});

/**
 * The panel's content line, from the blocks (or parts) the host's answer held (an AI SDK
 * file part counts as the image or sound it carries): the probe's kinds the
 * host kept as themselves, then those it turned into text lines.
 */
export function contentLine(blocks: unknown): string {
  const got = new Set(kindsOf(blocks));
  const kept = PROBE_KINDS.filter((kind) => got.has(kind));
  const noted = PROBE_KINDS.filter((kind) => !got.has(kind));
  if (!kept.includes("text")) throw new Error("the host's answer to the content probe held no text");
  return noted.length === 0 ? `${kept.join(", ")}: all as sent` : `${kept.join(", ")} as sent; ${noted.join(", ")} as text notes`;
}

/** The kinds of a list of blocks or parts: `type`, with a file or media part read by its media type. */
function kindsOf(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return [];
  return blocks.map((block) => {
    const { type, mediaType } = (block ?? {}) as { type?: unknown; mediaType?: unknown };
    if ((type === "file" || type === "media") && typeof mediaType === "string") return mediaType.split("/")[0] ?? "file";
    return String(type);
  });
}

/** A resource and a prompt, handed to each adapter: an MCP face serves them, every other adapter refuses them. */
export const CATALOG_PROBE = {
  resources: [defineResource({ name: "Panel note", uri: "panel://note", read: () => "a note" })],
  prompts: [definePrompt({ name: "panel_prompt", get: () => "Say hello." })],
};

/** What an MCP client tells of the server it reached: the capabilities it declared, and what it lists. */
export interface CatalogClient {
  getServerCapabilities(): { resources?: unknown; prompts?: unknown } | undefined;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  listPrompts(): Promise<{ prompts: { name: string }[] }>;
}

/**
 * Checks a server a face built with {@link CATALOG_PROBE}: it declares the
 * `resources` and `prompts` capabilities and lists the probe's resource and
 * prompt. Throws, naming the face, when it does not.
 */
export async function catalogServed(face: string, client: CatalogClient): Promise<void> {
  const capabilities = client.getServerCapabilities() ?? {};
  const missing = (["resources", "prompts"] as const).filter((name) => capabilities[name] === undefined);
  if (missing.length > 0) throw new Error(`${face} does not serve the probe: it declares no ${missing.join(" and no ")} capability`);
  const resources = (await client.listResources()).resources.map((entry) => entry.uri);
  const prompts = (await client.listPrompts()).prompts.map((entry) => entry.name);
  if (!resources.includes("panel://note") || !prompts.includes("panel_prompt")) {
    throw new Error(`${face} does not serve the probe: it lists ${JSON.stringify({ resources, prompts })}`);
  }
}

/**
 * The fact for an adapter that is no MCP server: handed the probe's
 * `resources`, then its `prompts`, it must refuse each as an unknown option.
 * One it took would be served somewhere, and the panel would have to measure
 * that instead, so that throws.
 */
export function catalogRefused(where: string, give: (options: Record<string, unknown>) => unknown): string {
  for (const key of ["resources", "prompts"] as const) {
    try {
      give({ [key]: CATALOG_PROBE[key] });
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(`${where}: unknown option "${key}"`)) continue;
      throw error;
    }
    throw new Error(`${where} took ${key}: measure what it serves`);
  }
  return `no: ${where} takes no resources or prompts`;
}
