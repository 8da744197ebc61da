/**
 * The host matrix: the same calls of the same tools (test/fixtures/matrix-tools.ts)
 * through every host, each driven for real (test/helpers/hosts/), against texts
 * pinned once below. Nothing here asks the library what to expect: a change of
 * wording in the core fails every row at once. Where a host frames a text its
 * own way by design, or answers a case itself before the adapter runs, its row
 * says so and pins what it does instead.
 */
import { fileURLToPath } from "node:url";
import { createToolList } from "@agntn/tools";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as added from "./fixtures/matrix-added-tools.ts";
import { addedTool, CASE_IDS, type CaseId, MATRIX_CALLS, MATRIX_PNG, MATRIX_WAV, matrixTools } from "./fixtures/matrix-tools.ts";
import { openAi } from "./helpers/hosts/ai.ts";
import { openAnthropic } from "./helpers/hosts/anthropic.ts";
import { openClaudeAgent } from "./helpers/hosts/claude-agent.ts";
import { openCli } from "./helpers/hosts/cli.ts";
import { MATRIX, type MatrixFixture } from "./helpers/hosts/fixture.ts";
import { openGoogle } from "./helpers/hosts/google.ts";
import { openH3 } from "./helpers/hosts/h3.ts";
import { openLangChain } from "./helpers/hosts/langchain.ts";
import { openMastra } from "./helpers/hosts/mastra.ts";
import { openMcpHttp, openMcpMemory } from "./helpers/hosts/mcp.ts";
import { openNuxt } from "./helpers/hosts/nuxt.ts";
import { openOmp } from "./helpers/hosts/omp.ts";
import { openOpenAiAgents } from "./helpers/hosts/openai-agents.ts";
import { openPi } from "./helpers/hosts/pi.ts";
import { openToolkit } from "./helpers/hosts/toolkit.ts";

// ─── The expected texts, written once ────────────────────────────────────────

const UNKNOWN_KEY = 'Invalid arguments: unknown property "colour"; takes text, separator, limit';
const PROBLEMS = [
  "Invalid arguments at /text: must not have fewer than 3 characters",
  "Invalid arguments at /separator: must be one of -, _",
  "Invalid arguments at /limit: must be >= 1",
];

/** What a model reads for each case on a host that shows the core's text as is. */
const TEXT = {
  // 1. valid input: the tool's own text.
  valid: "hello_world",
  // 2. invalid input: the unknown key first, then one line per problem; and the same call without the unknown key.
  invalid: [UNKNOWN_KEY, ...PROBLEMS].join("\n"),
  invalidKnownKeys: PROBLEMS.join("\n"),
  // 3. a throw: one line, the escape code gone, the forged line break a space.
  thrown: "matrix_throw failed: disk full Invalid arguments: all fine",
  // 4. a returned isError: the tool's own words.
  returnedError: "The archive is locked; try again later.",
  // 5. details that break the output schema.
  detailsMismatch: [
    "matrix_report returned details that don't match its output schema",
    'at /: unknown property "name"; takes count, label',
    "at /: must have required properties label",
    "at /count: must be integer",
  ].join("\n"),
  // 6. a malformed result.
  malformed: "matrix_malformed returned a malformed result: content must be an array of content blocks, got string",
  // 7. media: the text block's text (each host maps the other blocks its own way: see MEDIA below).
  media: "a dot",
  // 8. a block that breaks its kind: one line naming it.
  badBlock: "matrix_media returned a malformed result: content[1] (image): data is not base64",
  // 9. a name no tool has, hostile ones included: quoted, never looked up on Object.prototype.
  unknownName: 'Unknown matrix tool: "nope"',
  unknownToString: 'Unknown matrix tool: "toString"',
  unknownProto: 'Unknown matrix tool: "__proto__"',
  // 10. a tool hidden from the caller: answered exactly as a name no tool has.
  hiddenName: 'Unknown matrix tool: "matrix_hidden"',
  // 11. a tool added to the list while the host runs: its own text.
  added: "added while running",
} satisfies Record<CaseId, string>;

