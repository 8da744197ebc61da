// agent.ts: each signed-in user's toolset for the AI SDK, in one line.
import { type Caller, toolsFor } from "@agntn/tools";
import { toAiTools } from "@agntn/tools/ai";
import { tools } from "./lists-tenant.ts";

export async function toolsetOf(user: Caller) {
  return toAiTools(await toolsFor(tools, user));
}
