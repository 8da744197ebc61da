/**
 * The one tool every comparison measures, written once for each contender:
 * TypeBox for this library, Zod and plain JSON Schema for the SDK, Ajv and Zod
 * for validation. Three fields, one of each kind (bounded string, enum, bounded integer).
 */
import { defineTool, Type } from "@agntn/tools";
import { z } from "zod";
import { prepareTool } from "../src/core/define.ts";

export const TOOL_NAME = "text_join";
export const TOOL_TITLE = "Join Words";
export const TOOL_DESCRIPTION = "Lowercase the first words of a text and join them with a separator.";

export interface JoinArgs {
  text: string;
  separator: "-" | "_" | ".";
  limit: number;
}

/** The work itself: cheap on purpose, so the measurement is the plumbing around it. */
export function joinWords({ text, separator, limit }: JoinArgs): string {
  return text.toLowerCase().split(" ", limit).join(separator);
}

export const typeboxInput = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 200 }),
    separator: Type.Enum(["-", "_", "."]),
    limit: Type.Integer({ minimum: 1, maximum: 100 }),
  },
  { additionalProperties: false },
);

export const joinTool = defineTool({
  name: TOOL_NAME,
  title: TOOL_TITLE,
  description: TOOL_DESCRIPTION,
  effect: "read",
  input: typeboxInput,
  execute: (args) => ({ content: [{ type: "text", text: joinWords(args) }] }),
});

/** The same schema as Zod writes it. */
export const zodInput = z.strictObject({
  text: z.string().min(1).max(200),
  separator: z.enum(["-", "_", "."]),
  limit: z.int().min(1).max(100),
});

/** The same schema as plain JSON (what this library lists), for Ajv and the SDK's `fromJsonSchema`. */
export const jsonInput = prepareTool(joinTool).input;

export const validArgs: JoinArgs = { text: "Measure Twice Cut Once", separator: "-", limit: 3 };
export const validText = "measure-twice-cut";

/** Four problems at once: too short, not in the enum, below the minimum, a key nobody takes. */
export const invalidArgs = { text: "", separator: "/", limit: 0, colour: "red" };
