/**
 * The host matrix for tools with views (MCP Apps): a tool whose one definition
 * carries a view, and a tool only views call (test/fixtures/matrix-app-tools.ts),
 * through every host that renders no views, each driven for real by the
 * matrix's own drivers (test/helpers/hosts/). A view changes nothing there: the
 * tool answers with its text and its details exactly as a tool without one, in
 * each host's usual framing (test/host-matrix.test.ts pins the same framing for
 * tools without views). The expected answers are literals.
 *
 * MCP here is the SDK v2 client, which declares no MCP Apps extension: it gets
 * the text, and a tool only views call is absent for it. What a client that
 * renders apps gets (the ui:// resource, _meta.ui) is tested in test/mcp-apps*.ts
 * and test/nuxt-apps.test.ts.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AppCaseId, CASE_IDS, MATRIX_CALLS, MATRIX_SERVER, tools } from "./fixtures/matrix-app-tools.ts";
import { openAi } from "./helpers/hosts/ai.ts";
import { openAnthropic } from "./helpers/hosts/anthropic.ts";
import { openClaudeAgent } from "./helpers/hosts/claude-agent.ts";
import { openCli } from "./helpers/hosts/cli.ts";
import type { MatrixFixture } from "./helpers/hosts/fixture.ts";
import { openGoogle } from "./helpers/hosts/google.ts";
import { openH3 } from "./helpers/hosts/h3.ts";
import { openLangChain } from "./helpers/hosts/langchain.ts";
import { openMastra } from "./helpers/hosts/mastra.ts";
import { openMcpHttp, openMcpMemory } from "./helpers/hosts/mcp.ts";
import { openOmp } from "./helpers/hosts/omp.ts";
import { openOpenAiAgents } from "./helpers/hosts/openai-agents.ts";
import { openPi } from "./helpers/hosts/pi.ts";
import { openToolkit } from "./helpers/hosts/toolkit.ts";

const APPS: MatrixFixture = {
  MATRIX_SERVER,
  tools,
  MATRIX_CALLS,
  CASE_IDS,
  path: fileURLToPath(new URL("./fixtures/matrix-app-tools.ts", import.meta.url)),
};

// ─── The expected answers, written once ──────────────────────────────────────

/** The tool with a view: its text, and its details (checked by its output schema). */
const STATS = "3 words, 2 lines";
const DETAILS = { words: 3, lines: 2 };
/** The tool only views call, where a host calls it as any other tool. */
const KEPT = "Kept 3 words.";
/** An MCP client that declared no extension has no view to call it from: the server treats it as absent. */
const ABSENT = 'Unknown matrix tool: "matrix_keep"';

const mcpAnswer = (id: AppCaseId) =>
  id === "view"
    ? { content: [{ type: "text", text: STATS }], structuredContent: DETAILS }
    : { content: [{ type: "text", text: ABSENT }], isError: true };

/** On 2026-07-28 the SDK adds the server's info to every result's `_meta`, and nothing else. */
const mcp2026Answer = (id: AppCaseId) => ({
  _meta: { "io.modelcontextprotocol/serverInfo": { name: "matrix", version: "1.0.0" } },
  ...mcpAnswer(id),
});

