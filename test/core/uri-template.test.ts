/** RFC 6570 URI templates: every refusal line exact, matching and expansion, bounded work on hostile URIs, and the MCP SDK's matcher beside ours. */
import { UriTemplate } from "@modelcontextprotocol/server";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolDefinitionError } from "../../src/core/errors.ts";
import { MAX_URI_LENGTH, parseUriTemplate, uriTextProblem } from "../../src/core/uri-template.ts";

function refusal(template: string): string {
  try {
    parseUriTemplate(template);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return (error as Error).message;
  }
  throw new Error(`parseUriTemplate accepted ${template}`);
}

/** A match as a plain object (ours have no prototype), or undefined. */
function match(template: string, uri: string): Record<string, string | string[]> | undefined {
  const found = parseUriTemplate(template).match(uri);
  return found === undefined ? undefined : { ...found };
}

describe("parseUriTemplate refuses a template that cannot work, in one line", () => {
  it.each([
    ["an unclosed brace", "file:///{path", 'URI template "file:///{path": unclosed "{" at offset 8'],
    ["a brace closing nothing", "file:///path}", 'URI template "file:///path}": "}" at offset 12 closes no expression'],
    ["an empty expression", "res://{}", 'URI template "res://{}": expression "{}" at offset 6 names no variable'],
    ["an operator without a variable", "res://x{?}", 'URI template "res://x{?}": expression "{?}" at offset 7 names no variable'],
    ["a reserved operator", "res://{=x}", 'URI template "res://{=x}": expression "{=x}" uses the operator "=", which RFC 6570 reserves'],
    [
      "another reserved operator",
      "res://{|x}",
      'URI template "res://{|x}": expression "{|x}" uses the operator "|", which RFC 6570 reserves',
    ],
    [
      "a space in a name",
      "res://{a b}",
      'URI template "res://{a b}": expression "{a b}": "a b" is not a variable name (letters, digits, _ and %XX, in parts joined by single dots)',
    ],
    [
      "a hyphen in a name",
      "res://{user-id}",
      'URI template "res://{user-id}": expression "{user-id}": "user-id" is not a variable name (letters, digits, _ and %XX, in parts joined by single dots)',
    ],
    [
      "a leading dot",
      "res://{.a..b}",
      'URI template "res://{.a..b}": expression "{.a..b}": "a..b" is not a variable name (letters, digits, _ and %XX, in parts joined by single dots)',
    ],
    ["an empty name in a list", "res://{a,}", 'URI template "res://{a,}": expression "{a,}" has an empty variable name'],
    [
      "a zero prefix",
      "res://{a:0}",
      'URI template "res://{a:0}": expression "{a:0}": prefix ":0" must be :1 to :9999 (a whole number of characters)',
    ],
    [
      "a prefix too long",
      "res://{a:10000}",
      'URI template "res://{a:10000}": expression "{a:10000}": prefix ":10000" must be :1 to :9999 (a whole number of characters)',
    ],
    [
      "an empty prefix",
      "res://{a:}",
      'URI template "res://{a:}": expression "{a:}": prefix ":" must be :1 to :9999 (a whole number of characters)',
    ],
    [
      "a bad modifier",
      "res://{a*x}",
      'URI template "res://{a*x}": expression "{a*x}": "*x" is not a modifier; write * to explode, or :1 to :9999 for a prefix',
    ],
    ["a variable twice", "res://{id}/{?id}", 'URI template "res://{id}/{?id}": variable "id" appears twice'],
    [
      "a variable twice in one expression (RFC 6570 allows it; a match could not tell the two apart)",
      "res://{/who,who}",
      'URI template "res://{/who,who}": variable "who" appears twice',
    ],
    ["a space in a literal", "res://a b/{x}", 'URI template "res://a b/{x}": character " " at offset 7 cannot appear in a URI'],
    ["a quote in a literal", "res://a'b/{x}", 'URI template "res://a\'b/{x}": character "\'" at offset 7 cannot appear in a URI'],
    ["a stray percent", "res://%zz/{x}", 'URI template "res://%zz/{x}": "%" at offset 6 does not start a percent-encoded byte (%XX)'],
    [
      "an escape code, shown escaped",
      "res://\u001b[31m{x}",
      'URI template "res://\\u001b[31m{x}": character "\\u001b" at offset 6 cannot appear in a URI',
    ],
    ["a newline, shown escaped", "res://a\n{x}", 'URI template "res://a\\n{x}": character "\\n" at offset 7 cannot appear in a URI'],
    [
      "a newline in a name, shown escaped",
      "res://{a\nb}",
      'URI template "res://{a\\nb}": expression "{a\\nb}": "a\\nb" is not a variable name (letters, digits, _ and %XX, in parts joined by single dots)',
    ],
    [
      "a bidi override, shown escaped",
      "res://\u202e{x}",
      'URI template "res://\\u202e{x}": character "\\u202e" at offset 6 cannot appear in a URI',
    ],
  ])("%s", (_case, template, message) => {
    expect(refusal(template)).toBe(message);
  });

  it("refuses a template longer than the bound, showing only its start", () => {
    const template = `res://${"a".repeat(MAX_URI_LENGTH)}{x}`;
    expect(refusal(template)).toBe(`URI template "res://${"a".repeat(74)}…": longer than 4096 characters`);
  });

  it("refuses something that is not a string", () => {
    expect(() => parseUriTemplate(42 as unknown as string)).toThrow(new ToolDefinitionError("A URI template must be a string, got number"));
  });

  it("accepts every operator, prefixes, explodes and %XX in names", () => {
    const template = parseUriTemplate("res://{a}{+b}{#c}{.d}{/e*}{;f:3}{?g,h*}{&i}/{j%20k.l}");
    expect(template.variables).toEqual(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j%20k.l"]);
    expect(template.template).toBe("res://{a}{+b}{#c}{.d}{/e*}{;f:3}{?g,h*}{&i}/{j%20k.l}");
  });

  it("takes __proto__ and constructor as names like any other", () => {
    expect(parseUriTemplate("res://{__proto__}/{constructor}{?toString}").variables).toEqual(["__proto__", "constructor", "toString"]);
  });
});

describe("uriTextProblem", () => {
  it.each([
    ["file:///notes.txt", undefined],
    ["file:///a%20b", undefined],
    ["file:///a b", 'character " " at offset 9 cannot appear in a URI'],
    ["file:///{x}", '"{" at offset 8 starts an expression'],
    ["file:///x}", '"}" at offset 9 closes no expression'],
    ["file:///%4", '"%" at offset 8 does not start a percent-encoded byte (%XX)'],
    ["https://example.com/é", undefined],
  ])("%j", (uri, problem) => {
    expect(uriTextProblem(uri)).toBe(problem);
  });

  it("refuses a URI longer than the bound", () => {
    expect(uriTextProblem(`file:///${"a".repeat(MAX_URI_LENGTH)}`)).toBe("longer than 4096 characters");
  });
});

describe("match", () => {
  it.each<[string, string, Record<string, string | string[]> | undefined]>([
    // Level 1: a simple variable is one run of characters, never across / ? #, and never empty.
    ["users://{id}", "users://42", { id: "42" }],
    ["users://{id}", "users://", undefined],
    ["users://{id}", "users://4/2", undefined],
    ["users://{id}", "users://4?x=1", undefined],
    ["users://{id}/profile", "users://42/profile", { id: "42" }],
    ["users://{id}/profile", "users://42/other", undefined],
    ["users://{id}", "users://a%20b%2Fc", { id: "a b/c" }],
    ["users://{id}", "users://%E2%9C%93", { id: "✓" }],
    ["users://{id}", "users://%zz", undefined],
    ["users://{id}", "users://%E2%9C", undefined],
    ["users://{id}", "users://a b", undefined],
    ["users://{id}", "users://a,b", { id: "a,b" }],
    // Before the template's last literal, a variable takes all it can; elsewhere the shortest value.
    ["file:///{name}.json", "file:///my.config.json", { name: "my.config" }],
    ["file:///{a}.{b}.json", "file:///x.y.json", { a: "x", b: "y" }],
    ["file:///{a}-{b}", "file:///x-y-z", { a: "x", b: "y-z" }],
    ["file:///{a}.json", "file:///x.txt", undefined],
    // Level 2: reserved and fragment expansion.
    ["file:///{+path}", "file:///docs/a/b.md", { path: "docs/a/b.md" }],
    ["file:///{+path}", "file:///", undefined],
    ["file:///{+path}", "file:///a%2Fb", { path: "a/b" }],
    ["file:///{+path}{?q}", "file:///a/b?q=1", { path: "a/b", q: "1" }],
    ["page://x{#frag}", "page://x#intro", { frag: "intro" }],
    ["page://x{#frag}", "page://x", {}],
    ["page://x{#frag}", "page://xintro", undefined],
    // Level 3 and 4: several variables, labels, segments, parameters, queries, prefixes, explodes.
    ["map://{x,y}", "map://1024,768", { x: "1024", y: "768" }],
    ["map://{x,y}", "map://1024", { x: "1024" }],
    ["map://{x,y}", "map://1,2,3", undefined],
    ["map://{x*}", "map://1,2,3", { x: ["1", "2", "3"] }],
    ["file:///x{.ext}", "file:///x.tar.gz", { ext: "tar.gz" }],
    ["file:///x{.ext}", "file:///x", {}],
    ["file:///x{.parts*}", "file:///x.tar.gz", { parts: ["tar", "gz"] }],
    ["file:///x{.a,b}", "file:///x.1.2", { a: "1", b: "2" }],
    ["file://{/seg}", "file:///a", { seg: "a" }],
    ["file://{/seg}", "file:///a/b", undefined],
    ["file://{/segs*}", "file:///a/b/c", { segs: ["a", "b", "c"] }],
    ["file://{/segs*}", "file:///a", { segs: ["a"] }],
    ["file://{/a}{/b}", "file:///1/2", { a: "1", b: "2" }],
    ["file://{/a,b}", "file:///1/2", { a: "1", b: "2" }],
    ["m://x{;w,h}", "m://x;w=10;h=20", { w: "10", h: "20" }],
    ["m://x{;w,h}", "m://x;h=20;w", { h: "20", w: "" }],
    ["m://x{;w,h}", "m://x;w=1;w=2", undefined],
    ["q://s{?q,limit}", "q://s?q=cat&limit=5", { q: "cat", limit: "5" }],
    ["q://s{?q,limit}", "q://s?limit=5&q=cat", { limit: "5", q: "cat" }],
    ["q://s{?q,limit}", "q://s?q=cat", { q: "cat" }],
    ["q://s{?q,limit}", "q://s", {}],
    ["q://s{?q,limit}", "q://s?q=cat&other=1", undefined],
    ["q://s{?q,limit}", "q://s?", undefined],
    ["q://s{?q}", "q://s?q=a%26b%3Dc", { q: "a&b=c" }],
    ["q://s{?q}", "q://s?q=", { q: "" }],
    ["q://s{?tag*}", "q://s?tag=a&tag=b", { tag: ["a", "b"] }],
    ["q://s{?q}{&page}", "q://s?q=x&page=2", { q: "x", page: "2" }],
    ["q://s{?q}{&page}", "q://s?q=x", { q: "x" }],
    ["p://{code:3}", "p://abc", { code: "abc" }],
    ["p://{code:3}", "p://abcd", undefined],
    ["p://{code:3}", "p://%C3%A9%C3%A9%C3%A9", { code: "ééé" }],
    // Literals only where the template has them.
    ["users://{id}", "other://42", undefined],
    ["users://{id}", "users:/42", undefined],
    ["a://x{id}x", "a://x", undefined],
  ])("%s on %s", (template, uri, expected) => {
    expect(match(template, uri)).toEqual(expected);
  });

  it("keeps __proto__ and constructor as ordinary variables, in an object without a prototype", () => {
    const found = parseUriTemplate("res://{__proto__}/{constructor}{?toString}").match("res://x/y?toString=z");
    expect(found && Object.getPrototypeOf(found)).toBe(null);
    expect(found && Object.keys(found)).toEqual(["__proto__", "constructor", "toString"]);
    expect(found && Object.entries(found)).toEqual([
      ["__proto__", "x"],
      ["constructor", "y"],
      ["toString", "z"],
    ]);
    // Nothing leaks from Object.prototype into a match.
    expect(parseUriTemplate("res://{a}{?constructor}").match("res://x")).toEqual({ a: "x" });
    expect({ ...parseUriTemplate("res://{a}{?constructor}").match("res://x") }).not.toHaveProperty("constructor");
  });

  it("never matches a URI longer than the bound, or something that is not a string", () => {
    const template = parseUriTemplate("file:///{+path}");
    expect(template.match(`file:///${"a".repeat(MAX_URI_LENGTH - 8)}`)).toEqual({ path: "a".repeat(MAX_URI_LENGTH - 8) });
    expect(template.match(`file:///${"a".repeat(MAX_URI_LENGTH - 7)}`)).toBeUndefined();
    expect(template.match(42 as unknown as string)).toBeUndefined();
  });

  it("an optional expression is absent when its leading character is not there; none is backtracked out of", () => {
    // Before the closing literal, "p:///x" reads as a absent, as RFC 6570 expands {/a} with a undefined.
    expect(match("p://{/a}/x", "p:///x")).toEqual({});
    expect(match("p://{/a}/x", "p:///y/x")).toEqual({ a: "y" });
    // Elsewhere a leading "/" makes {/a} present, and it is not given up when the literal after it then misses.
    expect(match("p://{/a}/x/{b}", "p:///x/1")).toBeUndefined();
    expect(match("p://{/a}/x/{b}", "p:///y/x/1")).toEqual({ a: "y", b: "1" });
  });

  it("two expressions with nothing between them: the first takes it all, so the second (which needs a character) never matches", () => {
    expect(match("p://{a}{b}", "p://xy")).toBeUndefined();
  });
});

/** RFC 6570 §3.2's examples, but for the three that name one variable twice ({.who,who}, {/who,who}, {/var:1,var}): matching needs each name once, so those are refused. */
describe("expand (RFC 6570 §3.2 examples)", () => {
  const values = {
    count: ["one", "two", "three"],
    dom: ["example", "com"],
    dub: "me/too",
    hello: "Hello World!",
    half: "50%",
    var: "value",
    who: "fred",
    base: "http://example.com/home/",
    path: "/foo/bar",
    list: ["red", "green", "blue"],
    v: "6",
    x: "1024",
    y: "768",
    empty: "",
    empty_keys: [],
    undef: undefined,
  };
  it.each([
    ["{var}", "value"],
    ["{hello}", "Hello%20World%21"],
    ["{half}", "50%25"],
    ["O{empty}X", "OX"],
    ["O{undef}X", "OX"],
    ["{x,y}", "1024,768"],
    ["{x,hello,y}", "1024,Hello%20World%21,768"],
    ["?{x,empty}", "?1024,"],
    ["?{x,undef}", "?1024"],
    ["{var:3}", "val"],
    ["{var:30}", "value"],
    ["{list}", "red,green,blue"],
    ["{list*}", "red,green,blue"],
    ["{+var}", "value"],
    ["{+hello}", "Hello%20World!"],
    ["{+half}", "50%25"],
    ["{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"],
    ["{+base}index", "http://example.com/home/index"],
    ["O{+empty}X", "OX"],
    ["{+path}/here", "/foo/bar/here"],
    ["here?ref={+path}", "here?ref=/foo/bar"],
    ["up{+path}{var}/here", "up/foo/barvalue/here"],
    ["{+x,hello,y}", "1024,Hello%20World!,768"],
    ["{+path:6}/here", "/foo/b/here"],
    ["{+list*}", "red,green,blue"],
    ["{#var}", "#value"],
    ["{#hello}", "#Hello%20World!"],
    ["{#half}", "#50%25"],
    ["foo{#empty}", "foo#"],
    ["foo{#undef}", "foo"],
    ["{#x,hello,y}", "#1024,Hello%20World!,768"],
    ["{#path:6}/here", "#/foo/b/here"],
    ["{#list*}", "#red,green,blue"],
    ["{.who}", ".fred"],
    ["{.half,who}", ".50%25.fred"],
    ["www{.dom*}", "www.example.com"],
    ["X{.var}", "X.value"],
    ["X{.empty}", "X."],
    ["X{.undef}", "X"],
    ["X{.var:3}", "X.val"],
    ["X{.list}", "X.red,green,blue"],
    ["X{.list*}", "X.red.green.blue"],
    ["X{.empty_keys}", "X"],
    ["{/who}", "/fred"],
    ["{/half,who}", "/50%25/fred"],
    ["{/who,dub}", "/fred/me%2Ftoo"],
    ["{/var}", "/value"],
    ["{/var,empty}", "/value/"],
    ["{/var,undef}", "/value"],
    ["{/var,x}/here", "/value/1024/here"],
    ["{/list}", "/red,green,blue"],
    ["{/list*}", "/red/green/blue"],
    ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
    ["{;who}", ";who=fred"],
    ["{;half}", ";half=50%25"],
    ["{;empty}", ";empty"],
    ["{;v,empty,who}", ";v=6;empty;who=fred"],
    ["{;v,bar,who}", ";v=6;who=fred"],
    ["{;x,y}", ";x=1024;y=768"],
    ["{;x,y,empty}", ";x=1024;y=768;empty"],
    ["{;x,y,undef}", ";x=1024;y=768"],
    ["{;hello:5}", ";hello=Hello"],
    ["{;list}", ";list=red,green,blue"],
    ["{;list*}", ";list=red;list=green;list=blue"],
    ["{?who}", "?who=fred"],
    ["{?half}", "?half=50%25"],
    ["{?x,y}", "?x=1024&y=768"],
    ["{?x,y,empty}", "?x=1024&y=768&empty="],
    ["{?x,y,undef}", "?x=1024&y=768"],
    ["{?var:3}", "?var=val"],
    ["{?list}", "?list=red,green,blue"],
    ["{?list*}", "?list=red&list=green&list=blue"],
    ["{&who}", "&who=fred"],
    ["{&half}", "&half=50%25"],
    ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
    ["{&x,y,empty}", "&x=1024&y=768&empty="],
    ["{&var:3}", "&var=val"],
    ["{&list}", "&list=red,green,blue"],
    ["{&list*}", "&list=red&list=green&list=blue"],
  ])("%s", (template, expected) => {
    expect(parseUriTemplate(template).expand(values)).toBe(expected);
  });

  it("reads only the values' own keys, so Object.prototype names expand to nothing", () => {
    expect(parseUriTemplate("x://{constructor}/{toString}{?__proto__}").expand({})).toBe("x:///");
    const own = JSON.parse('{"__proto__":"p","constructor":"c"}');
    expect(parseUriTemplate("x://{constructor}{?__proto__}").expand(own)).toBe("x://c?__proto__=p");
  });

  it("encodes characters outside ASCII as UTF-8, and a lone surrogate as U+FFFD", () => {
    expect(parseUriTemplate("x://{v}").expand({ v: "é✓😀" })).toBe("x://%C3%A9%E2%9C%93%F0%9F%98%80");
    expect(parseUriTemplate("x://{v}").expand({ v: "a\ud800b" })).toBe("x://a%EF%BF%BDb");
    expect(parseUriTemplate("x://{v:2}").expand({ v: "😀😀😀" })).toBe("x://%F0%9F%98%80%F0%9F%98%80");
  });
});

const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const segment = fc.oneof(fc.constant("var" as const), fc.stringMatching(/^[a-z]{1,6}$/));

describe("what expand writes, match reads back", () => {
  it("for templates whose variables are kept apart by / and literals", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.array(word, { minLength: 5, maxLength: 5 }), (segments, words) => {
        let n = 0;
        const template = `res://${segments.map((s) => (s === "var" ? `{v${n++}}` : s)).join("/")}`;
        const values: Record<string, string> = {};
        for (let k = 0; k < n; k++) values[`v${k}`] = words[k] as string;
        const parsed = parseUriTemplate(template);
        expect({ ...parsed.match(parsed.expand(values)) }).toEqual(values);
      }),
    );
  });

  it("for any text in a simple, reserved, segment or query variable, percent-encoded on the way", () => {
    const text = fc.string({ minLength: 1, maxLength: 12, unit: "grapheme" });
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        const parsed = parseUriTemplate("res://{a}{/b}{?c}");
        expect({ ...parsed.match(parsed.expand({ a, b, c })) }).toEqual({ a, b, c });
      }),
    );
  });

  it("for exploded lists", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.array(word, { minLength: 1, maxLength: 4 }), (path, tags) => {
        const parsed = parseUriTemplate("res://x{/path*}{?tag*}");
        expect({ ...parsed.match(parsed.expand({ path, tag: tags })) }).toEqual({ path, tag: tags });
      }),
    );
  });
});

