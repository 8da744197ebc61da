/**
 * The problems of a value against a schema, found by closures compiled once
 * per schema.
 *
 * Why a hand-written walker: TypeBox's own error walk (`Errors`) costs ~14 µs
 * a call even for a three-field object (it builds a schema stack, walks the
 * schema interpretively and localises every error), which made a refused call
 * ~100× dearer than Ajv; and no library reports errors in this library's words
 * at that speed. This walker gives exactly the errors TypeBox 1.4's walk gives
 * (same keywords, paths, params, messages and order, same cap of 8) for a
 * common subset of keywords, so the lines built from them read the same. A
 * schema with any keyword outside the subset gets no finder and keeps
 * TypeBox's walk: exactness matters more than speed there.
 *
 * It assumes TypeBox's default settings (`maxErrors` 8, `exactOptionalPropertyTypes`
 * off) and its `en_US` locale: the core may import TypeBox only through
 * `typebox`, `typebox/compile`, `typebox/type` and `typebox/value`, none of
 * which exposes the settings.
 */
import { escapePointer, isRecord, type JsonSchema } from "./schema.ts";

/** One validator error, shaped as TypeBox reports it. */
export interface RawError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** A key a closed object does not take, with the keys it does take. */
export interface UnknownKey {
  segments: string[];
  key: string;
  takes: string;
}

/** A problem in the library's words; `missing` lists the keys a `required` error names. */
export interface Described {
  problem: string;
  missing?: string[];
}

/** One validator error with its raw path and its words (`undefined`: a line nobody needs). */
export interface Found {
  error: RawError;
  segments: string[];
  described: Described | undefined;
  /** The line last written for it, kept by the writer: a `Found` at a fixed place is handed back on every call. */
  line?: { prefix: string; text: string };
}

export interface ProblemFinder {
  /** The keys closed objects do not take, found as `describeProblemsViaTypeBox` finds them. */
  unknownKeys(value: unknown): UnknownKey[];
  /** The errors TypeBox's `Errors` would give for the value, in its order and under its cap, each described. */
  find(value: unknown): Found[];
}

/** Object keys listed for a model: `word, mode`, or `nothing` for a closed empty object. */
export function keyList(keys: Iterable<string>): string {
  const list = [...keys];
  return list.length === 0 ? "nothing" : list.join(", ");
}

function formatValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Rewrites one validator error in the library's words; `undefined` drops it. */
export function describeError(error: RawError): Described | undefined {
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

/** TypeBox's `maxErrors` default: its error walk stops adding errors at this count (engine/_context.mjs). */
const MAX_ERRORS = 8;
/** `collectUnknownKeys` stops below this depth. */
const MAX_DEPTH = 64;

const KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "enum",
  "const",
]);

/** Keys that validate nothing: annotations, and TypeBox's markers when they are enumerable. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "default",
  "examples",
  "$schema",
  "$id",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
  "~kind",
  "~optional",
  "~readonly",
  "~immutable",
  "~unsafe",
]);

interface Walk {
  found: Found[];
  /** Keys and indices from the root to the value being checked. */
  path: Array<string | number>;
}

interface Gather {
  out: UnknownKey[];
  path: string[];
}

/** Adds the value's errors; false when it has any (or the walk is full), as TypeBox's `ErrorSchema` returns. */
type Check = (value: unknown, walk: Walk) => boolean;
type Collect = (value: unknown, gather: Gather) => void;

interface Node {
  /** Undefined when the schema can never add an error. */
  check: Check | undefined;
  /** Undefined when no unknown key can be found below the schema. */
  collect: Collect | undefined;
}

/** Thrown while compiling a schema the finder does not cover. */
const UNSUPPORTED = new Error("schema outside the fast problem finder's subset");

const finders = new WeakMap<object, ProblemFinder | null>();

/** The finder for a schema, compiled on first use; undefined when the schema uses a keyword outside the subset. */
export function problemFinder(schema: JsonSchema): ProblemFinder | undefined {
  let finder = finders.get(schema);
  if (finder === undefined) {
    finder = buildFinder(schema);
    finders.set(schema, finder);
  }
  return finder ?? undefined;
}

