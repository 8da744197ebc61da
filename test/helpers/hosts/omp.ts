/**
 * The host matrix's OMP row. OMP runs under bun only, so the calls happen in
 * a child process: test/omp/matrix.ts runs a real OMP session with every
 * matrix call and prints what the model read; this driver runs it once (bun
 * from node_modules, as test/omp.test.ts does) and answers each case from it.
 */
import { type CaseId, matrixTools } from "../../fixtures/matrix-tools.ts";
import type { OmpRead } from "../../omp/matrix.ts";
import { runOmpScript } from "../bun-script.ts";

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

export async function openOmp(): Promise<OmpDriver> {
  const run = await runOmpScript<MatrixRun>("matrix");
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
