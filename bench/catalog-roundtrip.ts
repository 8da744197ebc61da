/**
 * Benchmark 14: the catalog's round trips over the SDK v2 in-memory pair, with
 * the SDK v2 client: `resources/read` of a fixed text resource, `resources/read`
 * of a URI a template matches, and `prompts/get` of a prompt with one string
 * argument. The same resource, template and prompt are served by this
 * library's `createMcpServer` (`defineResource`, `definePrompt` with a TypeBox
 * string argument) and by the SDK's `McpServer` (`registerResource` with a URI
 * and with a `ResourceTemplate`, `registerPrompt` with a Zod string argument).
 * A second `McpServer`, built the same way, runs beside them: how far two
 * identical servers drift apart here is the noise any ratio carries.
 *
 * Variants run interleaved in one process, a batch of calls each per round,
 * the order rotating round by round; each ratio is the median of the
 * per-round ratios. A batch's CPU time (user + system) and its wall time are
 * both taken, as in benchmark 13: on a loaded machine the wall time mostly
 * measures how long the process waited for a core, the CPU time the work the
 * request did. The target is on CPU, against the first McpServer; the ratio
 * against the second is shown beside it. (Not against the two servers' mean
 * per round: that mean carries either server's spikes, and in trial runs on a
 * loaded machine it put the median ratio 3 to 4% below the ratio against
 * either server alone, in ours' favour.)
 */
import { definePrompt, defineResource, Type } from "@agntn/tools";
import { createMcpServer } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import { z } from "zod";
import { formatNs, formatRatio, keep, median, QUICK, type Section, standalone } from "./harness.ts";
import { type Paired, paired, pairedTable, ratioOf } from "./paired.ts";

const info = { name: "bench", version: "1.0.0" };

const CHANGELOG_URI = "docs://changelog";
const CHANGELOG_TEXT = "## 1.1.0\n\n- Guides are resources now.\n";
const GUIDE_TEMPLATE = "docs://guides/{slug}";
const GUIDE_URI = "docs://guides/install";
const GUIDES = new Map([
  ["install", "Run npm install, then npm start."],
  ["deploy", "Build with npm run build and copy .output to the server."],
]);
const PROMPT_NAME = "explain_guide";
const PROMPT_ARGS = { slug: "install" };
const promptText = (slug: string) => `Explain the guide ${slug} to a newcomer, step by step.`;

function guideText(slug: string): string {
  const text = GUIDES.get(slug);
  if (text === undefined) throw new Error(`there is no guide called ${slug}`);
  return text;
}

/** Ours: the three definitions as the guide writes them. */
const changelog = defineResource({
  name: "Changelog",
  uri: CHANGELOG_URI,
  description: "What changed in each release.",
  mimeType: "text/markdown",
  read: () => CHANGELOG_TEXT,
});

const guide = defineResource({
  name: "Guide",
  uriTemplate: GUIDE_TEMPLATE,
  description: "One how-to guide, by its slug.",
  mimeType: "text/plain",
  read: ({ slug }) => guideText(slug),
});

const explain = definePrompt({
  name: PROMPT_NAME,
  title: "Explain a Guide",
  description: "Asks the model to walk a newcomer through one guide.",
  arguments: Type.Object({ slug: Type.String({ description: "The guide's slug" }) }),
  get: ({ slug }) => promptText(slug),
});

interface Connectable {
  connect(transport: InMemoryTransport): Promise<void>;
  close(): Promise<void>;
}

/** The SDK's: the same resource, template and prompt through `McpServer`, the prompt's argument a Zod string. */
function sdkServer(): McpServer {
  const server = new McpServer(info);
  server.registerResource(
    "Changelog",
    CHANGELOG_URI,
    { description: "What changed in each release.", mimeType: "text/markdown" },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: CHANGELOG_TEXT }] }),
  );
  server.registerResource(
    "Guide",
    new ResourceTemplate(GUIDE_TEMPLATE, { list: undefined }),
    { description: "One how-to guide, by its slug.", mimeType: "text/plain" },
    async (uri, { slug }) => ({ contents: [{ uri: uri.href, mimeType: "text/plain", text: guideText(String(slug)) }] }),
  );
  server.registerPrompt(
    PROMPT_NAME,
    {
      title: "Explain a Guide",
      description: "Asks the model to walk a newcomer through one guide.",
      argsSchema: z.object({ slug: z.string().describe("The guide's slug") }),
    },
    async ({ slug }) => ({ messages: [{ role: "user", content: { type: "text", text: promptText(slug) } }] }),
  );
  return server;
}

async function connect(name: string, server: Connectable) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    name,
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

type Pair = Awaited<ReturnType<typeof connect>>;

/** The parts of an answer both servers must agree on (a 2026 answer may also carry the SDK's cache-hint fields). */
function contentsOf(result: { contents: unknown[] }): string {
  return JSON.stringify(result.contents);
}
function messagesOf(result: { messages: unknown[] }): string {
  return JSON.stringify(result.messages);
}