/** The media call's blocks, as the tool returns them and MCP passes them on. */
const MEDIA = [
  { type: "text", text: "a dot" },
  { type: "image", data: MATRIX_PNG, mimeType: "image/png" },
  { type: "audio", data: MATRIX_WAV, mimeType: "audio/wav" },
  { type: "resource_link", uri: "file:///srv/dot.png", name: "dot.png", mimeType: "image/png" },
];

/** The lines a text-only channel shows for the media call's blocks after the text (the core's notes). */
const MEDIA_NOTES = ["[image: image/png, 70 B]", "[audio: audio/wav, 44 B]", "[resource link: dot.png <file:///srv/dot.png>, image/png]"];

/** The details of the valid call, where a host shows them. */
const DETAILS = { slug: "hello_world", length: 11 };

/** The names the unknown-name cases call, for the hosts that answer them in their own words. */
const CALLED = { unknownName: "nope", unknownToString: "toString", unknownProto: "__proto__", hiddenName: "matrix_hidden" } as const;
type UnknownCase = keyof typeof CALLED;
const isUnknown = (id: CaseId): id is UnknownCase => Object.hasOwn(CALLED, id);

// ─── How each host frames those texts ────────────────────────────────────────

/**
 * The tools a host lists (or names when it refuses a call) once `matrix_added` is in its list: never `matrix_hidden`.
 * Every row's list has it by the time the row calls (see ROWS), but for the built Nuxt app's.
 */
const MATRIX_TOOL_NAMES = "matrix_slug, matrix_throw, matrix_fail, matrix_report, matrix_malformed, matrix_media, matrix_added";

/** MCP: the text in one content block; `isError: true` for every failure; details as `structuredContent` (the tool has an output schema). */
function mcpAnswer(id: CaseId, text: string = TEXT[id]): Record<string, unknown> {
  if (id === "media") return { content: MEDIA };
  // The added tool has no output schema and returns no details: its text alone.
  if (id === "added") return { content: [{ type: "text", text }] };
  return id === "valid"
    ? { content: [{ type: "text", text }], structuredContent: DETAILS }
    : { content: [{ type: "text", text }], isError: true };
}

/**
 * The built Nuxt app serves the matrix fixture's fixed array from a process of its own, so nothing can be added to
 * it from here (a list that changes on the route is tested in nuxt-lists.test.ts). Its row pins that `matrix_added`
 * is a name it does not know.
 */
function nuxtAnswer(id: CaseId): Record<string, unknown> {
  return id === "added" ? { content: [{ type: "text", text: 'Unknown matrix tool: "matrix_added"' }], isError: true } : mcpAnswer(id);
}

function nuxt2026Answer(id: CaseId): Record<string, unknown> {
  return { _meta: { "io.modelcontextprotocol/serverInfo": { name: "matrix", version: "1.0.0" } }, ...nuxtAnswer(id) };
}

/** On 2026-07-28 the SDK adds the server's info to every result's `_meta`, and nothing else. */
function mcp2026Answer(id: CaseId): Record<string, unknown> {
  return { _meta: { "io.modelcontextprotocol/serverInfo": { name: "matrix", version: "1.0.0" } }, ...mcpAnswer(id) };
}

/** The toolkit answers as MCP does, but an unknown name is answered by SDK v1's McpServer before the adapter sees it (docs: hosts/mcp). */
const TOOLKIT_UNKNOWN: Record<UnknownCase, string> = {
  unknownName: "MCP error -32602: Tool nope not found",
  // SDK v1 looks the name up on a plain object: a name Object.prototype answers for reads as a "disabled" tool.
  unknownToString: "MCP error -32602: Tool toString disabled",
  unknownProto: "MCP error -32602: Tool __proto__ disabled",
  // The hidden tool is not in the toolset the entries were built from: SDK v1 never heard of it.
  hiddenName: "MCP error -32602: Tool matrix_hidden not found",
};

