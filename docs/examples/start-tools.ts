import { defineTool, Type } from "@agntn/tools";

export const initialsTool = defineTool({
  name: "text_initials",
  title: "Initials",
  description: "Turn a full name into its initials, one capital letter per word.",
  effect: "read",
  input: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200, description: "A person's full name" }),
      dots: Type.Optional(Type.Boolean({ description: "Put a dot after each letter" })),
    },
    { additionalProperties: false },
  ),
  execute({ name, dots = false }) {
    const letters = name
      .split(/\s+/u)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase());
    const initials = letters.join(dots ? "." : "") + (dots && letters.length > 0 ? "." : "");
    return { content: [{ type: "text", text: initials }], details: { initials, words: letters.length } };
  },
});

export const tools = [initialsTool];
