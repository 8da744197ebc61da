/**
 * The host matrix's OMP row. OMP runs under bun only, so the calls happen in
 * a child process: test/omp/matrix.ts runs a real OMP session with every
 * matrix call and prints what the model read; this driver runs it once (bun
 * from node_modules, as test/omp.test.ts does) and answers each case from it.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type CaseId, matrixTools } from "../../fixtures/matrix-tools.ts";
import type { OmpRead } from "../../omp/matrix.ts";

export type { OmpRead };

export interface OmpDriver {
  call(id: CaseId): Promise<OmpRead>;
  close(): Promise<void>;
}

interface MatrixRun {
  extensionErrors: unknown[];
  registered: string[];
  reads: Record<CaseId, OmpRead>;
}

const repo = fileURLToPath(new URL("../../..", import.meta.url));
const bun = fileURLToPath(new URL("../../../node_modules/.bin/bun", import.meta.url));

function runMatrix(): Promise<MatrixRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bun, ["--conditions=agntn-source", "test/omp/matrix.ts"], { cwd: repo, stdio: ["ignore", "pipe", "pipe"] });
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
        resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as MatrixRun);
      } catch (error) {
        reject(new Error(`test/omp/matrix.ts failed (${String(error)}):\n${stderr}\n${stdout}`));
      }
    });
  });
}

export async function openOmp(): Promise<OmpDriver> {
  const run = await runMatrix();
  // Every tool registered, no extension error: otherwise each case would only show OMP's "not found".
  const names = matrixTools.map((tool) => tool.name);
  if (run.extensionErrors.length > 0 || run.registered.join() !== names.join()) {
    throw new Error(`OMP did not load the matrix tools: ${JSON.stringify(run)}`);
  }
  return {
    async call(id) {
      const read = run.reads[id];
      if (!read) throw new Error(`OMP made no call for ${id}`);
      return read;
    },
    async close() {},
  };
}