function buildFinder(schema: JsonSchema): ProblemFinder | null {
  let root: Node;
  try {
    root = compileNode(schema, { schemaPath: "#", place: { segments: [], instancePath: "" } }, 0);
  } catch {
    // Outside the subset, a pattern that is no regular expression, or a schema too deep to compile: TypeBox's walk decides.
    return null;
  }
  const { check, collect } = root;
  return {
    unknownKeys(value) {
      const gather: Gather = { out: [], path: [] };
      collect?.(value, gather);
      return gather.out;
    },
    find(value) {
      const walk: Walk = { found: [], path: [] };
      check?.(value, walk);
      return walk.found;
    },
  };
}

// ---------------------------------------------------------------- errors

/**
 * Where a schema sits (its schema path), and where its value sits when that
 * is the same for every value: a chain of `properties` from the root. Errors
 * there are built once, when the schema is compiled.
 */
interface Where {
  schemaPath: string;
  place: Place | undefined;
}

interface Place {
  segments: string[];
  instancePath: string;
}

/** The place of a subschema; `key` when the step is a property, so the value's place follows. */
function below(at: Where, step: string, key?: string): Where {
  const { schemaPath, place } = at;
  return {
    schemaPath: `${schemaPath}/${step}`,
    place:
      key === undefined || !place
        ? undefined
        : { segments: [...place.segments, key], instancePath: `${place.instancePath}/${escapePointer(key)}` },
  };
}

/** What an error says wherever it happens; all of it, path included, when the place is fixed. */
interface Site {
  error: Omit<RawError, "instancePath">;
  described: Described | undefined;
  fixed: Found | undefined;
}

function site(keyword: string, at: Where, params: Record<string, unknown>, message: string): Site {
  const { schemaPath, place } = at;
  const error = { keyword, schemaPath, params, message };
  const described = describeError({ ...error, instancePath: "" });
  const fixed = place && { error: { ...error, instancePath: place.instancePath }, segments: place.segments, described };
  return { error, described, fixed };
}

/** Records an error unless the walk is full (TypeBox drops errors past its cap); always false, as a failed check. */
function fail(walk: Walk, at: Site): false {
  if (walk.found.length < MAX_ERRORS) walk.found.push(at.fixed ?? found(walk, at.error, at.described));
  return false;
}

/** `fail` for an error whose params depend on the value (required, additionalProperties). */
function failWith(walk: Walk, keyword: string, at: Where, params: Record<string, unknown>, message: string): false {
  if (walk.found.length < MAX_ERRORS) {
    const error = { keyword, schemaPath: at.schemaPath, params, message };
    const described = describeError({ ...error, instancePath: "" });
    const { place } = at;
    walk.found.push(
      place
        ? { error: { ...error, instancePath: place.instancePath }, segments: place.segments, described }
        : found(walk, error, described),
    );
  }
  return false;
}

/** An error at the walk's current value. */
function found(walk: Walk, error: Omit<RawError, "instancePath">, described: Described | undefined): Found {
  const segments: string[] = [];
  let instancePath = "";
  for (const step of walk.path) {
    const segment = typeof step === "number" ? String(step) : step;
    segments.push(segment);
    instancePath += `/${typeof step === "number" || !(segment.includes("~") || segment.includes("/")) ? segment : escapePointer(segment)}`;
  }
  return { error: { ...error, instancePath }, segments, described };
}

/** Runs every check, not only up to the first failure: TypeBox reports all of a value's errors. */
function all(checks: readonly Check[]): Check {
  const [first, second] = checks as [Check, Check];
  if (checks.length === 1) return first;
  if (checks.length === 2) {
    return (value, walk) => {
      const ok = first(value, walk);
      return second(value, walk) && ok;
    };
  }
  return (value, walk) => {
    let ok = true;
    for (let k = 0; k < checks.length; k++) ok = (checks[k] as Check)(value, walk) && ok;
    return ok;
  };
}

type Kind = "object" | "array" | "string" | "number";

/**
 * Checks that apply only to one kind of value, as TypeBox groups them. One
 * closure per kind, so each tests its kind inline.
 */
function when(kind: Kind, checks: Check[]): Check | undefined {
  if (checks.length === 0) return undefined;
  const check = all(checks);
  switch (kind) {
    case "object":
      return (value, walk) => typeof value !== "object" || value === null || Array.isArray(value) || check(value, walk);
    case "array":
      return (value, walk) => !Array.isArray(value) || check(value, walk);
    case "string":
      return (value, walk) => typeof value !== "string" || check(value, walk);
    case "number":
      return (value, walk) => !isNumberLike(value) || check(value, walk);
  }
}

