import { defineTool, Type } from "@agntn/tools";

export const lineCountTool = defineTool({
  name: "text_lines",
  title: "Count Lines",
  description: "Count the non-empty lines of a text, reporting progress every 100 lines.",
  effect: "read",
  input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
  async execute({ text }, { progress, signal }) {
    const lines = text.split("\n");
    let kept = 0;
    for (let i = 0; i < lines.length; i++) {
      signal?.throwIfAborted();
      if (lines[i]!.trim() !== "") kept++;
      // `?.`: a host with no progress channel leaves `progress` undefined.
      if ((i + 1) % 100 === 0) progress?.(`read ${i + 1} lines`, { progress: i + 1, total: lines.length });
    }
    return { content: [{ type: "text", text: `${kept} non-empty lines` }], details: { kept, total: lines.length } };
  },
});
