/**
 * RFC 6570 URI templates (levels 1 to 4): parsing, matching a URI against a
 * template, and expanding a template with values.
 *
 * Written by hand: the core runs in a browser or a worker with TypeBox as its
 * only dependency, and the MCP SDK's `UriTemplate` lives in the SDK (which the
 * core may not import). The SDK's also builds a regular expression from the
 * template and lets the engine backtrack; this one reads the URI once, left
 * to right, and never goes back.
 *
 * How a URI is matched, part by part, without backtracking:
 * - a literal must stand at the current place; a literal that ends the
 *   template must end the URI;
 * - an expression runs from the current place up to the first character it
 *   can never hold (a simple `{id}` stops at `/`, `?` and `#`), or earlier,
 *   at the first place where what follows it (the next literal, or the next
 *   expression's leading `.`, `/`, `;`, `?`, `&` or `#`) begins. So where a
 *   URI could be split two ways, a variable takes the shortest value
 *   (`{a}-{b}` on `x-y-z` gives a = "x", b = "y-z"), except before the
 *   template's last literal, which is found at the end (`{name}.json` on
 *   `my.config.json` gives name = "my.config");
 * - `{id}` and `{+path}` need at least one character; an expression with a
 *   leading character (`{/seg}`, `{?q}`, `{#f}`, …) is absent when that
 *   character is not there, and its variables are then left out;
 * - values are percent-decoded; a malformed escape (`%zz`, half a UTF-8
 *   character) is no match; `*` (explode) always gives an array;
 * - `{?q,limit}` and `{;a,b}` take their pairs in any order, each once
 *   (an exploded one may repeat); a name the expression does not list is no match.
 *
 * Each expression scans forward from where the last one stopped, so the work
 * is the URI's length times the template's expressions at worst; a URI
 * longer than {@link MAX_URI_LENGTH} characters never matches.
 */
import { ToolDefinitionError } from "./errors.ts";
import { quote } from "./sanitize.ts";

/** The longest URI (and template) this module reads: anything longer never matches, and a longer template is refused. */
export const MAX_URI_LENGTH = 4096;

type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

interface VarSpec {
  readonly name: string;
  readonly explode: boolean;
  /** `{name:3}`: at most this many characters. */
  readonly prefix: number | undefined;
}

interface Expression {
  readonly kind: "expression";
  readonly operator: Operator;
  readonly vars: readonly VarSpec[];
}

type Part = { readonly kind: "literal"; readonly text: string } | Expression;

/** RFC 6570 appendix A's table, plus the characters a matched expression can never hold after its leading one. */
interface Rule {
  readonly first: string;
  readonly sep: string;
  readonly named: boolean;
  readonly ifEmpty: string;
  readonly reserved: boolean;
  readonly stops: string;
}

const RULES: { readonly [op in Operator]: Rule } = {
  "": { first: "", sep: ",", named: false, ifEmpty: "", reserved: false, stops: "/?#" },
  "+": { first: "", sep: ",", named: false, ifEmpty: "", reserved: true, stops: "" },
  "#": { first: "#", sep: ",", named: false, ifEmpty: "", reserved: true, stops: "" },
  ".": { first: ".", sep: ".", named: false, ifEmpty: "", reserved: false, stops: "/?#" },
  "/": { first: "/", sep: "/", named: false, ifEmpty: "", reserved: false, stops: "?#" },
  ";": { first: ";", sep: ";", named: true, ifEmpty: "", reserved: false, stops: "/?#" },
  "?": { first: "?", sep: "&", named: true, ifEmpty: "=", reserved: false, stops: "#" },
  "&": { first: "&", sep: "&", named: true, ifEmpty: "=", reserved: false, stops: "#" },
};

