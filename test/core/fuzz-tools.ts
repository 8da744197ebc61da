/** Tools the fuzz tests call: each one exercises a failure path with values taken from the fuzzed arguments. */
import { type AnyTool, defineTool, Type } from "@agntn/tools";
import { slugTool, statsTool } from "../../playground/server/tools.ts";

const closed = { additionalProperties: false } as const;

/** Throws whatever the call carries: an Error, the raw payload, a hostile object, undefined. */
const throwTool = defineTool({
  name: "fuzz_throw",
  title: "Throw",
  description: "Throws a value built from its payload.",
  effect: "read",
  input: Type.Object({ how: Type.Enum(["error", "raw", "hostile", "nothing"]), payload: Type.Optional(Type.Unknown()) }, closed),
  execute({ how, payload }) {
    if (how === "error") throw new Error(typeof payload === "string" ? payload : `bad ${typeof payload}`);
    if (how === "raw") throw payload;
    if (how === "hostile") {
      throw {
        toString: () => `\u001b]0;${String(typeof payload)}\u0007\n\u202Eforged`,
        toJSON: () => {
          throw new Error("no JSON");
        },
      };
    }
    throw undefined;
  },
});

/** Answers with a result that is never well formed, carrying the payload where a text should be. */
const malformedTool = defineTool({
  name: "fuzz_malformed",
  title: "Malformed",
  description: "Returns a broken result.",
  effect: "read",
  input: Type.Object({ payload: Type.Optional(Type.Unknown()) }, closed),
  execute: ({ payload }) => ({ content: [{ type: "text", text: payload }, null] }) as never,
});

/** Nested objects, arrays and a union, so hostile arguments meet every validation path. */
const nestedTool = defineTool({
  name: "fuzz_nested",
  title: "Nested",
  description: "Takes nested input and answers ok.",
  effect: "write",
  input: Type.Object(
    {
      point: Type.Object({ x: Type.Number(), y: Type.Number() }, closed),
      tags: Type.Optional(Type.Array(Type.Object({ name: Type.String({ maxLength: 20 }) }, closed), { maxItems: 5 })),
      shape: Type.Optional(
        Type.Union([
          Type.Object({ kind: Type.Literal("circle"), radius: Type.Number() }, closed),
          Type.Object({ kind: Type.Literal("square"), side: Type.Number() }, closed),
        ]),
      ),
      mode: Type.Optional(Type.Enum(["plain", "loud"])),
    },
    closed,
  ),
  execute: () => ({ content: [{ type: "text", text: "ok" }], details: {} }),
});

/** Reports progress with the fuzzed message, then answers. */
const progressTool = defineTool({
  name: "fuzz_progress",
  title: "Progress",
  description: "Reports progress messages taken from its payload.",
  effect: "read",
  input: Type.Object({ payload: Type.Optional(Type.Unknown()) }, closed),
  execute({ payload }, { progress }) {
    progress?.(payload as string);
    progress?.(String(typeof payload), { progress: Number.NaN });
    progress?.("done", { progress: 10, total: 10 });
    return { content: [{ type: "text", text: "reported" }] };
  },
});

/** A name every plain object inherits: it must be an ordinary tool name. */
const constructorTool = defineTool({
  name: "constructor",
  title: "Constructor",
  description: "A tool whose name every object inherits.",
  effect: "read",
  input: Type.Object({}, closed),
  execute: () => ({ content: [{ type: "text", text: "constructed" }] }),
});

export const fuzzTools: AnyTool[] = [slugTool, statsTool, throwTool, malformedTool, nestedTool, progressTool, constructorTool];

/** Property names the tools take: fuzzed arguments use them often so calls get past the first check. */
export const knownKeys = [
  "text",
  "separator",
  "how",
  "payload",
  "point",
  "x",
  "y",
  "tags",
  "name",
  "shape",
  "kind",
  "radius",
  "side",
  "mode",
];
