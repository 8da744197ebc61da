import { defineTool, Type } from "@agntn/tools";

export const tidyTool = defineTool({
  name: "notes_tidy",
  title: "Tidy Notes",
  description: "Remove the empty notes from a list, after the person agrees.",
  effect: "destructive",
  input: Type.Object({ notes: Type.Array(Type.String()) }, { additionalProperties: false }),
  async execute({ notes }, { ask }) {
    const empty = notes.filter((note) => note.trim() === "").length;
    if (empty === 0) return { content: [{ type: "text", text: "No empty notes." }] };
    // No one to ask on this host: say so instead of deciding for the person.
    if (!ask) return { content: [{ type: "text", text: "Needs a person to confirm; nothing removed." }], isError: true };
    const answer = await ask({
      message: `Remove ${empty} empty note(s)?`,
      schema: Type.Object({ remove: Type.Boolean({ title: "Remove" }) }, { additionalProperties: false }),
    });
    if (answer.action !== "accept" || !answer.content.remove) {
      return { content: [{ type: "text", text: "Nothing removed." }], details: { removed: 0, kept: notes } };
    }
    const kept = notes.filter((note) => note.trim() !== "");
    return { content: [{ type: "text", text: `Removed ${empty}; ${kept.length} left.` }], details: { removed: empty, kept } };
  },
});
