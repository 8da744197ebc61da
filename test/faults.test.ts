/**
 * Faults against a built app on loopback (test/fixtures/nuxt-faults, tools in
 * test/fixtures/nuxt-faults-tools.ts), called by the SDK v2 client over
 * Streamable HTTP: a hanging tool cancelled by its client, a client that
 * vanishes while a question is open, progress that fails to send, tools that
 * throw values that are not Errors, tools that return broken results. Each
 * gets a clear answer, the server keeps answering, and its stderr shows no
 * unhandled rejection or uncaught exception.
 */
import { join } from "node:path";
import { callTool } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools as faultTools, MALFORMED_KINDS, THROWN_KINDS } from "./fixtures/nuxt-faults-tools.ts";
import { buildApp, root, type StartedApp, sessionStatus, startApp } from "./fixtures/nuxt-server.ts";

const APP = join(root, "test/fixtures/nuxt-faults");
const info = { name: "agntn-faults" };

let app: StartedApp;
const open: Client[] = [];

beforeAll(async () => {
  await buildApp(APP);
  app = await startApp(APP);
}, 600_000);

afterAll(async () => {
  for (const client of open) await client.close().catch(() => {});
  app?.stop();
});

const mcp = () => new URL("/mcp", app.url);

interface Connected {
  client: Client;
  transport: StreamableHTTPClientTransport;
}

