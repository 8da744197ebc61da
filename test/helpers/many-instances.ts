/**
 * One suite for "the 2026-07-28 revision on many instances", run against
 * every server face that serves it behind a balancer: the Nuxt module's route
 * (three built Node instances behind nginx), `createMcpHttpHandler` and
 * `registerMcpRoute` (three in-process servers behind nginx), and the route on workerd
 * (two workers behind nginx). Every answer is checked against `callTool` in
 * this process; every round of a question flow says which instance served it
 * (`x-agntn-upstream`, set by the balancer).
 */
import type { AnyTool } from "@agntn/tools";
import { callTool, listTools } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createRequestStateCodec } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";

export interface ScaleTarget {
  /** The MCP URL on the balancer (round robin, no affinity). */
  balancer: URL;
  /** The MCP URL of each instance, all holding `key`. */
  instances: URL[];
  /** An instance that signs with another key. */
  stranger: URL;
  /** The shared key. */
  key: string;
  info: { name: string; version: string };
  tools: readonly AnyTool[];
}

type Reply = { action: "accept"; content: Record<string, unknown> } | { action: "decline" } | { action: "cancel" };

/** One request as the client sent it and the instance the balancer said served it. */
export interface Hop {
  method: string;
  upstream: string | null;
}

/** A fetch that records, for every request, the JSON-RPC method and the `x-agntn-upstream` of its answer. */
export function recordingFetch(hops: Hop[]): typeof fetch {
  return async (input, init) => {
    let method = "";
    if (typeof init?.body === "string") {
      try {
        method = (JSON.parse(init.body) as { method?: string }).method ?? "";
      } catch {}
    }
    const response = await fetch(input, init);
    hops.push({ method, upstream: response.headers.get("x-agntn-upstream") });
    return response;
  };
}

export interface ModernOptions {
  hops?: Hop[];
  /** The person's replies, in order; a client with replies declares form elicitation. */
  replies?: Reply[];
  forms?: unknown[];
  /** Declares sampling and answers each `sampling/createMessage` with the model's reply to its last message. */
  model?: (prompt: string) => string;
}

/** An SDK v2 client that negotiates the revision itself (`auto`), as a user's client would. */
export async function modernClient(url: URL, options: ModernOptions = {}): Promise<Client> {
  const elicits = options.replies !== undefined;
  const model = options.model;
  const capabilities = { ...(elicits ? { elicitation: { form: {} } } : {}), ...(model ? { sampling: {} } : {}) };
  const client = new Client({ name: "scale-test", version: "1.0.0" }, { capabilities, versionNegotiation: { mode: "auto" } });
  if (model) {
    client.setRequestHandler("sampling/createMessage", async (request) => {
      const last = request.params.messages.at(-1)?.content as { text?: string } | undefined;
      return { role: "assistant", content: { type: "text", text: model(last?.text ?? "") }, model: "balanced-model" } as never;
    });
  }
  if (elicits) {
    client.setRequestHandler("elicitation/create", async (request) => {
      options.forms?.push(request.params);
      return (options.replies?.shift() ?? { action: "cancel" }) as never;
    });
  }
  await client.connect(new StreamableHTTPClientTransport(url, options.hops ? { fetch: recordingFetch(options.hops) } : {}));
  return client;
}

/** The parts of a result a tool decides (2026 results also carry the server's name in `_meta`). */
export function answerOf(result: Record<string, unknown>): Record<string, unknown> {
  const answer: Record<string, unknown> = { content: result.content };
  if (result.isError !== undefined) answer.isError = result.isError;
  if (result.structuredContent !== undefined) answer.structuredContent = result.structuredContent;
  return answer;
}

/** The slug calls of the load: varied titles, every separator, and bad calls among them. */
export function slugCases(count: number): Array<Record<string, unknown>> {
  const separators = [undefined, "-", "_", "."];
  const bad: Array<Record<string, unknown>> = [
    { text: "" },
    { text: "!!!" },
    { text: "a", extra: 1 },
    { text: 7 },
    { text: "a", separator: "+" },
  ];
  return Array.from({ length: count }, (_, i) => {
    if (i % 10 === 9) return bad[((i / 10) % bad.length) | 0] as Record<string, unknown>;
    const separator = separators[i % separators.length];
    const text = `Call ${i}: Ünïcode Title ${"x".repeat(i % 5)}`;
    return separator === undefined ? { text } : { text, separator };
  });
}

