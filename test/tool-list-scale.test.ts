/**
 * Issue 31: a change to a `createToolList` list looks at the tool it brings in
 * and nothing else, alone and with an MCP server and an HTTP handler
 * following the list, so its cost does not grow with the list. Counted, not
 * timed, so it cannot flake: each tool of a 10,000-tool list reads its fields
 * through a getter that counts, and a change must read none of them; the Map
 * writes a change makes are counted too (a pass over the list would make one
 * per tool at least). The servers make their sets again at their next
 * request, which is where the other tools are read once more.
 */
import { type AnyTool, createToolList, defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it, vi } from "vitest";

const INFO = { name: "scale", version: "1.0.0" };
const COUNT = 10_000;
const input = Type.Object({}, { additionalProperties: false });

/** Reads of a field of any counted tool. */
let reads = 0;

/** A tool whose every field is a getter that counts its reads (enumerable, so it is checked like a plain tool). */
function counted(name: string): AnyTool {
  const fields: Record<string, unknown> = {
    name,
    title: name,
    description: `Answers ${name}.`,
    effect: "read",
    input,
    execute: () => ({ content: [{ type: "text", text: name }] }),
  };
  const tool = {};
  for (const [key, value] of Object.entries(fields)) {
    Object.defineProperty(tool, key, {
      enumerable: true,
      get: () => {
        reads++;
        return value;
      },
    });
  }
  return tool as AnyTool;
}

function plain(name: string): AnyTool {
  return defineTool({
    name,
    title: name,
    description: `Answers ${name}.`,
    effect: "write",
    input,
    execute: () => ({ content: [{ type: "text", text: `${name} here` }] }),
  });
}

const external = (name: string) => ({ listing: { name, inputSchema: { type: "object" as const } }, call: async () => ({ content: [] }) });

/** The Map entries written while `run` runs: a pass over the list would write one per tool at least. */
function mapWrites(run: () => void): number {
  const spy = vi.spyOn(Map.prototype, "set");
  try {
    run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

describe("a change to a 10,000-tool list", () => {
  const tools = Array.from({ length: COUNT }, (_, k) => counted(`tool_${String(k).padStart(5, "0")}`));

  it("alone, writes at most one Map entry per change and reads none of the other tools", () => {
    const list = createToolList(tools);
    reads = 0;
    for (let round = 0; round < 3; round++) {
      expect(mapWrites(() => list.add(plain("added")))).toBeLessThanOrEqual(1);
      expect(mapWrites(() => list.replace(plain("added")))).toBeLessThanOrEqual(1);
      expect(mapWrites(() => list.remove("added"))).toBeLessThanOrEqual(1);
    }
    expect(reads).toBe(0);
    expect(list.tools).toHaveLength(COUNT);
  });

  it("reads none of the other tools and writes a handful of Map entries, alone and followed by both MCP servers", async () => {
    const list = createToolList(tools);
    const server = createMcpServer(INFO, list, { external: [external("outside")] });
    const handler = createMcpHttpHandler(INFO, list, { external: [external("elsewhere")] });
    closing.push(
      () => server.close(),
      () => handler.close(),
    );
    const before = list.tools;
    reads = 0;

    const writes = mapWrites(() => {
      list.add(plain("added"));
      list.replace(plain("added"));
      list.remove("added");
      list.add(plain("again"));
    });
    expect(reads).toBe(0);
    expect(writes).toBeLessThan(20);

    // Refused by each follower's own check, the list unchanged: still only the incoming tool is looked at.
    expect(() => list.add(plain("outside"))).toThrow('Duplicate tool name: "outside"');
    expect(() => list.add(plain("elsewhere"))).toThrow('Duplicate tool name: "elsewhere"');
    expect(() => list.add(plain("tool_00042"))).toThrow('Duplicate tool name "tool_00042": every tool in a list needs its own name');
    expect(reads).toBe(0);

    // The snapshot is made at its first read after the changes, frozen; the one read before is as it was.
    const after = list.tools;
    expect(after).not.toBe(before);
    expect(list.tools).toBe(after);
    expect(Object.isFrozen(after)).toBe(true);
    expect(before).toHaveLength(COUNT);
    expect(after).toHaveLength(COUNT + 1);
    expect(after.at(-1)?.name).toBe("again");
  });

  it("each follower makes its set again at its next request, and serves the change", async () => {
    const list = createToolList(tools);
    const server = createMcpServer(INFO, list);
    // A request made here carries no Host header: the Host check is not what this test is about.
    const handler = createMcpHttpHandler(INFO, list, { allowedHosts: "any" });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const memory = new Client({ name: "scale-test", version: "1.0.0" });
    await memory.connect(clientSide);
    const overHttp = new Client({ name: "scale-test", version: "1.0.0" });
    await overHttp.connect(
      new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    closing.push(
      () => memory.close(),
      () => overHttp.close(),
      () => server.close(),
      () => handler.close(),
    );
    expect((await memory.listTools()).tools).toHaveLength(COUNT);
    expect((await overHttp.listTools()).tools).toHaveLength(COUNT);

    reads = 0;
    list.add(plain("added"));
    expect(reads).toBe(0);
    for (const client of [memory, overHttp]) {
      const listed = (await client.listTools()).tools;
      expect(listed).toHaveLength(COUNT + 1);
      expect(listed.at(-1)?.name).toBe("added");
      expect(await client.callTool({ name: "added", arguments: {} })).toMatchObject({ content: [{ type: "text", text: "added here" }] });
    }
    // The first request after the change read the list again, once: the work moved there, it did not vanish.
    expect(reads).toBeGreaterThan(0);
  });
});

describe("the order of a changing list", () => {
  const names = (list: ReturnType<typeof createToolList>) => list.tools.map((tool) => tool.name);

  it("an added tool goes last, a replacement keeps its place, a removed name comes back last", () => {
    const list = createToolList(["alpha", "beta", "gamma"].map(plain));
    list.remove("beta");
    expect(names(list)).toEqual(["alpha", "gamma"]);
    list.add(plain("beta"));
    list.replace(plain("alpha"));
    expect(names(list)).toEqual(["alpha", "gamma", "beta"]);
    expect(list.remove("delta")).toBe(false);
    expect(list.remove("constructor")).toBe(false);
    expect(list.remove(42 as never)).toBe(false);
    expect(() => list.replace(plain("delta"))).toThrow('No tool named "delta" to replace; add it instead');
  });

  it("stays right through many removals, while the names it no longer holds are let go", () => {
    const list = createToolList(Array.from({ length: 50 }, (_, k) => plain(`tool_${k}`)));
    const expected = Array.from({ length: 50 }, (_, k) => `tool_${k}`);
    for (let k = 0; k < 50; k += 2) {
      expect(list.remove(`tool_${k}`)).toBe(true);
      expected.splice(expected.indexOf(`tool_${k}`), 1);
    }
    for (let k = 0; k < 50; k += 4) {
      list.add(plain(`tool_${k}`));
      expected.push(`tool_${k}`);
    }
    for (let k = 1; k < 50; k += 2) {
      expect(list.remove(`tool_${k}`)).toBe(true);
      expected.splice(expected.indexOf(`tool_${k}`), 1);
    }
    expect(names(list)).toEqual(expected);
    for (const name of [...expected]) expect(list.remove(name)).toBe(true);
    expect(list.tools).toEqual([]);
    expect(list.remove("tool_0")).toBe(false);
    list.add(plain("tool_1"));
    expect(() => list.add(plain("tool_1"))).toThrow('Duplicate tool name "tool_1": every tool in a list needs its own name');
    expect(names(list)).toEqual(["tool_1"]);
  });
});
