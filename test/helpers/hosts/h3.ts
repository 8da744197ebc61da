/** The host matrix's h3 rows: the testing kit's h3 host (src/testing/hosts/h3.ts). */
import { MATRIX, type MatrixFixture, openKitHost } from "./fixture.ts";
import type { McpDriver, Revision } from "./mcp.ts";

export async function openH3(revision: Revision, fixture: MatrixFixture = MATRIX): Promise<McpDriver> {
  const driver = await openKitHost(`h3@${revision}`, fixture);
  return { ...driver, names: async () => (await driver.names()) ?? [] };
}
