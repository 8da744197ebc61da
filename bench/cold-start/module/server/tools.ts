/** The one tool, defined with @agntn/tools: the same words as the toolkit app's Zod tool. */
import { defineTool, Type } from "@agntn/tools";

export const tools = [
  defineTool({
    name: "text_join",
    title: "Join words",
    description: "Join the first words of a text with a separator.",
    effect: "read",
    input: Type.Object(
      {
        text: Type.String({ minLength: 1, maxLength: 200 }),
        separator: Type.Enum(["-", "_", "."]),
        limit: Type.Integer({ minimum: 1, maximum: 100 }),
      },
      { additionalProperties: false },
    ),
    execute: ({ text, separator, limit }) => ({
      content: [{ type: "text", text: text.split(/\s+/).filter(Boolean).slice(0, limit).join(separator) }],
    }),
  }),
];
