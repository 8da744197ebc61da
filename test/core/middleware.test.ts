/**
 * The middleware chain's rules (src/core/middleware.ts), each pinned: order,
 * the input a middleware sees and cannot change, refused input passing
 * through the chain, answering without the tool, re-entry, a throw or a wrong
 * answer in a middleware, and what a call shows of its host. Calls go through
 * the core's one path (`runTool`), as every host's do.
 */
import { type CallOutcome, defineTool, type Middleware, outcomeOf, type ToolCall, Type, withMiddleware } from "@agntn/tools";
import { describe, expect, it } from "vitest";
import { runTool } from "../../src/core/call.ts";
import type { HostContext } from "../../src/core/context.ts";
import { prepareTool } from "../../src/core/define.ts";

const ran: unknown[] = [];

const echo = defineTool({
  name: "mw_echo",
  title: "Echo",
  description: "Says its text back, and keeps what it was given.",
  effect: "read",
  input: Type.Object(
    { text: Type.String({ minLength: 2 }), tags: Type.Optional(Type.Array(Type.String())) },
    { additionalProperties: false },
  ),
  output: Type.Object({ length: Type.Integer() }, { additionalProperties: false }),
  execute: (input) => {
    ran.push(input);
    return { content: [{ type: "text", text: input.text }], details: { length: input.text.length } };
  },
});

const flaky = (() => {
  let calls = 0;
  return defineTool({
    name: "mw_flaky",
    title: "Flaky",
    description: "Fails its first call, answers the next.",
    effect: "write",
    input: Type.Object({}, { additionalProperties: false }),
    execute: () => {
      calls++;
      if (calls === 1) throw new Error("first call fails");
      return { content: [{ type: "text", text: `call ${calls}` }] };
    },
  });
})();

function call(tool: object, args: unknown, host: HostContext = {}): Promise<CallOutcome> {
  return runTool(prepareTool(tool as never), { args }, host);
}

/** A middleware that writes where it was into `log`, before and after the rest of the chain. */
function marker(name: string, log: string[]): Middleware {
  return async (_call, next) => {
    log.push(`${name} in`);
    const outcome = await next();
    log.push(`${name} out`);
    return outcome;
  };
}

describe("order", () => {
  it("runs the middleware of one withMiddleware in the order given, then the tool", async () => {
    const log: string[] = [];
    const [tool] = withMiddleware([echo], marker("a", log), marker("b", log));
    ran.length = 0;
    expect(await call(tool as object, { text: "hi" })).toMatchObject({ ok: true, text: "hi" });
    expect(log).toEqual(["a in", "b in", "b out", "a out"]);
    expect(ran).toEqual([{ text: "hi" }]);
  });

  it("puts a later withMiddleware outside an earlier one", async () => {
    const log: string[] = [];
    const inner = withMiddleware([echo], marker("a", log));
    const [tool] = withMiddleware(inner, marker("b", log));
    await call(tool as object, { text: "hi" });
    expect(log).toEqual(["b in", "a in", "a out", "b out"]);
  });

  it("leaves the original definitions without a chain", async () => {
    const log: string[] = [];
    withMiddleware([echo], marker("a", log));
    await call(echo, { text: "hi" });
    expect(log).toEqual([]);
  });
});

describe("the input", () => {
  it("is the checked input, frozen: a middleware cannot change what the tool gets", async () => {
    const seen: unknown[] = [];
    const [tool] = withMiddleware([echo], async (toolCall, next) => {
      seen.push(toolCall.input);
      const input = toolCall.input as { text: string; tags: string[] };
      expect(() => {
        input.text = "changed";
      }).toThrow(TypeError);
      expect(() => input.tags.push("more")).toThrow(TypeError);
      return next();
    });
    ran.length = 0;
    const outcome = await call(tool as object, { text: "hi", tags: ["a"] });
    expect(outcome).toMatchObject({ ok: true, text: "hi", details: { length: 2 } });
    expect(seen).toEqual([{ text: "hi", tags: ["a"] }]);
    expect(ran).toEqual([{ text: "hi", tags: ["a"] }]);
  });

  it("stays the checked input after next(), whatever the tool did to the object it was given", async () => {
    const mutating = defineTool({
      name: "mw_mutate",
      title: "Mutate",
      description: "Changes its own input.",
      effect: "read",
      input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
      execute: (input) => {
        (input as { text: string }).text = "mutated by the tool";
        return { content: [{ type: "text", text: "done" }] };
      },
    });
    const after: unknown[] = [];
    const [tool] = withMiddleware([mutating], async (toolCall, next) => {
      const outcome = await next();
      after.push(toolCall.input);
      return outcome;
    });
    expect(await call(tool as object, { text: "checked" })).toMatchObject({ ok: true, text: "done" });
    expect(after).toEqual([{ text: "checked" }]);
  });

  it("passes refused input through the chain: input is undefined and next() answers the refusal without the tool", async () => {
    const seen: Array<{ input: unknown; outcome: CallOutcome }> = [];
    const [tool] = withMiddleware([echo], async (toolCall, next) => {
      const outcome = await next();
      seen.push({ input: toolCall.input, outcome });
      return outcome;
    });
    ran.length = 0;
    const outcome = await call(tool as object, { text: "h", colour: "red" });
    const lines = [
      'Invalid arguments: unknown property "colour"; takes text, tags',
      "Invalid arguments at /text: must not have fewer than 2 characters",
    ];
    expect(outcome).toMatchObject({ ok: false, kind: "input", text: lines.join("\n"), lines });
    expect(seen).toEqual([{ input: undefined, outcome }]);
    expect(ran).toEqual([]);
  });
});

