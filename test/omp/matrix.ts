/**
 * The host matrix's OMP row, run by bun: a real OMP session (scripted model
 * from `createMockModel`, headless, approval mode "yolo") loads this very file
 * as its extension through OMP's own extension loader, so OMP's import
 * rewriting applies to the tools' module graph as it does for a user. The
 * model then makes every matrix call, one per prompt, and the script prints
 * one JSON line: per case, the tool result the model read back. With
 * AGNTN_MATRIX_FIXTURE set to another fixture module's path (the matrix of
 * tools with views), the session serves and calls that module's tools instead.
 * Run: bun --conditions=agntn-source test/omp/matrix.ts
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toolsFor } from "@agntn/tools";
import { registerOmpTools } from "@agntn/tools/omp";
import type { ExtensionAPI } from "@oh-my-pi/pi-coding-agent";
import * as matrix from "../fixtures/matrix-tools.ts";

const fixture: Pick<typeof matrix, "CASE_IDS" | "MATRIX_CALLS" | "tools"> = process.env.AGNTN_MATRIX_FIXTURE
  ? await import(process.env.AGNTN_MATRIX_FIXTURE)
  : matrix;
const { CASE_IDS, MATRIX_CALLS } = fixture;
// The toolset this session's caller sees: a hidden tool is not registered.
const matrixTools = await toolsFor(fixture.tools);

/** The extension: OMP imports this file again (a fresh module, `?mtime=` in its URL) and calls its default export. */
export default function extension(pi: ExtensionAPI): void {
  registerOmpTools(pi, matrixTools);
}

/** The tool result as the model reads it in its next request. */
export interface OmpRead {
  text: string;
  isError: boolean;
  details?: unknown;
}

interface ToolResultMessage {
  role: string;
  content?: Array<{ type: string; text?: string }>;
  details?: unknown;
  isError?: boolean;
}

const run = globalThis as { agntnMatrixStarted?: boolean };
// Only the script runs the session; the copy OMP imports as the extension finds the flag set and only exports the factory.
if (!run.agntnMatrixStarted) {
  run.agntnMatrixStarted = true;
  // The harness reruns this script with HOME and OMP's agent dir in a scratch directory, imports OMP and registers the mock API.
  const { report } = await import("./harness.ts");
  const root = process.env.AGNTN_OMP_SCRATCH as string;
  const { createAgentSession, discoverAuthStorage, SessionManager, Settings } = await import("@oh-my-pi/pi-coding-agent");
  const { createMockModel } = await import("@oh-my-pi/pi-ai/providers/mock");

  await report(async () => {
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
    const registered = matrixTools.map((tool) => tool.name).filter((name) => session.getToolByName(name) !== undefined);
    const reads: Record<string, OmpRead> = {};
    let counter = 0;
    for (const id of CASE_IDS) {
      const { tool, args } = MATRIX_CALLS[id];
      let seen: ToolResultMessage | undefined;
      mock.push({ content: [{ type: "toolCall", id: `call-${++counter}`, name: tool, arguments: args }] });
      mock.push((context) => {
        seen = (context.messages as ToolResultMessage[]).findLast((m) => m.role === "toolResult");
        return { content: ["done"] };
      });
      await session.prompt(`Please call ${tool}.`);
      if (!seen) throw new Error(`the model never saw a result for ${tool}`);
      const read: OmpRead = { text: (seen.content ?? []).map((c) => c.text ?? "").join("\n"), isError: seen.isError === true };
      if (seen.details !== undefined) read.details = seen.details;
      reads[id] = read;
    }
    await session.dispose();
    return { extensionErrors: extensionsResult.errors, registered, reads };
  });
}
