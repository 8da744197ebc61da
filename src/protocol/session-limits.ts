/**
 * How many 2025-11-25 sessions an HTTP face keeps, and for how long: the
 * three options (`sessionIdleMs`, `maxSessions`, `maxSessionsPerCaller`)
 * checked in one place, with no SDK, so the Nuxt module refuses a bad one at
 * build time in the words `createMcpHttpHandler` uses at start-up.
 */
import { ToolDefinitionError } from "../core/errors.ts";

export interface SessionLimitOptions {
  sessionIdleMs?: number | undefined;
  maxSessions?: number | undefined;
  maxSessionsPerCaller?: number | undefined;
}

/** The option names, in the order the docs list them. */
export const SESSION_LIMIT_OPTIONS = ["sessionIdleMs", "maxSessions", "maxSessionsPerCaller"] as const;

/** A whole number above zero, or the default when unset. */
function countOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1)
    throw new ToolDefinitionError(`${name} must be a whole number above 0`);
  return value;
}

/** The limits in force: each given one checked, the defaults for the rest (30 minutes idle, 1000 sessions, 100 a caller). */
export function sessionLimits(options: SessionLimitOptions, where: string) {
  const max = countOption(options.maxSessions, `${where}: maxSessions`, 1000);
  return {
    max,
    perCaller: countOption(options.maxSessionsPerCaller, `${where}: maxSessionsPerCaller`, Math.min(100, max)),
    idleMs: countOption(options.sessionIdleMs, `${where}: sessionIdleMs`, 30 * 60_000),
  };
}
