// A test that keeps both hosts honest: every tool answers a bad call with the same text on MCP and the AI SDK.
import { validateInput } from "@agntn/tools";
import { asSchema } from "ai";
import { aiSlug, tools } from "./migrate-after.ts";

const bad = { txt: "Hello" };
const core = validateInput(tools[0]!, bad);
const ai = await asSchema(aiSlug.inputSchema).validate?.(bad);
console.log(!core.ok && ai?.success === false && core.error.message === ai.error.message); // true
