import { defineTool, Type } from "@agntn/tools";

export const statsTool = defineTool({
  name: "text_stats",
  title: "Text Stats",
  description: "Count the characters, words and lines of a text.",
  effect: "read",
  input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
  // With an output schema, MCP lists it as outputSchema and sends the checked details as structuredContent.
  output: Type.Object({ characters: Type.Integer(), words: Type.Integer(), lines: Type.Integer() }, { additionalProperties: false }),
  execute({ text }) {
    const details = {
      characters: Array.from(text).length,
      words: text.split(/\s+/u).filter(Boolean).length,
      lines: text === "" ? 0 : text.split("\n").length,
    };
    return { content: [{ type: "text", text: `${details.words} words` }], details };
  },
});
