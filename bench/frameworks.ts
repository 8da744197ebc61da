/**
 * Benchmark 11: one valid call through each agent framework's own call path,
 * the library's tool (TypeBox, checked by the core) against the framework's
 * native tool with a Zod schema (checked by the framework), in one process:
 * - LangChain: `tool.invoke(toolCall)`, what the agent's ToolNode calls, answering a ToolMessage;
 * - OpenAI Agents SDK: `invokeFunctionTool`, what the runner calls with the model's JSON arguments;
 * - Mastra: the tool's `execute`, which Mastra wraps with its own input check;
 * - Anthropic SDK: `runRunnableTool` (parse, then run), what the tool runner calls;
 * - Claude Agent SDK: `tools/call` on the in-process server from an MCP SDK v1 client over the in-memory pair,
 *   ours against the SDK's own `createSdkMcpServer` with `tool()`;
 * - Google GenAI: `callTool`, what automatic function calling calls; the native side is a callable tool
 *   written by hand with Zod, since the SDK has no tool helper of its own.
 * The work is the same cheap join everywhere (bench/fixtures.ts), so the figure is the plumbing.
 */
import { toAnthropicTools } from "@agntn/tools/anthropic";
import { toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { toGoogleTool } from "@agntn/tools/google";
import { toLangChainTools } from "@agntn/tools/langchain";
import { toMastraTools } from "@agntn/tools/mastra";
import { toOpenAiAgentsTools } from "@agntn/tools/openai-agents";
import { tool as claudeTool, createSdkMcpServer } from "@anthropic-ai/claude-agent-sdk";
import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import type { CallableTool, FunctionCall } from "@google/genai";
import type { ToolMessage } from "@langchain/core/messages";
import { tool as langchainTool } from "@langchain/core/tools";
import { createTool } from "@mastra/core/tools";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { tool as agentsTool, invokeFunctionTool, RunContext, setTracingDisabled } from "@openai/agents";
import { z } from "zod";
import { joinTool, joinWords, TOOL_DESCRIPTION, TOOL_NAME, validArgs, validText, zodInput } from "./fixtures.ts";
import { compare, comparisonTable, formatNs, formatRatio, type Measured, type Section, standalone, type Target } from "./harness.ts";

setTracingDisabled(true);

const TARGET_RATIO = 1;

/** One framework's comparison: the native call and ours, each answering the joined text (checked before measuring). */
interface Pair {
  framework: string;
  path: string;
  native: () => Promise<unknown>;
  ours: () => Promise<unknown>;
  /** The answer's text, to check both sides really ran the call. */
  text: (answer: unknown) => string;
  close?: () => Promise<void>;
}

function langchain(): Pair {
  const native = langchainTool(async (args) => joinWords(args), { name: TOOL_NAME, description: TOOL_DESCRIPTION, schema: zodInput });
  const [ours] = toLangChainTools([joinTool]);
  const call = { id: "call1", name: TOOL_NAME, args: validArgs, type: "tool_call" as const };
  return {
    framework: "LangChain",
    path: "tool.invoke(toolCall)",
    native: () => native.invoke(call),
    ours: () => ours!.invoke(call),
    text: (answer) => String((answer as ToolMessage).content),
  };
}

function openAiAgents(): Pair {
  const native = agentsTool({ name: TOOL_NAME, description: TOOL_DESCRIPTION, parameters: zodInput, execute: (args) => joinWords(args) });
  const [ours] = toOpenAiAgentsTools([joinTool]);
  const runContext = new RunContext({});
  const input = JSON.stringify(validArgs);
  return {
    framework: "OpenAI Agents SDK",
    path: "invokeFunctionTool({ tool, runContext, input })",
    native: () => invokeFunctionTool({ tool: native, runContext, input }),
    ours: () => invokeFunctionTool({ tool: ours!, runContext, input }),
    text: (answer) => String(answer),
  };
}

function mastra(): Pair {
  const native = createTool({
    id: TOOL_NAME,
    description: TOOL_DESCRIPTION,
    inputSchema: zodInput,
    execute: async (args) => ({ text: joinWords(args) }),
  });
  const ours = toMastraTools([joinTool])[TOOL_NAME]!;
  return {
    framework: "Mastra",
    path: "tool.execute(input, context)",
    native: () => native.execute!(validArgs, {} as never),
    ours: () => ours.execute!(validArgs, {} as never),
    text: (answer) => (answer as { text: string }).text,
  };
}

function anthropic(): Pair {
  const native = betaZodTool({ name: TOOL_NAME, description: TOOL_DESCRIPTION, inputSchema: zodInput, run: (args) => joinWords(args) });
  const [ours] = toAnthropicTools([joinTool]);
  const context = {
    toolUse: { type: "tool_use" as const, id: "toolu_1", name: TOOL_NAME, input: validArgs },
    toolUseBlock: undefined as never,
  };
  context.toolUseBlock = context.toolUse as never;
  return {
    framework: "Anthropic SDK",
    path: "runRunnableTool(tool, input, context)",
    native: () => runRunnableTool(native, validArgs, context as never),
    ours: () => runRunnableTool(ours!, validArgs, context as never),
    text: (answer) => String((answer as { content: unknown }).content),
  };
}

/** An MCP SDK v1 client on the server's instance, over the in-memory pair, as the SDK connects it in process. */
async function connected(instance: McpServer): Promise<Client> {
  const client = new Client({ name: "bench", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([instance.connect(serverSide), client.connect(clientSide)]);
  return client;
}

async function claudeAgent(): Promise<Pair> {
  const native = createSdkMcpServer({
    name: "bench",
    version: "1.0.0",
    tools: [
      claudeTool(TOOL_NAME, TOOL_DESCRIPTION, zodInput.shape, async (args) => ({ content: [{ type: "text", text: joinWords(args) }] })),
    ],
  });
  const ours = toClaudeAgentServer({ name: "bench", version: "1.0.0" }, [joinTool]);
  const nativeClient = await connected(native.instance);
  const ourClient = await connected(ours.instance);
  const params = { name: TOOL_NAME, arguments: validArgs as unknown as Record<string, unknown> };
  return {
    framework: "Claude Agent SDK",
    path: "tools/call on the in-process server (MCP SDK v1 client, in-memory pair)",
    native: () => nativeClient.callTool(params),
    ours: () => ourClient.callTool(params),
    text: (answer) => (answer as { content: Array<{ text: string }> }).content.map((block) => block.text).join("\n"),
    close: async () => {
      await nativeClient.close();
      await ourClient.close();
    },
  };
}

/** What a Google GenAI user writes without this library: a callable tool that checks its arguments with Zod. */
function zodCallable(): CallableTool {
  const declaration = { name: TOOL_NAME, description: TOOL_DESCRIPTION, parametersJsonSchema: z.toJSONSchema(zodInput) };
  return {
    tool: async () => ({ functionDeclarations: [declaration] }),
    async callTool(calls: FunctionCall[]) {
      return calls.map((call) => {
        const parsed = zodInput.safeParse(call.args);
        const response = parsed.success ? { output: joinWords(parsed.data) } : { error: z.prettifyError(parsed.error) };
        return { functionResponse: { id: call.id, name: TOOL_NAME, response } };
      });
    },
  };
}

function google(): Pair {
  const native = zodCallable();
  const ours = toGoogleTool([joinTool]);
  const calls = [{ id: "fc1", name: TOOL_NAME, args: validArgs as unknown as Record<string, unknown> }];
  return {
    framework: "Google GenAI",
    path: "callTool([functionCall])",
    native: () => native.callTool(calls),
    ours: () => ours.callTool(calls),
    text: (answer) =>
      String((answer as Array<{ functionResponse: { response: { output?: unknown } } }>)[0]?.functionResponse.response.output),
  };
}

async function measure(pair: Pair): Promise<{ pair: Pair; results: Measured[] }> {
  for (const [side, call] of [
    ["native", pair.native],
    ["ours", pair.ours],
  ] as const) {
    const text = pair.text(await call());
    if (text !== validText) throw new Error(`${pair.framework} ${side} answered ${JSON.stringify(text)}`);
  }
  const results = await compare([
    { name: `${pair.framework}: native tool, Zod`, fn: pair.native },
    { name: `${pair.framework}: @agntn/tools, TypeBox`, fn: pair.ours },
  ]);
  await pair.close?.();
  return { pair, results };
}

export async function run(): Promise<Section> {
  const pairs = [langchain(), openAiAgents(), mastra(), anthropic(), await claudeAgent(), google()];
  const measured: Array<{ pair: Pair; results: Measured[] }> = [];
  // One framework at a time: each comparison's two sides run interleaved, round by round.
  for (const pair of pairs) measured.push(await measure(pair));
  const parts = measured.flatMap(({ pair, results }) => [`${pair.framework}, through \`${pair.path}\`:`, "", comparisonTable(results), ""]);
  const targets: Target[] = measured.map(({ pair, results }) => {
    const [native, ours] = results as [Measured, Measured];
    return {
      what: `${pair.framework}: a valid call, ours vs the native tool with Zod`,
      target: `≤ ${formatRatio(TARGET_RATIO)}`,
      measured: `${formatRatio(ours.ratio)} (${formatNs(ours.median)} vs ${formatNs(native.median)})`,
      met: ours.ratio <= TARGET_RATIO,
    };
  });
  const body = [
    "Each framework's own call path for one tool call with the valid 3-field input of benchmark 1; the native tool is the one",
    "the framework's documentation shows, with the same schema in Zod, checked by the framework (Google's SDK has no tool",
    "helper, so its native side is a callable tool checking with Zod by hand). Ours is checked once, by the core.",
    "",
    ...parts,
  ].join("\n");
  return { id: 11, title: "Agent frameworks: a valid call, ours vs each framework's native Zod tool", body, targets };
}

if (import.meta.main) await standalone(run);
