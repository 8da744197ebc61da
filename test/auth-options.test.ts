/**
 * The `auth` option checked at start-up, table by table: every malformed
 * part stops the server with one line (never a server that quietly skips the
 * check), scopes follow effects with the heavier covering the lighter, and
 * the metadata answers only reads.
 */
import { ToolDefinitionError } from "@agntn/tools";
import { createJwtVerifier, createMcpHttpHandler } from "@agntn/tools/mcp";
import { describe, expect, it } from "vitest";
import { createAuthGate } from "../src/mcp/auth.ts";
import { DEFAULT_SCOPES, mayCall } from "../src/protocol/scopes.ts";
import { tools } from "./fixtures/demo-tools.ts";

const verifier = { verifyAccessToken: async () => ({ token: "t", clientId: "c", scopes: [] }) };
const good = { verifier, resource: "https://tools.example.com/mcp", authorizationServers: ["https://auth.example.com"] };

describe("the auth option refuses what could never check a token, naming the function it was given to", () => {
  it.each([
    ["not an object", "on", "auth: options must be an object"],
    [
      "a misspelt key",
      { ...good, resourse: "x" },
      'auth: unknown option "resourse"; the options are verifier, resource, authorizationServers, scopes, resourceName, documentation, hideOutOfScope',
    ],
    ["no verifier", { ...good, verifier: undefined }, "auth.verifier must have verifyAccessToken(token)"],
    [
      "a verifier without verifyAccessToken",
      { ...good, verifier: { verify: () => {} } },
      "auth.verifier must have verifyAccessToken(token)",
    ],
    ["no resource", { ...good, resource: undefined }, "auth.resource must be an absolute http(s) URL, got undefined"],
    ["a relative resource", { ...good, resource: "/mcp" }, 'auth.resource must be an absolute http(s) URL, got "/mcp"'],
    [
      "a resource as host:port",
      { ...good, resource: "localhost:3000/mcp" },
      'auth.resource must be an absolute http(s) URL, got "localhost:3000/mcp"',
    ],
    ["no authorization servers", { ...good, authorizationServers: [] }, "auth.authorizationServers must list at least one issuer URL"],
    [
      "an issuer that is no URL",
      { ...good, authorizationServers: ["auth"] },
      'auth.authorizationServers[0] must be an absolute http(s) URL, got "auth"',
    ],
    [
      "an issuer with a misspelt scheme",
      { ...good, authorizationServers: ["https://auth.example.com", "htps://login.example.com"] },
      'auth.authorizationServers[1] must be an absolute http(s) URL, got "htps://login.example.com"',
    ],
    [
      "a documentation link that is no web page",
      { ...good, documentation: "javascript:alert(1)" },
      'auth.documentation must be an absolute http(s) URL, got "javascript:alert(1)"',
    ],
    [
      "an unknown effect",
      { ...good, scopes: { admin: "x" } },
      'auth.scopes: unknown effect "admin"; the effects are read, write, destructive',
    ],
    [
      "a scope with a space",
      { ...good, scopes: { read: "read all" } },
      "auth.scopes.read must be a scope name (printable ASCII, no spaces, quotes or backslashes)",
    ],
    ["two effects on one scope", { ...good, scopes: { write: "tools:read" } }, "auth.scopes: each effect needs its own scope name"],
    [
      "__proto__ as an effect",
      { ...good, scopes: JSON.parse('{"__proto__": "x"}') },
      'auth.scopes: unknown effect "__proto__"; the effects are read, write, destructive',
    ],
  ])("%s", (_case, options, message) => {
    // Checked when the handler is made, not on the first request, and a ToolDefinitionError as every option check is.
    const make = () => createMcpHttpHandler({ name: "x", version: "1" }, tools, { auth: options as never });
    expect(make).toThrow(`createMcpHttpHandler: ${message}`);
    expect(make).toThrow(ToolDefinitionError);
  });
});

describe("scopes from effects", () => {
  const renamed = createAuthGate({ ...good, scopes: { destructive: "notes:admin" } }).scopes;

  it("defaults to tools:read, tools:write, tools:destructive; a rename changes one name only", () => {
    expect(DEFAULT_SCOPES).toEqual({ read: "tools:read", write: "tools:write", destructive: "tools:destructive" });
    expect(renamed).toEqual({ read: "tools:read", write: "tools:write", destructive: "notes:admin" });
  });

  it.each([
    [["tools:read"], { read: true, write: false, destructive: false }],
    [["tools:write"], { read: true, write: true, destructive: false }],
    [["tools:destructive"], { read: true, write: true, destructive: true }],
    [["tools:read", "tools:destructive"], { read: true, write: true, destructive: true }],
    [["openid", "profile"], { read: false, write: false, destructive: false }],
    [[], { read: false, write: false, destructive: false }],
  ])("a token with %j may call", (scopes, expected) => {
    const may = (effect: "read" | "write" | "destructive") => mayCall({ scopes }, effect, DEFAULT_SCOPES);
    expect({ read: may("read"), write: may("write"), destructive: may("destructive") }).toEqual(expected);
  });

  it("a renamed scope counts, the old name no longer does", () => {
    expect(mayCall({ scopes: ["notes:admin"] }, "write", renamed)).toBe(true);
    expect(mayCall({ scopes: ["tools:destructive"] }, "destructive", renamed)).toBe(false);
  });
});

