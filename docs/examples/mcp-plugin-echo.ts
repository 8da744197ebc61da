// plugin-echo.ts: a plugin is a module exporting one tool.
import { defineTool, Type } from "@agntn/tools";

export const tool = defineTool({
  name: "echo",
  title: "Echo",
  description: "Says back what it is given.",
  effect: "read",
  input: Type.Object({ text: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  execute: ({ text }) => ({ content: [{ type: "text", text }] }),
});
