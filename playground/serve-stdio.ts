/**
 * The demo MCP server over stdio, for clients that start servers themselves:
 * `node --conditions=agntn-source playground/serve-stdio.ts` (or, once built, without the flag).
 * `serveStdio` picks the protocol revision the client opens with.
 */
import { createMcpServer } from "@agntn/tools/mcp";
import { bundleViews } from "@agntn/tools/views";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { tools as sources } from "./server/tools.ts";

// text_stats' view is a page that loads ./stats-view.ts: made into the one document a host renders, before serving.
const tools = await bundleViews(sources);
const info = { name: "agntn-demo", version: "0.1.0", title: "@agntn/tools demo" };
serveStdio(() => createMcpServer(info, tools), { onerror: (error) => console.error(error.message) });
