/**
 * The host matrix's OMP row. OMP runs under bun only, so the calls happen in
 * a child process: test/omp/matrix.ts runs a real OMP session with every
 * matrix call and prints what the model read; this driver runs it once (bun
 * from node_modules, as test/omp.test.ts does) and answers each case from it.
 * Another fixture's module is named to the script by AGNTN_MATRIX_FIXTURE.
 */

import { toolsFor } from "@agntn/tools";
import type { OmpRead } from "../../omp/matrix.ts";
import { runOmpScript } from "../bun-script.ts";
import { FIXTURE_ENV, MATRIX, type MatrixFixture } from "./fixture.ts";

export type { OmpRead };

export interface OmpDriver {
  call(id: string): Promise<OmpRead>;
  close(): Promise<void>;
}

interface MatrixRun {
  extensionErrors: unknown[];
  registered: string[];
  reads: Record<string, OmpRead>;
}

export async function openOmp(fixture: MatrixFixture = MATRIX): Promise<OmpDriver> {
  // The child takes the environment as it is spawned, at once: the variable is set for that moment only.
  const saved = process.env[FIXTURE_ENV];
  if (fixture === MATRIX) delete process.env[FIXTURE_ENV];
  else process.env[FIXTURE_ENV] = fixture.path;
  const started = runOmpScript<MatrixRun>("matrix");
  if (saved === undefined) delete process.env[FIXTURE_ENV];
  else process.env[FIXTURE_ENV] = saved;
  const run = await started;
  // Every tool the caller sees registered (a hidden one is not), no extension error: otherwise each case would only show OMP's "not found".
  const names = (await toolsFor(fixture.tools)).map((tool) => tool.name);
  if (run.extensionErrors.length > 0 || run.registered.join() !== names.join()) {
    throw new Error(`OMP did not load the matrix tools: ${JSON.stringify(run)}`);
  }
  return {
    async call(id) {
      const read = Object.hasOwn(run.reads, id) ? run.reads[id] : undefined;
      if (!read) throw new Error(`OMP made no call for ${id}`);
      return read;
    },
    async close() {},
  };
}
