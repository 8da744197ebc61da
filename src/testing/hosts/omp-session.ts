/**
 * The OMP host's program, run by bun (OMP runs under bun only). It opens a
 * real OMP session (a scripted model from `createMockModel`, headless,
 * approval mode "yolo") that loads this very file as its extension through
 * OMP's own extension loader, so OMP's import rewriting reaches the tools'
 * module graph as it does a user's. The model then makes each call it was
 * given, one per prompt, and the program prints one JSON line: per call, the
 * tool result the model read back.
 *
 * The request (the tools' module, its export, the calls) comes as JSON in
 * AGNTN_TESTING_OMP. OMP keeps state under HOME and its agent directory, and
 * bun reads HOME once at start-up: so the program first runs itself again as
 * a child whose HOME and agent directory lie in a fresh scratch directory,
 * waits for it, and removes the directory.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type AnyTool, type ToolList, toolsFor } from "@agntn/tools";
import { registerOmpTools } from "@agntn/tools/omp";
import type { createMockModel } from "@oh-my-pi/pi-ai/providers/mock";
import type { AgentSession, ExtensionAPI } from "@oh-my-pi/pi-coding-agent";

/** What the program is asked for. */
export interface OmpRequest {
  /** The file URL of the module exporting the tools. */
  module: string;
  exportName: string;
  calls: Record<string, { tool: string; args?: Record<string, unknown> }>;
}

/** The tool result as the model reads it in its next request: its text blocks joined, OMP's error mark, its details. */
export interface OmpRead {
  text: string;
  isError: boolean;
  details?: unknown;
}

/** What the program prints. */
export interface OmpReport {
  extensionErrors: unknown[];
  /** The tools OMP has, of those the caller sees. */
  registered: string[];
  reads: Record<string, OmpRead>;
}

export const REQUEST_ENV = "AGNTN_TESTING_OMP";
const SCRATCH_ENV = "AGNTN_TESTING_OMP_SCRATCH";

interface ToolResultMessage {
  role: string;
  content?: Array<{ type: string; text?: string }>;
  details?: unknown;
  isError?: boolean;
}

/** Runs this program again with HOME and OMP's agent directory in a fresh scratch directory; its exit code. */
function rerunInScratch(): number {
  const scratch = mkdtempSync(join(tmpdir(), "agntn-omp-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [SCRATCH_ENV]: scratch,
    HOME: join(scratch, "home"),
    PI_CODING_AGENT_DIR: join(scratch, "agent"),
  };
  delete env.PI_CONFIG_FILES;
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { env, stdio: "inherit", timeout: 90_000 });
  rmSync(scratch, { recursive: true, force: true });
  return child.status ?? 1;
}

/** The model calls `tool` with `args` once, then says "done": the tool result it read before that. */
async function callOnce(
  session: AgentSession,
  mock: ReturnType<typeof createMockModel>,
  id: string,
  call: OmpRequest["calls"][string],
): Promise<OmpRead> {
  let seen: ToolResultMessage | undefined;
  mock.push({ content: [{ type: "toolCall", id, name: call.tool, arguments: call.args ?? {} }] });
  mock.push((context) => {
    seen = (context.messages as ToolResultMessage[]).findLast((m) => m.role === "toolResult");
    return { content: ["done"] };
  });
  await session.prompt(`Please call ${call.tool}.`);
  if (!seen) throw new Error(`the model never saw a result for ${call.tool}`);
  const read: OmpRead = { text: (seen.content ?? []).map((c) => c.text ?? "").join("\n"), isError: seen.isError === true };
  if (seen.details !== undefined) read.details = seen.details;
  return read;
}

/** The session, the calls one after the other, and what the model read of each. */
async function runSession(request: OmpRequest, tools: readonly AnyTool[], root: string): Promise<OmpReport> {
  for (const dir of ["home", "agent", "work"]) mkdirSync(join(root, dir), { recursive: true });
  // OMP is imported only here, in the child whose HOME is the scratch directory.
  const { createAgentSession, discoverAuthStorage, SessionManager, Settings } = await import("@oh-my-pi/pi-coding-agent");
  const { createMockModel, registerMockApi } = await import("@oh-my-pi/pi-ai/providers/mock");
  registerMockApi();
  const mock = createMockModel();
  const authStorage = await discoverAuthStorage(join(root, "agent"));
  authStorage.setRuntimeApiKey("mock", "scripted");
  const { session, extensionsResult } = await createAgentSession({
    cwd: join(root, "work"),
    agentDir: join(root, "agent"),
    authStorage,
    model: mock,
    settings: Settings.isolated({ "tools.approvalMode": "yolo" }),
    sessionManager: SessionManager.inMemory(),
    additionalExtensionPaths: [fileURLToPath(import.meta.url)],
    disableExtensionDiscovery: true,
    enableMCP: false,
    enableLsp: false,
    skipPythonPreflight: true,
  });
  const registered = tools.map((tool) => tool.name).filter((name) => session.getToolByName(name) !== undefined);
  const reads: Record<string, OmpRead> = {};
  let counter = 0;
  for (const [id, call] of Object.entries(request.calls)) reads[id] = await callOnce(session, mock, `call-${++counter}`, call);
  await session.dispose();
  return { extensionErrors: extensionsResult.errors, registered, reads };
}

const request = JSON.parse(process.env[REQUEST_ENV] ?? "null") as OmpRequest;
const run = globalThis as { agntnOmpSessionStarted?: boolean };
// The program runs once per process; the copy OMP imports as the extension finds the flag set and only registers the tools.
const isProgram = !run.agntnOmpSessionStarted;
run.agntnOmpSessionStarted = true;
if (isProgram && !process.env[SCRATCH_ENV]) process.exit(rerunInScratch());

const exported = (await import(request.module))[request.exportName] as readonly AnyTool[] | ToolList | undefined;
if (exported === undefined) throw new Error(`${request.module} has no export ${JSON.stringify(request.exportName)}`);
// The toolset the caller sees: a hidden tool is not registered.
const tools = await toolsFor(exported);

/** The extension: OMP imports this file again (a fresh module, `?mtime=` in its URL) and calls its default export. */
export default function extension(pi: ExtensionAPI): void {
  registerOmpTools(pi, tools);
}

if (isProgram) {
  const report = await runSession(request, tools, process.env[SCRATCH_ENV] as string);
  // OMP leaves timers behind: the process ends here, once the line is written.
  process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
}
