import { defineTool, Type } from "@agntn/tools";

export const titleTool = defineTool({
  name: "notes_title",
  title: "Suggest a Title",
  description: "Suggest a short title for a note, written by the client's own model.",
  effect: "read",
  input: Type.Object({ note: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  async execute({ note }, { sample }) {
    // Only a client that lends its model can answer; anywhere else, say so.
    if (!sample) return { content: [{ type: "text", text: "No model to ask here; give the note a title yourself." }], isError: true };
    const reply = await sample({
      messages: [{ role: "user", content: { type: "text", text: `Give this note a title of at most six words:\n\n${note}` } }],
      systemPrompt: "Answer with the title alone.",
      maxTokens: 30,
    });
    const title = reply.text.trim();
    return { content: [{ type: "text", text: title }], details: { title, model: reply.model } };
  },
});
