/**
 * The host matrix's Nuxt row: the matrix tools through @agntn/tools/nuxt in a
 * built app (test/fixtures/nuxt-matrix), its server started on a loopback
 * port, called by the SDK v2 client over Streamable HTTP on the revision
 * asked for. The route is this package's HTTP handler, so it answers as the
 * createMcpHttpHandler rows do, word for word.
 */
import { join } from "node:path";
import { buildApp, root, startApp } from "../../fixtures/nuxt-server.ts";
import { httpDriver, type McpDriver, type Revision } from "./mcp.ts";

const APP = join(root, "test/fixtures/nuxt-matrix");

export async function openNuxt(revision: Revision): Promise<McpDriver> {
  await buildApp(APP);
  const app = await startApp(APP);
  return httpDriver(new URL("/mcp", app.url), revision, async () => app.stop());
}
