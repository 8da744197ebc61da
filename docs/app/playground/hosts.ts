/**
 * The four hosts, live in the tab: the real adapters registering `text_slug`,
 * each called the way its host calls it. Nothing here opens a socket: MCP
 * runs over the SDK's in-memory transport pair, Pi and OMP over recording
 * stand-ins of their extension APIs, the AI SDK through its own schema check.
 */
import { Type } from "@agntn/tools";
import { toAiTool } from "@agntn/tools/ai";
import { createMcpServer } from "@agntn/tools/mcp";
import { registerOmpTools } from "@agntn/tools/omp";
import { registerPiTools } from "@agntn/tools/pi";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { asSchema } from "ai";
import { slugTool } from "../../../playground/server/tools.ts";
import { recordOmp, recordPi } from "../../host-facts/recorders.ts";

export type HostKey = "mcp" | "pi" | "omp" | "ai";

/** How a host answered: a plain result, a returned `isError`, a throw, or (AI SDK) a refusal by the input schema. */
export type Channel = "result" | "isError" | "thrown" | "refused";

export interface HostAnswer {
  host: HostKey;
  channel: Channel;
  text: string;
}

export interface Hosts {
  run(args: unknown): Promise<HostAnswer[]>;
  close(): Promise<void>;
}

type Execute = (id: string, params: unknown, signal?: AbortSignal, onUpdate?: undefined, ctx?: undefined) => Promise<unknown>;

function textOf(result: { content?: { type: string; text?: string }[] }): string {
  return (result.content ?? []).map((block) => (block.type === "text" ? (block.text ?? "") : `[${block.type}]`)).join("\n");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A host's `execute` that returns `{ content, isError? }` or throws. */
async function answerOf(host: HostKey, execute: () => Promise<unknown>): Promise<HostAnswer> {
  try {
    const result = (await execute()) as { content?: { type: string; text?: string }[]; isError?: boolean };
    return { host, channel: result.isError ? "isError" : "result", text: textOf(result) };
  } catch (error) {
    return { host, channel: "thrown", text: messageOf(error) };
  }
}

export async function createHosts(): Promise<Hosts> {
  const server = createMcpServer({ name: "docs-playground", version: "1.0.0" }, [slugTool]);
  const client = new Client({ name: "docs-tab", version: "1.0.0" });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);

  const pi = recordPi();
  registerPiTools(pi.api, [slugTool]);
  const piExecute = pi.registered[0]!.execute as Execute;

  const omp = recordOmp((schema) => Type.Unsafe(schema));
  registerOmpTools(omp.api, [slugTool]);
  const ompExecute = omp.registered[0]!.execute;

  const ai = toAiTool(slugTool);
  const aiSchema = asSchema(ai.inputSchema);

  async function mcp(args: unknown): Promise<HostAnswer> {
    try {
      const result = await client.callTool({ name: slugTool.name, arguments: args as Record<string, unknown> });
      return { host: "mcp", channel: result.isError ? "isError" : "result", text: textOf(result as never) };
    } catch (error) {
      // The client refuses to send arguments that are not an object; that refusal is the answer.
      return { host: "mcp", channel: "thrown", text: messageOf(error) };
    }
  }

  async function aiSdk(args: unknown): Promise<HostAnswer> {
    // The AI SDK checks the model's input against the tool's schema before execute, as generateText does.
    const checked = await aiSchema.validate?.(args);
    if (checked && !checked.success) return { host: "ai", channel: "refused", text: messageOf(checked.error) };
    return answerOf("ai", async () => {
      const output = (await ai.execute?.(args as never, { toolCallId: "tab", messages: [], context: {} })) as { text?: unknown };
      return { content: [{ type: "text", text: String(output?.text ?? JSON.stringify(output)) }] };
    });
  }

  return {
    async run(args) {
      return Promise.all([
        mcp(args),
        answerOf("pi", () => piExecute("tab", args)),
        answerOf("omp", () => ompExecute("tab", args, undefined, undefined, undefined)),
        aiSdk(args),
      ]);
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}
