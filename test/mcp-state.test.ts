/**
 * The state a 2026-07-28 question flow carries between rounds: sealed with or
 * without a key, bound to its call, expiring, holding only fitted answers;
 * and the options that configure it, checked when given.
 */
import { ToolDefinitionError, Type } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { serve } from "srvx";
import { describe, expect, it } from "vitest";
import { prepareQuestion } from "../src/core/questions.ts";
import { createStateSeal } from "../src/mcp/state-seal.ts";
import { callDigest, type RoundState, runRound, unsignedSeal } from "../src/protocol/replay.ts";
import { tools as demoTools } from "./fixtures/demo-tools.ts";

const KEY = "k".repeat(32);
const ctx = {} as never;
const state: RoundState = { v: 2, d: "digest", answers: [{ f: "fp", r: { action: "accept", content: { ok: true } } }], pending: "next" };

describe("unsignedSeal", () => {
  it("opens what it sealed, until it expires", async () => {
    let now = 1_000_000_000_000;
    const seal = unsignedSeal(60, () => now);
    const text = await seal.seal(state);
    expect(text.startsWith("u1.")).toBe(true);
    expect(await seal.open(text)).toEqual(state);
    now += 61_000;
    expect(await seal.open(text)).toBeUndefined();
  });

  it.each([
    ["empty", ""],
    ["another format", "v1.abc.def"],
    ["not base64", "u1.!!!"],
    ["not JSON", `u1.${Buffer.from("nope").toString("base64url")}`],
    ["no expiry", `u1.${Buffer.from(JSON.stringify({ p: state })).toString("base64url")}`],
  ])("reads %s as nothing", async (_, text) => {
    expect(await unsignedSeal(60).open(text)).toBeUndefined();
  });
});

describe("createStateSeal with a key", () => {
  it("opens its own states and refuses a changed one or one signed with another key", async () => {
    const seal = createStateSeal({ requestStateKey: KEY })(ctx);
    const text = await seal.seal(state);
    expect(text.startsWith("v1.")).toBe(true);
    expect(await seal.open(text)).toEqual(state);
    const [version, body, mac] = text.split(".") as [string, string, string];
    const changed = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { p: RoundState };
    changed.p.pending = "forged";
    expect(await seal.open([version, Buffer.from(JSON.stringify(changed)).toString("base64url"), mac].join("."))).toBeUndefined();
    expect(await createStateSeal({ requestStateKey: "z".repeat(32) })(ctx).open(text)).toBeUndefined();
  });

  it("is made once per options object", () => {
    const options = { requestStateKey: KEY };
    expect(createStateSeal(options)).toBe(createStateSeal(options));
  });
});

describe("the state key's options, checked when a server or handler is made", () => {
  const info = { name: "keys", version: "1" };
  it.each([
    [{ requestStateKey: "short" }, "requestStateKey must be at least 32 bytes (it has 5); use e.g. `openssl rand -base64 32`"],
    [{ requestStateKey: 42 }, "requestStateKey must be a string or a Uint8Array"],
    [{ requestStateTtlSeconds: 0 }, "requestStateTtlSeconds must be a whole number of seconds, at least 1"],
    [{ requestStateTtlSeconds: 1.5 }, "requestStateTtlSeconds must be a whole number of seconds, at least 1"],
  ])("refuses %j, naming the function", (options, message) => {
    expect(() => createMcpServer(info, [], options as never)).toThrow(new ToolDefinitionError(`createMcpServer: ${message}`));
    expect(() => createMcpHttpHandler(info, [], options as never)).toThrow(new ToolDefinitionError(`createMcpHttpHandler: ${message}`));
  });

  it("counts bytes, not characters, and takes a Uint8Array", () => {
    expect(() => createMcpServer(info, [], { requestStateKey: "é".repeat(16) })).not.toThrow();
    expect(() => createMcpServer(info, [], { requestStateKey: new Uint8Array(32) })).not.toThrow();
  });

  it("stops createMcpHttpHandler at construction", () => {
    expect(() => createMcpHttpHandler({ name: "x", version: "1" }, demoTools, { requestStateKey: "short" })).toThrow(
      "requestStateKey must be at least 32 bytes",
    );
  });
});

