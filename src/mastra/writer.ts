/**
 * Progress and log lines on Mastra: chunks on the tool's own output stream,
 * `context.writer.write(…)`, which Mastra streams as `tool-output` parts
 * naming the tool and the call. Where Mastra hands the tool no writer, the
 * tool sees no `progress` and no `log`.
 */
import type { HostContext, LogEntry, ProgressReport } from "../core/context.ts";

/** A chunk this adapter writes to a tool's output stream. */
export type MastraStreamChunk = ({ type: "progress" } & ProgressReport) | ({ type: "log" } & Omit<LogEntry, "logger">);

interface Writer {
  write(chunk: MastraStreamChunk): void | Promise<void>;
}

function isWriter(value: unknown): value is Writer {
  return typeof value === "object" && value !== null && typeof (value as { write?: unknown }).write === "function";
}

/** Progress and log sinks on the context's writer, or none without one. */
export function writerSinks(writer: unknown): Pick<HostContext, "progress" | "log"> {
  if (!isWriter(writer)) return {};
  return {
    progress: (report) => writer.write({ type: "progress", ...report }),
    log: ({ logger: _logger, ...entry }) => writer.write({ type: "log", ...entry }),
  };
}
