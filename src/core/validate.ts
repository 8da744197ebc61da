/**
 * Checking values against a tool's JSON Schema and writing the problems as
 * lines a model can act on. TypeBox's compiled checker decides; the lines are
 * built only when it says no, so a valid call pays for one compiled check.
 */
import { Compile } from "typebox/compile";
import { Value } from "typebox/value";
import type { InputIssue } from "./errors.ts";
import { quote } from "./sanitize.ts";
import { escapePointer, isObjectSchema, isRecord, type JsonSchema, propertiesOf, unionBranches } from "./schema.ts";

interface RawError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

export interface Checker {
  check(value: unknown): boolean;
  errors(value: unknown): RawError[];
}

/** Compiles a schema; where code generation is forbidden (CSP, workers) TypeBox's interpreter does the same job. */
export function compileChecker(schema: JsonSchema): Checker {
  try {
    const compiled = Compile(schema as never);
    return {
      check: (value) => compiled.Check(value),
      errors: (value) => [...compiled.Errors(value)] as unknown as RawError[],
    };
  } catch {
    return {
      check: (value) => Value.Check(schema as never, value),
      errors: (value) => [...Value.Errors(schema as never, value)] as unknown as RawError[],
    };
  }
}

/** A JSON pointer from raw keys, each escaped so no key can forge a line or hide text. */
export function displayPointer(segments: readonly string[]): string {
  if (segments.length === 0) return "/";
  return segments.map((s) => `/${quote(escapePointer(s)).slice(1, -1)}`).join("");
}

function pointerSegments(instancePath: string): string[] {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Object keys listed for a model: `word, mode`, or `nothing` for a closed empty object. */
function keyList(keys: Iterable<string>): string {
  const list = [...keys];
  return list.length === 0 ? "nothing" : list.join(", ");
}

interface UnknownKey {
  segments: string[];
  key: string;
  takes: string;
}

function matchesPattern(schema: JsonSchema, key: string): boolean {
  const patterns = schema.patternProperties;
  if (!isRecord(patterns)) return false;
  return Object.keys(patterns).some((p) => {
    try {
      return new RegExp(p, "u").test(key);
    } catch {
      return false;
    }
  });
}

function isClosed(schema: JsonSchema): boolean {
  return schema.additionalProperties === false;
}

/**
 * Walks the value beside the schema and collects every key a closed object
 * does not take. Done by hand because validators stop at their error cap and
 * report such keys as "must not have additional properties" without naming them.
 */
function collectUnknownKeys(schema: JsonSchema, value: unknown, segments: string[], out: UnknownKey[], depth = 0): void {
  if (depth > 64) return;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (isRecord(items)) {
      for (let k = 0; k < value.length; k++) collectUnknownKeys(items, value[k], [...segments, String(k)], out, depth + 1);
    }
    return;
  }
  if (!isRecord(value)) return;
  const branches = unionBranches(schema)?.filter(isObjectSchema);
  if (branches && branches.length > 0) {
    if (!branches.every(isClosed)) return;
    const maps = branches.map(propertiesOf);
    const takes = maps.map((m) => `{${[...m.keys()].join(", ")}}`).join(" or ");
    for (const key of Object.keys(value)) {
      const owners = maps.filter((m, k) => m.has(key) || matchesPattern(branches[k] as JsonSchema, key));
      if (owners.length === 0) out.push({ segments, key, takes });
      const childSchemas = new Set(owners.map((m) => m.get(key)).filter(isRecord));
      const [only] = childSchemas;
      if (childSchemas.size === 1 && only) collectUnknownKeys(only, value[key], [...segments, key], out, depth + 1);
    }
    return;
  }
  if (!isObjectSchema(schema)) return;
  const properties = propertiesOf(schema);
  const closed = isClosed(schema);
  for (const key of Object.keys(value)) {
    const child = properties.get(key);
    if (child) collectUnknownKeys(child, value[key], [...segments, key], out, depth + 1);
    else if (closed && !matchesPattern(schema, key)) out.push({ segments, key, takes: keyList(properties.keys()) });
  }
}