const CASES = [
  {
    key: "fixed",
    label: "`resources/read`, a fixed text resource",
    short: "resources/read, fixed resource",
    run: (p: Pair) => p.client.readResource({ uri: CHANGELOG_URI }),
    expected: () => JSON.stringify([{ uri: CHANGELOG_URI, mimeType: "text/markdown", text: CHANGELOG_TEXT }]),
    shown: (r: unknown) => contentsOf(r as { contents: unknown[] }),
  },
  {
    key: "template",
    label: `\`resources/read\`, \`${GUIDE_URI}\` through the template \`${GUIDE_TEMPLATE}\``,
    short: "resources/read through a URI template",
    run: (p: Pair) => p.client.readResource({ uri: GUIDE_URI }),
    expected: () => JSON.stringify([{ uri: GUIDE_URI, mimeType: "text/plain", text: guideText("install") }]),
    shown: (r: unknown) => contentsOf(r as { contents: unknown[] }),
  },
  {
    key: "prompt",
    label: "`prompts/get`, one string argument",
    short: "prompts/get, one string argument",
    run: (p: Pair) => p.client.getPrompt({ name: PROMPT_NAME, arguments: PROMPT_ARGS }),
    expected: () => JSON.stringify([{ role: "user", content: { type: "text", text: promptText("install") } }]),
    shown: (r: unknown) => messagesOf(r as { messages: unknown[] }),
  },
] as const;

export async function run(): Promise<Section> {
  const pairs: Pair[] = [];
  pairs.push(
    await connect("@agntn/tools createMcpServer", createMcpServer(info, [], { resources: [changelog, guide], prompts: [explain] })),
  );
  pairs.push(await connect("SDK McpServer", sdkServer() as unknown as Connectable));
  pairs.push(await connect("SDK McpServer, a second one", sdkServer() as unknown as Connectable));
  try {
    // The same answer from every server before any timing, or the comparison means nothing.
    for (const c of CASES) {
      for (const pair of pairs) {
        const got = c.shown(await c.run(pair));
        if (got !== c.expected()) throw new Error(`${pair.name}, ${c.short}: answered ${got}, expected ${c.expected()}`);
      }
    }
    const revision = (
      pairs[0]!.client as unknown as { getNegotiatedProtocolVersion?: () => string | undefined }
    ).getNegotiatedProtocolVersion?.();
    // Many rounds of short batches: a busy moment spoils a few rounds, which the median leaves out.
    const rounds = QUICK ? 15 : 301;
    const perBatch = 100;
    // Every case on every server first, so the client's and the transport's code, which all share, is as warm for the
    // first case measured as for the last.
    for (let i = 0; i < (QUICK ? 200 : 2000); i++) for (const c of CASES) for (const pair of pairs) keep(await c.run(pair));
    const measured: { c: (typeof CASES)[number]; results: Paired[] }[] = [];
    for (const c of CASES) {
      measured.push({
        c,
        results: await paired(
          pairs.map((p) => ({ name: p.name, fn: () => c.run(p) })),
          rounds,
          perBatch,
        ),
      });
    }
    const body: string[] = [
      "Sequential round trips (SDK v2 client → in-memory pair → server → the definition's function → back), one request in",
      `flight${revision ? `, protocol revision ${revision}` : ""}. The same fixed resource, URI template and prompt on both servers:`,
      "`defineResource`/`definePrompt` (a TypeBox string argument) through `createMcpServer`, and `registerResource`",
      "(a URI, and a `ResourceTemplate`)/`registerPrompt` (a Zod string argument) on the SDK's `McpServer`. A second",
      "`McpServer`, built the same way, shows how far two identical servers drift apart in this run. Every server's answer",
      `was checked equal before timing. Variants interleaved, ${rounds} rounds of a batch of ${perBatch} requests each, the order`,
      "rotating; CPU is the process's user + system time over a batch, wall its elapsed time (which on a loaded machine also",
      "counts the time spent waiting for a core). The target is the CPU ratio against the first McpServer.",
    ];
    const targets: Section["targets"] = [];
    for (const { c, results } of measured) {
      const [ours, sdk, second] = results as [Paired, Paired, Paired];
      const ratio = ratioOf(ours.cpu, sdk.cpu);
      const wall = ratioOf(ours.wall, sdk.wall);
      const vsSecond = ratioOf(ours.cpu, second.cpu);
      const noise = ratioOf(second.cpu, sdk.cpu);
      body.push(
        "",
        `${c.label}:`,
        "",
        pairedTable(results, "request", sdk),
        "",
        `Ours against the McpServer: ${formatRatio(ratio)} in CPU, ${formatRatio(wall)} in wall time; against the second one ` +
          `${formatRatio(vsSecond)} in CPU. The second McpServer against the first: ${formatRatio(noise)} in CPU, ` +
          `${formatRatio(ratioOf(second.wall, sdk.wall))} in wall time.`,
      );
      targets.push({
        what: `${c.short}, vs SDK McpServer (CPU per request)`,
        target: "≤ 1.00×",
        measured: `${formatRatio(ratio)} (${formatNs(median(ours.cpu))} vs ${formatNs(median(sdk.cpu))}; wall ${formatRatio(wall)}; vs the second McpServer ${formatRatio(vsSecond)}; the two McpServers ${formatRatio(noise)})`,
        met: ratio <= 1,
      });
    }
    return {
      id: 14,
      title: "Resources and prompts: resources/read and prompts/get round trips vs the SDK McpServer",
      body: body.join("\n"),
      targets,
    };
  } finally {
    for (const pair of pairs) await pair.close();
  }
}

if (import.meta.main) await standalone(run);
