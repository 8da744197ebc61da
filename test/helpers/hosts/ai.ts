/** The host matrix's AI SDK row: the testing kit's AI SDK host (src/testing/hosts/ai.ts). */
import { type KitDriver, MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

export type { AiRead } from "../../../src/testing/hosts/ai.ts";

/** A call answers with an AiRead: what the model read in its second step, and the tool output of a success. */
export type AiDriver = Omit<KitDriver, "names">;

export async function openAi(fixture: MatrixFixture = MATRIX): Promise<AiDriver> {
  const { call, close } = await openKitHost("ai", fixture);
  return { call, close };
}
