/**
 * A real OMP agent session for the host tests, run by bun: OMP loads
 * test/fixtures/omp-extension.ts through its own extension loader, and a
 * scripted model (`createMockModel`) makes one tool call per prompt. Each call
 * records what the model read back, the progress partials and the dialogs a
 * scripted UI was shown.
 *
 * OMP keeps state (logs, caches, its agent database) under HOME and its
 * agent dir. Bun reads HOME once at start-up, so the harness first reruns the
 * script as a child whose HOME and agent dir lie in a fresh scratch
 * directory, waits for it, and removes the directory. OMP is imported only in
 * that child (hence the dynamic imports below the guard).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OmpScenario } from "../fixtures/omp-extension.ts";

const SCRATCH = "AGNTN_OMP_SCRATCH";

if (!process.env[SCRATCH]) {
  const scratch = mkdtempSync(join(tmpdir(), "agntn-omp-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [SCRATCH]: scratch,
    HOME: join(scratch, "home"),
    PI_CODING_AGENT_DIR: join(scratch, "agent"),
  };
  delete env.PI_CONFIG_FILES;
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { env, stdio: "inherit", timeout: 90_000 });
  rmSync(scratch, { recursive: true, force: true });
  process.exit(child.status ?? 1);
}

const root = process.env[SCRATCH] as string;
for (const dir of ["home", "agent", "work"]) mkdirSync(join(root, dir), { recursive: true });

const { createAgentSession, discoverAuthStorage, SessionManager, Settings } = await import("@oh-my-pi/pi-coding-agent");
const { createMockModel, registerMockApi } = await import("@oh-my-pi/pi-ai/providers/mock");
const { initializeExtensions } = await import("@oh-my-pi/pi-coding-agent/modes/runtime-init");

registerMockApi();

const EXTENSION = new URL("../fixtures/omp-extension.ts", import.meta.url).pathname;

/** A dialog the scripted UI was shown, and what it answered (`null`: Escape). */
export interface Dialog {
  kind: "select" | "input";
  title: string;
  options?: string[];
  /** The entry the select starts on, when the caller gave one. */
  initialIndex?: number;
  answer: string | null;
}

/** What one tool call left behind. */
export interface CallRecord {
  /** The tool result as the model reads it in its next request. */
  text: string;
  /** The blocks of that result, as the model's request holds them. */
  content: unknown[];
  isError: boolean;
  details?: unknown;
  /** Texts of the partial results (`onUpdate`) in order. */
  updates: string[];
  dialogs: Dialog[];
  warnings: string[];
}

export interface SessionOptions {
  scenario?: OmpScenario;
  /** Gives OMP a scripted UI (rpc mode); without it the session is headless and `ctx.hasUI` is false. */
  ui?: boolean;
  /** OMP's `tools.approvalMode` ("yolo" is OMP's own default). */
  approvalMode?: "always-ask" | "write" | "yolo";
  /** The scripted model reads images too (a mock model reads text only unless told). */
  images?: boolean;
}

interface ToolResultMessage {
  role: string;
  content?: Array<{ type: string; text?: string }>;
  details?: unknown;
  isError?: boolean;
}

function scriptedUi(answers: Array<string | null>, dialogs: Dialog[], warnings: string[]): object {
  const next = (): string | undefined => (answers.length > 0 ? (answers.shift() ?? undefined) : undefined);
  const ui = {
    async select(title: string, options: Array<string | { label: string }>, opts?: { initialIndex?: number }) {
      const answer = next();
      const shown = options.map((o) => (typeof o === "string" ? o : o.label));
      const start = opts?.initialIndex === undefined ? {} : { initialIndex: opts.initialIndex };
      dialogs.push({ kind: "select", title, options: shown, ...start, answer: answer ?? null });
      return answer;
    },
    async input(title: string) {
      const answer = next();
      dialogs.push({ kind: "input", title, answer: answer ?? null });
      return answer;
    },
    async confirm() {
      return false;
    },
    notify(message: string, type?: string) {
      if (type === "warning") warnings.push(message);
    },
  };
  // Every other UI method (status bar, widgets, theme, …) is a no-op; `then` stays undefined so the object is no thenable.
  return new Proxy(ui, {
    get(target, key) {
      if (key in target) return target[key as keyof typeof target];
      if (key === "then" || key === "askDialog" || key === "timeoutStartsOnPresentation" || key === "theme") return undefined;
      return () => undefined;
    },
  });
}