describe("beside the MCP SDK v2's UriTemplate", () => {
  const sdk = (template: string, uri: string) => {
    const found = new UriTemplate(template).match(uri);
    return found === null ? undefined : { ...found };
  };

  it("agrees on every URI over a-z, 0-9 and / for templates whose variables / keeps apart", () => {
    const uri = fc.stringMatching(/^[a-z0-9/]{0,24}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), uri, (segments, tail) => {
        let n = 0;
        const template = `res://${segments.map((s) => (s === "var" ? `{v${n++}}` : s)).join("/")}`;
        const target = `res://${tail}`;
        expect(match(template, target)).toEqual(sdk(template, target));
      }),
      { numRuns: 500 },
    );
  });

  it("agrees on the expansions of simple templates with other separators and a trailing {+path}", () => {
    const separator = fc.constantFrom("-", ".", "_", "~", "/", ":", "@");
    fc.assert(
      fc.property(fc.array(separator, { minLength: 1, maxLength: 3 }), fc.array(word, { minLength: 4, maxLength: 4 }), (seps, words) => {
        const template = `res://${seps.map((s, k) => `{v${k}}${s}`).join("")}{+rest}`;
        const values: Record<string, string> = { rest: `${words[3]}/${words[0]}` };
        seps.forEach((_s, k) => {
          values[`v${k}`] = words[k] as string;
        });
        const uri = parseUriTemplate(template).expand(values);
        expect(match(template, uri)).toEqual(values);
        expect(sdk(template, uri)).toEqual(values);
      }),
    );
  });

  // Where the two differ, on purpose: ours first, the SDK's second.
  it.each<[string, string, string, Record<string, unknown> | undefined, Record<string, unknown> | undefined]>([
    [
      "an ambiguous split: ours takes the shortest value before a literal that is not the last, the SDK's regex the longest",
      "res://{a}-{b}",
      "res://1-2-3",
      { a: "1", b: "2-3" },
      { a: "1-2", b: "3" },
    ],
    ["values are percent-decoded by ours, passed raw by the SDK", "res://{id}", "res://a%20b", { id: "a b" }, { id: "a%20b" }],
    ["a comma belongs to a lone simple value in ours; the SDK refuses it", "res://{id}", "res://a,b", { id: "a,b" }, undefined],
    [
      "a simple value stops at ? in ours; the SDK's runs on into the query",
      "res://items/{id}",
      "res://items/1?x=2",
      undefined,
      { id: "1?x=2" },
    ],
    ["{#frag} needs its # in ours; the SDK's pattern leaves the # out", "res://page{#frag}", "res://pageabc", undefined, { frag: "abc" }],
    ["the SDK keeps the # in the value", "res://page{#frag}", "res://page#abc", { frag: "abc" }, { frag: "#abc" }],
    ["a query expression is optional in ours, as RFC 6570 expands it; the SDK needs it", "res://search{?q}", "res://search", {}, undefined],
    [
      "query pairs in any order in ours; the SDK needs the template's order",
      "res://s{?q,r}",
      "res://s?r=1&q=2",
      { r: "1", q: "2" },
      undefined,
    ],
    ["a query pair may be left out in ours", "res://s{?q,r}", "res://s?q=2", { q: "2" }, undefined],
    [
      "{/list*} explodes over / in ours (RFC 6570); over commas in the SDK",
      "res://f{/list*}",
      "res://f/a/b",
      { list: ["a", "b"] },
      undefined,
    ],
    ["an exploded variable is always an array in ours", "res://f{/list*}", "res://f/a", { list: ["a"] }, { list: "a" }],
    ["{a,b} fills both variables in ours; the SDK reads only the first name", "res://{a,b}", "res://1,2", { a: "1", b: "2" }, undefined],
  ])("%s", (_why, template, uri, ours, theirs) => {
    expect(match(template, uri)).toEqual(ours);
    expect(sdk(template, uri)).toEqual(theirs);
  });
});