describe("answering without the tool", () => {
  it("answers a refusal made with outcomeOf, and the tool never runs", async () => {
    const refuse: Middleware = (toolCall) =>
      outcomeOf(toolCall, { content: [{ type: "text", text: "Too many calls; try again in a minute." }], isError: true });
    const [tool] = withMiddleware([echo], refuse);
    ran.length = 0;
    expect(await call(tool as object, { text: "hi" })).toEqual({
      ok: false,
      kind: "returned",
      text: "Too many calls; try again in a minute.",
      content: [{ type: "text", text: "Too many calls; try again in a minute." }],
      details: undefined,
      result: { content: [{ type: "text", text: "Too many calls; try again in a minute." }], isError: true },
    });
    expect(ran).toEqual([]);
  });

  it("checks an answer made with outcomeOf as a tool's own: details against the output schema", async () => {
    const [tool] = withMiddleware([echo], (toolCall) =>
      outcomeOf(toolCall, { content: [{ type: "text", text: "cached" }], details: { length: "two" } }),
    );
    expect(await call(tool as object, { text: "hi" })).toEqual({
      ok: false,
      kind: "result",
      text: "mw_echo returned details that don't match its output schema\nat /length: must be integer",
      lines: ["mw_echo returned details that don't match its output schema", "at /length: must be integer"],
    });
  });

  it("answers an outcome kept from an earlier next(): a cache", async () => {
    const kept = new Map<string, CallOutcome>();
    const cache: Middleware = async (toolCall, next) => {
      const key = JSON.stringify(toolCall.input);
      const hit = kept.get(key);
      if (hit) return hit;
      const outcome = await next();
      if (outcome.ok) kept.set(key, outcome);
      return outcome;
    };
    const [tool] = withMiddleware([echo], cache);
    ran.length = 0;
    const first = await call(tool as object, { text: "hi" });
    const second = await call(tool as object, { text: "hi" });
    expect(second).toBe(first);
    expect(ran).toEqual([{ text: "hi" }]);
  });
});

describe("re-entry", () => {
  it("runs the tool again, from its start, each time next() is called", async () => {
    const retry: Middleware = async (_toolCall, next) => {
      const first = await next();
      return first.ok || first.kind !== "thrown" ? first : next();
    };
    const [tool] = withMiddleware([flaky], retry);
    expect(await call(tool as object, {})).toMatchObject({ ok: true, text: "call 2" });
  });
});

describe("a middleware that fails", () => {
  it("is answered as a throw in the tool: one clean line", async () => {
    const [tool] = withMiddleware([echo], () => {
      throw new Error("\u001b[31mquota store\nunreachable");
    });
    expect(await call(tool as object, { text: "hi" })).toMatchObject({
      ok: false,
      kind: "thrown",
      text: "mw_echo failed: quota store unreachable",
    });
  });

  it.each([
    ["undefined", () => undefined, "undefined"],
    ["a plain object", () => ({ content: [] }), "object"],
    ["a success without content", () => ({ ok: true, text: "x", structured: false }), "object"],
  ])("is refused when it answers %s, not a call outcome", async (_case, answer, shown) => {
    const [tool] = withMiddleware([echo], answer as never);
    expect(await call(tool as object, { text: "hi" })).toMatchObject({
      ok: false,
      kind: "thrown",
      text: `mw_echo failed: a middleware answered with ${shown}, not a call outcome`,
    });
  });
});

describe("what a call shows of its host", () => {
  it("names the host, the caller (a frozen copy) and the MCP facts the host gave, and nothing of the tool's context", async () => {
    let seen: ToolCall | undefined;
    const [tool] = withMiddleware([echo], (toolCall, next) => {
      seen = toolCall;
      return next();
    });
    const signal = new AbortController().signal;
    const host: HostContext = {
      signal,
      auth: { clientId: "app", subject: "ada", scopes: ["tools:read"], claims: { sub: "ada" } },
      call: {
        host: "mcp",
        method: "tools/call",
        requestId: 7,
        sessionId: "s-1",
        revision: "2025-11-25",
        meta: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" },
      },
    };
    await call(tool as object, { text: "hi" }, host);
    expect(Object.keys(seen as object).sort()).toEqual(
      ["caller", "host", "input", "kind", "meta", "method", "requestId", "revision", "sessionId", "signal", "tool", "uri"].sort(),
    );
    expect({ ...(seen as ToolCall) }).toEqual({
      kind: "tool",
      uri: undefined,
      tool: { name: "mw_echo", title: "Echo", description: "Says its text back, and keeps what it was given.", effect: "read" },
      input: { text: "hi" },
      host: "mcp",
      caller: { clientId: "app", subject: "ada", scopes: ["tools:read"], claims: { sub: "ada" } },
      method: "tools/call",
      requestId: 7,
      sessionId: "s-1",
      revision: "2025-11-25",
      meta: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" },
      signal,
    });
    expect(Object.isFrozen(seen?.caller?.scopes)).toBe(true);
    expect(Object.isFrozen(seen)).toBe(true);
  });

  it("names invokeTool's calls `invoke`", async () => {
    const { invokeTool } = await import("@agntn/tools");
    let host: string | undefined;
    const [tool] = withMiddleware([echo], (toolCall, next) => {
      host = toolCall.host;
      return next();
    });
    await invokeTool(tool as typeof echo, { text: "hi" });
    expect(host).toBe("invoke");
  });
});

describe("withMiddleware refuses what could never run", () => {
  it("a middleware that is not a function", () => {
    expect(() => withMiddleware([echo], "log" as never)).toThrow(
      "withMiddleware: middleware 1 must be a function (call, next) => outcome, got string",
    );
  });

  it("tools that are not a list", () => {
    expect(() => withMiddleware(echo as never)).toThrow(
      "withMiddleware: the first argument must be an array of tool, resource or prompt definitions",
    );
  });
});
