/**
 * The Middleware page's three examples (docs/examples/middleware-*.ts), each
 * run through the core's call path with the caller an HTTP host would give,
 * and the page's server, which puts all three around the demo tools, run over
 * stdio as a client would start it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Caller, definePrompt, defineResource, defineTool, type HostContext, Type, withMiddleware } from "@agntn/tools";
import { callTool, createMcpServer } from "@agntn/tools/mcp";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog } from "../docs/examples/middleware-audit.ts";
import { readCache } from "../docs/examples/middleware-cache.ts";
import { rateLimit } from "../docs/examples/middleware-rate-limit.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const INFO = { name: "notes" };

/** How many times each tool's `execute` ran. */
const runs = new Map<string, number>();
const ran = (name: string) => runs.set(name, (runs.get(name) ?? 0) + 1);

const lookup = defineTool({
  name: "notes_lookup",
  title: "Look Up",
  description: "Finds a note by its title.",
  effect: "read",
  input: Type.Object({ title: Type.String({ minLength: 1 }), secret: Type.Optional(Type.String()) }, { additionalProperties: false }),
  execute({ title }) {
    ran("notes_lookup");
    if (title === "missing") return { content: [{ type: "text", text: `No note "${title}".` }], isError: true };
    return { content: [{ type: "text", text: `${title}: ${runs.get("notes_lookup")}` }] };
  },
});

const save = defineTool({
  name: "notes_save",
  title: "Save",
  description: "Saves a note.",
  effect: "write",
  input: Type.Object({ title: Type.String() }, { additionalProperties: false }),
  execute({ title }) {
    ran("notes_save");
    if (title === "boom") throw new Error("the disk is full");
    return { content: [{ type: "text", text: `saved ${title} (${runs.get("notes_save")})` }] };
  },
});

/** The context an HTTP host with authorization gives a call: the caller, and its own name. */
function as(subject: string | undefined, clientId = "app"): HostContext {
  const auth: Caller = { clientId, scopes: ["tools:read", "tools:write"], claims: {} };
  if (subject) auth.subject = subject;
  return { auth, call: { host: "mcp", method: "tools/call" } };
}
const ANONYMOUS: HostContext = { call: { host: "cli" } };

const text = (result: { content: unknown[] }) => (result.content as { text: string }[]).map((block) => block.text).join("\n");

