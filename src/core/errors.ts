/** The three error kinds every host shares. */

/** A tool definition (or a question, a host option) that can never work: thrown at start-up, before anyone calls. */
export class ToolDefinitionError extends Error {
  override name = "ToolDefinitionError";
}

/** One problem with a call's arguments. */
export interface InputIssue {
  /** JSON pointer into the arguments, `""` for the root. */
  at: string;
  /** What is wrong, in the validator's words. */
  problem: string;
  /** Required keys that are absent (only for a missing-key issue). */
  missing?: string[];
  /** The key nobody asked for (only for an unknown-key issue). */
  unknown?: string;
}

/** Arguments that do not fit the input schema. `lines` holds one line per problem, ready for a model. */
export class ToolInputError extends Error {
  override name = "ToolInputError";
  readonly tool: string;
  readonly lines: string[];
  readonly issues: InputIssue[];
  constructor(tool: string, lines: string[], issues: InputIssue[]) {
    super(lines.join("\n"));
    this.tool = tool;
    this.lines = lines;
    this.issues = issues;
  }
}

/** A tool answered with something that is not a tool result, or details that break its output schema. */
export class ToolResultError extends Error {
  override name = "ToolResultError";
  readonly tool: string;
  readonly lines: string[];
  constructor(tool: string, lines: string[]) {
    super(lines.join("\n"));
    this.tool = tool;
    this.lines = lines;
  }
}