export async function openSession(options: SessionOptions = {}) {
  (globalThis as { agntnOmpScenario?: OmpScenario }).agntnOmpScenario = options.scenario ?? {};
  const mock = createMockModel();
  // MockModel declares its input kinds as a field with no option to set it: a model that sees images says so here.
  if (options.images) Object.defineProperty(mock, "input", { value: ["text", "image"] });
  const authStorage = await discoverAuthStorage(join(root, "agent"));
  authStorage.setRuntimeApiKey("mock", "scripted");
  const { session } = await createAgentSession({
    cwd: join(root, "work"),
    agentDir: join(root, "agent"),
    authStorage,
    model: mock,
    settings: Settings.isolated({ "tools.approvalMode": options.approvalMode ?? "yolo" }),
    sessionManager: SessionManager.inMemory(),
    additionalExtensionPaths: [EXTENSION],
    disableExtensionDiscovery: true,
    enableMCP: false,
    enableLsp: false,
    skipPythonPreflight: true,
  });

  const answers: Array<string | null> = [];
  const dialogs: Dialog[] = [];
  const warnings: string[] = [];
  if (options.ui) {
    await initializeExtensions(session, {
      mode: "rpc",
      uiContext: scriptedUi(answers, dialogs, warnings) as never,
      reportSendError: () => {},
      reportRuntimeError: () => {},
    });
  }
  const updates = new Map<string, string[]>();
  session.subscribe((event: { type: string; toolCallId?: string; partialResult?: ToolResultMessage }) => {
    if (event.type !== "tool_execution_update" || !event.toolCallId) return;
    const list = updates.get(event.toolCallId) ?? [];
    list.push((event.partialResult?.content ?? []).map((c) => c.text ?? "").join("\n"));
    updates.set(event.toolCallId, list);
  });

  let counter = 0;
  return {
    mock,
    session,
    /** The model calls `name` with `args`; `script` answers the UI's dialogs in order (`null`: Escape). */
    async call(name: string, args: unknown, script: Array<string | null> = []): Promise<CallRecord> {
      const id = `call-${++counter}`;
      answers.splice(0, answers.length, ...script);
      dialogs.length = 0;
      warnings.length = 0;
      let seen: ToolResultMessage | undefined;
      mock.push({ content: [{ type: "toolCall", id, name, arguments: args as Record<string, unknown> }] });
      mock.push((context) => {
        seen = (context.messages as ToolResultMessage[]).findLast((m) => m.role === "toolResult");
        return { content: ["done"] };
      });
      await session.prompt(`Please call ${name}.`);
      if (!seen) throw new Error(`the model never saw a result for ${name}`);
      const record: CallRecord = {
        text: (seen.content ?? []).map((c) => c.text ?? "").join("\n"),
        content: structuredClone(seen.content ?? []),
        isError: seen.isError === true,
        updates: updates.get(id) ?? [],
        dialogs: [...dialogs],
        warnings: [...warnings],
      };
      if (seen.details !== undefined) record.details = seen.details;
      return record;
    },
    /** The JSON Schema the model was sent for a tool, in the first request. */
    wireSchema(name: string): unknown {
      const tools = (mock.calls[0]?.context.tools ?? []) as Array<{ name: string; parameters: unknown }>;
      return tools.find((t) => t.name === name)?.parameters;
    },
    async close() {
      await session.dispose();
    },
  };
}

/** Runs a script's body and prints its JSON result on one line; OMP leaves timers behind, so the process exits here. */
export async function report(body: () => Promise<unknown>): Promise<void> {
  process.stdout.write(`${JSON.stringify(await body())}\n`);
  process.exit(0);
}
