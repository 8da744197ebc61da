/** The types a tool author sees: input inferred from the schema, details as the union of every branch's. */
import { defineTool, type ResultDetails, type ToolDefinition, Type } from "@agntn/tools";
import { expect, expectTypeOf, test } from "vitest";

const tidy = defineTool({
  name: "notes_tidy",
  title: "Tidy Notes",
  description: "Removes empty notes.",
  effect: "destructive",
  input: Type.Object({ notes: Type.Array(Type.String()), dry: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  async execute({ notes, dry }) {
    expectTypeOf(notes).toEqualTypeOf<string[]>();
    expectTypeOf(dry).toEqualTypeOf<boolean | undefined>();
    if (notes.length === 0) return { content: [{ type: "text", text: "Nothing to tidy." }] };
    if (dry) return { content: [{ type: "text", text: "Would remove some." }], details: { removed: 0 } };
    return { content: [{ type: "text", text: "Removed." }], details: { removed: 1, kept: notes } };
  },
});

test("details from every branch make one union type", () => {
  type Details = typeof tidy extends ToolDefinition<object, infer D> ? D : never;
  expectTypeOf<Details>().toEqualTypeOf<{ removed: number; kept?: undefined } | { removed: number; kept: string[] }>();
  expectTypeOf<ResultDetails<{ content: []; details?: { a: 1 } }>>().toEqualTypeOf<{ a: 1 }>();
  expect(tidy.name).toBe("notes_tidy");
});
