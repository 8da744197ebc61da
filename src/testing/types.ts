/**
 * The testing kit's shapes: a call to make, what one host answered, and the
 * options every host is opened with. Kept apart from the code so each host's
 * file and the users' tests read the same words.
 */
import type { AnyTool, ServerInfo, ToolList } from "@agntn/tools";

/** One call, as a model (or a person at a terminal) makes it. */
export interface TestCall {
  /** The tool's name, as a model sends it. */
  tool: string;
  /** The arguments, as a model sends them; `{}` when left out. */
  args?: Record<string, unknown>;
  /**
   * The command line's words for the same call. Left out, they are made from the tool's command word and
   * one `--flag value` per argument (a value that is not a string as JSON).
   */
  words?: readonly string[];
}

/** What a host answered to one call: the host's own value, and the part every host shares, its framing taken off. */
export interface HostAnswer {
  /** The text the model reads: its text parts joined by a line break, without the notes a host puts in place of media. */
  text: string;
  /** Whether the host marks the answer as a failure. */
  isError: boolean;
  /** The structured details the host passes on beside the text; left out where it passes none. */
  details?: unknown;
  /**
   * `"details"` where the host shows the model the details (as JSON) in place of the tool's text, as Claude Code does
   * for a tool with an output schema: its text is then not compared, its details are.
   */
  shown?: "details";
  /** What the host produced, exactly as it produced it (for snapshots and exact assertions). */
  raw: unknown;
}

/** The hosts the kit can drive. */
export type HostName =
  | "mcp"
  | "mcp-http@2025-11-25"
  | "mcp-http@2026-07-28"
  | "h3@2025-11-25"
  | "h3@2026-07-28"
  | "ai"
  | "langchain"
  | "openai-agents"
  | "mastra"
  | "anthropic"
  | "claude-agent"
  | "google"
  | "pi"
  | "omp"
  | "cli";

/** What a host is opened with. */
export interface HostOptions {
  /** The tools, as a fixed array or a `createToolList` list. */
  tools: readonly AnyTool[] | ToolList;
  /** Every call the host will be asked for, by a name of the test's choosing. Hosts in a process of their own make them all at once. */
  calls: Readonly<Record<string, TestCall>>;
  /** The name and version an MCP face announces, and the command line's program name. */
  server: ServerInfo;
  /**
   * The module that exports the same tools, for the hosts that run in a process of their own (the command line under
   * Node, OMP under bun). Those hosts are skipped without it.
   */
  module?: string;
  /** The name of that module's export holding the tools (an array or a list). */
  exportName: string;
}

/** One host, open: it answers the calls it was opened with. */
export interface HostSession {
  /** The host's own answer to the call of that name. */
  call(id: string): Promise<unknown>;
  /** The tool names the host lists now, where it has a listing (MCP's `tools/list`). */
  names?(): Promise<string[]>;
  close(): Promise<void>;
}

/** A host's file: how it opens, and how its own answers read once its framing is taken off. */
export interface HostModule {
  open(options: HostOptions): Promise<HostSession>;
  answerOf(raw: unknown, call: TestCall, options: HostOptions): Omit<HostAnswer, "raw">;
}
