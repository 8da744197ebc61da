/**
 * The host matrix's OpenAI Agents SDK row: the testing kit's host
 * (src/testing/hosts/openai-agents.ts). The scripted model the SDK's own tests
 * drive is the kit's too (src/testing/hosts/openai-agents-model.ts).
 */
import { setTracingDisabled } from "@openai/agents";
import { type KitDriver, MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

// The SDK's own tests run `run()` with the default runner: its traces would go to OpenAI (and warn that there is no key).
setTracingDisabled(true);

export { type AgentsCall, ScriptedModel } from "../../../src/testing/hosts/openai-agents-model.ts";

/** A call answers with what the model read of it (`read`), or the error `run` rejected with (`thrown`). */
export type AgentsDriver = Omit<KitDriver, "names">;

export async function openOpenAiAgents(fixture: MatrixFixture = MATRIX): Promise<AgentsDriver> {
  const { call, close } = await openKitHost("openai-agents", fixture);
  return { call, close };
}
