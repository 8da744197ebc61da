/**
 * Put in place of Cloudflare's `agents/mcp` when an app built for Cloudflare
 * has not installed `agents`. The toolkit's Cloudflare transport imports it;
 * on the module's route it is never reached (every request there is answered
 * by ./route.ts), but a named handler (`/mcp/:handler`) still goes through
 * the toolkit and gets this answer, which says what to install, instead of a
 * build that cannot resolve it.
 */
import { jsonRpcError } from "@agntn/tools/internal/nuxt";

export function createMcpHandler(): (request: Request) => Promise<Response> {
  return async () =>
    jsonRpcError(
      501,
      -32603,
      "This MCP handler runs on the toolkit's Cloudflare transport, which needs the `agents` package: npm install agents",
    );
}
