/**
 * Put in place of Cloudflare's `agents/mcp` when an app built for Cloudflare
 * has not installed `agents`. The toolkit's Cloudflare transport imports it;
 * on the module's route it is never reached (every request there is answered
 * by ./modern-route.ts on such presets), but a named handler
 * (`/mcp/:handler`) still goes through the toolkit and gets this answer,
 * which says what to install, instead of a build that cannot resolve it.
 */
export function createMcpHandler(): (request: Request) => Promise<Response> {
  return async () =>
    new Response(
      JSON.stringify({
        jsonrpc: "2.0",
        error: {
          code: -32603,
          message: "This MCP handler runs on the toolkit's Cloudflare transport, which needs the `agents` package: npm install agents",
        },
        id: null,
      }),
      { status: 501, headers: { "content-type": "application/json" } },
    );
}
