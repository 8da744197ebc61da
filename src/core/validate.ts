/**
 * Checking values against a tool's JSON Schema and writing the problems as
 * lines a model can act on. TypeBox's compiled checker decides; the lines are
 * built only when it says no, so a valid call pays for one compiled check.
 * The problems come from a finder compiled per schema (problems.ts) where the
 * schema allows, else from TypeBox's own error walk; both give the same lines.
 */
import { Compile } from "typebox/compile";
// Named, not the `Value` namespace: the build inlines TypeBox, and a namespace object would keep every Value function.
import { Check, Errors } from "typebox/value";
import type { InputIssue } from "./errors.ts";
import { type Described, describeError, type Found, keyList, problemFinder, type RawError, type UnknownKey } from "./problems.ts";
import { describeValue, quote, sanitizeLine } from "./sanitize.ts";
import { escapePointer, isObjectSchema, isRecord, type JsonSchema, propertiesOf, unionBranches } from "./schema.ts";

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
      check: (value) => Check(schema as never, value),
      errors: (value) => [...Errors(schema as never, value)] as unknown as RawError[],
    };
  }
}

/** A JSON pointer from raw keys, each escaped so no key can forge a line or hide text. */
export function displayPointer(segments: readonly string[]): string {
  if (segments.length === 0) return "/";
  let pointer = "";
  for (const s of segments) pointer += `/${isPlain(s) ? s : quote(escapePointer(s)).slice(1, -1)}`;
  return pointer;
}

/**
 * Printable ASCII without `"`, `\`, `~` or `/`: most keys, which quoting and
 * pointer escaping leave as they are. Tested first because the regular
 * expressions those run cost more than the rest of a line.
 */
function isPlain(s: string): boolean {
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c || c === 0x7e || c === 0x2f) return false;
  }
  return true;
}

function pointerSegments(instancePath: string): string[] {
  if (instancePath === "") return [];
  const segments = instancePath.slice(1).split("/");
  return instancePath.includes("~") ? segments.map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~")) : segments;
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

/**
 * A copy of `value` without the unknown keys, copying only the objects on
 * their paths. Each copy is built without the keys rather than stripped with
 * `delete`, which leaves V8 a slow dictionary object that every later check pays for.
 */
function withoutKeys(value: unknown, unknown: UnknownKey[]): unknown {
  return unknown.length === 0 ? value : trimmed(value, unknown, 0);
}

/** A copy of `node`, found `depth` steps down every path in `unknown`. */
function trimmed(node: unknown, unknown: UnknownKey[], depth: number): unknown {
  const drop: string[] = [];
  let deeper: Map<string, UnknownKey[]> | undefined;
  for (const u of unknown) {
    if (u.segments.length === depth) drop.push(u.key);
    else {
      const segment = u.segments[depth] as string;
      deeper ??= new Map();
      const list = deeper.get(segment);
      if (list) list.push(u);
      else deeper.set(segment, [u]);
    }
  }
  if (Array.isArray(node)) {
    const made: unknown[] = [...node];
    for (const [segment, list] of deeper ?? []) made[Number(segment)] = trimmed(made[Number(segment)], list, depth + 1);
    return made;
  }
  const dropped = drop.length > 8 ? new Set(drop) : drop;
  const source = node as Record<string, unknown>;
  const made: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    // Every value is read, dropped ones too, as a copy of all entries would: a throwing getter throws all the same.
    const item = source[key];
    if (Array.isArray(dropped) ? dropped.includes(key) : dropped.has(key)) continue;
    const list = deeper?.get(key);
    put(made, key, list ? trimmed(item, list, depth + 1) : item);
  }
  return made;
}

/** Adds an own data property; a "__proto__" key (or any key Object.prototype holds) stays an ordinary key. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key in Object.prototype) Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** Whether `segments` starts with `prefix` (then `key`, when given). */
function isInside(segments: readonly string[], prefix: readonly string[], key?: string): boolean {
  const length = prefix.length + (key === undefined ? 0 : 1);
  if (segments.length < length) return false;
  for (let k = 0; k < prefix.length; k++) if (segments[k] !== prefix[k]) return false;
  return key === undefined || segments[prefix.length] === key;
}

/** Whether a path lies at or under an unknown key. */
function insideUnknown(unknown: readonly UnknownKey[], segments: readonly string[]): boolean {
  for (const u of unknown) if (isInside(segments, u.segments, u.key)) return true;
  return false;
}

/** Whether a path is the very object an unknown key was found in. */
function atUnknownParent(unknown: readonly UnknownKey[], segments: readonly string[]): boolean {
  for (const u of unknown) if (u.segments.length === segments.length && isInside(segments, u.segments)) return true;
  return false;
}

export interface Problems {
  lines: string[];
  issues: InputIssue[];
}

/** A value that passed its check, or its problems. */
export type ValueCheck = { ok: true; value: unknown } | ({ ok: false } & Problems);

/**
 * The value when it passes the check, or its problems (`describeProblems`). A value that throws when read, a getter or
 * a proxy (an in-process host may pass anything; no JSON parser makes one), is refused in one line instead.
 */
