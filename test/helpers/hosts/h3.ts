/**
 * The host matrix's h3 row: registerMcpRoute on a real h3 v2 app served on a loopback
 * port, called by the SDK v2 client over Streamable HTTP.
 */
import { registerMcpRoute } from "@agntn/tools/h3";
import { H3, serve } from "h3";
import { MATRIX, type MatrixFixture } from "./fixture.ts";
import { httpDriver, type McpDriver, type Revision } from "./mcp.ts";

export async function openH3(revision: Revision, fixture: MatrixFixture = MATRIX): Promise<McpDriver> {
  const app = new H3();
  const route = registerMcpRoute(app, fixture.MATRIX_SERVER, fixture.tools);
  const server = serve(app, { port: 0, hostname: "127.0.0.1", silent: true });
  await server.ready();
  return httpDriver(
    new URL("/mcp", server.url),
    revision,
    async () => {
      await route.close();
      await server.close(true);
    },
    fixture,
  );
}
