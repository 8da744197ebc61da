/**
 * The one place that pokes at Zod's internals.
 *
 * @nuxtjs/mcp-toolkit hands every schema to SDK v1's `McpServer`, which takes
 * Zod or nothing: it lists `z.toJSONSchema(schema)` and parses the arguments
 * with the schema before the handler sees them. Our schemas are JSON Schema
 * and the core does the checking, so each one travels inside a
 * `z.looseObject({})` whose
 * - JSON Schema conversion returns the schema as written (`_zod.toJSONSchema`,
 *   the hook Zod's converter asks first), and whose
 * - parse hands the value over untouched (`_zod.run` / `_zod.parse`): no key
 *   dropped (Zod's object parse drops an own `__proto__` key), no copy made,
 *   and a missing value reads as `{}` like everywhere else.
 *
 * Zod documents none of these three keys. `checkStandIn` proves on the real
 * Zod, at first use, that they still do what we rely on, and the tests in
 * test/toolkit.test.ts go red the day Zod moves them.
 */
import { z } from "zod";
import type { JsonSchema } from "../core/schema.ts";

/** A Zod object schema that only carries a JSON Schema; see the file comment. */
export type ZodStandIn = z.ZodObject<Record<string, never>, z.core.$loose>;

/** The parts of `schema._zod` the stand-in replaces. */
interface PokedInternals {
  toJSONSchema?: () => unknown;
  run: (payload: { value: unknown; issues: unknown[] }, ctx: unknown) => unknown;
  parse: (payload: { value: unknown; issues: unknown[] }, ctx: unknown) => unknown;
}

function internalsOf(schema: ZodStandIn): PokedInternals {
  const internals = (schema as unknown as { _zod?: PokedInternals })._zod;
  if (typeof internals !== "object" || internals === null || typeof internals.run !== "function" || typeof internals.parse !== "function") {
    throw new Error("@agntn/tools/toolkit: this Zod version has no `_zod.run`/`_zod.parse`; the schema stand-in needs updating");
  }
  return internals;
}

/** Lets every value through unchanged; `undefined` (no `arguments` sent) reads as `{}`. */
function passThrough(payload: { value: unknown; issues: unknown[] }): { value: unknown; issues: unknown[] } {
  if (payload.value === undefined) payload.value = {};
  return payload;
}

/** Wraps a JSON Schema (a plain JSON object) in a Zod stand-in. Each call gets a fresh copy, so no caller can edit the original. */
export function zodStandIn(schema: JsonSchema): ZodStandIn {
  checkStandIn();
  return build(schema);
}

function build(schema: JsonSchema): ZodStandIn {
  const text = JSON.stringify(schema);
  const standIn = z.looseObject({});
  const internals = internalsOf(standIn);
  internals.toJSONSchema = () => JSON.parse(text);
  internals.run = passThrough;
  internals.parse = passThrough;
  return standIn;
}

let checked = false;

/**
 * Proves once, on the Zod in use, that the stand-in still works: conversion
 * returns the schema as written and parsing hands values over untouched.
 * Throws a clear error instead of serving wrong listings or dropping keys.
 */
export function checkStandIn(): void {
  if (checked) return;
  const probe: JsonSchema = { type: "object", properties: { a: { type: "string", pattern: "\\S" } }, additionalProperties: false };
  const standIn = build(probe);
  const listed = z.toJSONSchema(standIn, { target: "draft-7", io: "input" }) as Record<string, unknown>;
  const { $schema: _dropped, ...rest } = listed;
  const value = JSON.parse('{"__proto__":1,"b":2}');
  const parsed = standIn.safeParse(value);
  const missing = standIn.safeParse(undefined);
  const works =
    JSON.stringify(rest) === JSON.stringify(probe) &&
    parsed.success &&
    parsed.data === value &&
    missing.success &&
    JSON.stringify(missing.data) === "{}";
  if (!works) throw new Error("@agntn/tools/toolkit: this Zod version moved the internals the schema stand-in uses; it needs updating");
  checked = true;
}
