import { toOpenAiAgentsTools } from "@agntn/tools/openai-agents";
import { Agent, run } from "@openai/agents";
import { tools } from "./tools.ts";

const agent = new Agent({
  name: "Files",
  instructions: "Tidy file names with the tools.",
  tools: toOpenAiAgentsTools(tools, { approval: "writes" }), // files_rename (effect "write") waits for a person
});

let result = await run(agent, "Rename draft.md to a slug of its title, My First Post.");
while (result.interruptions.length > 0) {
  // Show each held call to a person; approve() or reject() it on the run's state, then run on from there.
  for (const call of result.interruptions) result.state.approve(call);
  result = await run(agent, result.state);
}
console.log(result.finalOutput);