export function checkValue(schema: JsonSchema, checker: Checker, value: unknown, prefix: string): ValueCheck {
  try {
    if (checker.check(value)) return { ok: true, value };
    return { ok: false, ...describeProblems(schema, checker, value, prefix) };
  } catch (error) {
    const problem = `reading them threw: ${sanitizeLine(describeValue(error)) || "no message"}`;
    return { ok: false, lines: [`${prefix}: ${problem}`], issues: [{ at: "", problem }] };
  }
}

/**
 * All problems of a value against a schema, one line each, unknown keys
 * first. `prefix` starts each line (`Invalid arguments` for inputs, nothing for details).
 */
export function describeProblems(schema: JsonSchema, checker: Checker, value: unknown, prefix: string): Problems {
  return findProblems(schema, checker, value, prefix) ?? describeProblemsViaTypeBox(schema, checker, value, prefix);
}

/**
 * The lines `describeProblemsViaTypeBox` writes, from the finder compiled for
 * the schema (~1 µs instead of ~15 µs). Undefined where it cannot answer: a
 * schema outside its subset, or nothing found to say (TypeBox's walk then has
 * its say, so the answer is never shorter than it would give).
 */
export function findProblems(schema: JsonSchema, checker: Checker, value: unknown, prefix: string): Problems | undefined {
  const finder = problemFinder(schema);
  if (!finder) return undefined;
  const unknown = finder.unknownKeys(value);
  const rest = withoutKeys(value, unknown);
  // TypeBox's compiled `Errors` reports nothing for a value its check accepts; neither does the finder.
  const problems = writeProblems(unknown, checker.check(rest) ? [] : finder.find(rest), prefix);
  return problems.lines.length > 0 ? problems : undefined;
}

/**
 * The same lines for any schema, with every problem but unknown keys taken
 * from TypeBox's error walk (~14 µs a call). Kept for the schemas the finder
 * does not cover, and as the reference the finder is tested against.
 */
export function describeProblemsViaTypeBox(schema: JsonSchema, checker: Checker, value: unknown, prefix: string): Problems {
  const unknown: UnknownKey[] = [];
  collectUnknownKeys(schema, value, [], unknown);
  // The validator buffers only a few errors (TypeBox: 8); spend them on problems not named as unknown keys.
  const found = checker
    .errors(withoutKeys(value, unknown))
    .map((error): Found => ({ error, segments: pointerSegments(error.instancePath), described: describeError(error) }));
  const problems = writeProblems(unknown, found, prefix);
  if (problems.lines.length === 0) {
    // The checker said no but explained nothing we keep: never answer with zero lines.
    problems.lines.push(`${at(prefix, "/")}: does not match the schema`);
    problems.issues.push({ at: "", problem: "does not match the schema" });
  }
  return problems;
}

/** The lines for unknown keys, then for the validator's errors in its order, each line once. */
function writeProblems(unknown: UnknownKey[], found: readonly Found[], prefix: string): Problems {
  const problems: Lines = { lines: [], issues: [], seen: undefined };
  for (const u of unknown) {
    const where = u.segments.length === 0 && prefix ? prefix : at(prefix, displayPointer(u.segments));
    const problem = `unknown property ${isPlain(u.key) ? `"${u.key}"` : quote(u.key)}; takes ${u.takes}`;
    push(problems, `${where}: ${problem}`, { at: pointerOf(u.segments), problem, unknown: u.key });
  }
  for (const f of found) {
    const { error, segments, described } = f;
    if (!described || insideUnknown(unknown, segments)) continue;
    // A union that failed only because of a key already named adds nothing.
    if ((error.keyword === "anyOf" || error.keyword === "oneOf") && atUnknownParent(unknown, segments)) continue;
    const issue: InputIssue = { at: error.instancePath, problem: described.problem };
    if (described.missing) issue.missing = described.missing;
    push(problems, lineOf(f, described, prefix), issue);
  }
  return { lines: problems.lines, issues: problems.issues };
}

interface Lines extends Problems {
  seen: Set<string> | undefined;
}

/** Adds a line and its issue unless the line is there already. */
function push(problems: Lines, line: string, issue: InputIssue): void {
  const { lines } = problems;
  // A Set of fresh strings costs ~300 ns an entry (each is hashed); a scan is cheaper until the list grows.
  if (lines.length >= 16) problems.seen ??= new Set(lines);
  if (problems.seen ? problems.seen.has(line) : lines.includes(line)) return;
  problems.seen?.add(line);
  lines.push(line);
  problems.issues.push(issue);
}

/** A problem's line. The finder hands back the same `Found` for a problem at a fixed place, so its line is written once. */
function lineOf(found: Found, described: Described, prefix: string): string {
  if (found.line?.prefix === prefix) return found.line.text;
  const text = `${at(prefix, displayPointer(found.segments))}: ${described.problem}`;
  found.line = { prefix, text };
  return text;
}

/** `Invalid arguments at /x`, or plain `at /x` when there is no prefix. */
function at(prefix: string, pointer: string): string {
  return prefix ? `${prefix} at ${pointer}` : `at ${pointer}`;
}

function pointerOf(segments: string[]): string {
  if (segments.length === 0) return "";
  return segments.map((s) => `/${isPlain(s) ? s : escapePointer(s)}`).join("");
}