type Round = {
  resultType?: string;
  inputRequests?: Record<string, { params: { message: string } }>;
  requestState?: string;
  content?: unknown;
};

/** One raw round of a call on a client pinned to 2026-07-28, input_required answers returned as they are. */
async function round(client: Client, args: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Round> {
  return (await client.request(
    { method: "tools/call", params: { name: "files_rename", arguments: args, ...extra } } as never,
    { allowInputRequired: true } as never,
  )) as Round;
}

async function pinned(url: URL): Promise<Client> {
  const client = new Client(
    { name: "scale-rounds", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

/** The payload inside a signed state (the SDK's codec signs, it does not encrypt): `v1.<body>.<mac>`. */
function payloadOf(state: string): unknown {
  const body = state.split(".")[1] ?? "";
  return (JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { p: unknown }).p;
}

const FIRST = "How should 2 file name(s) be written?";
const SECOND = "Apply these renames?\nMy File.txt -> my_file_txt\nOther One.md -> other_one_md";
const NAMES = { names: ["My File.txt", "Other One.md"] };

/** What a target serves beyond the demo tools. */
export interface SuiteOptions {
  /** The target also serves test/fixtures/content-tools.ts: sampling rounds are tested across instances. */
  sampling?: boolean;
}

/** The suite; `target` is read when the tests run (after the servers started). */
export function modernScaleSuite(label: string, target: () => ScaleTarget, calls: number, suite: SuiteOptions = {}): void {
  describe(`${label}: MCP 2026-07-28 on many instances`, () => {
    it("an auto client negotiates 2026-07-28 through the balancer and lists the tools as listTools does", async () => {
      const { balancer, tools } = target();
      const client = await modernClient(balancer);
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      expect((await client.listTools()).tools).toEqual(JSON.parse(JSON.stringify(listTools(tools).tools)));
      await client.close();
    });

    it(`answers ${calls} calls spread over every instance, each exactly as callTool`, async () => {
      const { balancer, instances, info, tools } = target();
      const hops: Hop[] = [];
      const client = await modernClient(balancer, { hops });
      const cases = slugCases(calls);
      let wrong = 0;
      const wrongOnes: unknown[] = [];
      for (let start = 0; start < cases.length; start += 10) {
        await Promise.all(
          cases.slice(start, start + 10).map(async (args) => {
            const got = answerOf(await client.callTool({ name: "text_slug", arguments: args }));
            const expected = answerOf(await callTool(info, tools, "text_slug", args));
            if (JSON.stringify(got) !== JSON.stringify(expected)) {
              wrong++;
              if (wrongOnes.length < 3) wrongOnes.push({ args, got, expected });
            }
          }),
        );
      }
      const served = new Set(hops.filter((hop) => hop.method === "tools/call").map((hop) => hop.upstream));
      console.log(`[${label}] ${calls} calls, ${wrong} wrong, served by ${served.size} instances`);
      expect(wrongOnes).toEqual([]);
      expect(wrong).toBe(0);
      expect(served.size).toBe(instances.length);
      await client.close();
    });

    it("sends progress through the balancer, on the call's own stream", async () => {
      const { balancer } = target();
      const client = await modernClient(balancer);
      const seen: unknown[] = [];
      const result = await client.callTool(
        { name: "text_count", arguments: { text: "a b\nc\nd e f" } },
        { onprogress: (p) => seen.push(p) },
      );
      expect(answerOf(result)).toEqual({ content: [{ type: "text", text: "6 words" }] });
      expect(seen).toEqual([
        { progress: 1, total: 3, message: "counted 1 of 3 lines" },
        { progress: 2, total: 3, message: "counted 2 of 3 lines" },
        { progress: 3, total: 3, message: "counted 3 of 3 lines" },
      ]);
      await client.close();
    });

    it("completes a two-question flow whose rounds land on different instances", async () => {
      const { balancer } = target();
      const hops: Hop[] = [];
      const forms: Array<{ message: string }> = [];
      const client = await modernClient(balancer, {
        hops,
        forms,
        replies: [
          { action: "accept", content: { separator: "_" } },
          { action: "accept", content: { apply: true } },
        ],
      });
      const result = await client.callTool({ name: "files_rename", arguments: NAMES });
      expect(answerOf(result)).toEqual({
        content: [{ type: "text", text: "Renamed:\nMy File.txt -> my_file_txt\nOther One.md -> other_one_md" }],
        structuredContent: undefined,
      });
      expect(forms.map((form) => form.message)).toEqual([FIRST, SECOND]);
      const rounds = hops.filter((hop) => hop.method === "tools/call");
      expect(rounds.length).toBe(3);
      console.log(`[${label}] question rounds served by ${rounds.map((hop) => hop.upstream).join(", ")}`);
      expect(new Set(rounds.map((hop) => hop.upstream)).size).toBeGreaterThanOrEqual(2);
      await client.close();
    });

    if (suite.sampling) {
      it("completes a flow that asks the client's model twice, its rounds on different instances", async () => {
        const { balancer } = target();
        const hops: Hop[] = [];
        const client = await modernClient(balancer, { hops, model: (prompt) => `echo ${prompt}` });
        const result = await client.callTool({ name: "content_sample", arguments: { prompt: "ping" } });
        expect(answerOf(result)).toEqual({
          content: [{ type: "text", text: "balanced-model: echo ping | echo ping (again) (no reason)" }],
        });
        const rounds = hops.filter((hop) => hop.method === "tools/call");
        expect(rounds.length).toBe(3);
        console.log(`[${label}] sampling rounds served by ${rounds.map((hop) => hop.upstream).join(", ")}`);
        expect(new Set(rounds.map((hop) => hop.upstream)).size).toBeGreaterThanOrEqual(2);
        await client.close();
      });
    }

    it("accepts a state one instance made on another; a tampered, foreign, stale or other-call state is asked again", async () => {
      const { instances, stranger, key } = target();
      const [a, b] = await Promise.all([pinned(instances[0] as URL), pinned(instances[1] as URL)]);
      const first = await round(a, NAMES);
      expect(first.resultType).toBe("input_required");
      expect(first.inputRequests?.question?.params.message).toBe(FIRST);
      const reply = { inputResponses: { question: { action: "accept", content: { separator: "_" } } } };

      // Made on A, read on B: the second question comes.
      const second = await round(b, NAMES, { ...reply, requestState: first.requestState });
      expect(second.inputRequests?.question?.params.message).toBe(SECOND);

      // Tampered: one character of the signed body changed.
      const state = String(first.requestState);
      const cut = state.indexOf(".") + 5;
      const tampered = state.slice(0, cut) + (state[cut] === "A" ? "B" : "A") + state.slice(cut + 1);
      expect((await round(b, NAMES, { ...reply, requestState: tampered })).inputRequests?.question?.params.message).toBe(FIRST);

      // The same state replayed into another call (other arguments): asked again from the start.
      const other = { names: ["Else.txt", "Other One.md"] };
      const replayed = await round(b, other, { ...reply, requestState: first.requestState });
      expect(replayed.inputRequests?.question?.params.message).toBe(FIRST);
      expect(replayed.requestState).not.toBe(second.requestState);
      const afterReplay = await round(b, other, {
        inputResponses: { question: { action: "accept", content: { apply: true } } },
        requestState: replayed.requestState,
      });
      // The reply to question 1 was {apply: true}, which does not fit it: still question 1, nothing applied.
      expect(afterReplay.inputRequests?.question?.params.message).toBe(FIRST);

      // Signed with another key: the stranger instance refuses it.
      const foreign = await pinned(stranger);
      expect((await round(foreign, NAMES, { ...reply, requestState: first.requestState })).inputRequests?.question?.params.message).toBe(
        FIRST,
      );
      await foreign.close();

      // Validly signed but expired.
      const stale = await createRequestStateCodec({ key, ttlSeconds: 1 }).mint(payloadOf(state));
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await round(b, NAMES, { ...reply, requestState: stale })).inputRequests?.question?.params.message).toBe(FIRST);
      await Promise.all([a.close(), b.close()]);
    });
  });
}
