/**
 * Progress and log lines on LangChain: chunks on LangGraph's custom stream,
 * the writer LangGraph hands a tool in its config (`config.writer`, read by
 * `agent.stream(input, { streamMode: "custom" })`). Each chunk names its tool
 * and call, since one stream carries every tool of the run. Where there is no
 * writer (a tool invoked outside a graph) the tool sees no `progress` and no
 * `log`. LangChain has no channel back to the tool, so `ask` stays
 * `undefined`: LangGraph's `interrupt()` would run the tool again from its
 * first line on resume, repeating whatever it did before it asked.
 */
import type { HostContext, LogEntry, ProgressReport } from "../core/context.ts";

/** A chunk this adapter writes to the custom stream. */
export type LangChainStreamChunk =
  | ({ type: "progress"; tool: string; toolCallId?: string } & ProgressReport)
  | ({ type: "log"; tool: string; toolCallId?: string } & Omit<LogEntry, "logger">);

type Writer = (chunk: LangChainStreamChunk) => void;

/** Progress and log sinks writing to the config's stream, or none when the config carries no writer. */
export function streamSinks(writer: unknown, tool: string, toolCallId: string | undefined): Pick<HostContext, "progress" | "log"> {
  if (typeof writer !== "function") return {};
  const write = writer as Writer;
  const call = toolCallId === undefined ? { tool } : { tool, toolCallId };
  return {
    progress: (report) => write({ type: "progress", ...call, ...report }),
    log: ({ logger: _logger, ...entry }) => write({ type: "log", ...call, ...entry }),
  };
}