function toolkitAnswer(id: CaseId): Record<string, unknown> {
  return mcpAnswer(id, isUnknown(id) ? TOOLKIT_UNKNOWN[id] : TEXT[id]);
}

/** Pi: the model reads the text with Pi's error mark; a failure is thrown, so Pi records `details: {}` (a returned isError's details too). */
function piRead(id: CaseId): Record<string, unknown> {
  // Pi reads text and images: the image stays a Pi image block, the sound and the link become the core's notes.
  if (id === "media") {
    const [text, image] = MEDIA;
    const notes = MEDIA_NOTES.slice(1).map((note) => ({ type: "text", text: note }));
    return { isError: false, content: [text, image, ...notes], details: undefined };
  }
  if (id === "valid") return { isError: false, content: [{ type: "text", text: TEXT.valid }], details: DETAILS };
  if (id === "added") return { isError: false, content: [{ type: "text", text: TEXT.added }], details: undefined };
  // Pi answers a name it has no tool for itself; no adapter runs.
  const text = isUnknown(id) ? `Tool ${CALLED[id]} not found` : TEXT[id];
  return { isError: true, content: [{ type: "text", text }], details: {} };
}

/** OMP: the failure is returned with `isError`; OMP keeps a returned isError's details and gives every other failure `details: {}`. */
function ompRead(id: CaseId): Record<string, unknown> {
  if (id === "media") {
    // OMP is handed the image as an image block; this row's mock model reads text only, so OMP itself puts its own line in its place.
    const omitted = "[image omitted: the active model does not support image input]";
    return { text: [TEXT.media, omitted, ...MEDIA_NOTES.slice(1)].join("\n"), isError: false, details: {} };
  }
  if (id === "valid") return { text: TEXT.valid, isError: false, details: DETAILS };
  if (id === "added") return { text: TEXT.added, isError: false, details: {} };
  if (id === "returnedError") return { text: TEXT.returnedError, isError: true, details: { locked: true } };
  if (isUnknown(id)) {
    // OMP answers a name it has no tool for itself, with its own details; no adapter runs.
    const text = `Tool ${CALLED[id]} not found`;
    return { text, isError: true, details: { isError: true, error: text } };
  }
  return { text: TEXT[id], isError: true, details: {} };
}

/** The AI SDK's own wrapping of an input the schema hook refused: its prefix, the raw arguments, then the core's lines. */
function aiRefusal(args: string, lines: string): string {
  return `AI_InvalidToolInputError: Invalid input for tool matrix_slug: AI_TypeValidationError: Type validation failed: Value: ${args}.\nError message: ToolInputError: ${lines}`;
}

/** AI SDK: the model reads the text, as `error-text` for a failure; the program gets `{ ...details, text }` from a success. */
function aiRead(id: CaseId): Record<string, unknown> {
  switch (id) {
    case "valid":
      return { read: { type: "text", value: TEXT.valid }, output: { slug: "hello_world", length: 11, text: TEXT.valid } };
    case "media": {
      // The program gets the blocks beside the text; the model reads them through toModelOutput: media as file parts, the link as its note.
      const file = (mediaType: string, data: string) => ({ type: "file", mediaType, data: { type: "data", data } });
      const value = [
        { type: "text", text: TEXT.media },
        file("image/png", MATRIX_PNG),
        file("audio/wav", MATRIX_WAV),
        { type: "text", text: MEDIA_NOTES[2] },
      ];
      return { read: { type: "content", value }, output: { content: MEDIA, text: TEXT.media } };
    }
    case "invalid":
      return { read: { type: "error-text", value: aiRefusal('{"colour":"red","text":"ab","separator":"+","limit":0}', TEXT.invalid) } };
    case "invalidKnownKeys":
      return { read: { type: "error-text", value: aiRefusal('{"text":"ab","separator":"+","limit":0}', TEXT.invalidKnownKeys) } };
    case "unknownName":
    case "unknownToString":
    case "unknownProto":
    case "hiddenName": {
      // The AI SDK answers a name its tool set lacks itself (the set has no prototype, so toString is lacking too).
      const value = `AI_NoSuchToolError: Model tried to call unavailable tool '${CALLED[id]}'. Available tools: ${MATRIX_TOOL_NAMES}.`;
      return { read: { type: "error-text", value } };
    }
    case "added":
      return { read: { type: "text", value: TEXT.added }, output: { text: TEXT.added } };
    default:
      return { read: { type: "error-text", value: TEXT[id] } };
  }
}

