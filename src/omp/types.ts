/**
 * The parts of OMP's extension API this adapter touches, written as plain
 * structural types. The adapter never imports `@oh-my-pi/*`: OMP hands its own
 * objects to the extension, and typing them here keeps the library loadable
 * (and type-checkable) where OMP is not installed.
 */

/** OMP's approval tier. The adapter only ever uses "read" and "write"; "exec" is OMP's default for code runners. */
export type OmpApproval = "read" | "write" | "exec";

/** How OMP presents a tool: "essential" stays top level, "discoverable" is found through OMP's tool search. */
export type OmpLoadMode = "essential" | "discoverable";

export interface OmpTextContent {
  type: "text";
  text: string;
}

/** An image as OMP's pi-ai carries it: standard base64 and an `image/…` type (OMP's optional hints left out). */
export interface OmpImageContent {
  type: "image";
  data: string;
  mimeType: string;
}

/** What a tool's `execute` returns to OMP, and what `onUpdate` receives for a partial result. */
export interface OmpToolResult<Details = unknown> {
  content: Array<OmpTextContent | OmpImageContent>;
  details?: Details;
  isError?: boolean;
}

/** A select item: a bare label, or a label with a description line. */
export type OmpSelectItem = string | { label: string; description?: string };

export interface OmpDialogOptions {
  signal?: AbortSignal;
  initialIndex?: number;
  helpText?: string;
  selectionMarker?: "radio" | "checkbox";
  checkedIndices?: readonly number[];
  markableCount?: number;
}

/** The dialogs of `ctx.ui` the adapter uses to ask the person. Each resolves `undefined` when dismissed (Escape). */
export interface OmpDialogs {
  select(title: string, options: OmpSelectItem[], options2?: OmpDialogOptions): Promise<string | undefined>;
  input(title: string, placeholder?: string, options?: OmpDialogOptions): Promise<string | undefined>;
  notify(message: string, type?: "info" | "warning" | "error"): void;
}

/** The `ctx` OMP passes as the fifth argument of `execute`. Only `hasUI` and `ui` are read; the tool gets the whole object as `host`. */
export interface OmpToolContext {
  hasUI?: boolean;
  ui?: Partial<OmpDialogs>;
  [key: string]: unknown;
}

/** OMP's theme: colour by role name, bold, and the status symbols of the active symbol preset. */
export interface OmpTheme {
  fg(color: string, text: string): string;
  bold(text: string): string;
  status?: { success?: string; error?: string };
}

/** A TUI component: OMP asks it for rows no wider than `width`. */
export interface OmpComponent {
  render(width: number): readonly string[];
  invalidate?(): void;
}

export interface OmpRenderOptions {
  expanded: boolean;
  isPartial: boolean;
  spinnerFrame?: number;
}

export type OmpRenderCall = (args: Record<string, unknown>, options: OmpRenderOptions, theme: OmpTheme) => OmpComponent;

export type OmpRenderResult = (
  result: OmpToolResult,
  options: OmpRenderOptions,
  theme: OmpTheme,
  args?: Record<string, unknown>,
) => OmpComponent;

export type OmpExecute = (
  toolCallId: string,
  params: unknown,
  signal: AbortSignal | undefined,
  onUpdate: ((partial: OmpToolResult) => void) | undefined,
  ctx: OmpToolContext | undefined,
) => Promise<OmpToolResult>;

/** The registration handed to `pi.registerTool`. */
export interface OmpToolRegistration {
  name: string;
  label: string;
  description: string;
  /** The host's own schema object, built by `pi.typebox.Type.Unsafe(jsonSchema)`. */
  parameters: unknown;
  approval: OmpApproval;
  loadMode?: OmpLoadMode;
  /**
   * An agent-loop flag OMP forwards from the registration: when its own
   * validator rejects the arguments it passes them on as received instead of
   * answering with its own message, so the library's validation has the last word.
   */
  lenientArgValidation?: boolean;
  execute: OmpExecute;
  renderCall?: OmpRenderCall;
  renderResult?: OmpRenderResult;
}

/** The four levels of OMP's logger (pi-utils' `logger`), each taking a message and a context object. */
export interface OmpLogger {
  error(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  info(message: string, context?: Record<string, unknown>): void;
  debug(message: string, context?: Record<string, unknown>): void;
}

/**
 * The slice of OMP's `ExtensionAPI` (the `pi` an extension's default export
 * receives) that registration and calls need. `registerTool` takes `never` so OMP's own
 * generic, precisely typed method fits without a cast at the call site; what
 * the adapter hands it is an {@link OmpToolRegistration}.
 */
export interface OmpExtensionApi {
  typebox: { Type: { Unsafe(schema: Record<string, unknown>): unknown } };
  /** OMP's file logger (`~/.omp/logs`), which tools' `log` writes to; absent, tools see no `log`. */
  logger?: OmpLogger;
  registerTool(tool: never): void;
}
