/**
 * The host-facts panels the docs site draws (docs/app/data/host-facts.json)
 * are recomputed here from the real adapters registering `text_slug`: MCP
 * through createMcpServer and an SDK client over the in-memory pair, Pi and
 * the AI SDK in this process, OMP in a bun child process with OMP's own
 * `Type.Unsafe`. They must equal the committed file (rerun
 * `node --conditions=agntn-source docs/host-facts/write.ts` after a change)
 * and the specification's panels, apart from the deliberate changes below.
 */
import { readFileSync } from "node:fs";
import { createMcpServer } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { beforeAll, describe, expect, it } from "vitest";
import { computePanels } from "../docs/host-facts/compute.ts";
import { CATALOG_PROBE, catalogRefused, catalogServed, type HostPanel } from "../docs/host-facts/panels.ts";
import { slugTool } from "../playground/server/tools.ts";

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const committed = read("../docs/app/data/host-facts.json") as HostPanel[];
const spec = read("./fixtures/spec-host-facts.json") as Array<Pick<HostPanel, "key" | "rows" | "registration" | "fields">>;
const peers = (read("../package.json") as { peerDependencies: Record<string, string> }).peerDependencies;
const navigation = read("./fixtures/docs-navigation.json") as {
  navigation: { path: string; children: { path: string; title: string }[] }[];
};

/**
 * Where the adapters differ from the specification on purpose. Each entry
 * edits a copy of the spec panel into what the code does today, with the reason.
 */
const DELIBERATE: Record<
  string,
  { reason: string; apply(panel: { rows: HostPanel["rows"]; registration: Record<string, unknown> }): void }[]
> = {
  omp: [
    {
      reason:
        "src/omp/execute.ts returns every failure as an isError result and never throws: a returned result reaches the model with exactly the core's text, a throw goes through OMP's own formatting",
      apply: (panel) => {
        panel.rows[3]!.value = "isError: true";
      },
    },
  ],
};

let computed: HostPanel[];

beforeAll(async () => {
  computed = await computePanels();
}, 120_000);