const OPERATORS = new Set(["+", "#", ".", "/", ";", "?", "&"]);
const RESERVED_OPERATORS = new Set(["=", ",", "!", "@", "|"]);
/** RFC 6570 varname: letters, digits, `_` and `%XX`, in parts joined by single dots. */
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const PREFIX = /^:[1-9][0-9]{0,3}$/;
/** What a literal may not hold (RFC 6570 §2.1): controls, spaces, format characters and `"'<>\^`|`; `{`, `}` and `%` are read apart. */
const NOT_LITERAL = /[\p{Cc}\p{Cf}\p{Z}"'<>\\^`|]/u;
const URI_RESERVED = ":/?#[]@!$&'()*+,;=";

/** A values object for {@link ParsedUriTemplate.expand}: a string, a list, or nothing (left out) per variable. */
export type UriTemplateValues = { readonly [name: string]: string | readonly string[] | undefined };

/** A URI template, parsed and checked. */
export interface ParsedUriTemplate {
  /** The template as written. */
  readonly template: string;
  /** The variable names, in the order they appear. */
  readonly variables: readonly string[];
  /**
   * The variables of a URI this template matches (values percent-decoded,
   * exploded variables as arrays, absent ones left out), in an object
   * without a prototype; `undefined` when it does not match.
   */
  match(uri: string): Record<string, string | string[]> | undefined;
  /** The URI for these values, as RFC 6570 expands it. */
  expand(values: UriTemplateValues): string;
}

/** A template or URI as a problem line shows it: quoted, cut after 80 characters. */
function shown(text: string): string {
  return quote(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

function isHexAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/**
 * The problem with a character of URI text outside an expression (a fixed
 * resource's URI, a template's literal parts), or `undefined`. `at` is the
 * offset of the character; a `%` must start a `%XX` byte.
 */
function literalProblem(text: string, at: number): string | undefined {
  const c = text.charCodeAt(at);
  if (c === 0x25) {
    return isHexAt(text, at + 1) && isHexAt(text, at + 2) ? undefined : `"%" at offset ${at} does not start a percent-encoded byte (%XX)`;
  }
  if (c === 0x7d) return `"}" at offset ${at} closes no expression`;
  if (c < 0x80 && c > 0x20 && c !== 0x7f && !NOT_LITERAL.test(text[at] as string)) return undefined;
  const point = String.fromCodePoint(text.codePointAt(at) as number);
  return NOT_LITERAL.test(point) ? `character ${quote(point)} at offset ${at} cannot appear in a URI` : undefined;
}

/**
 * Why a text cannot be a URI (a character no URI holds, a stray `%`, `{` or
 * `}`, or more than {@link MAX_URI_LENGTH} characters), or `undefined`. The
 * scheme is not checked here.
 */
export function uriTextProblem(text: string): string | undefined {
  if (text.length > MAX_URI_LENGTH) return `longer than ${MAX_URI_LENGTH} characters`;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 0x7b) return `"{" at offset ${i} starts an expression`;
    const problem = literalProblem(text, i);
    if (problem) return problem;
    if (text.charCodeAt(i) >= 0xd800 && text.charCodeAt(i) <= 0xdbff) i++;
  }
  return undefined;
}

/**
 * Parses and checks an RFC 6570 template. Throws a {@link ToolDefinitionError}
 * with one line naming the problem: an unclosed `{`, a stray `}`, an empty
 * expression, a reserved operator, a bad variable name or modifier, a
 * variable named twice, a character no URI holds.
 */
export function parseUriTemplate(text: string): ParsedUriTemplate {
  if (typeof text !== "string") {
    throw new ToolDefinitionError(`A URI template must be a string, got ${text === null ? "null" : typeof text}`);
  }
  const fail = (problem: string): never => {
    throw new ToolDefinitionError(`URI template ${shown(text)}: ${problem}`);
  };
  if (text.length > MAX_URI_LENGTH) fail(`longer than ${MAX_URI_LENGTH} characters`);
  const parts: Part[] = [];
  const seen = new Set<string>();
  let literalStart = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x7b) {
      const problem = literalProblem(text, i);
      if (problem) fail(problem);
      i += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      continue;
    }
    const end = text.indexOf("}", i + 1);
    if (end === -1) fail(`unclosed "{" at offset ${i}`);
    if (i > literalStart) parts.push({ kind: "literal", text: text.slice(literalStart, i) });
    parts.push(parseExpression(text.slice(i + 1, end), i, seen, fail));
    i = end + 1;
    literalStart = i;
  }
  if (literalStart < text.length) parts.push({ kind: "literal", text: text.slice(literalStart) });
  return new Template(text, parts, [...seen]);
}

function parseExpression(body: string, offset: number, seen: Set<string>, fail: (problem: string) => never): Expression {
  const expression = quote(`{${body}}`);
  const head = body.charAt(0);
  if (RESERVED_OPERATORS.has(head)) fail(`expression ${expression} uses the operator ${quote(head)}, which RFC 6570 reserves`);
  const operator = (OPERATORS.has(head) ? head : "") as Operator;
  const list = body.slice(operator.length);
  if (list === "") fail(`expression ${expression} at offset ${offset} names no variable`);
  const vars: VarSpec[] = [];
  for (const spec of list.split(",")) {
    if (spec === "") fail(`expression ${expression} has an empty variable name`);
    let cut = spec.length;
    for (let k = 0; k < spec.length; k++) {
      if (spec[k] === ":" || spec[k] === "*") {
        cut = k;
        break;
      }
    }
    const name = spec.slice(0, cut);
    const modifier = spec.slice(cut);
    if (!VARNAME.test(name)) {
      fail(`expression ${expression}: ${quote(name)} is not a variable name (letters, digits, _ and %XX, in parts joined by single dots)`);
    }
    if (modifier.startsWith(":") && !PREFIX.test(modifier)) {
      fail(`expression ${expression}: prefix ${quote(modifier)} must be :1 to :9999 (a whole number of characters)`);
    }
    if (modifier !== "" && modifier !== "*" && !modifier.startsWith(":")) {
      fail(`expression ${expression}: ${quote(modifier)} is not a modifier; write * to explode, or :1 to :9999 for a prefix`);
    }
    if (seen.has(name)) fail(`variable ${quote(name)} appears twice`);
    seen.add(name);
    vars.push({ name, explode: modifier === "*", prefix: modifier.startsWith(":") ? Number(modifier.slice(1)) : undefined });
  }
  return { kind: "expression", operator, vars };
}

