/** The host matrix's Pi row: the testing kit's Pi host (src/testing/hosts/pi.ts). */
import type { PiRead } from "../../../src/testing/hosts/pi.ts";
import { MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

export type { PiRead };

export interface PiDriver {
  call(id: string): Promise<PiRead>;
  close(): Promise<void>;
}

export async function openPi(fixture: MatrixFixture = MATRIX): Promise<PiDriver> {
  const driver = await openKitHost("pi", fixture);
  return { call: async (id) => (await driver.call(id)) as PiRead, close: () => driver.close() };
}
