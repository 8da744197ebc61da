/**
 * The host matrix's OMP row: the testing kit's OMP host (src/testing/hosts/omp.ts), which runs one OMP session
 * under bun with every case's call and answers each case with what the model read.
 */
import type { OmpRead } from "../../../src/testing/hosts/omp.ts";
import { MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

export type { OmpRead };

export interface OmpDriver {
  call(id: string): Promise<OmpRead>;
  close(): Promise<void>;
}

export async function openOmp(fixture: MatrixFixture = MATRIX): Promise<OmpDriver> {
  const driver = await openKitHost("omp", fixture);
  return { call: async (id) => (await driver.call(id)) as OmpRead, close: () => driver.close() };
}
