// tools.ts: the pantry tools the tests below check.
import { defineTool, Type } from "@agntn/tools";

const shelves: Record<string, string> = { flour: "top shelf", rice: "second shelf", salt: "spice rack" };

export const scaleTool = defineTool({
  name: "recipe_scale",
  title: "Scale an Amount",
  description: "Scale an ingredient's amount in grams from one number of servings to another.",
  effect: "read",
  input: Type.Object(
    { grams: Type.Number({ minimum: 0 }), from: Type.Integer({ minimum: 1 }), to: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false },
  ),
  output: Type.Object({ grams: Type.Number() }, { additionalProperties: false }),
  execute: ({ grams, from, to }) => {
    const scaled = Math.round((grams * to) / from);
    return { content: [{ type: "text", text: `${grams} g for ${from} is ${scaled} g for ${to}` }], details: { grams: scaled } };
  },
});

export const findTool = defineTool({
  name: "pantry_find",
  title: "Find in the Pantry",
  description: "Say where an item is kept; an item the pantry does not hold is a failure.",
  effect: "read",
  input: Type.Object({ item: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  execute: ({ item }) => {
    const shelf = Object.hasOwn(shelves, item) ? shelves[item] : undefined;
    if (!shelf) return { content: [{ type: "text", text: `The pantry has no ${item}` }], isError: true };
    return { content: [{ type: "text", text: `The ${item} is on the ${shelf}` }] };
  },
});

export const clearTool = defineTool({
  name: "pantry_clear",
  title: "Clear a Shelf",
  description: "Throw away everything on one shelf, after the person agrees.",
  effect: "destructive",
  input: Type.Object({ shelf: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  async execute({ shelf }, { ask, progress }) {
    progress?.(`looking at the ${shelf}`, { progress: 1, total: 2 });
    if (!ask) return { content: [{ type: "text", text: "Needs a person to confirm; nothing thrown away." }], isError: true };
    const answer = await ask({
      message: `Throw away everything on the ${shelf}?`,
      schema: Type.Object({ sure: Type.Boolean({ title: "Throw away" }) }, { additionalProperties: false }),
    });
    if (answer.action !== "accept" || !answer.content.sure) return { content: [{ type: "text", text: "Nothing thrown away." }] };
    progress?.("cleared", { progress: 2, total: 2 });
    return { content: [{ type: "text", text: `The ${shelf} is empty now.` }] };
  },
});

export const tools = [scaleTool, findTool, clearTool];
