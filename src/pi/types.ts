/**
 * The public types of the Pi adapter. Pi is an optional peer: everything
 * taken from it here is a type, so importing `@agntn/tools/pi` never loads Pi.
 */

import type { ExtensionAPI, ExtensionToolContext, ToolDefinition as PiToolDefinition } from "@earendil-works/pi-coding-agent";
import type { LogLevel } from "../core/types.ts";

/** The part of Pi's extension API the adapter uses: tool registration and two session events. */
export type PiExtensionApi = Pick<ExtensionAPI, "registerTool" | "on">;

/** What Pi hands a tool's `execute` as its last argument; tools see it as `context.host`. */
export type PiToolContext = ExtensionToolContext;

/** A tool as the adapter registers it with Pi. */
export type PiRegisteredTool = PiToolDefinition;

/** One block of a Pi tool result: text or an image (pi-ai's `TextContent | ImageContent`). */
export type PiContent = Awaited<ReturnType<PiToolDefinition["execute"]>>["content"][number];

/** A component Pi can draw (pi-tui's `Component`), as Pi's renderers return it. */
export type PiComponent = ReturnType<NonNullable<PiToolDefinition["renderCall"]>>;

/** Pi's theme as renderers receive it. */
export type PiTheme = Parameters<NonNullable<PiToolDefinition["renderCall"]>>[1];

/**
 * The host's `Text` class (`import { Text } from "@earendil-works/pi-tui"` inside an
 * extension, which Pi resolves to its own copy). The adapter takes it from you
 * instead of importing it, so the library never loads Pi's terminal code.
 */
export interface PiTextClass {
  new (text?: string, paddingX?: number, paddingY?: number): PiComponent & { setText(text: string): void };
}

/** How one tool is drawn in Pi's terminal. */
export interface PiToolRenderer {
  /** Passed to Pi as is. */
  renderCall?: PiToolDefinition["renderCall"];
  /** Passed to Pi as is. */
  renderResult?: PiToolDefinition["renderResult"];
  /** Passed to Pi as is. */
  renderShell?: PiToolDefinition["renderShell"];
  /**
   * Draw the call as one line, the tool's title and this summary of its
   * arguments, with `options.Text`. `true` uses a short `key=value` summary.
   * Cannot be combined with `renderCall`.
   */
  callLine?: true | ((args: Record<string, unknown>) => string | undefined);
}

export interface PiToolsOptions {
  /**
   * Pi marks a call failed when `execute` throws, so a result with `isError`
   * is thrown with its text by default. Set this to return it as is (Pi 1.6
   * reads `isError` and keeps `details` for the UI).
   */
  keepErrorResults?: boolean;
  /**
   * Tools that need the person's approval before every call: their names, or
   * `"writes"` for every tool whose effect is `write` or `destructive`.
   */
  confirm?: "writes" | readonly string[];
  /** How each tool is drawn, keyed by tool name. */
  perTool?: Readonly<Record<string, PiToolRenderer>>;
  /** Pi's `Text` class; needed by every `callLine` renderer. */
  Text?: PiTextClass;
  /**
   * The least severe level a tool's `log` shows as a Pi notification
   * (`ctx.ui.notify`); default `"info"`, so debug lines stay out of the
   * person's way. `log` exists only where Pi has a UI to show it.
   */
  logLevel?: LogLevel;
}
