// server/tools.ts: text_stats with a view. Every host answers with the text; a client that renders MCP Apps also shows the view.
import { defineTool, Type } from "@agntn/tools";

export const statsTool = defineTool({
  name: "text_stats",
  title: "Text Stats",
  description: "Count characters, words and lines of a text.",
  effect: "read",
  input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
  output: Type.Object({ characters: Type.Integer(), words: Type.Integer(), lines: Type.Integer() }, { additionalProperties: false }),
  ui: {
    // The view's page, beside this module. It loads a script, so it is bundled into one document before it is served.
    file: new URL("./stats-view.html", import.meta.url),
    prefersBorder: true,
    // The origins the view may reach; left out, it may reach none.
    csp: { connectDomains: ["https://api.example.com"] },
  },
  execute({ text }) {
    const details = {
      characters: Array.from(text).length,
      words: text.split(/\s+/u).filter(Boolean).length,
      lines: text.split("\n").length,
    };
    return {
      content: [{ type: "text", text: `${details.characters} characters, ${details.words} words, ${details.lines} lines` }],
      details,
    };
  },
});

// A tool only views call: a client that renders apps keeps it from its model; any other client is not shown it at all.
export const keepTool = defineTool({
  name: "stats_keep",
  title: "Keep Stats",
  description: "Keep a text's counts for later.",
  effect: "write",
  input: Type.Object({ words: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
  ui: { visibility: ["app"] },
  execute: ({ words }) => ({ content: [{ type: "text", text: `Kept ${words} words.` }] }),
});

export const tools = [statsTool, keepTool];