class Template implements ParsedUriTemplate {
  readonly template: string;
  readonly variables: readonly string[];
  readonly #parts: readonly Part[];

  constructor(template: string, parts: readonly Part[], variables: readonly string[]) {
    this.template = template;
    this.#parts = parts;
    this.variables = Object.freeze(variables);
  }

  toString(): string {
    return this.template;
  }

  match(uri: string): Record<string, string | string[]> | undefined {
    if (typeof uri !== "string" || uri.length > MAX_URI_LENGTH) return undefined;
    const parts = this.#parts;
    let end = uri.length;
    let count = parts.length;
    const tail = parts[count - 1];
    // The template's last literal is found at the URI's end: what stands before it may hold its first character.
    if (count > 1 && tail?.kind === "literal") {
      if (!uri.endsWith(tail.text)) return undefined;
      end -= tail.text.length;
      count--;
    }
    const found: Record<string, string | string[]> = Object.create(null);
    let at = 0;
    for (let k = 0; k < count; k++) {
      const part = parts[k] as Part;
      if (part.kind === "literal") {
        if (at + part.text.length > end || !uri.startsWith(part.text, at)) return undefined;
        at += part.text.length;
        continue;
      }
      const next = k + 1 < count ? parts[k + 1] : undefined;
      const stop = spanEnd(uri, at, end, part, next);
      if (stop === undefined || !readExpression(part, uri.slice(at, stop), found)) return undefined;
      at = stop;
    }
    return at === end ? found : undefined;
  }

  expand(values: UriTemplateValues): string {
    let out = "";
    for (const part of this.#parts) out += part.kind === "literal" ? part.text : expandExpression(part, values);
    return out;
  }
}

/** Whether a character can never stand inside a matched value: a control or a space. */
function isNeverInUri(code: number): boolean {
  return code <= 0x20 || code === 0x7f;
}

/**
 * Where the expression starting at `at` ends, or `undefined` when it cannot
 * be there. `next` is the part after it, when that part is not the
 * template's closing literal (already matched at the end).
 */
function spanEnd(uri: string, at: number, end: number, expression: Expression, next: Part | undefined): number | undefined {
  const rule = RULES[expression.operator];
  if (rule.first !== "" && (at >= end || uri[at] !== rule.first)) return at; // absent: its variables are left out
  const from = at + 1; // past the leading character, or past the one character {id} and {+path} need
  if (from > end) return undefined;
  // What follows begins at its first occurrence: the expression ends there at the latest (the shortest value wins).
  let limit = end;
  const marker = next === undefined ? "" : next.kind === "literal" ? next.text : RULES[next.operator].first;
  if (marker !== "") {
    const found = uri.indexOf(marker, from);
    if (found !== -1 && found < end) limit = found;
  }
  let stop = rule.first === "" ? at : from;
  while (stop < limit && !isNeverInUri(uri.charCodeAt(stop)) && !rule.stops.includes(uri[stop] as string)) stop++;
  return rule.first === "" && stop < from ? undefined : stop;
}

function decode(raw: string, spec: VarSpec): string | undefined {
  let value: string;
  try {
    value = raw.includes("%") ? decodeURIComponent(raw) : raw;
  } catch {
    return undefined;
  }
  if (spec.prefix !== undefined && codePoints(value) > spec.prefix) return undefined;
  return value;
}

function codePoints(text: string): number {
  let count = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c >= 0xd800 && c <= 0xdbff && k + 1 < text.length) k++;
    count++;
  }
  return count;
}

