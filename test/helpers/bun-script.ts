/**
 * Runs one of test/omp/*.ts under bun (OMP runs under bun only), the way a
 * user runs OMP: by package name, the sources reached through the
 * agntn-source condition. The script prints its findings as JSON on its last
 * line; a failed or silent run rejects with its output.
 */
import { fileURLToPath } from "node:url";
import { runToEnd } from "./child.ts";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const bun = fileURLToPath(new URL("../../node_modules/.bin/bun", import.meta.url));

export async function runOmpScript<T>(name: string): Promise<T> {
  const { exit, stdout, stderr } = await runToEnd(bun, ["--conditions=agntn-source", `test/omp/${name}.ts`], {
    cwd: repo,
    timeoutMs: 100_000,
    cannot: `test/omp/${name}.ts cannot run under bun`,
  });
  try {
    if (exit !== 0) throw new Error(`exit ${exit}`);
    return JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as T;
  } catch (error) {
    throw new Error(`test/omp/${name}.ts failed (${String(error)}):\n${stderr}\n${stdout}`);
  }
}
