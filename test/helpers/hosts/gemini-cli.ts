/**
 * Gemini CLI (`@google/gemini-cli`), driven for real: `gemini -p` runs
 * headless, under the Node that runs the tests, against the fake Gemini API
 * on loopback (`GOOGLE_GEMINI_BASE_URL`, the API-key auth type, a dummy key),
 * with one MCP server over Streamable HTTP (`httpUrl`) or stdio (`command`,
 * `args`), either with `trust: true`: without it a headless run offers the
 * model none of the server's tools. It runs in a temporary home
 * with its own settings file: no telemetry, no usage statistics, no update
 * check, no IDE, and an environment holding nothing but what it needs.
 *
 * The fake model's script: a turn that offers the server's tool and has not
 * yet read a result calls the tool with the given arguments; the turn after
 * the CLI sends the function's response says `FINAL_TEXT`. Any other request
 * the CLI makes of the model (a side question) is answered with that text too.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runToEnd } from "../child.ts";
import { answerParts, callParts, type FakeGeminiApi, fakeGeminiApi, type GeminiPart, textParts } from "../fake-gemini.ts";
import { stdioCommand } from "../mcp-wire.ts";

/** The server name in the CLI's settings: Gemini CLI names the tool `mcp_<server>_<tool>`. */
export const GEMINI_SERVER = "agntn";

/** What the model says once it has read the tool's answer; the CLI prints it. */
export const FINAL_TEXT = "All done.";

/**
 * The model the settings name (it is in the path of each request). For a Gemini 2.5 model the CLI sends an
 * image from a tool as a part beside the function's response; for `gemini-3-*` it puts it inside.
 */
export const GEMINI_MODEL = "gemini-2.5-flash";

/** The package's own `gemini` bin, found from its package.json; a missing one stops the run in one line. */
export function geminiBin(): string {
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = require.resolve("@google/gemini-cli/package.json");
  } catch {
    throw new Error("Gemini CLI cannot run: @google/gemini-cli is not installed (npm install)");
  }
  const { bin, version } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string>; version: string };
  const path = join(dirname(manifest), bin.gemini ?? "");
  if (!bin.gemini || !existsSync(path)) {
    throw new Error(`Gemini CLI cannot run: @google/gemini-cli ${version} has no gemini bin at ${path}`);
  }
  return path;
}

export interface GeminiRunOptions {
  /**
   * The server: an MCP endpoint (`httpUrl`), or over stdio the test's stdio fixture (`command`, `args`), which
   * writes down what passes on its pipes to the file `record` names.
   */
  server: { url: URL | string } | { record: string };
  /** `trust: true` on the server's entry (the default); `false` leaves it out. */
  trust?: boolean;
  /** The MCP tool the model calls, by the name the server lists. */
  tool: string;
  /** The arguments of that call, as the model sends them. */
  args: Record<string, unknown>;
  prompt?: string;
  /** Kills the CLI after this long (default 40 s). */
  timeoutMs?: number;
}

export interface GeminiRun {
  /** The exit code, or the signal that ended it. */
  exit: number | string | null;
  stdout: string;
  stderr: string;
  /** Every model request the fake API received. */
  requests: FakeGeminiApi["requests"];
  /** Every other request it received. */
  other: string[];
  /** The parts of the first request that carries the call's response: what the model read of it. */
  read: GeminiPart[];
}

/** The server's entry in the settings, with `trust: true` unless told otherwise (headless, untrusted tools are offered to no model). */
function serverEntry(server: GeminiRunOptions["server"], trust: boolean): Record<string, unknown> {
  const trusted = trust ? { trust: true } : {};
  if ("url" in server) return { httpUrl: String(server.url), ...trusted };
  return { ...stdioCommand(server.record), ...trusted };
}

/** The settings file of the temporary home. */
function settings(server: GeminiRunOptions["server"], trust: boolean): unknown {
  return {
    security: { auth: { selectedType: "gemini-api-key" }, folderTrust: { enabled: false } },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, checkpointing: { enabled: false } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false, logPrompts: false },
    ide: { enabled: false },
    model: { name: GEMINI_MODEL },
    mcpServers: { [GEMINI_SERVER]: serverEntry(server, trust) },
  };
}

/** Runs `gemini -p` once, in which the model calls `tool` with `args` and then ends. */
export async function runGemini(options: GeminiRunOptions): Promise<GeminiRun> {
  const bin = geminiBin();
  const name = `mcp_${GEMINI_SERVER}_${options.tool}`;
  const api = await fakeGeminiApi((request) => {
    const declarations = (request.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []);
    const offered = declarations.some((declaration) => declaration.name === name);
    return offered && answerParts(request).length === 0 ? callParts(name, options.args) : textParts(FINAL_TEXT);
  });
  const root = mkdtempSync(join(tmpdir(), "agntn-gemini-"));
  const home = join(root, "home");
  const work = join(root, "work");
  mkdirSync(join(home, ".gemini"), { recursive: true });
  mkdirSync(work);
  writeFileSync(join(home, ".gemini", "settings.json"), JSON.stringify(settings(options.server, options.trust ?? true), null, 2));
  try {
    const { exit, stdout, stderr } = await runToEnd(
      process.execPath,
      [bin, "-p", options.prompt ?? "Use the tool.", "--output-format", "text"],
      {
        cwd: work,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: home,
          GEMINI_API_KEY: "test-key",
          GOOGLE_GEMINI_BASE_URL: api.url,
          // One process: the CLI would otherwise start itself again with a larger heap.
          GEMINI_CLI_NO_RELAUNCH: "true",
          NO_COLOR: "1",
          TERM: "dumb",
        },
        timeoutMs: options.timeoutMs ?? 40_000,
        cannot: "Gemini CLI cannot run",
      },
    );
    const answered = api.requests.find((request) => answerParts(request).length > 0);
    return { exit, stdout, stderr, requests: [...api.requests], other: [...api.other], read: answerParts(answered) };
  } finally {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  }
}