describe("bounded work on hostile URIs", () => {
  const hostile = [
    `res://${"-".repeat(4000)}`,
    `res://${"a-".repeat(2000)}`,
    `res://${"%".repeat(4000)}`,
    `res://${"%2".repeat(2000)}`,
    `res://${"/".repeat(4000)}`,
    `res://?${"q=1&".repeat(1000)}`,
    `res://${"a.".repeat(1999)}json`,
    `res://${"{}".repeat(2000)}`,
  ];
  const templates = [
    "res://{a}-{b}-{c}-{d}.json",
    "res://{a}{b}{c}",
    "res://{+a}-{+b}-{+c}-{+d}x",
    "res://{/a*}{/b}{/c}x",
    "res://{a}.{b}.{c}.json",
    "res://{+path}{?q,r}{#f}",
    "res://{?q*}",
    "res://{a,b,c,d*}",
  ];

  it("matches every hostile URI of about 4000 characters against every template in under 50 ms each", () => {
    for (const template of templates) {
      const parsed = parseUriTemplate(template);
      for (const uri of hostile) {
        const started = performance.now();
        parsed.match(uri);
        expect({ template, uri: uri.slice(0, 12), ms: performance.now() - started < 50 }).toEqual({
          template,
          uri: uri.slice(0, 12),
          ms: true,
        });
      }
    }
  });

  it("stays linear-ish: 8 templates × 8 hostile URIs, 20 rounds, well under a second", () => {
    const parsed = templates.map(parseUriTemplate);
    const started = performance.now();
    for (let round = 0; round < 20; round++) for (const p of parsed) for (const uri of hostile) p.match(uri);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