describe("callDigest", () => {
  it("tells calls apart by name and by arguments, and gives one call the same digest twice", async () => {
    const a = await callDigest("files_rename", { names: ["a"] });
    expect(await callDigest("files_rename", { names: ["a"] })).toBe(a);
    expect(await callDigest("files_rename", { names: ["b"] })).not.toBe(a);
    expect(await callDigest("files_other", { names: ["a"] })).not.toBe(a);
    expect(await callDigest("files_rename", undefined)).toBe(await callDigest("files_rename", null));
  });
});

describe("runRound", () => {
  const question = prepareQuestion("state_test", { message: "Which?", schema: Type.Object({ pick: Type.Enum(["a", "b"]) }) });
  const seal = unsignedSeal(60);

  async function ask(requestState: unknown, reply: unknown, digest = "d1") {
    return runRound({ seal, digest, requestState, responses: { question: reply } }, undefined, async (askOne) => {
      const first = await askOne(question);
      const second = await askOne(question);
      return [first, second];
    });
  }

  it("keeps only the fitted answer in the next state, never the rest of the client's reply", async () => {
    const first = await ask(undefined, undefined);
    if (first.kind !== "input") throw new Error("expected a question");
    const junk = { action: "accept", content: { pick: "a" }, junk: "x".repeat(10_000) };
    const second = await ask(first.requestState, junk);
    if (second.kind !== "input") throw new Error("expected the second question");
    const opened = (await seal.open(second.requestState)) as RoundState;
    expect(opened.answers).toEqual([{ f: question.fingerprint, r: { action: "accept", content: { pick: "a" } } }]);
    expect(second.requestState.length).toBeLessThan(400);
    const done = await ask(second.requestState, { action: "accept", content: { pick: "b" } });
    expect(done).toEqual({
      kind: "done",
      result: [
        { action: "accept", content: { pick: "a" } },
        { action: "accept", content: { pick: "b" } },
      ],
    });
  });

  it("asks from the start when the state was made for another call", async () => {
    const first = await ask(undefined, undefined, "d1");
    if (first.kind !== "input") throw new Error("expected a question");
    const other = await ask(first.requestState, { action: "accept", content: { pick: "a" } }, "d2");
    if (other.kind !== "input") throw new Error("expected a question");
    expect(((await seal.open(other.requestState)) as RoundState).answers).toEqual([]);
  });

  it("ends the round with the form even when the tool returns on the abort", async () => {
    const outcome = await runRound(
      { seal, digest: "d", requestState: undefined, responses: undefined },
      undefined,
      async (askOne, signal) => {
        void askOne(question);
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
        return "returned after the abort";
      },
    );
    expect(outcome.kind).toBe("input");
  });
});

describe("createMcpHttpHandler with sessions: false", () => {
  it("answers a 2025 client request by request: no session id, calls and progress work, GET is 405", async () => {
    const handler = createMcpHttpHandler({ name: "stateless", version: "1.0.0" }, demoTools, { sessions: false });
    const server = serve({ hostname: "127.0.0.1", port: 0, silent: true, fetch: (request) => handler.fetch(request) });
    await server.ready();
    const url = new URL("/mcp", server.url);
    const client = new ClientV1({ name: "v1", version: "1.0.0" });
    const transport = new TransportV1(url);
    await client.connect(transport);
    expect(transport.sessionId).toBeUndefined();
    expect(handler.sessions).toBe(0);
    expect(await client.callTool({ name: "text_slug", arguments: { text: "No Session" } })).toEqual({
      content: [{ type: "text", text: "no-session" }],
    });
    const progress: unknown[] = [];
    await client.callTool({ name: "text_count", arguments: { text: "a\nb" } }, undefined, { onprogress: (p) => progress.push(p) });
    expect(progress).toHaveLength(2);
    const get = await fetch(url, { headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    await client.close();
    await handler.close();
    await server.close(true);
  });
});
