/**
 * Runs one of test/omp/*.ts under bun (OMP runs under bun only), the way a
 * user runs OMP: by package name, the sources reached through the
 * agntn-source condition. The script prints its findings as JSON on its last
 * line; a failed or silent run rejects with its output.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const bun = fileURLToPath(new URL("../../node_modules/.bin/bun", import.meta.url));

export function runOmpScript<T>(name: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(bun, ["--conditions=agntn-source", `test/omp/${name}.ts`], { cwd: repo, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 100_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as T);
      } catch (error) {
        reject(new Error(`test/omp/${name}.ts failed (${String(error)}):\n${stderr}\n${stdout}`));
      }
    });
  });
}
