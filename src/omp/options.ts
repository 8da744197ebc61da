/** The options of `registerOmpTools`, and the checks that refuse options which could never apply. */

import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { quote } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import type { OmpLoadMode, OmpRenderCall, OmpRenderResult } from "./types.ts";

/** Per-tool choices, keyed by tool name in {@link OmpToolsOptions.perTool}. */
export interface OmpToolOptions {
  /** Overrides {@link OmpToolsOptions.loadMode} for this tool. */
  loadMode?: OmpLoadMode;
  /** One line after the title on the call line, from the call's arguments (e.g. the file it touches). */
  summary?: (args: Record<string, unknown>) => string | undefined;
  /** Short facts after the tier on the final line, from the result's details (e.g. "3 files"). */
  facts?: (details: unknown) => string | readonly string[] | undefined;
  /** Your own call renderer, passed to OMP as is instead of the status line. */
  renderCall?: OmpRenderCall;
  /** Your own result renderer, passed to OMP as is instead of the status line. */
  renderResult?: OmpRenderResult;
}

export interface OmpToolsOptions {
  /** How OMP presents every tool of the list; OMP's default for extension tools is "discoverable". */
  loadMode?: OmpLoadMode;
  /** Per-tool choices. A key that names no tool of the list is a {@link ToolDefinitionError}. */
  perTool?: Readonly<Record<string, OmpToolOptions>>;
  /**
   * Who answers bad input first. "core" (the default) marks the registration
   * `lenientArgValidation`, so OMP forwards arguments its own validator
   * rejects and the model reads the library's lines, the same on every host.
   * "host" lets OMP refuse with its own message first; the library still
   * checks every call that gets through. Either way OMP may first repair
   * arguments when that makes them valid (a number sent as a string becomes
   * the number, unknown keys are dropped); the library checks what arrives.
   */
  validation?: "core" | "host";
}

const LOAD_MODES = new Set<unknown>(["essential", "discoverable"]);
const VALIDATIONS = new Set<unknown>(["core", "host"]);
const FUNCTIONS = ["summary", "facts", "renderCall", "renderResult"] as const;

/**
 * Checks the options against the list and returns the per-tool entries as a
 * Map (tool names are user data: `constructor` is a valid tool name and must
 * not find `Object.prototype.constructor`).
 */
export function checkOptions(options: OmpToolsOptions, names: ReadonlySet<string>): Map<string, OmpToolOptions> {
  checkOptionKeys("registerOmpTools", options, ["loadMode", "perTool", "validation"]);
  if (options.loadMode !== undefined && !LOAD_MODES.has(options.loadMode)) {
    throw new ToolDefinitionError(
      `registerOmpTools: loadMode must be "essential" or "discoverable", got ${quote(String(options.loadMode))}`,
    );
  }
  if (options.validation !== undefined && !VALIDATIONS.has(options.validation)) {
    throw new ToolDefinitionError(`registerOmpTools: validation must be "core" or "host", got ${quote(String(options.validation))}`);
  }
  const perTool = new Map<string, OmpToolOptions>();
  if (options.perTool === undefined) return perTool;
  if (!isRecord(options.perTool)) throw new ToolDefinitionError("registerOmpTools: perTool must be an object keyed by tool name");
  for (const name of Object.keys(options.perTool)) {
    if (!names.has(name)) {
      throw new ToolDefinitionError(`registerOmpTools: perTool names ${quote(name)}, which is not a tool of this list`);
    }
    const entry: unknown = options.perTool[name];
    const where = `registerOmpTools: perTool[${quote(name)}]`;
    if (!isRecord(entry)) throw new ToolDefinitionError(`${where} must be an object`);
    checkOptionKeys(where, entry, ["loadMode", ...FUNCTIONS]);
    if (entry.loadMode !== undefined && !LOAD_MODES.has(entry.loadMode)) {
      throw new ToolDefinitionError(`${where}.loadMode must be "essential" or "discoverable"`);
    }
    for (const key of FUNCTIONS) {
      if (entry[key] !== undefined && typeof entry[key] !== "function") {
        throw new ToolDefinitionError(`${where}.${key} must be a function`);
      }
    }
    perTool.set(name, entry as OmpToolOptions);
  }
  return perTool;
}