/**
 * Compiles one schema in TypeBox's keyword order (engine/schema.mjs `ErrorSchema`):
 * type; object keywords; array keywords; string keywords; number keywords; const; enum.
 * `depth` counts the steps `collectUnknownKeys` would take to get here; undefined where it never goes.
 */
function compileNode(schema: unknown, at: Where, depth: number | undefined): Node {
  if (!isRecord(schema)) throw UNSUPPORTED;
  for (const key of Object.keys(schema)) if (!KEYWORDS.has(key) && !ANNOTATIONS.has(key)) throw UNSUPPORTED;
  const next = depth === undefined ? undefined : depth + 1;
  const properties = propertyNodes(schema, at, next);
  const items = schema.items === undefined ? undefined : compileNode(schema.items, below(at, "items"), next);
  const checks = [
    typeCheck(schema, at),
    when("object", objectChecks(schema, at, properties)),
    when("array", arrayChecks(schema, at, items)),
    when("string", stringChecks(schema, at)),
    when("number", numberChecks(schema, at)),
    constCheck(schema, at),
    enumCheck(schema, at),
  ].filter((c) => c !== undefined);
  // TypeBox's ErrorSchema returns false at once when the walk is full; past that point nothing more is recorded.
  const every = checks.length === 0 ? undefined : all(checks);
  const check: Check | undefined = every && ((value, walk) => walk.found.length < MAX_ERRORS && every(value, walk));
  const collect = depth === undefined ? undefined : collector(schema, properties, items, depth);
  return { check, collect };
}

interface PropertyNode {
  key: string;
  node: Node;
}

function propertyNodes(schema: JsonSchema, at: Where, depth: number | undefined): PropertyNode[] {
  if (schema.properties === undefined) return [];
  if (!isRecord(schema.properties)) throw UNSUPPORTED;
  return Object.entries(schema.properties).map(([key, child]) => ({
    key,
    node: compileNode(child, below(at, `properties/${escapePointer(key)}`, key), depth),
  }));
}

// Type guards copied from TypeBox 1.4.3 guard/guard.mjs: `number` is finite, `integer` is Number.isInteger.
function isObjectNotArray(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function isNumberLike(value: unknown): value is number | bigint {
  return Number.isFinite(value) || typeof value === "bigint";
}

const TYPE_GUARDS = new Map<unknown, (value: unknown) => boolean>([
  ["object", isObjectNotArray],
  ["array", Array.isArray],
  ["boolean", (v) => typeof v === "boolean"],
  ["integer", Number.isInteger],
  ["number", Number.isFinite],
  ["null", (v) => v === null],
  ["string", isString],
]);

function typeGuard(name: unknown): (value: unknown) => boolean {
  const guard = TYPE_GUARDS.get(name);
  if (!guard) throw UNSUPPORTED;
  return guard;
}

function typeCheck(schema: JsonSchema, at: Where): Check | undefined {
  const type = schema.type;
  if (type === undefined) return undefined;
  if (Array.isArray(type)) {
    const guards = type.map(typeGuard);
    const wrong = site("type", at, { type }, `must be either ${type.join(" or ")}`);
    return (value, walk) => guards.some((is) => is(value)) || fail(walk, wrong);
  }
  const is = typeGuard(type);
  const wrong = site("type", at, { type }, `must be ${type}`);
  return (value, walk) => is(value) || fail(walk, wrong);
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value) || !value.every(isString)) throw UNSUPPORTED;
  return value;
}

function finite(schema: JsonSchema, keyword: string): number | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (!Number.isFinite(value)) throw UNSUPPORTED;
  return value as number;
}

// ---------------------------------------------------------------- objects

type ObjectCheck = (value: Record<string, unknown>, walk: Walk) => boolean;

function objectChecks(schema: JsonSchema, at: Where, properties: PropertyNode[]): Check[] {
  const required = schema.required === undefined ? undefined : stringList(schema.required);
  const checks: Array<ObjectCheck | undefined> = [
    required && requiredCheck(required, at),
    additionalCheck(schema, at, properties),
    patternCheck(schema, at),
    propertiesCheck(properties, required ?? []),
  ];
  return checks.filter((c) => c !== undefined) as Check[];
}

/** TypeBox's `HasPropertyKey`: `in`, except own-only for the keys that reach the prototype machinery. */
function hasPropertyKey(value: object, key: string): boolean {
  return key === "__proto__" || key === "constructor" || key === "prototype" ? Object.hasOwn(value, key) : key in value;
}