/** CLI: the text on stdout with exit 0; every failure on stderr, one line each, with exit 1. */
function cliRun(id: CaseId): Record<string, unknown> {
  const failed = (stderr: string) => ({ code: 1, stdout: "", stderr: `${stderr}\n` });
  switch (id) {
    case "valid":
      // Details only with --json; the plain answer is the text.
      return { code: 0, stdout: `${TEXT.valid}\n`, stderr: "" };
    case "media": {
      // Never raw bytes on a terminal: each binary block is a note saying how to save it, the link its note.
      const save = " (use --out DIR to save it)";
      const lines = [TEXT.media, `${MEDIA_NOTES[0]}${save}`, `${MEDIA_NOTES[1]}${save}`, MEDIA_NOTES[2]];
      return { code: 0, stdout: `${lines.join("\n")}\n`, stderr: "" };
    }
    case "invalid":
      // The CLI cannot pass an unknown key on: it refuses the unknown option alone, before the core, naming the flags it takes.
      return failed('Invalid arguments: unknown option "--colour"; takes --text, --separator, --limit, --json');
    case "invalidKnownKeys":
      // The core's problems in command-line words: flag names instead of JSON pointers.
      return failed(TEXT.invalidKnownKeys.replaceAll(" at /", " at --"));
    case "thrown":
      // A throw names the command word the person typed, not the tool name.
      return failed(TEXT.thrown.replace("matrix_throw failed:", "throw failed:"));
    case "unknownName":
    case "unknownToString":
    case "unknownProto":
      // No tool is called by name here: a word that names no command gets the CLI's own two lines.
      return failed(`Unknown command "${CALLED[id]}"\nRun matrix --help for the commands`);
    case "hiddenName":
      // The hidden tool has no command: the word its command would have is one the CLI does not know.
      return failed('Unknown command "hidden"\nRun matrix --help for the commands');
    case "added":
      return { code: 0, stdout: `${TEXT.added}\n`, stderr: "" };
    default:
      return failed(TEXT[id]);
  }
}

/** LangChain: the ToolMessage the agent adds, its status `error` for every failure; a success's details (and a returned isError's) as its artifact. */
function langchainRead(id: CaseId): Record<string, unknown> {
  switch (id) {
    case "valid":
      return { content: TEXT.valid, status: "success", artifact: DETAILS };
    case "media": {
      // LangChain's standard blocks: the image and the sound as base64 data with their MIME type, the link as its note.
      const blocks = [
        MEDIA[0],
        { type: "image", data: MATRIX_PNG, mimeType: "image/png" },
        { type: "audio", data: MATRIX_WAV, mimeType: "audio/wav" },
        { type: "text", text: MEDIA_NOTES[2] },
      ];
      return { content: blocks, status: "success" };
    }
    case "returnedError":
      return { content: TEXT.returnedError, status: "error", artifact: { locked: true } };
    case "added":
      return { content: TEXT.added, status: "success" };
    case "unknownName":
    case "unknownToString":
    case "unknownProto":
    case "hiddenName":
      // LangChain's ToolNode answers a name it has no tool for itself, listing the tools; no adapter runs.
      return { content: `Error: ${CALLED[id]} is not a valid tool, try one of [${MATRIX_TOOL_NAMES}].`, status: "error" };
    default:
      return { content: TEXT[id], status: "error" };
  }
}