const EXPECTED: Record<string, Record<AppCaseId, unknown>> = {
  // The toolkit serves no views (SDK v1 has no resources of ours): the tool with one is listed without it, and the
  // tool only views call is an ordinary tool there, as on every host below.
  toolkit: {
    view: { content: [{ type: "text", text: STATS }], structuredContent: DETAILS },
    appOnly: { content: [{ type: "text", text: KEPT }] },
  },
  pi: {
    view: { isError: false, content: [{ type: "text", text: STATS }], details: DETAILS },
    appOnly: { isError: false, content: [{ type: "text", text: KEPT }], details: undefined },
  },
  omp: {
    view: { text: STATS, isError: false, details: DETAILS },
    appOnly: { text: KEPT, isError: false, details: {} },
  },
  ai: {
    view: { read: { type: "text", value: STATS }, output: { ...DETAILS, text: STATS } },
    appOnly: { read: { type: "text", value: KEPT }, output: { text: KEPT } },
  },
  cli: {
    view: { code: 0, stdout: `${STATS}\n`, stderr: "" },
    appOnly: { code: 0, stdout: `${KEPT}\n`, stderr: "" },
  },
  langchain: {
    view: { content: STATS, status: "success", artifact: DETAILS },
    appOnly: { content: KEPT, status: "success" },
  },
  agents: {
    view: { read: { type: "text", text: STATS } },
    appOnly: { read: { type: "text", text: KEPT } },
  },
  mastra: {
    view: { read: { type: "text", value: STATS }, output: { text: STATS, details: DETAILS } },
    appOnly: { read: { type: "text", value: KEPT }, output: { text: KEPT } },
  },
  anthropic: {
    view: { content: STATS },
    appOnly: { content: KEPT },
  },
  claude: {
    // The tool has an output schema, so Claude Code hands the model its structuredContent, as JSON.
    view: { content: JSON.stringify(DETAILS) },
    // The in-process server leaves views out, so it serves the tool only views call as an ordinary one; Claude Code keeps its blocks.
    appOnly: { content: [{ type: "text", text: KEPT }] },
  },
  google: {
    view: [{ functionResponse: { id: "fc1", name: "matrix_stats", response: { output: STATS } } }],
    appOnly: [{ functionResponse: { id: "fc1", name: "matrix_keep", response: { output: KEPT } } }],
  },
};

// ─── The hosts ───────────────────────────────────────────────────────────────

interface Driver {
  call(id: string): Promise<unknown>;
  close(): Promise<void>;
}

interface Row {
  host: string;
  open: () => Promise<Driver>;
  expected: (id: AppCaseId) => unknown;
}

const pinned = (host: string) => (id: AppCaseId) => EXPECTED[host]?.[id];

// The slow rows (OMP under bun, a Node process per command-line case, Claude Code) start now, side by side.
const omp = openOmp(APPS);
const cli = openCli(APPS);
const claude = openClaudeAgent(APPS);
for (const started of [omp, cli, claude]) started.catch(() => {});

const ROWS: Row[] = [
  { host: "MCP in memory, 2025-11-25", open: () => openMcpMemory(APPS), expected: mcpAnswer },
  { host: "MCP over HTTP, 2025-11-25", open: () => openMcpHttp("2025-11-25", APPS), expected: mcpAnswer },
  { host: "MCP over HTTP, 2026-07-28", open: () => openMcpHttp("2026-07-28", APPS), expected: mcp2026Answer },
  { host: "h3, 2025-11-25", open: () => openH3("2025-11-25", APPS), expected: mcpAnswer },
  { host: "h3, 2026-07-28", open: () => openH3("2026-07-28", APPS), expected: mcp2026Answer },
  { host: "toolkit on SDK v1 McpServer", open: () => openToolkit(APPS), expected: pinned("toolkit") },
  { host: "Pi session", open: () => openPi(APPS), expected: pinned("pi") },
  { host: "OMP session under bun", open: () => omp, expected: pinned("omp") },
  { host: "AI SDK generateText", open: () => openAi(APPS), expected: pinned("ai") },
  { host: "command line", open: () => cli, expected: pinned("cli") },
  { host: "LangChain createAgent", open: () => openLangChain(APPS), expected: pinned("langchain") },
  { host: "OpenAI Agents SDK run", open: () => openOpenAiAgents(APPS), expected: pinned("agents") },
  { host: "Mastra Agent", open: () => openMastra(APPS), expected: pinned("mastra") },
  { host: "Anthropic SDK tool runner", open: () => openAnthropic(APPS), expected: pinned("anthropic") },
  { host: "Claude Agent SDK query, Claude Code", open: () => claude, expected: pinned("claude") },
  { host: "Google GenAI automatic function calling", open: () => openGoogle(APPS), expected: pinned("google") },
];

describe.each(ROWS)("$host", ({ open, expected }) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await open();
  }, 300_000);
  afterAll(async () => {
    await driver?.close();
  });

  test.each(CASE_IDS)("%s", async (id) => {
    expect(await driver.call(id)).toEqual(expected(id));
  });
});
