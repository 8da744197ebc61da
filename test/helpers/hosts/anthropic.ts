/**
 * The host matrix's Anthropic SDK row: the testing kit's host
 * (src/testing/hosts/anthropic.ts). The tool runner on the fake Messages API
 * that the SDK's own tests drive is the kit's too (src/testing/hosts/anthropic-runner.ts).
 */
import { type KitDriver, MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

export { type AnthropicRig, anthropicRig } from "../../../src/testing/hosts/anthropic-runner.ts";

/** A call answers with the `tool_result` the runner sent back, without its call id. */
export type AnthropicDriver = Omit<KitDriver, "names">;

export async function openAnthropic(fixture: MatrixFixture = MATRIX): Promise<AnthropicDriver> {
  const { call, close } = await openKitHost("anthropic", fixture);
  return { call, close };
}