beforeEach(() => {
  runs.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-01T10:00:00.000Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("middleware-rate-limit.ts", () => {
  const tools = withMiddleware([lookup, save], rateLimit({ calls: 2, windowMs: 60_000 }));
  const call = (host: HostContext, title = "a") => callTool(INFO, tools, "notes_lookup", { title }, host);
  const refused = (seconds: number) => ({
    content: [{ type: "text", text: `Too many calls: at most 2 every 60 s per caller. Try again in ${seconds} s.` }],
    isError: true,
  });

  it("lets each caller make `calls` calls a window and refuses the next with when to try again, without running the tool", async () => {
    expect(text(await call(as("ada")))).toBe("a: 1");
    vi.setSystemTime(new Date("2026-12-01T10:00:20.000Z"));
    expect(text(await call(as("ada")))).toBe("a: 2");
    vi.setSystemTime(new Date("2026-12-01T10:00:39.500Z"));
    expect(await call(as("ada"))).toEqual(refused(21));
    expect(runs.get("notes_lookup")).toBe(2);
    // Another caller has a window of its own; a caller without a subject is known by its client.
    expect(text(await call(as("bob")))).toBe("a: 3");
    expect(text(await call(as(undefined, "cron")))).toBe("a: 4");
    // Every tool of the list counts against the same window.
    expect(await callTool(INFO, tools, "notes_save", { title: "x" }, as("ada"))).toEqual(refused(21));
    // The window ends: ada may call again.
    vi.setSystemTime(new Date("2026-12-01T10:01:00.000Z"));
    expect(text(await call(as("ada")))).toBe("a: 5");
  });

  it("counts every call without a caller (stdio, Pi, the command line) in one window", async () => {
    await call(ANONYMOUS);
    await call({});
    expect(await call(ANONYMOUS)).toEqual(refused(60));
  });

  it("counts refused input too: the call reached the server", async () => {
    expect(text(await callTool(INFO, tools, "notes_lookup", { title: "" }, as("cy")))).toBe(
      "Invalid arguments at /title: must not have fewer than 1 characters",
    );
    await call(as("cy"));
    expect(await call(as("cy"))).toEqual(refused(60));
  });
});

describe("middleware-audit.ts", () => {
  const lines: string[] = [];
  const tools = withMiddleware(
    [lookup, save],
    auditLog((line) => lines.push(line)),
  );
  beforeEach(() => {
    lines.length = 0;
  });

  it("writes one line per call after it ends: time, duration, host, caller, tool, effect and outcome", async () => {
    await callTool(INFO, tools, "notes_lookup", { title: "a" }, as("ada"));
    await callTool(INFO, tools, "notes_lookup", { title: "missing" }, as(undefined, "cron"));
    await callTool(INFO, tools, "notes_save", { title: "boom" }, ANONYMOUS);
    await callTool(INFO, tools, "notes_save", { title: 7 }, ANONYMOUS);
    const line = { time: "2026-12-01T10:00:00.000Z", ms: 0 };
    expect(lines.map((entry) => JSON.parse(entry))).toEqual([
      { ...line, host: "mcp", caller: "ada", kind: "tool", tool: "notes_lookup", effect: "read", outcome: "ok" },
      { ...line, host: "mcp", caller: "cron", kind: "tool", tool: "notes_lookup", effect: "read", outcome: "returned" },
      { ...line, host: "cli", caller: null, kind: "tool", tool: "notes_save", effect: "write", outcome: "thrown" },
      { ...line, host: "cli", caller: null, kind: "tool", tool: "notes_save", effect: "write", outcome: "input" },
    ]);
  });

  it("never writes the arguments or the answer", async () => {
    await callTool(INFO, tools, "notes_lookup", { title: "diary", secret: "hunter2" }, as("ada"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/diary|hunter2/);
  });

  it("writes the line the page shows, key for key", async () => {
    const page = readFileSync(join(root, "docs/content/1.guide/08.middleware.md"), "utf8");
    const shown = JSON.parse(/^```json\n(.*)\n```$/m.exec(page)?.[1] ?? "null") as Record<string, unknown>;
    await callTool(INFO, tools, "notes_lookup", { title: "a" }, as("ada"));
    const written = JSON.parse(lines[0] as string) as Record<string, unknown>;
    expect(Object.keys(shown)).toEqual(Object.keys(written));
    expect({ ...shown, tool: "notes_lookup", time: written.time, ms: written.ms }).toEqual(written);
  });

  it("writes to stderr by default, one line each, so a stdio server's stdout stays the protocol's", async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await callTool(INFO, withMiddleware([lookup], auditLog()), "notes_lookup", { title: "a" }, ANONYMOUS);
    } finally {
      spy.mockRestore();
    }
    expect(written).toEqual([
      '{"time":"2026-12-01T10:00:00.000Z","ms":0,"host":"cli","caller":null,"kind":"tool","tool":"notes_lookup","effect":"read","outcome":"ok"}\n',
    ]);
  });
});

describe("middleware-cache.ts", () => {
  let tools: ReturnType<typeof withMiddleware<typeof lookup | typeof save>> = [];
  beforeEach(() => {
    tools = withMiddleware([lookup, save], readCache({ ttlMs: 30_000, maxEntries: 2 }));
  });
  const look = (title: string, host = as("ada")) => callTool(INFO, tools, "notes_lookup", { title }, host);

  it("answers a repeated call of a read tool from memory until the time to live ends", async () => {
    expect(text(await look("a"))).toBe("a: 1");
    expect(text(await look("a"))).toBe("a: 1");
    expect(runs.get("notes_lookup")).toBe(1);
    vi.setSystemTime(new Date("2026-12-01T10:00:30.000Z"));
    expect(text(await look("a"))).toBe("a: 2");
  });

  it("keys by the checked input and by caller: other input, or another caller, runs the tool", async () => {
    await look("a");
    expect(text(await look("b"))).toBe("b: 2");
    expect(text(await look("a", as("bob")))).toBe("a: 3");
    expect(text(await look("a", ANONYMOUS))).toBe("a: 4");
    expect(runs.get("notes_lookup")).toBe(4);
  });

  it("keeps only successes, of read tools, for input that passed the check", async () => {
    await look("missing");
    await look("missing");
    expect(runs.get("notes_lookup")).toBe(2);
    await callTool(INFO, tools, "notes_save", { title: "x" }, as("ada"));
    expect(text(await callTool(INFO, tools, "notes_save", { title: "x" }, as("ada")))).toBe("saved x (2)");
    const refusal = "Invalid arguments at /title: must not have fewer than 1 characters";
    expect(text(await look(""))).toBe(refusal);
    expect(text(await look(""))).toBe(refusal);
    expect(runs.get("notes_lookup")).toBe(2);
  });

  it("forgets the oldest entry once full", async () => {
    await look("a");
    await look("b");
    await look("c");
    expect(text(await look("b"))).toBe("b: 2");
    expect(text(await look("a"))).toBe("a: 4");
  });
});

describe("middleware-cache.ts around reads and gets, as the Nuxt route puts one list around all three", () => {
  it("keeps each read by its URI and a prompt apart from a tool of its name; a hit goes out as the read or get made it", async () => {
    const made = { a: 0, b: 0, prompt: 0 };
    const cache = readCache({ ttlMs: 30_000 });
    // Two resources with one name (names are for people), and a prompt named as a tool is.
    const resources = withMiddleware(
      [
        defineResource({ name: "Note", uri: "notes://a", read: () => `note a, read ${++made.a}` }),
        defineResource({ name: "Note", uri: "notes://b", read: () => `note b, read ${++made.b}` }),
      ],
      cache,
    );
    const prompts = withMiddleware(
      [
        definePrompt({
          name: "notes_lookup",
          arguments: Type.Object({ title: Type.String() }),
          get: ({ title }) => ({
            description: `Looking up ${title}`,
            messages: [{ role: "assistant", content: `Which note is called ${title}? (${++made.prompt})` }],
          }),
        }),
      ],
      cache,
    );
    const server = createMcpServer({ name: "notes", version: "1.0.0" }, withMiddleware([lookup], cache), { resources, prompts });
    const client = new Client({ name: "docs-middleware", version: "1.0.0" });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const noteA = [{ uri: "notes://a", text: "note a, read 1" }];
      expect((await client.readResource({ uri: "notes://a" })).contents).toEqual(noteA);
      expect((await client.readResource({ uri: "notes://a" })).contents).toEqual(noteA);
      expect((await client.readResource({ uri: "notes://b" })).contents).toEqual([{ uri: "notes://b", text: "note b, read 1" }]);
      expect((await client.callTool({ name: "notes_lookup", arguments: { title: "x" } })).content).toEqual([
        { type: "text", text: "x: 1" },
      ]);
      const got = {
        description: "Looking up x",
        messages: [{ role: "assistant", content: { type: "text", text: "Which note is called x? (1)" } }],
      };
      expect(await client.getPrompt({ name: "notes_lookup", arguments: { title: "x" } })).toEqual(got);
      expect(await client.getPrompt({ name: "notes_lookup", arguments: { title: "x" } })).toEqual(got);
      expect(made).toEqual({ a: 1, b: 1, prompt: 1 });
      expect(runs.get("notes_lookup")).toBe(1);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

/** A docs example run as an MCP server over stdio, its stderr (where the audit lines go) kept apart from stdout. */
async function stdioExample(file: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--conditions=agntn-source", join(root, "docs/examples", file)],
    cwd: root,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "docs-middleware", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe("the page's server: all three around the demo tools, over stdio", () => {
  it("audits each call on stderr, one line each, and keeps stdout for MCP", async () => {
    vi.useRealTimers();
    const { client, stderr } = await stdioExample("middleware-server.ts");
    const args = { text: "Crème Brûlée, Part 2" };
    const first = await client.callTool({ name: "text_slug", arguments: args });
    const second = await client.callTool({ name: "text_slug", arguments: args });
    const bad = await client.callTool({ name: "text_slug", arguments: { txt: "x" } });
    await client.close();
    expect(second).toEqual(first);
    expect(first.content).toEqual([{ type: "text", text: "creme-brulee-part-2" }]);
    expect(bad.isError).toBe(true);
    const audit = stderr()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(audit.map(({ host, caller, tool, effect, outcome }) => ({ host, caller, tool, effect, outcome }))).toEqual([
      { host: "mcp", caller: null, tool: "text_slug", effect: "read", outcome: "ok" },
      { host: "mcp", caller: null, tool: "text_slug", effect: "read", outcome: "ok" },
      { host: "mcp", caller: null, tool: "text_slug", effect: "read", outcome: "input" },
    ]);
    for (const line of audit) expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe("middleware-catalog.ts: one chain around the tools, the resources and the prompt, over stdio", () => {
  it("audits reads and gets beside calls, and counts them all against one allowance", async () => {
    vi.useRealTimers();
    const { client, stderr } = await stdioExample("middleware-catalog.ts");
    try {
      expect((await client.readResource({ uri: "docs://guides/install" })).contents).toEqual([
        { uri: "docs://guides/install", mimeType: "text/plain", text: "Run npm install, then npm start." },
      ]);
      expect((await client.getPrompt({ name: "explain_guide", arguments: { slug: "deploy" } })).messages).toHaveLength(2);
      await expect(client.getPrompt({ name: "explain_guide", arguments: { level: "guru" } })).rejects.toMatchObject({
        code: -32602,
        message: "Invalid arguments at /: must have required properties slug\nInvalid arguments at /level: must be one of beginner, expert",
      });
      await expect(client.readResource({ uri: "docs://guides/upgrade" })).rejects.toMatchObject({
        code: -32603,
        message: "Guide failed: there is no guide called upgrade",
      });
      expect((await client.callTool({ name: "text_slug", arguments: { text: "Read Me" } })).content).toEqual([
        { type: "text", text: "read-me" },
      ]);
      // 55 more requests fill the allowance of 60; the next read is refused by the rate limit, in its own line.
      for (let i = 0; i < 55; i++) await client.readResource({ uri: "docs://changelog" });
      await expect(client.readResource({ uri: "docs://changelog" })).rejects.toMatchObject({
        code: -32603,
        message: expect.stringMatching(/^Too many calls: at most 60 every 60 s per caller\. Try again in \d+ s\.$/),
      });
    } finally {
      await client.close();
    }
    const audit = stderr()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .map(({ host, caller, kind, tool, effect, outcome }) => ({ host, caller, kind, tool, effect, outcome }));
    const read = { host: "mcp", caller: null, effect: "read" };
    expect(audit.slice(0, 5)).toEqual([
      { ...read, kind: "resource", tool: "Guide", outcome: "ok" },
      { ...read, kind: "prompt", tool: "explain_guide", outcome: "ok" },
      { ...read, kind: "prompt", tool: "explain_guide", outcome: "input" },
      { ...read, kind: "resource", tool: "Guide", outcome: "thrown" },
      { ...read, kind: "tool", tool: "text_slug", outcome: "ok" },
    ]);
    expect(audit.slice(5)).toHaveLength(56);
    expect(audit.at(-1)).toEqual({ ...read, kind: "resource", tool: "Changelog", outcome: "returned" });
  });
});