/** An SDK v2 client; with `onForm` it declares form elicitation and answers each form with it. */
async function connect(onForm?: (params: unknown) => Promise<unknown>, modern = false): Promise<Connected> {
  const client = new Client(
    { name: "faults-test", version: "1.0.0" },
    {
      capabilities: onForm ? { elicitation: { form: {} } } : {},
      ...(modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
    },
  );
  if (onForm) client.setRequestHandler("elicitation/create", async (request) => (await onForm(request.params)) as never);
  const transport = new StreamableHTTPClientTransport(mcp());
  await client.connect(transport);
  open.push(client);
  return { client, transport };
}

function textOf(answer: unknown): string | undefined {
  return (answer as { content?: Array<{ text?: string }> }).content?.[0]?.text;
}

async function faultState(client: Client): Promise<string | undefined> {
  return textOf(await client.callTool({ name: "fault_state", arguments: {} }));
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each([
  ["2025-11-25", false],
  ["2026-07-28", true],
] as const)("a tool that hangs until its signal aborts, on %s", (_revision, modern) => {
  it("sees the abort when the client cancels, and the server answers the next call", async () => {
    const { client } = await connect(undefined, modern);
    const controller = new AbortController();
    const call = client.callTool({ name: "fault_hang", arguments: {} }, { signal: controller.signal });
    await until(async () => (await faultState(client))?.startsWith("hang: waiting") === true, "fault_hang to start");
    controller.abort(new Error("the person stopped it"));
    await expect(call).rejects.toThrow("the person stopped it");
    await until(async () => (await faultState(client))?.startsWith("hang: aborted") === true, "the abort to reach execute");
    expect(await faultState(client)).toMatch(/^hang: aborted; /);
    const other = await connect();
    expect(await other.client.callTool({ name: "fault_throw", arguments: { kind: "number" } })).toEqual({
      content: [{ type: "text", text: "fault_throw failed: 42" }],
      isError: true,
    });
  });
});

/** Sends what a client sends to end its session: DELETE with the session id. */
async function endSession(sessionId: string): Promise<number> {
  const response = await fetch(mcp(), { method: "DELETE", headers: { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" } });
  await response.text();
  return response.status;
}

describe("a client that disconnects while a question is open", () => {
  it("leaves the server answering; the question ends with the session", async () => {
    let formSeen = false;
    const asker = await connect(() => {
      formSeen = true;
      return new Promise(() => {}); // the person never answers
    });
    const sessionId = asker.transport.sessionId;
    if (sessionId === undefined) throw new Error("the route gave no session id");
    const call = asker.client.callTool({ name: "fault_ask", arguments: {} });
    call.catch(() => {}); // it rejects on the client's own close; only the server side matters here
    await until(async () => formSeen, "the form to reach the client");
    // The client goes away without a word: its streams are cut, no DELETE, no cancel.
    await asker.client.close();
    const { client } = await connect();
    expect(await client.callTool({ name: "fault_throw", arguments: { kind: "null" } })).toEqual({
      content: [{ type: "text", text: "fault_throw failed: null" }],
      isError: true,
    });
    // Pinned: the SDK's session transport does not notice a cut stream, so the question stays open while the
    // session lives (until its DELETE, or until it has been idle for the route's 30 minutes).
    expect(await faultState(client)).toMatch(/; ask: asking$/);
    expect(await sessionStatus(mcp(), sessionId)).toBe(200);
    // Ending the session takes the question back: execute sees its ask fail (whether the call's signal
    // has aborted by then depends on which of the transport's close steps runs first).
    expect(await endSession(sessionId)).toBe(200);
    await until(async () => /; ask: ask failed(, call aborted)?$/.test((await faultState(client)) ?? ""), "the question to end");
    expect(await sessionStatus(mcp(), sessionId)).toBe(404);
  });
});

describe("progress that fails to send", () => {
  it("still delivers the answer and the progress lines that did go out", async () => {
    const { client } = await connect();
    const reports: unknown[] = [];
    const answer = await client.callTool({ name: "fault_progress", arguments: {} }, { onprogress: (report) => reports.push(report) });
    expect(answer).toEqual({ content: [{ type: "text", text: "four steps done" }] });
    expect(answer).toEqual(await callTool(info, faultTools, "fault_progress", {}));
    expect(reports).toEqual([
      { progress: 1, total: 4, message: "step 1 of 4" },
      { progress: 4, total: 4, message: "step 4 of 4" },
    ]);
  });
});

describe("a tool that throws a value that is not an Error", () => {
  const expected: Record<string, string> = {
    string: "fault_throw failed: quota exceeded red",
    undefined: "fault_throw failed: undefined",
    null: "fault_throw failed: null",
    number: "fault_throw failed: 42",
    "hostile toString": "fault_throw failed: unprintable value",
    "error with a hostile message": "fault_throw failed: unprintable value",
  };

  it.each(THROWN_KINDS.filter((kind) => kind !== "hostile everything"))(
    "answers a clear isError for %s, as callTool does",
    async (kind) => {
      const { client } = await connect();
      const answer = await client.callTool({ name: "fault_throw", arguments: { kind } });
      expect(answer).toEqual({ content: [{ type: "text", text: expected[kind] }], isError: true });
      expect(answer).toEqual(await callTool(info, faultTools, "fault_throw", { kind }));
    },
  );

  it("answers a clear isError for a thrown Proxy that throws on every look", async () => {
    const { client } = await connect();
    const answer = await client.callTool({ name: "fault_throw", arguments: { kind: "hostile everything" } });
    expect(answer).toEqual({ content: [{ type: "text", text: "fault_throw failed: unprintable value" }], isError: true });
    expect(answer).toEqual(await callTool(info, faultTools, "fault_throw", { kind: "hostile everything" }));
  });
});

describe("a tool that returns a malformed result", () => {
  const expected: Record<string, string> = {
    "no content": "content must be an array of content blocks, got undefined",
    "content not an array": "content must be an array of content blocks, got string",
    "content of objects": "content[0] has no type; expected one of text, image, audio, resource_link, resource",
    "isError not a boolean": "isError must be a boolean",
    null: "expected { content, details?, isError? }, got null",
    undefined: "expected { content, details?, isError? }, got undefined",
    "a string": "expected { content, details?, isError? }, got string",
  };

  it.each(MALFORMED_KINDS)("answers a clear isError for %s, as callTool does", async (kind) => {
    const { client } = await connect();
    const answer = await client.callTool({ name: "fault_malformed", arguments: { kind } });
    expect(answer).toEqual({
      content: [{ type: "text", text: `fault_malformed returned a malformed result: ${expected[kind]}` }],
      isError: true,
    });
    expect(answer).toEqual(await callTool(info, faultTools, "fault_malformed", { kind }));
  });
});

describe("the server after every fault", () => {
  it("is still running and printed no unhandled rejection or uncaught exception", async () => {
    const { client } = await connect();
    expect(textOf(await client.callTool({ name: "fault_state", arguments: {} }))).toMatch(/^hang: /);
    expect(app.process.exitCode).toBeNull();
    expect(app.stderr()).not.toMatch(/unhandled|uncaught/i);
  });
});