/** A copy of `value` without the unknown keys, copying only the objects on their paths. */
function withoutKeys(value: unknown, unknown: UnknownKey[]): unknown {
  if (unknown.length === 0) return value;
  const copies = new Set<unknown>();
  const copy = (node: unknown): unknown => {
    const made = Array.isArray(node) ? [...node] : Object.fromEntries(Object.entries(node as object));
    copies.add(made);
    return made;
  };
  const root = copy(value) as Record<string, unknown>;
  for (const u of unknown) {
    let parent = root;
    for (const segment of u.segments) {
      let child = parent[segment];
      if (!copies.has(child)) {
        child = copy(child);
        // defineProperty, not assignment: a "__proto__" key must stay an ordinary key.
        Object.defineProperty(parent, segment, { value: child, writable: true, enumerable: true, configurable: true });
      }
      parent = child as Record<string, unknown>;
    }
    delete parent[u.key];
  }
  return root;
}

function isInside(segments: string[], prefix: string[]): boolean {
  return prefix.length <= segments.length && prefix.every((s, k) => segments[k] === s);
}

function formatValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Rewrites one validator error in the library's words; `undefined` drops it. */
function describeError(error: RawError): { problem: string; missing?: string[] } | undefined {
  const { keyword, params } = error;
  if (keyword === "additionalProperties") return undefined;
  if (keyword === "boolean" && error.schemaPath.endsWith("/additionalProperties")) return undefined;
  if (keyword === "required" && Array.isArray(params.requiredProperties)) {
    const missing = params.requiredProperties.map(String);
    return { problem: `must have required properties ${missing.join(", ")}`, missing };
  }
  if (keyword === "enum" && Array.isArray(params.allowedValues)) {
    return { problem: `must be one of ${params.allowedValues.map(formatValue).join(", ")}` };
  }
  // "must be equal to constant" tells a model nothing it can act on: name the value.
  if (keyword === "const" && "allowedValue" in params) return { problem: `must be ${JSON.stringify(params.allowedValue)}` };
  return { problem: error.message };
}

export interface Problems {
  lines: string[];
  issues: InputIssue[];
}

/**
 * All problems of a value against a schema, one line each, unknown keys
 * first. `prefix` starts each line (`Invalid arguments` for inputs, nothing for details).
 */
export function describeProblems(schema: JsonSchema, checker: Checker, value: unknown, prefix: string): Problems {
  const lines: string[] = [];
  const issues: InputIssue[] = [];
  const seen = new Set<string>();
  const push = (line: string, issue: InputIssue) => {
    if (seen.has(line)) return;
    seen.add(line);
    lines.push(line);
    issues.push(issue);
  };
  const unknown: UnknownKey[] = [];
  collectUnknownKeys(schema, value, [], unknown);
  for (const u of unknown) {
    const where = u.segments.length === 0 && prefix ? prefix : at(prefix, displayPointer(u.segments));
    const problem = `unknown property ${quote(u.key)}; takes ${u.takes}`;
    push(`${where}: ${problem}`, { at: pointerOf(u.segments), problem, unknown: u.key });
  }
  const unknownPaths = unknown.map((u) => [...u.segments, u.key]);
  const unknownParents = unknown.map((u) => u.segments);
  // The validator buffers only a few errors (TypeBox: 8); spend them on problems not named above.
  for (const error of checker.errors(withoutKeys(value, unknown))) {
    const segments = pointerSegments(error.instancePath);
    if (unknownPaths.some((p) => isInside(segments, p))) continue;
    const described = describeError(error);
    if (!described) continue;
    // A union that failed only because of a key already named adds nothing.
    if (error.keyword === "anyOf" || error.keyword === "oneOf") {
      if (unknownParents.some((p) => p.length === segments.length && isInside(segments, p))) continue;
    }
    const issue: InputIssue = { at: error.instancePath, problem: described.problem };
    if (described.missing) issue.missing = described.missing;
    push(`${at(prefix, displayPointer(segments))}: ${described.problem}`, issue);
  }
  if (lines.length === 0) {
    // The checker said no but explained nothing we keep: never answer with zero lines.
    push(`${at(prefix, "/")}: does not match the schema`, { at: "", problem: "does not match the schema" });
  }
  return { lines, issues };
}

/** `Invalid arguments at /x`, or plain `at /x` when there is no prefix. */
function at(prefix: string, pointer: string): string {
  return prefix ? `${prefix} at ${pointer}` : `at ${pointer}`;
}

function pointerOf(segments: string[]): string {
  return segments.map((s) => `/${escapePointer(s)}`).join("");
}
