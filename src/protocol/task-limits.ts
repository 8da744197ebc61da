/**
 * The numbers of a task store (`ttlMs`, `pollIntervalMs`, `leaseMs`, `maxTasks`, `maxTasksPerCaller`), checked in
 * one place with no SDK and no storage, so the Nuxt module refuses a bad one at build time in the words
 * `createTaskStore` uses at start-up (as ./session-limits.ts does for sessions).
 */
import { ToolDefinitionError } from "../core/errors.ts";

export interface TaskLimitOptions {
  ttlMs?: number | undefined;
  pollIntervalMs?: number | undefined;
  leaseMs?: number | undefined;
  maxTasks?: number | undefined;
  maxTasksPerCaller?: number | undefined;
}

/** The option names, in the order the docs list them. */
export const TASK_LIMIT_OPTIONS = ["ttlMs", "pollIntervalMs", "leaseMs", "maxTasks", "maxTasksPerCaller"] as const;

/** The limits in force: each given one checked, the defaults for the rest (1 h, 1 s, 30 s, 1000, 100). */
export function taskLimits(options: TaskLimitOptions, where: string): Required<{ [K in keyof TaskLimitOptions]: number }> {
  return {
    ttlMs: whole(options.ttlMs, `${where}: ttlMs`, 3_600_000),
    pollIntervalMs: whole(options.pollIntervalMs, `${where}: pollIntervalMs`, 1000),
    leaseMs: whole(options.leaseMs, `${where}: leaseMs`, 30_000),
    maxTasks: whole(options.maxTasks, `${where}: maxTasks`, 1000),
    maxTasksPerCaller: whole(options.maxTasksPerCaller, `${where}: maxTasksPerCaller`, 100),
  };
}

/** A whole number above zero, or the default when unset. */
function whole(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1)
    throw new ToolDefinitionError(`${name} must be a whole number above 0`);
  return value;
}