/** Reads one expression's span into `found`; false when the span does not fit the expression. */
function readExpression(expression: Expression, span: string, found: Record<string, string | string[]>): boolean {
  if (span === "") return true;
  const rule = RULES[expression.operator];
  const body = rule.first === "" ? span : span.slice(1);
  if (rule.named) return readNamed(expression, body, rule.sep, found);
  const vars = expression.vars;
  const only = vars.length === 1 ? (vars[0] as VarSpec) : undefined;
  if (only && !only.explode) {
    // `{/seg}` is one path segment; `{.ext}` may hold dots ("tar.gz"), as unreserved characters.
    if (expression.operator === "/" && body.includes("/")) return false;
    const value = decode(body, only);
    if (value === undefined) return false;
    found[only.name] = value;
    return true;
  }
  const items = body.split(rule.sep);
  let taken = 0;
  for (let v = 0; v < vars.length && taken < items.length; v++) {
    const spec = vars[v] as VarSpec;
    if (!spec.explode) {
      const value = decode(items[taken] as string, spec);
      if (value === undefined) return false;
      found[spec.name] = value;
      taken++;
      continue;
    }
    // An exploded variable takes every item but one for each variable after it.
    const count = Math.max(1, items.length - taken - (vars.length - v - 1));
    const list: string[] = [];
    for (let k = 0; k < count; k++) {
      const value = decode(items[taken + k] as string, spec);
      if (value === undefined) return false;
      list.push(value);
    }
    found[spec.name] = list;
    taken += count;
  }
  return taken === items.length;
}

/** `;a=1;b`, `?q=x&limit=5`: pairs in any order, each name once unless exploded; a name the expression does not list is no match. */
function readNamed(expression: Expression, body: string, sep: string, found: Record<string, string | string[]>): boolean {
  const specs = new Map<string, VarSpec>();
  for (const spec of expression.vars) specs.set(spec.name, spec);
  for (const pair of body.split(sep)) {
    const equals = pair.indexOf("=");
    const spec = specs.get(equals === -1 ? pair : pair.slice(0, equals));
    if (!spec) return false;
    const value = decode(equals === -1 ? "" : pair.slice(equals + 1), spec);
    if (value === undefined) return false;
    const held = Object.hasOwn(found, spec.name) ? found[spec.name] : undefined;
    if (!spec.explode) {
      if (held !== undefined) return false;
      found[spec.name] = value;
    } else if (Array.isArray(held)) held.push(value);
    else found[spec.name] = [value];
  }
  return true;
}

const HEX = "0123456789ABCDEF";

function isUnreserved(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}

/** Percent-encodes a value: all but unreserved characters, or (for `+` and `#`) all but unreserved, reserved and `%XX` already there. */
function encode(value: string, reserved: boolean): string {
  let out = "";
  for (let k = 0; k < value.length; k++) {
    const code = value.charCodeAt(k);
    if (isUnreserved(code) || (reserved && code < 0x80 && URI_RESERVED.includes(value[k] as string))) {
      out += value[k];
    } else if (reserved && code === 0x25 && isHexAt(value, k + 1) && isHexAt(value, k + 2)) {
      out += value.slice(k, k + 3);
      k += 2;
    } else if (code < 0x80) {
      out += `%${HEX[code >> 4]}${HEX[code & 15]}`;
    } else {
      const point = value.codePointAt(k) as number;
      if (point > 0xffff) k++;
      // A lone surrogate has no UTF-8 form: it is written as U+FFFD, as a decoder would read it.
      out += point >= 0xd800 && point <= 0xdfff ? "%EF%BF%BD" : encodeURIComponent(String.fromCodePoint(point));
    }
  }
  return out;
}

function truncated(value: string, prefix: number | undefined): string {
  if (prefix === undefined || value.length <= prefix) return value;
  let cut = 0;
  for (let count = 0; count < prefix && cut < value.length; count++) {
    const c = value.charCodeAt(cut);
    cut += c >= 0xd800 && c <= 0xdbff && cut + 1 < value.length ? 2 : 1;
  }
  return value.slice(0, cut);
}

function valueFor(values: UriTemplateValues, name: string): string | readonly string[] | undefined {
  if (!Object.hasOwn(values, name)) return undefined;
  const value = values[name];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(String);
  return String(value);
}

/** RFC 6570 §3.2.1's expansion of one expression. */
function expandExpression(expression: Expression, values: UriTemplateValues): string {
  const rule = RULES[expression.operator];
  const pieces: string[] = [];
  for (const spec of expression.vars) {
    const value = valueFor(values, spec.name);
    if (value === undefined) continue;
    const named = (encoded: string) => (rule.named ? `${spec.name}${encoded === "" ? rule.ifEmpty : `=${encoded}`}` : encoded);
    if (typeof value === "string") pieces.push(named(encode(truncated(value, spec.prefix), rule.reserved)));
    else if (!spec.explode) pieces.push(named(value.map((item) => encode(item, rule.reserved)).join(",")));
    else pieces.push(value.map((item) => named(encode(item, rule.reserved))).join(rule.sep));
  }
  return pieces.length === 0 ? "" : rule.first + pieces.join(rule.sep);
}
