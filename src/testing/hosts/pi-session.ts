/**
 * A real Pi agent session with a scripted model, for the Pi host: Pi's own
 * `createAgentSession`, with pi-ai's faux provider as the model, one inline
 * extension, settings and sessions kept in memory and every file Pi writes in
 * a temporary directory. Each call is one prompt: the model calls one tool,
 * then says "done" once it has read the result, which is what the call returns.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AssistantMessage,
  type FauxProviderHandle,
  fauxAssistantMessage,
  fauxProvider,
  fauxToolCall,
  type JsonObject,
  type Message,
  type ToolResultMessage,
} from "@earendil-works/pi-ai";
import {
  type AgentSession,
  createAgentSession,
  DefaultResourceLoader,
  type ExtensionFactory,
  ModelRuntime,
  SessionManager,
  SettingsManager,
} from "@earendil-works/pi-coding-agent";

/** A Pi session, open: one tool call per prompt. */
export interface PiSession {
  /** The problems Pi met loading the extension. */
  extensionErrors: readonly unknown[];
  /** The model calls `tool` with `args`; resolves with the tool result the model read in its next request. */
  call(tool: string, args: JsonObject): Promise<ToolResultMessage>;
  close(): void;
}

/** Pi's model registry, with the faux provider as its one provider, keyed so Pi accepts it. */
async function fauxRuntime(dir: string, faux: FauxProviderHandle): Promise<ModelRuntime> {
  const runtime = await ModelRuntime.create({ authPath: join(dir, "auth.json"), modelsPath: null, refreshOnCreate: false });
  runtime.registerNativeProvider(faux.provider);
  await runtime.setRuntimeApiKey(faux.provider.id, "faux-key");
  return runtime;
}

/** Pi's session in `dir` with the faux provider as its model, loading nothing from disk but the one extension given. */
export async function createFauxSession(dir: string, faux: FauxProviderHandle, extension: ExtensionFactory) {
  const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false }, retry: { enabled: false } });
  const resourceLoader = new DefaultResourceLoader({
    cwd: dir,
    agentDir: dir,
    settingsManager,
    noExtensions: true,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
    extensionFactories: [extension],
  });
  await resourceLoader.reload();
  return createAgentSession({
    cwd: dir,
    agentDir: dir,
    model: faux.getModel(),
    thinkingLevel: "off",
    modelRuntime: await fauxRuntime(dir, faux),
    resourceLoader,
    sessionManager: SessionManager.inMemory(dir),
    settingsManager,
    noTools: "builtin",
  });
}

/** One prompt in which the model calls `tool`: the last message of the context the model is given next. */
async function callOnce(session: AgentSession, faux: FauxProviderHandle, tool: string, args: JsonObject) {
  const toolCall = fauxToolCall(tool, args);
  let seen: Message | undefined;
  const done = (context: { messages: Message[] }): AssistantMessage => {
    seen = structuredClone(context.messages.at(-1));
    return fauxAssistantMessage("done");
  };
  faux.setResponses([fauxAssistantMessage(toolCall, { stopReason: "toolUse" }), done]);
  await session.prompt(`call ${tool}`);
  if (seen?.role !== "toolResult" || seen.toolCallId !== toolCall.id) throw new Error(`the model did not read the result of ${tool}`);
  return seen;
}

/** Starts a session whose one extension is `extension`. */
export async function startPiSession(extension: ExtensionFactory): Promise<PiSession> {
  const dir = mkdtempSync(join(tmpdir(), "agntn-pi-"));
  const faux = fauxProvider();
  const { session, extensionsResult } = await createFauxSession(dir, faux, extension);
  return {
    extensionErrors: extensionsResult.errors,
    call: (tool, args) => callOnce(session, faux, tool, args),
    close() {
      session.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
