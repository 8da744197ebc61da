/**
 * One middleware list on every host of the host matrix (test/host-matrix.test.ts):
 * the matrix's tools wrapped in the matrix's middleware
 * (test/fixtures/matrix-middleware.ts), each host driven for real by the
 * matrix's own drivers (test/helpers/hosts/).
 *
 * The tools are wrapped when AGNTN_MATRIX_MIDDLEWARE is set as their module
 * loads, so this file sets it before importing anything that imports them
 * (dynamic imports below; a static import is hoisted above any statement).
 * Child processes inherit it: the command line's programs, OMP's bun and the
 * built Nuxt server each wrap their own copy of the list.
 *
 * Two phases, one after the other:
 * - record: the middleware passes every call on and appends a line of what it
 *   saw. Each row pins that list: which cases reach the chain on that host
 *   (a host that refuses bad arguments or an unknown name before the core
 *   runs never gets there), the host's name and MCP facts, the checked input
 *   (absent when the arguments failed the check) and the outcome's kind.
 * - refuse: the inner middleware answers every call itself with one line,
 *   through `outcomeOf`. Each row pins how its host frames that text, and the
 *   recorder shows the same calls reaching the chain, each refused.
 *
 * Each phase starts the slow rows (OMP, the command line, Claude Code) at
 * once, beside the others, as the host matrix does; every process appends to
 * the phase's one record file. The rows that run one after the other read
 * the lines added while they ran, leaving out those three hosts' lines; each
 * of the three reads its own by host name.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CaseId } from "./fixtures/matrix-tools.ts";

const scratch = mkdtempSync(join(tmpdir(), "agntn-middleware-matrix-"));
const saved = { mode: process.env.AGNTN_MATRIX_MIDDLEWARE, record: process.env.AGNTN_MATRIX_RECORD };
process.env.AGNTN_MATRIX_MIDDLEWARE = "record";

const { CASE_IDS, MATRIX_CALLS } = await import("./fixtures/matrix-tools.ts");
const { MATRIX_REFUSAL } = await import("./fixtures/matrix-middleware.ts");
const { openAi } = await import("./helpers/hosts/ai.ts");
const { openAnthropic } = await import("./helpers/hosts/anthropic.ts");
const { openClaudeAgent } = await import("./helpers/hosts/claude-agent.ts");
const { openCli } = await import("./helpers/hosts/cli.ts");
const { openGoogle } = await import("./helpers/hosts/google.ts");
const { openH3 } = await import("./helpers/hosts/h3.ts");
const { openLangChain } = await import("./helpers/hosts/langchain.ts");
const { openMastra } = await import("./helpers/hosts/mastra.ts");
const { openMcpHttp, openMcpMemory } = await import("./helpers/hosts/mcp.ts");
const { openNuxt } = await import("./helpers/hosts/nuxt.ts");
const { openOmp } = await import("./helpers/hosts/omp.ts");
const { openOpenAiAgents } = await import("./helpers/hosts/openai-agents.ts");
const { openPi } = await import("./helpers/hosts/pi.ts");
const { openToolkit } = await import("./helpers/hosts/toolkit.ts");

afterAll(() => {
  // The variables would reach a later test file of this worker, and its children: put them back.
  for (const [name, value] of [
    ["AGNTN_MATRIX_MIDDLEWARE", saved.mode],
    ["AGNTN_MATRIX_RECORD", saved.record],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(scratch, { recursive: true, force: true });
});

// ─── What the middleware sees ────────────────────────────────────────────────

/** What the recorder writes for each case that reaches the chain (host facts aside): the checked input, and the outcome's kind. */
const SAW = {
  valid: { tool: "matrix_slug", input: { text: "Héllo, Wörld!", separator: "_", limit: 20 }, outcome: "ok" },
  // Arguments that failed the check: the chain runs, with no input, and next() answers the failure.
  invalid: { tool: "matrix_slug", outcome: "input" },
  invalidKnownKeys: { tool: "matrix_slug", outcome: "input" },
  thrown: { tool: "matrix_throw", input: {}, outcome: "thrown" },
  returnedError: { tool: "matrix_fail", input: {}, outcome: "returned" },
  detailsMismatch: { tool: "matrix_report", input: {}, outcome: "result" },
  malformed: { tool: "matrix_malformed", input: {}, outcome: "result" },
  media: { tool: "matrix_media", input: {}, outcome: "ok" },
  badBlock: { tool: "matrix_media", input: { broken: true }, outcome: "result" },
} as const;
type Reached = keyof typeof SAW;

/**
 * The cases whose call reaches the chain on most hosts: every call of a tool
 * the host lists. An unknown name never does, on any host: there is no tool
 * to run a chain around (MCP hosts answer it with the core's line, the
 * frameworks in their own words).
 */
const ALL: Reached[] = [
  "valid",
  "invalid",
  "invalidKnownKeys",
  "thrown",
  "returnedError",
  "detailsMismatch",
  "malformed",
  "media",
  "badBlock",
];

