/**
 * Programs the kit starts in a process of their own: the command line's Node
 * children and OMP's bun. Each child gets this process's environment and the
 * `--conditions` flags it was started with (so a package resolved here to one
 * set of files resolves there to the same), and is run to its end with its
 * output gathered.
 */
import { spawn } from "node:child_process";

/** What a child left when it ended. */
export interface Ended {
  /** The exit code, or `null` when a signal ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ChildOptions {
  /** The whole environment the child gets. */
  env: NodeJS.ProcessEnv;
  /** Kills the child after this long; none when left out. */
  timeoutMs?: number;
}

/**
 * This process's `--conditions` flags, each as `--conditions=x`, for a child to resolve packages alike. Node takes
 * them as `--conditions=x`, `--conditions x` or `-C x` (vitest starts its workers with the second).
 */
export function conditionFlags(execArgv: readonly string[] = process.execArgv): string[] {
  const flags: string[] = [];
  execArgv.forEach((arg, k) => {
    const named = /^(?:--conditions|-C)=(.+)$/.exec(arg)?.[1];
    const next = arg === "--conditions" || arg === "-C" ? execArgv[k + 1] : undefined;
    const condition = named ?? next;
    if (condition !== undefined) flags.push(`--conditions=${condition}`);
  });
  return flags;
}

/** Runs `command` in the current directory, pipes for its output and nothing on its input, until it ends. */
export function runChild(command: string, args: readonly string[], options: ChildOptions): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: process.cwd(), env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