function requiredCheck(required: string[], at: Where): ObjectCheck {
  return (value, walk) => {
    const missing = required.filter((key) => !hasPropertyKey(value, key));
    if (missing.length === 0) return true;
    return failWith(walk, "required", at, { requiredProperties: missing }, `must have required properties ${missing.join(", ")}`);
  };
}

/** Whether a key is covered by `properties` or `patternProperties`, as TypeBox's additionalProperties walk decides. */
function knownKeyTest(schema: JsonSchema, properties: PropertyNode[]): (key: string) => boolean {
  const names = properties.map((p) => p.key);
  if (schema.patternProperties === undefined) {
    // TypeBox tests `^escaped-name$` with the u flag: the same as string equality.
    const known = new Set(names);
    return (key) => known.has(key);
  }
  const escaped = names.map((key) => `^${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  const patterns = [...Object.keys(schema.patternProperties as object), ...escaped];
  // TypeBox's pattern for no key at all matches nothing.
  if (patterns.length === 0) return () => false;
  // One alternation, built as TypeBox builds it: patterns joined by | can differ from patterns tested one by one.
  const regexp = new RegExp(`(${patterns.join("|")})`, "u");
  return (key) => regexp.test(key);
}

function additionalCheck(schema: JsonSchema, at: Where, properties: PropertyNode[]): ObjectCheck | undefined {
  const extra = schema.additionalProperties;
  if (extra === undefined) return undefined;
  // Built even when unused: TypeBox builds it for every additionalProperties and throws where it is no regular expression.
  const known = knownKeyTest(schema, properties);
  const extraAt = below(at, "additionalProperties");
  const refused = site("boolean", extraAt, {}, "schema is false");
  const check: Check | undefined =
    extra === true ? undefined : extra === false ? (_value, walk) => fail(walk, refused) : compileNode(extra, extraAt, undefined).check;
  // `true` or a schema that never fails: no key can fail, so the walk over the keys finds nothing.
  if (!check) return undefined;
  return (value, walk) => {
    let failed: string[] | undefined;
    for (const key of Object.getOwnPropertyNames(value)) {
      if (known(key)) continue;
      walk.path.push(key);
      const ok = check(value[key], walk);
      walk.path.pop();
      if (!ok) {
        failed ??= [];
        failed.push(key);
      }
    }
    return !failed || failWith(walk, "additionalProperties", at, { additionalProperties: failed }, "must not have additional properties");
  };
}

function patternCheck(schema: JsonSchema, at: Where): ObjectCheck | undefined {
  const patterns = schema.patternProperties;
  if (patterns === undefined) return undefined;
  if (!isRecord(patterns)) throw UNSUPPORTED;
  const compiled = Object.entries(patterns).map(([pattern, child]) => ({
    regexp: new RegExp(pattern, "u"),
    check: compileNode(child, below(at, `patternProperties/${escapePointer(pattern)}`), undefined).check,
  }));
  return (value, walk) => {
    let ok = true;
    for (const { regexp, check } of compiled) {
      if (!check) continue;
      for (const [key, item] of Object.entries(value)) {
        if (!regexp.test(key)) continue;
        walk.path.push(key);
        ok = check(item, walk) && ok;
        walk.path.pop();
      }
    }
    return ok;
  };
}

function propertiesCheck(properties: PropertyNode[], required: string[]): ObjectCheck | undefined {
  const checked = properties.flatMap(({ key, node }) => (node.check ? [{ key, check: node.check, required: required.includes(key) }] : []));
  if (checked.length === 0) return undefined;
  return (value, walk) => {
    let ok = true;
    for (const { key, check, required } of checked) {
      // TypeBox lets an optional key hold undefined (its exactOptionalPropertyTypes is off by default).
      if (!required && value[key] === undefined) continue;
      if (!hasPropertyKey(value, key)) continue;
      walk.path.push(key);
      ok = check(value[key], walk) && ok;
      walk.path.pop();
    }
    return ok;
  };
}

// ---------------------------------------------------------------- arrays, strings, numbers, values

type ArrayCheck = (value: unknown[], walk: Walk) => boolean;

function arrayChecks(schema: JsonSchema, at: Where, items: Node | undefined): Check[] {
  const minItems = finite(schema, "minItems");
  const maxItems = finite(schema, "maxItems");
  const few = site("minItems", at, { limit: minItems }, `must not have fewer than ${minItems} items`);
  const many = site("maxItems", at, { limit: maxItems }, `must not have more than ${maxItems} items`);
  const checks: Array<ArrayCheck | undefined> = [
    items?.check && itemsCheck(items.check),
    minItems === undefined ? undefined : (value, walk) => value.length >= minItems || fail(walk, few),
    maxItems === undefined ? undefined : (value, walk) => value.length <= maxItems || fail(walk, many),
  ];
  return checks.filter((c) => c !== undefined) as Check[];
}

function itemsCheck(check: Check): ArrayCheck {
  return (value, walk) => {
    let ok = true;
    const length = value.length;
    for (let index = 0; index < length; index++) {
      // forEach's rule, as TypeBox walks: a hole is no item.
      if (!(index in value)) continue;
      // Once the walk is full nothing more is recorded: a huge array of bad items stops here.
      if (walk.found.length >= MAX_ERRORS) return false;
      walk.path.push(index);
      ok = check(value[index], walk) && ok;
      walk.path.pop();
    }
    return ok;
  };
}

/** Code points, counted as TypeBox counts them (guard/unicode/unicode.mjs): a surrogate pair is one. */
function codePointCount(value: string): number {
  let result = 0;
  let prev = 0;
  for (let index = 0; index < value.length; index++) {
    const next = value.charCodeAt(index) >> 10;
    result += +(((prev << 8) | next) !== 0x3637);
    prev = next;
  }
  return result;
}

function hasMinLength(value: string, minLength: number): boolean {
  return value.length >= minLength << 1 || (value.length >= minLength && codePointCount(value) >= minLength);
}

function hasMaxLength(value: string, maxLength: number): boolean {
  return value.length <= maxLength || (value.length <= maxLength << 1 && codePointCount(value) <= maxLength);
}

type StringCheck = (value: string, walk: Walk) => boolean;

function stringChecks(schema: JsonSchema, at: Where): Check[] {
  const minLength = finite(schema, "minLength");
  const maxLength = finite(schema, "maxLength");
  const pattern = schema.pattern;
  if (pattern !== undefined && !isString(pattern)) throw UNSUPPORTED;
  const regexp = pattern === undefined ? undefined : new RegExp(pattern, "u");
  const short = site("minLength", at, { limit: minLength }, `must not have fewer than ${minLength} characters`);
  const long = site("maxLength", at, { limit: maxLength }, `must not have more than ${maxLength} characters`);
  const unlike = site("pattern", at, { pattern }, `must match pattern "${pattern}"`);
  const checks: Array<StringCheck | undefined> = [
    minLength === undefined ? undefined : (value, walk) => hasMinLength(value, minLength) || fail(walk, short),
    maxLength === undefined ? undefined : (value, walk) => hasMaxLength(value, maxLength) || fail(walk, long),
    regexp && ((value, walk) => regexp.test(value) || fail(walk, unlike)),
  ];
  return checks.filter((c) => c !== undefined) as Check[];
}

/** TypeBox's `IsMultipleOf` (guard/guard.mjs), tolerance included. */
function isMultipleOf(dividend: number | bigint, divisor: number): boolean {
  if (typeof dividend === "bigint") return dividend % BigInt(divisor) === BigInt(0); // not `0n`: the docs site bundles the core for browsers without BigInt literals
  if (!Number.isFinite(dividend)) return true;
  if (Number.isInteger(dividend) && (1 / divisor) % 1 === 0) return true;
  const mod = dividend % divisor;
  return Math.min(Math.abs(mod), Math.abs(mod - divisor), Math.abs(mod + divisor)) < 1e-10;
}

type NumberCheck = (value: number | bigint, walk: Walk) => boolean;

function bound(schema: JsonSchema, at: Where, keyword: string, comparison: string): [number, Site] | undefined {
  const limit = finite(schema, keyword);
  return limit === undefined ? undefined : [limit, site(keyword, at, { comparison, limit }, `must be ${comparison} ${limit}`)];
}

function numberChecks(schema: JsonSchema, at: Where): Check[] {
  const above = bound(schema, at, "exclusiveMinimum", ">");
  const below = bound(schema, at, "exclusiveMaximum", "<");
  const least = bound(schema, at, "minimum", ">=");
  const most = bound(schema, at, "maximum", "<=");
  const multipleOf = finite(schema, "multipleOf");
  const off = site("multipleOf", at, { multipleOf }, `must be multiple of ${multipleOf}`);
  const checks: Array<NumberCheck | undefined> = [
    above && ((value, walk) => value > above[0] || fail(walk, above[1])),
    below && ((value, walk) => value < below[0] || fail(walk, below[1])),
    least && ((value, walk) => value >= least[0] || fail(walk, least[1])),
    most && ((value, walk) => value <= most[0] || fail(walk, most[1])),
    multipleOf === undefined ? undefined : (value, walk) => isMultipleOf(value, multipleOf) || fail(walk, off),
  ];
  return checks.filter((c) => c !== undefined) as Check[];
}

/** TypeBox's `IsValueLike`: compared with `===`, anything else structurally. */
function isValueLike(value: unknown): boolean {
  const kind = typeof value;
  return kind === "bigint" || kind === "boolean" || kind === "string" || kind === "undefined" || value === null || Number.isFinite(value);
}

/** TypeBox's `IsDeepEqual` (guard/guard.mjs), asymmetric as it is: `left` is the checked value. */
function isDeepEqual(left: unknown, right: unknown): boolean {
  if (Array.isArray(left)) {
    return Array.isArray(right) && left.length === right.length && left.every((_, index) => isDeepEqual(left[index], right[index]));
  }
  if (typeof left === "object" && left !== null) {
    if (typeof right !== "object" || right === null) return false;
    const keys = Object.getOwnPropertyNames(left);
    const l = left as Record<string, unknown>;
    const r = right as Record<string, unknown>;
    return keys.length === Object.getOwnPropertyNames(right).length && keys.every((key) => isDeepEqual(l[key], r[key]));
  }
  return left === right;
}

function constCheck(schema: JsonSchema, at: Where): Check | undefined {
  if (!("const" in schema)) return undefined;
  const allowed = schema.const;
  const other = site("const", at, { allowedValue: allowed }, "must be equal to constant");
  if (isValueLike(allowed)) return (value, walk) => value === allowed || fail(walk, other);
  return (value, walk) => isDeepEqual(value, allowed) || fail(walk, other);
}

function enumCheck(schema: JsonSchema, at: Where): Check | undefined {
  const options = schema.enum;
  if (options === undefined) return undefined;
  if (!Array.isArray(options)) throw UNSUPPORTED;
  // `includes` is `===` here: no value-like option is NaN (TypeBox's IsValueLike wants finite numbers).
  const plain = options.filter(isValueLike);
  const structured = options.filter((option) => !isValueLike(option));
  const other = site("enum", at, { allowedValues: options }, "must be equal to one of the allowed values");
  return (value, walk) => plain.includes(value) || structured.some((option) => isDeepEqual(value, option)) || fail(walk, other);
}

// ---------------------------------------------------------------- unknown keys

/**
 * What `collectUnknownKeys` does for this schema, decided once: the keys of a
 * value's closed objects (`type: "object"`, `additionalProperties: false`)
 * that neither a property nor a pattern takes, past TypeBox's error cap.
 */
function collector(schema: JsonSchema, properties: PropertyNode[], items: Node | undefined, depth: number): Collect | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const inItems = items?.collect;
  const isObject = schema.type === "object";
  const closed = schema.additionalProperties === false;
  // null: a property with nothing to collect below it; one look-up tells a property from an unknown key.
  const children = new Map(properties.map(({ key, node }) => [key, node.collect ?? null]));
  const anyChild = properties.some(({ node }) => node.collect !== undefined);
  if (!inItems && !(isObject && (closed || anyChild))) return undefined;
  const takes = keyList(children.keys());
  // Tested one by one, as collectUnknownKeys does (TypeBox joins them; see knownKeyTest).
  const patterns = isRecord(schema.patternProperties) ? Object.keys(schema.patternProperties).map((p) => new RegExp(p, "u")) : [];
  return (value, gather) => {
    if (Array.isArray(value)) {
      if (inItems) for (let k = 0; k < value.length; k++) step(inItems, value[k], String(k), gather);
      return;
    }
    if (!isObject || !isObjectNotArray(value)) return;
    for (const key of Object.keys(value)) {
      const child = children.get(key);
      if (child) step(child, value[key], key, gather);
      else if (child === undefined && closed && !matchesAny(patterns, key)) gather.out.push({ segments: gather.path.slice(), key, takes });
    }
  };
}

function matchesAny(patterns: readonly RegExp[], key: string): boolean {
  for (const pattern of patterns) if (pattern.test(key)) return true;
  return false;
}

function step(collect: Collect, value: unknown, segment: string, gather: Gather): void {
  gather.path.push(segment);
  collect(value, gather);
  gather.path.pop();
}
