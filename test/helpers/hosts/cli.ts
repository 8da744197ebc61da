/** The host matrix's command-line row: the testing kit's command-line host (src/testing/hosts/cli.ts), one Node process per case. */
import type { CliRun } from "../../../src/testing/hosts/cli.ts";
import { MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

export type { CliRun };

export interface CliDriver {
  call(id: string): Promise<CliRun>;
  close(): Promise<void>;
}

/** Runs every case when it opens, one child at a time (the matrix starts this early, beside OMP's bun). */
export async function openCli(fixture: MatrixFixture = MATRIX): Promise<CliDriver> {
  const driver = await openKitHost("cli", fixture);
  return { call: async (id) => (await driver.call(id)) as CliRun, close: () => driver.close() };
}