/**
 * Hosts that check the arguments themselves before the adapter's `execute`
 * runs: a call they refuse never reaches the chain. Pi checks them against the
 * tool's JSON Schema and refuses the call itself (the adapter only rewrites
 * Pi's text into the core's); the AI SDK runs the tool's input schema, the
 * core's check, before `execute` and answers the refusal itself.
 */
const CHECKED_FIRST: Reached[] = ["valid", "thrown", "returnedError", "detailsMismatch", "malformed", "media", "badBlock"];

/** The command line refuses an option the command does not take (`--colour`) while reading the words; known flags with bad values reach the core. */
const CLI_REACHED: Reached[] = [
  "valid",
  "invalidKnownKeys",
  "thrown",
  "returnedError",
  "detailsMismatch",
  "malformed",
  "media",
  "badBlock",
];

/** What a host tells a middleware of itself. */
const MCP_2025 = { host: "mcp", method: "tools/call", revision: "2025-11-25" };
const MCP_2026 = { host: "mcp", method: "tools/call", revision: "2026-07-28" };

// ─── How each host frames the refusal ────────────────────────────────────────
// A refusal is a returned `isError` without details: each host answers it as it answers the matrix's returnedError case.

const TEXT = MATRIX_REFUSAL;
/** MCP and the toolkit: the text in one content block, `isError`. */
const mcpRefusal = () => ({ content: [{ type: "text", text: TEXT }], isError: true });
/** On 2026-07-28 the SDK adds the server's info to every result's `_meta`. */
const mcp2026Refusal = () => ({ _meta: { "io.modelcontextprotocol/serverInfo": { name: "matrix", version: "1.0.0" } }, ...mcpRefusal() });
/** Pi: thrown, so Pi marks it an error and keeps `details: {}`. */
const piRefusal = () => ({ isError: true, content: [{ type: "text", text: TEXT }], details: {} });
/** OMP: returned with `isError`; a refusal has no details, which OMP reads as `{}`. */
const ompRefusal = () => ({ text: TEXT, isError: true, details: {} });
/** The AI SDK and Mastra (on the AI SDK's tool output): `error-text`. */
const errorText = () => ({ read: { type: "error-text", value: TEXT } });
/** The command line: the text on stderr, exit 1. */
const cliRefusal = () => ({ code: 1, stdout: "", stderr: `${TEXT}\n` });
/** LangChain: a ToolMessage with status `error` and no artifact (the refusal has no details). */
const langchainRefusal = () => ({ content: TEXT, status: "error" });
/** OpenAI Agents: the errorFunction's text, the SDK's only channel for a failure. */
const agentsRefusal = () => ({ read: { type: "text", text: TEXT } });
/** Anthropic's runner and Claude Code: a `tool_result` with `is_error`. */
const toolResultRefusal = () => ({ content: TEXT, is_error: true });
/** Google: one `functionResponse` whose response is `error`. */
const googleRefusal = (id: CaseId) => [{ functionResponse: { id: "fc1", name: MATRIX_CALLS[id].tool, response: { error: TEXT } } }];

// ─── The rows ────────────────────────────────────────────────────────────────

interface Driver {
  call(id: CaseId): Promise<unknown>;
  close(): Promise<void>;
}

interface Row {
  host: string;
  open: () => Promise<Driver>;
  /** The host's facts on every line it records. */
  facts: Record<string, string>;
  /** The cases whose call reaches the chain on this host, in the order they are called. */
  reached: Reached[];
  /** How the host answers a call the middleware refused. */
  refusal: (id: CaseId) => unknown;
  /** A host that runs its calls side by side in one process of its own: its lines are told apart by its host name. */
  beside?: boolean;
}

/** The rows that run beside the others (started at the start of each phase), by the host name they record. */
const BESIDE = new Set(["cli", "omp", "claude-agent"]);