describe("host-facts panels", () => {
  it("the committed panel file is what the adapters register today", () => {
    expect(computed).toEqual(committed);
  });

  it("shows the ten hosts in the site's order", () => {
    expect(computed.map((panel) => panel.key)).toEqual([
      "mcp",
      "pi",
      "omp",
      "ai",
      "langchain",
      "openai-agents",
      "mastra",
      "anthropic",
      "claude-agent",
      "google",
    ]);
  });

  it.each(["mcp", "pi", "omp", "ai"])("%s matches the specification, apart from the listed deliberate changes", (key) => {
    const panel = computed.find((entry) => entry.key === key)!;
    const expected = structuredClone(spec.find((entry) => entry.key === key)!) as {
      rows: HostPanel["rows"];
      registration: Record<string, unknown>;
      fields: HostPanel["fields"];
    };
    for (const change of DELIBERATE[key] ?? []) {
      expect(change.reason.length).toBeGreaterThan(20);
      change.apply(expected);
    }
    expect(panel.rows).toEqual(expected.rows);
    expect(panel.registration).toEqual(expected.registration);
    expect(panel.fields).toEqual(expected.fields);
  });

  it("every deliberate change is still needed (the spec and the code really differ there)", () => {
    for (const [key, changes] of Object.entries(DELIBERATE)) {
      const raw = spec.find((entry) => entry.key === key)!;
      const panel = computed.find((entry) => entry.key === key)!;
      expect({ rows: panel.rows, registration: panel.registration }).not.toEqual({ rows: raw.rows, registration: raw.registration });
      expect(changes.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ["mcp", "@modelcontextprotocol/server", 'import { createMcpServer } from "@agntn/tools/mcp";'],
    ["pi", "@earendil-works/pi-coding-agent", 'import { registerPiTools } from "@agntn/tools/pi";'],
    ["omp", "@oh-my-pi/pi-coding-agent", 'import { registerOmpTools } from "@agntn/tools/omp";'],
    ["ai", "ai", 'import { toAiTool } from "@agntn/tools/ai";'],
    ["langchain", "@langchain/core", 'import { toLangChainTools } from "@agntn/tools/langchain";'],
    ["openai-agents", "@openai/agents", 'import { toOpenAiAgentsTools } from "@agntn/tools/openai-agents";'],
    ["mastra", "@mastra/core", 'import { toMastraTools } from "@agntn/tools/mastra";'],
    ["anthropic", "@anthropic-ai/sdk", 'import { toAnthropicTools } from "@agntn/tools/anthropic";'],
    ["claude-agent", "@anthropic-ai/claude-agent-sdk", 'import { toClaudeAgentServer } from "@agntn/tools/claude-agent";'],
    ["google", "@google/genai", 'import { toGoogleTool } from "@agntn/tools/google";'],
  ])("%s names its import and its peer with the range package.json declares", (key, peer, line) => {
    const panel = computed.find((entry) => entry.key === key)!;
    expect(panel.import).toBe(line);
    // ai is no peer: the adapter checks its version when the first tool is converted (src/ai/host.ts).
    expect(panel.peer).toEqual({ name: peer, range: peer === "ai" ? ">=7.0.0 (checked at run time)" : peers[peer] });
  });

  it("says what each host hands its model of a result with every content kind, as measured through the adapter", () => {
    expect(Object.fromEntries(computed.map((panel) => [panel.key, panel.content]))).toEqual({
      mcp: "text, image, audio, resource_link, resource: all as sent",
      pi: "text, image as sent; audio, resource_link, resource as text notes",
      omp: "text, image as sent; audio, resource_link, resource as text notes",
      ai: "text, image, audio as sent; resource_link, resource as text notes",
      langchain: "text, image, audio as sent; resource_link, resource as text notes",
      "openai-agents": "text, image as sent; audio, resource_link, resource as text notes",
      mastra: "text, image, audio as sent; resource_link, resource as text notes",
      anthropic: "text, image as sent; audio, resource_link, resource as text notes",
      "claude-agent": "text, image, audio, resource_link, resource: all as sent",
      google: "text, image as sent; audio, resource_link, resource as text notes",
    });
  });

  it("says whether each host serves resources and prompts: the MCP faces and the Claude Agent SDK's server do, every other adapter refuses them", () => {
    expect(Object.fromEntries(computed.map((panel) => [panel.key, panel.catalog]))).toEqual({
      mcp: "yes: createMcpServer, createMcpHttpHandler, h3 and the Nuxt route serve them",
      pi: "no: registerPiTools takes no resources or prompts",
      omp: "no: registerOmpTools takes no resources or prompts",
      ai: "no: toAiTool takes no resources or prompts",
      langchain: "no: toLangChainTools takes no resources or prompts",
      "openai-agents": "no: toOpenAiAgentsTools takes no resources or prompts",
      mastra: "no: toMastraTools takes no resources or prompts",
      anthropic: "no: toAnthropicTools takes no resources or prompts",
      "claude-agent": "yes: toClaudeAgentServer serves them",
      google: "no: toGoogleTool takes no resources or prompts",
    });
  });

  it("the resources-and-prompts measure fails where the fact would be wrong", async () => {
    // An adapter that took the probe would serve it somewhere: the panel must not say "no" for it.
    expect(() => catalogRefused("lenient", () => undefined)).toThrow("lenient took resources: measure what it serves");
    expect(() =>
      catalogRefused("half", (options) => {
        if ("resources" in options) throw new Error('half: unknown option "resources"; it takes none yet');
      }),
    ).toThrow("half took prompts: measure what it serves");
    // A server without them declares neither capability: the panel must not say "yes" for it.
    for (const [options, declared] of [
      [{}, false],
      [CATALOG_PROBE, true],
    ] as const) {
      const server = createMcpServer({ name: "bare", version: "1.0.0" }, [slugTool], options);
      const client = new Client({ name: "panel-test", version: "1.0.0" });
      const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      await client.connect(clientSide);
      try {
        const measured = catalogServed("createMcpServer", client);
        await (declared
          ? expect(measured).resolves.toBeUndefined()
          : expect(measured).rejects.toThrow(
              "createMcpServer does not serve the probe: it declares no resources and no prompts capability",
            ));
      } finally {
        await client.close();
        await server.close();
      }
    }
  });

  it("heads each panel with its host as the navigation names it, its number among the hosts, and a one-sentence blurb", () => {
    // The host pages of the navigation's Hosts group, in order: MCP, Pi, OMP, AI SDK, then the agent frameworks ("Every host" is the overview).
    const hosts = navigation.navigation
      .find((group) => group.path === "/hosts")!
      .children.filter((child) => child.path !== "/hosts")
      .map((child) => child.title);
    expect(hosts).toEqual([
      "MCP",
      "Pi",
      "OMP",
      "AI SDK",
      "LangChain",
      "OpenAI Agents",
      "Mastra",
      "Anthropic SDK",
      "Claude Agent SDK",
      "Google GenAI",
    ]);
    expect(computed.map(({ header }) => [header.name, header.position, header.count])).toEqual(
      hosts.map((title, index) => [title, index + 1, hosts.length]),
    );
    for (const { header } of computed) expect(header.blurb).toMatch(/^[A-Z][^\n]{20,160}\.$/);
    expect(new Set(computed.map(({ header }) => header.blurb)).size).toBe(computed.length);
  });

  it("the failure channel beside each panel is the measured failure row", () => {
    for (const panel of computed) expect(panel.failure).toBe(panel.rows.find((row) => row.label === "failure")!.value);
  });

  it("shows functions as [function] and OMP's schema as the host's Type.Unsafe", () => {
    const omp = computed.find((entry) => entry.key === "omp")!.registration as Record<string, unknown>;
    expect(omp.execute).toBe("[function]");
    expect(omp.renderCall).toBe("[function]");
    expect(Object.keys(omp.parameters as object)).toEqual(["unsafe"]);
  });
});
