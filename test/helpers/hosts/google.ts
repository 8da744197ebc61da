/**
 * The host matrix's Google GenAI row: the testing kit's host
 * (src/testing/hosts/google.ts). The fake Gemini API and client that the
 * SDK's own tests drive are the kit's too (src/testing/hosts/google-api.ts).
 */
import { type KitDriver, MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

export { type GeminiRequest, type GoogleRig, googleRig } from "../../../src/testing/hosts/google-api.ts";

/** A call answers with the parts of the turn that answered the model's call: one `functionResponse`, or none. */
export type GoogleDriver = Omit<KitDriver, "names">;

export async function openGoogle(fixture: MatrixFixture = MATRIX): Promise<GoogleDriver> {
  const { call, close } = await openKitHost("google", fixture);
  return { call, close };
}
