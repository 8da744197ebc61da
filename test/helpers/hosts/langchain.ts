/** The host matrix's LangChain row: the testing kit's LangChain host (src/testing/hosts/langchain.ts). */
import { type KitDriver, MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";

/** A call answers with the ToolMessage the agent added: its content, its status and, where there is one, its artifact. */
export type LangChainDriver = Omit<KitDriver, "names">;

export async function openLangChain(fixture: MatrixFixture = MATRIX): Promise<LangChainDriver> {
  const { call, close } = await openKitHost("langchain", fixture);
  return { call, close };
}