/** OpenAI Agents SDK: the `function_call_result` output the model reads; a failure is the errorFunction's text, the SDK's only channel for it. */
function agentsRead(id: CaseId): Record<string, unknown> {
  switch (id) {
    case "media":
      // The SDK's structured outputs: text parts and the image as a data URL; a call's output has no sound part, so the sound is its note.
      return {
        read: [
          { type: "input_text", text: TEXT.media },
          { type: "input_image", image: `data:image/png;base64,${MATRIX_PNG}` },
          { type: "input_text", text: MEDIA_NOTES[1] },
          { type: "input_text", text: MEDIA_NOTES[2] },
        ],
      };
    case "unknownName":
    case "unknownToString":
    case "unknownProto":
    case "hiddenName":
      // The SDK ends the run on a name the agent has no tool for, before any adapter runs.
      return { thrown: `ModelBehaviorError: Tool ${CALLED[id]} not found in agent matrix.` };
    default:
      return { read: { type: "text", text: TEXT[id] } };
  }
}

/** Mastra: what the model reads through the AI SDK's tool output (`error-text` for a failure); a success's output is `{ text, details }`. */
function mastraRead(id: CaseId): Record<string, unknown> {
  switch (id) {
    case "valid":
      return { read: { type: "text", value: TEXT.valid }, output: { text: TEXT.valid, details: DETAILS } };
    case "media": {
      // Mastra hands the model the image and the sound as file parts; the link is its note. The program gets the blocks beside the text.
      const file = (mediaType: string, data: string) => ({ type: "file", data: { type: "data", data }, mediaType });
      const value = [MEDIA[0], file("image/png", MATRIX_PNG), file("audio/wav", MATRIX_WAV), { type: "text", text: MEDIA_NOTES[2] }];
      return { read: { type: "content", value }, output: { text: TEXT.media, content: MEDIA } };
    }
    case "unknownName":
    case "hiddenName": {
      // Mastra answers a name it has no tool for itself.
      const value = `Tool "${CALLED[id]}" not found. Available tools: ${MATRIX_TOOL_NAMES}. Call tools by their exact name only — never add prefixes, namespaces, or colons.`;
      return { read: { type: "error-text", value } };
    }
    case "added":
      return { read: { type: "text", value: TEXT.added }, output: { text: TEXT.added } };
    case "unknownToString":
    case "unknownProto":
      // Mastra finds these names on Object.prototype: it answers no result at all and ends the run (its own lookup; no adapter runs).
      return { stopped: "tool-calls" };
    default:
      return { read: { type: "error-text", value: TEXT[id] } };
  }
}

/** Anthropic SDK: the `tool_result` the tool runner sends back, `is_error` for every failure. */
function anthropicRead(id: CaseId): Record<string, unknown> {
  switch (id) {
    case "valid":
      return { content: TEXT.valid };
    case "media": {
      // A tool result takes the PNG as an image block; it has no block for a sound, so the sound is its note, as the link is.
      const image = { type: "image", source: { type: "base64", media_type: "image/png", data: MATRIX_PNG } };
      return { content: [MEDIA[0], image, { type: "text", text: MEDIA_NOTES[1] }, { type: "text", text: MEDIA_NOTES[2] }] };
    }
    case "unknownName":
    case "unknownToString":
    case "unknownProto":
    case "hiddenName":
      // The runner answers a name it has no tool for itself.
      return { content: `Error: Tool '${CALLED[id]}' not found`, is_error: true };
    case "added":
      return { content: TEXT.added };
    default:
      return { content: TEXT[id], is_error: true };
  }
}

