/**
 * The same calls through many hosts, as one table, and the check that every
 * host answered alike once its own framing is off. The check throws a plain
 * Error whose message is the difference, line by line, so any test runner
 * shows it as it is.
 */

import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";
import { createTestHost, HOST_NAMES, HostUnavailableError, hostOptionsOf, type TestHost, type TestHostOptions } from "./hosts.ts";
import type { HostAnswer, HostName } from "./types.ts";

/** What `callOnHosts` takes: the hosts' options, and which hosts (all of them by default). */
export interface CallOnHostsOptions extends TestHostOptions {
  hosts?: readonly HostName[];
}

/** One host's row: its answers by call name, or why it has none. */
export interface HostRow {
  host: HostName;
  answers?: Record<string, HostAnswer>;
  /** The host cannot run here (a package is missing, or it needs `module`): one line saying which, and how to fix it. */
  skipped?: string;
  /** The host could not be opened or a call threw: the error's message. */
  failed?: string;
}

export interface HostTable {
  /** The call names, in the order given. */
  calls: string[];
  rows: HostRow[];
}

async function rowOf(name: HostName, options: TestHostOptions, calls: readonly string[]): Promise<HostRow> {
  let host: TestHost | undefined;
  try {
    host = await createTestHost(name, options);
    const answers: Record<string, HostAnswer> = Object.create(null);
    for (const id of calls) answers[id] = await host.call(id);
    return { host: name, answers };
  } catch (error) {
    if (error instanceof HostUnavailableError) return { host: name, skipped: error.message };
    return { host: name, failed: error instanceof Error ? error.message : String(error) };
  } finally {
    await host?.close();
  }
}

/**
 * Makes every call on every host asked for (all by default), each through its real call path. The hosts run side by
 * side; one that cannot run here is a row with `skipped`, one that breaks a row with `failed`.
 */
export async function callOnHosts(options: CallOnHostsOptions): Promise<HostTable> {
  const { hosts = HOST_NAMES, ...rest } = options ?? ({} as CallOnHostsOptions);
  const checked = hostOptionsOf("callOnHosts", rest);
  if (!Array.isArray(hosts) || hosts.length === 0)
    throw new ToolDefinitionError("callOnHosts: hosts must be a non-empty array of host names");
  const unknown = hosts.filter((name) => !HOST_NAMES.includes(name));
  if (unknown.length > 0)
    throw new ToolDefinitionError(
      `callOnHosts: unknown host ${unknown.map((name) => quote(String(name))).join(", ")}; the hosts are ${HOST_NAMES.join(", ")}`,
    );
  const calls = Object.keys(checked.calls);
  return { calls, rows: await Promise.all(hosts.map((name) => rowOf(name, rest, calls))) };
}

/** What `assertSameAnswers` takes. */
export interface SameAnswersOptions {
  /** The host every other is compared with. Default: the first row with answers. */
  reference?: HostName;
  /** Whether a skipped host fails the check. Default false: a skipped row is left out, and named at the end of a failure. */
  requireAll?: boolean;
}

function shown(value: unknown): string {
  return value === undefined ? "(none)" : JSON.stringify(value);
}

/** The lines of two texts that differ, as `- ` (the reference's) and `+ ` (the host's), common lines as `  `. */
export function lineDiff(expected: string, actual: string): string[] {
  const a = expected.split("\n");
  const b = actual.split("\n");
  // The longest common subsequence of lines, in one flat array; the texts a tool answers with are short.
  const width = b.length + 1;
  const common = new Int32Array((a.length + 1) * width);
  const at = (i: number, j: number) => common[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push(`  ${a[i]}`);
      i++;
      j++;
    } else if (i < a.length && (j === b.length || at(i + 1, j) >= at(i, j + 1))) lines.push(`- ${a[i++]}`);
    else lines.push(`+ ${b[j++]}`);
  }
  return lines;
}

function differences(reference: HostAnswer, answer: HostAnswer): string[] {
  const found: string[] = [];
  if (answer.isError !== reference.isError) found.push(`isError: ${reference.isError} there, ${answer.isError} here`);
  if (answer.shown === undefined && reference.shown === undefined && answer.text !== reference.text)
    found.push("text:", ...lineDiff(reference.text, answer.text).map((line) => `  ${line}`));
  const both = !answer.isError && !reference.isError && answer.details !== undefined && reference.details !== undefined;
  if (both && JSON.stringify(answer.details) !== JSON.stringify(reference.details))
    found.push(`details: ${shown(reference.details)} there, ${shown(answer.details)} here`);
  return found;
}

/**
 * Throws when the hosts of a table disagree beyond each host's framing: on whether a call failed, on its text, or
 * on the details of a success where both hosts pass details on. The message names the call and the host, then the
 * difference, `- ` for the reference's lines and `+ ` for the host's.
 */
export function assertSameAnswers(table: HostTable, options: SameAnswersOptions = {}): void {
  const answered = table.rows.filter((row) => row.answers);
  const reference = options.reference ? answered.find((row) => row.host === options.reference) : answered[0];
  const problems: string[] = [];
  for (const row of table.rows) {
    if (row.failed !== undefined) problems.push(`${row.host} failed: ${row.failed}`);
    if (row.skipped !== undefined && options.requireAll) problems.push(`${row.host} was skipped: ${row.skipped}`);
  }
  if (!reference) problems.push(options.reference ? `${options.reference} has no answers to compare with` : "no host answered");
  else {
    for (const row of answered) {
      if (row === reference) continue;
      for (const id of table.calls) {
        const found = differences(reference.answers?.[id] as HostAnswer, row.answers?.[id] as HostAnswer);
        if (found.length > 0)
          problems.push(`${row.host} differs from ${reference.host} on ${quote(id)}:`, ...found.map((line) => `  ${line}`));
      }
    }
  }
  if (problems.length === 0) return;
  const skipped = table.rows.filter((row) => row.skipped !== undefined && !options.requireAll).map((row) => row.host);
  if (skipped.length > 0) problems.push(`(not run here: ${skipped.join(", ")})`);
  throw new Error(problems.join("\n"));
}
