import { toAiTools } from "@agntn/tools/ai";
import { tools } from "./start-tools.ts";

// Hand the set to generateText({ model, tools: aiTools, prompt }).
export const aiTools = toAiTools(tools);