/** Claude Agent SDK: the `tool_result` Claude Code records for the in-process MCP server's answer, `is_error` for every failure. */
function claudeRead(id: CaseId): Record<string, unknown> {
  switch (id) {
    case "valid":
      // The tool has an output schema, so the answer carries structuredContent, and Claude Code hands the model that, as JSON.
      return { content: JSON.stringify(DETAILS) };
    case "media": {
      // Claude Code keeps the text and the image, saves the sound to a file of its own (a path it makes up each run) and words the link itself.
      const image = { type: "image", source: { type: "base64", media_type: "image/png", data: MATRIX_PNG } };
      const sound = expect.stringMatching(/^\[Audio from matrix\] Binary content \(audio\/wav, 44 bytes\) saved to \/\S+\.wav$/);
      return {
        content: [MEDIA[0], image, { type: "text", text: sound }, { type: "text", text: "[Resource link: dot.png] file:///srv/dot.png" }],
      };
    }
    case "unknownName":
    case "unknownToString":
    case "unknownProto":
    case "hiddenName":
      // Claude Code answers a name no server lists itself, with its own name for the tool; the server is never asked.
      return { content: `<tool_use_error>Error: No such tool available: mcp__matrix__${CALLED[id]}</tool_use_error>`, is_error: true };
    case "added":
      // No output schema, so no structuredContent: Claude Code keeps the answer's one text block as a block.
      return { content: [{ type: "text", text: TEXT.added }] };
    default:
      return { content: TEXT[id], is_error: true };
  }
}

/** Google GenAI: the parts the SDK sends back after the call: one `functionResponse`, with `output` or, for every failure, `error`. */
function googleRead(id: CaseId): unknown[] {
  const answer = (response: Record<string, unknown>, extra = {}) => [
    { functionResponse: { id: "fc1", name: MATRIX_CALLS[id].tool, response, ...extra } },
  ];
  switch (id) {
    case "valid":
    case "added":
      return answer({ output: TEXT[id] });
    case "media":
      // The PNG rides along as inline data; a function response has no part for a sound, so it is a note in the output, as the link is.
      return answer(
        { output: [TEXT.media, MEDIA_NOTES[1], MEDIA_NOTES[2]].join("\n") },
        { parts: [{ inlineData: { mimeType: "image/png", data: MATRIX_PNG } }] },
      );
    case "unknownName":
    case "unknownToString":
    case "unknownProto":
    case "hiddenName":
      // The callable tool leaves a name it has no tool for to the callable tools beside it; with none, the model's call gets no answer.
      return [];
    default:
      return answer({ error: TEXT[id] });
  }
}

// ─── The hosts ───────────────────────────────────────────────────────────────

