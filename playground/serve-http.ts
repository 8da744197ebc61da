/**
 * The demo MCP server over Streamable HTTP: `npm run serve:http`.
 * Serves the demo tools on a loopback port for both protocol revisions.
 */
import { sanitizeLine } from "@agntn/tools";
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { bundleViews } from "@agntn/tools/views";
import { serve } from "srvx";
import { tools as sources } from "./server/tools.ts";

// text_stats' view is a page that loads ./stats-view.ts; a host renders one document and fetches nothing beside
// it, so the page is bundled into one (scripts and styles inline) before the server is made.
const tools = await bundleViews(sources);

const port = Number(process.env.PORT ?? 3333);
const hostname = process.env.HOST ?? "127.0.0.1";
const info = { name: "agntn-demo", version: "0.1.0", title: "@agntn/tools demo", description: "The demo tools of @agntn/tools." };

// Answers only this machine's names by default (DNS-rebinding protection); an error's message may carry request
// data (a tool name, a header), so it is logged as one clean line.
const handler = createMcpHttpHandler(info, tools, { onerror: (e) => console.error(`agntn-demo: ${sanitizeLine(e.message)}`) });
const server = serve({
  hostname,
  port,
  silent: true,
  fetch: (request) =>
    new URL(request.url).pathname === "/mcp" ? handler.fetch(request) : new Response("Not found: try /mcp\n", { status: 404 }),
});
await server.ready();
const url = new URL("/mcp", server.url ?? `http://${hostname}:${port}`).href;
console.log(`@agntn/tools demo MCP server: ${url}
Tools: ${tools.map((t) => t.name).join(", ")}
Connect a client:
  Claude Code:   claude mcp add --transport http agntn-demo ${url}
  MCP Inspector: npx @modelcontextprotocol/inspector  (transport "Streamable HTTP", URL above; text_stats' view is in its Apps tab)
Ctrl+C stops it.`);

const stop = async () => {
  await handler.close();
  await server.close(true);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
