/**
 * Runs a program to its end, the way the real-client tests start a CLI
 * (Gemini CLI, Codex CLI) and the OMP tests start bun: standard output and
 * error gathered, killed after a time limit, a program that cannot start
 * refused with one line that says which. And stops a long-running one.
 */
import { type ChildProcess, spawn } from "node:child_process";

/** Asks a child to stop with `signal` and resolves once it has exited; SIGKILL after 5 s if it has not. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  const late = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(late);
}

export interface Ended {
  /** The exit code, or the signal that ended it. */
  exit: number | string | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  /** The whole environment (nothing is inherited). */
  env?: Record<string, string>;
  /** Kills the program after this long. */
  timeoutMs: number;
  /** The start of the line a failed start rejects with, e.g. "Gemini CLI cannot run". */
  cannot: string;
}

export async function runToEnd(command: string, args: readonly string[], options: RunOptions): Promise<Ended> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.env ? { env: options.env } : {}),
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
  const exit = await new Promise<number | string | null>((resolve, reject) => {
    child.on("error", (error) => reject(new Error(`${options.cannot}: ${error.message}`)));
    child.on("close", (code, signal) => resolve(code ?? signal));
  }).finally(() => clearTimeout(timer));
  return { exit, stdout, stderr };
}