interface Driver {
  call(id: CaseId): Promise<unknown>;
  /** The tool names the host lists, where it answers `tools/list`. */
  names?(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * How a row meets the tool added at run time. Every row is given a `createToolList` list of the matrix's tools.
 * - "follows": an MCP face. It is opened on the starting list, and `matrix_added` is added once it is open: the
 *   server reads the list on every request, so the next call finds the tool.
 * - "builds": any other host. An adapter takes an array and the framework keeps the tools it was handed, so the
 *   host reads the list once, when its toolset is built (`toolsFor(list)`), and a tool added later reaches it only
 *   with the next toolset it builds. The faithful order for these is to add first and build after.
 * - "fixed": the built Nuxt app, which serves a fixed array from a process of its own (see nuxtAnswer).
 */
type ListUse = "follows" | "builds" | "fixed";

interface Row {
  host: string;
  open: (fixture: MatrixFixture) => Promise<Driver>;
  list: ListUse;
  expected: (id: CaseId) => unknown;
  /** The names `tools/list` answers once the calls are made, on the rows whose driver asks it. */
  listed?: readonly string[];
}

/** What `tools/list` answers: the hidden tool never; the added one once it is in the list (never on the built Nuxt app). */
const LISTED = ["matrix_slug", "matrix_throw", "matrix_fail", "matrix_report", "matrix_malformed", "matrix_media", "matrix_added"];
const LISTED_FIXED = ["matrix_slug", "matrix_throw", "matrix_fail", "matrix_report", "matrix_malformed", "matrix_media"];

/**
 * The hosts in a process of their own (the command line, OMP under bun) load a fixture module by path: this one
 * adds `matrix_added` to its list before the program builds its toolset. Claude Code's tools are served from this
 * process, from the same list.
 */
const ADDED: MatrixFixture = {
  ...MATRIX,
  tools: added.tools,
  path: fileURLToPath(new URL("./fixtures/matrix-added-tools.ts", import.meta.url)),
};

// OMP (one bun process) and the command line (one Node process per case) take seconds: both start now, side by
// side, while the in-process rows run. A failure is reported by its row, not as an unhandled rejection.
const omp = openOmp(ADDED);
const cli = openCli(ADDED);
omp.catch(() => {});
cli.catch(() => {});
// Claude Code (the Claude Agent SDK's CLI) answers every case in one query, started now beside them.
const claude = openClaudeAgent(ADDED);
claude.catch(() => {});

const ROWS: Row[] = [
  { host: "MCP in memory, 2025-11-25", open: openMcpMemory, list: "follows", expected: mcpAnswer, listed: LISTED },
  { host: "MCP over HTTP, 2025-11-25", open: (f) => openMcpHttp("2025-11-25", f), list: "follows", expected: mcpAnswer, listed: LISTED },
  {
    host: "MCP over HTTP, 2026-07-28",
    open: (f) => openMcpHttp("2026-07-28", f),
    list: "follows",
    expected: mcp2026Answer,
    listed: LISTED,
  },
  { host: "h3, 2025-11-25", open: (f) => openH3("2025-11-25", f), list: "follows", expected: mcpAnswer, listed: LISTED },
  { host: "h3, 2026-07-28", open: (f) => openH3("2026-07-28", f), list: "follows", expected: mcp2026Answer, listed: LISTED },
  {
    host: "Nuxt route (built app), 2025-11-25",
    open: () => openNuxt("2025-11-25"),
    list: "fixed",
    expected: nuxtAnswer,
    listed: LISTED_FIXED,
  },
  {
    host: "Nuxt route (built app), 2026-07-28",
    open: () => openNuxt("2026-07-28"),
    list: "fixed",
    expected: nuxt2026Answer,
    listed: LISTED_FIXED,
  },
  { host: "toolkit on SDK v1 McpServer", open: openToolkit, list: "builds", expected: toolkitAnswer, listed: LISTED },
  { host: "Pi session", open: openPi, list: "builds", expected: piRead },
  { host: "OMP session under bun", open: () => omp, list: "builds", expected: ompRead },
  { host: "AI SDK generateText", open: openAi, list: "builds", expected: aiRead },
  { host: "command line", open: () => cli, list: "builds", expected: cliRun },
  { host: "LangChain createAgent", open: openLangChain, list: "builds", expected: langchainRead },
  { host: "OpenAI Agents SDK run", open: openOpenAiAgents, list: "builds", expected: agentsRead },
  { host: "Mastra Agent", open: openMastra, list: "builds", expected: mastraRead },
  { host: "Anthropic SDK tool runner", open: openAnthropic, list: "builds", expected: anthropicRead },
  { host: "Claude Agent SDK query, Claude Code", open: () => claude, list: "builds", expected: claudeRead },
  { host: "Google GenAI automatic function calling", open: openGoogle, list: "builds", expected: googleRead },
];

describe.each(ROWS)("$host", ({ open, list: use, expected, listed }) => {
  let driver: Driver;
  // Long enough for the Nuxt row's build (once per run, shared by both of its rows) on a busy machine.
  beforeAll(async () => {
    const list = createToolList(matrixTools);
    if (use === "builds") list.add(addedTool);
    driver = await open({ ...MATRIX, tools: list });
    if (use === "follows") list.add(addedTool);
  }, 600_000);
  afterAll(async () => {
    await driver?.close();
  });

  test.each(CASE_IDS)("%s", async (id) => {
    expect(await driver.call(id)).toEqual(expected(id));
  });

  if (listed) {
    test("tools/list", async () => {
      expect(await driver.names?.()).toEqual(listed);
    });
  }
});