function rows(started: Record<"omp" | "cli" | "claude", Promise<Driver>>): Row[] {
  const toolkit = { host: "toolkit", method: "tools/call" };
  const claude = { host: "claude-agent", method: "tools/call" };
  return [
    { host: "MCP in memory, 2025-11-25", open: openMcpMemory, facts: MCP_2025, reached: ALL, refusal: mcpRefusal },
    { host: "MCP over HTTP, 2025-11-25", open: () => openMcpHttp("2025-11-25"), facts: MCP_2025, reached: ALL, refusal: mcpRefusal },
    { host: "MCP over HTTP, 2026-07-28", open: () => openMcpHttp("2026-07-28"), facts: MCP_2026, reached: ALL, refusal: mcp2026Refusal },
    { host: "h3, 2025-11-25", open: () => openH3("2025-11-25"), facts: MCP_2025, reached: ALL, refusal: mcpRefusal },
    { host: "h3, 2026-07-28", open: () => openH3("2026-07-28"), facts: MCP_2026, reached: ALL, refusal: mcp2026Refusal },
    { host: "Nuxt route (built app), 2025-11-25", open: () => openNuxt("2025-11-25"), facts: MCP_2025, reached: ALL, refusal: mcpRefusal },
    {
      host: "Nuxt route (built app), 2026-07-28",
      open: () => openNuxt("2026-07-28"),
      facts: MCP_2026,
      reached: ALL,
      refusal: mcp2026Refusal,
    },
    // The toolkit's handler learns no protocol revision from SDK v1: its calls name none.
    { host: "toolkit on SDK v1 McpServer", open: openToolkit, facts: toolkit, reached: ALL, refusal: mcpRefusal },
    { host: "Pi session", open: openPi, facts: { host: "pi" }, reached: CHECKED_FIRST, refusal: piRefusal },
    { host: "OMP session under bun", open: () => started.omp, facts: { host: "omp" }, reached: ALL, refusal: ompRefusal, beside: true },
    { host: "AI SDK generateText", open: openAi, facts: { host: "ai" }, reached: CHECKED_FIRST, refusal: errorText },
    { host: "command line", open: () => started.cli, facts: { host: "cli" }, reached: CLI_REACHED, refusal: cliRefusal, beside: true },
    { host: "LangChain createAgent", open: openLangChain, facts: { host: "langchain" }, reached: ALL, refusal: langchainRefusal },
    { host: "OpenAI Agents SDK run", open: openOpenAiAgents, facts: { host: "openai-agents" }, reached: ALL, refusal: agentsRefusal },
    { host: "Mastra Agent", open: openMastra, facts: { host: "mastra" }, reached: ALL, refusal: errorText },
    { host: "Anthropic SDK tool runner", open: openAnthropic, facts: { host: "anthropic" }, reached: ALL, refusal: toolResultRefusal },
    // Claude Code calls the in-process server, in this process: its lines are told apart by the host name.
    {
      host: "Claude Agent SDK query, Claude Code",
      open: () => started.claude,
      facts: claude,
      reached: ALL,
      refusal: toolResultRefusal,
      beside: true,
    },
    { host: "Google GenAI automatic function calling", open: openGoogle, facts: { host: "google" }, reached: ALL, refusal: googleRefusal },
  ];
}

// ─── Reading the record ──────────────────────────────────────────────────────

type Line = Record<string, unknown>;

function linesOf(file: string): Line[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
}

/** The lines a row expects: its facts and what the middleware sees of each case it reaches. */
function expectedLines(row: Row, refused: boolean): Line[] {
  return row.reached.map((id) => ({ ...row.facts, ...SAW[id], ...(refused ? { outcome: "returned" } : {}) }));
}

/** A stable order for lines whose calls ran side by side. */
const byText = (a: Line, b: Line) => JSON.stringify(a).localeCompare(JSON.stringify(b));

// ─── The phases ──────────────────────────────────────────────────────────────

describe.each(["record", "refuse"] as const)("%s", (phase) => {
  const file = join(scratch, `${phase}.jsonl`);
  const started = {} as Record<"omp" | "cli" | "claude", Promise<Driver>>;
  // Set before any process of this phase starts: the children read the environment once, when they start.
  beforeAll(() => {
    writeFileSync(file, "");
    process.env.AGNTN_MATRIX_MIDDLEWARE = phase;
    process.env.AGNTN_MATRIX_RECORD = file;
    // OMP (bun), the command line (a Node process per case) and Claude Code take seconds: started now, side by side.
    started.omp = openOmp();
    started.cli = openCli();
    started.claude = openClaudeAgent();
    for (const one of Object.values(started)) one.catch(() => {});
  });

  // The rows are listed before beforeAll runs: a row beside the others reads its phase's promise when its turn comes.
  describe.each(rows(started))("$host", (row) => {
    let driver: Driver;
    const answers = new Map<CaseId, unknown>();
    let seen: Line[] = [];
    // Long enough for the Nuxt row's build (once per run, shared with the host matrix) on a busy machine.
    beforeAll(async () => {
      driver = await row.open();
      const from = linesOf(file).length;
      for (const id of CASE_IDS) answers.set(id, await driver.call(id));
      const fresh = linesOf(file);
      seen = row.beside
        ? fresh.filter((line) => line.host === row.facts.host)
        : fresh.slice(from).filter((line) => !BESIDE.has(String(line.host)));
    }, 600_000);
    afterAll(async () => {
      await driver?.close();
    });

    test("the middleware sees each call that reaches the chain", () => {
      const expected = expectedLines(row, phase === "refuse");
      // Claude Code makes the calls of one turn side by side: their lines come in no fixed order.
      if (row.host.startsWith("Claude")) expect([...seen].sort(byText)).toEqual([...expected].sort(byText));
      else expect(seen).toEqual(expected);
    });

    if (phase === "refuse") {
      test("the host frames the refusal its own way, for every call that reached the chain", () => {
        const framed = Object.fromEntries(row.reached.map((id) => [id, answers.get(id)]));
        expect(framed).toEqual(Object.fromEntries(row.reached.map((id) => [id, row.refusal(id)])));
      });

      test("a call the host answered before the chain keeps the host's own answer", () => {
        const others = CASE_IDS.filter((id) => !(row.reached as CaseId[]).includes(id));
        for (const id of others) expect(JSON.stringify(answers.get(id)), id).not.toContain(MATRIX_REFUSAL);
      });
    }
  });
});
