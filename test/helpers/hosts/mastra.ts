/**
 * The host matrix's Mastra row: the testing kit's Mastra host
 * (src/testing/hosts/mastra.ts). The scripted model Mastra's own tests drive
 * is the kit's too (src/testing/hosts/mastra-model.ts).
 */
import { type KitDriver, MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

export { type MastraCall, modelReads, scriptedModel } from "../../../src/testing/hosts/mastra-model.ts";

/** A call answers with what the model read and the output of a success, or why the run stopped before any read. */
export type MastraDriver = Omit<KitDriver, "names">;

export async function openMastra(fixture: MatrixFixture = MATRIX): Promise<MastraDriver> {
  const { call, close } = await openKitHost("mastra", fixture);
  return { call, close };
}
