/** Raw 2026-07-28 JSON-RPC, for tests that assert a whole answer's body. */
const MODERN = "2026-07-28";

/**
 * One JSON-RPC request as a 2026-07-28 client sends it with no MCP library: the routing headers the spec asks for and
 * the version, client and capabilities in the request's `_meta`. Answered as JSON: the status and the whole body.
 */
export async function post2026(url: URL, method: string, id: number | string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method,
      params: {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": MODERN,
          "io.modelcontextprotocol/clientInfo": { name: "probe", version: "1.0.0" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  });
  return { status: response.status, body: await response.json() };
}