describe("the metadata document", () => {
  const gate = createAuthGate({ ...good, resourceName: "Notes\u001b[31m\nSlugs", documentation: "https://tools.example.com/docs" });

  it("sits at the well-known path for the resource's path, and names everything a client needs", async () => {
    expect(gate.metadataPath).toBe("/.well-known/oauth-protected-resource/mcp");
    expect(gate.metadataPaths).toEqual(["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]);
    expect(gate.metadataUrl).toBe("https://tools.example.com/.well-known/oauth-protected-resource/mcp");
    const response = gate.metadata(new Request(gate.metadataUrl));
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({
      resource: "https://tools.example.com/mcp",
      authorization_servers: ["https://auth.example.com"],
      scopes_supported: ["tools:read", "tools:write", "tools:destructive"],
      bearer_methods_supported: ["header"],
      resource_name: "Notes Slugs",
      resource_documentation: "https://tools.example.com/docs",
    });
  });

  it.each(["POST", "PUT", "DELETE"])("answers %s with 405", (method) => {
    const response = gate.metadata(new Request(gate.metadataUrl, { method }));
    expect([response.status, response.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });
});

describe("a verifier that fails on its own (keys unreachable) refuses the request; it never answers 500 with its error", () => {
  it("answers 401 invalid_token with a fixed description", async () => {
    const broken = { verifyAccessToken: async () => Promise.reject(new Error("ECONNREFUSED 10.0.0.1:443 at fetchKeys")) };
    const gate = createAuthGate({ ...good, verifier: broken });
    const answer = await gate.authenticate(new Request(good.resource, { headers: { authorization: "Bearer abc" } }));
    if (!(answer instanceof Response)) throw new Error("expected a refusal");
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: "invalid_token", error_description: "The access token could not be verified" });
  });
});

describe("createJwtVerifier refuses settings that would accept forged tokens", () => {
  it.each([
    ["HMAC", { algorithms: ["HS256"] }, "createJwtVerifier: algorithms must name asymmetric algorithms (none and HMAC are refused)"],
    ["none", { algorithms: ["none"] }, "createJwtVerifier: algorithms must name asymmetric algorithms (none and HMAC are refused)"],
    [
      "a misspelt key",
      { audiences: "x" },
      'createJwtVerifier: unknown option "audiences"; the options are issuer, audience, jwksUri, algorithms, clockToleranceSeconds',
    ],
    ["no issuer", { issuer: "" }, "createJwtVerifier: issuer must be the issuer URL"],
    // Each URL is read when the verifier is made: read at the first token, it refused every token as invalid.
    [
      "an issuer with no scheme",
      { issuer: "auth.example.com" },
      'createJwtVerifier: issuer must be an absolute http(s) URL, got "auth.example.com"',
    ],
    ["no audience", { audience: undefined }, "createJwtVerifier: audience must be an absolute http(s) URL, got undefined"],
    ["a relative audience", { audience: "/mcp" }, 'createJwtVerifier: audience must be an absolute http(s) URL, got "/mcp"'],
    [
      "an audience of another scheme",
      { audience: "urn:tools:mcp" },
      'createJwtVerifier: audience must be an absolute http(s) URL, got "urn:tools:mcp"',
    ],
    ["a jwksUri that is a path", { jwksUri: "keys.json" }, 'createJwtVerifier: jwksUri must be an absolute http(s) URL, got "keys.json"'],
    ["a jwksUri of the wrong kind", { jwksUri: 42 }, "createJwtVerifier: jwksUri must be an absolute http(s) URL, got a number"],
    [
      "a line break in an audience",
      { audience: "x\n\u001b[31mforged" },
      'createJwtVerifier: audience must be an absolute http(s) URL, got "x\\n\\u001b[31mforged"',
    ],
    [
      "a tolerance as text",
      { clockToleranceSeconds: "5" },
      "createJwtVerifier: clockToleranceSeconds must be a number of seconds, 0 or more",
    ],
    [
      "a negative tolerance",
      { clockToleranceSeconds: -1 },
      "createJwtVerifier: clockToleranceSeconds must be a number of seconds, 0 or more",
    ],
  ])("%s", (_case, change, message) => {
    const make = () =>
      createJwtVerifier({ issuer: "https://auth.example.com", audience: "https://tools.example.com/mcp", ...change } as never);
    expect(make).toThrow(message);
    expect(make).toThrow(ToolDefinitionError);
  });
});
