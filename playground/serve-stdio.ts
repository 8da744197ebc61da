/**
 * The demo MCP server over stdio, for clients that start servers themselves:
 * `node --conditions=agntn-source playground/serve-stdio.ts` (or, once built, without the flag).
 * `serveStdio` picks the protocol revision the client opens with.
 */
import { createMcpServer } from "@agntn/tools/mcp";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { tools } from "./server/tools.ts";

const info = { name: "agntn-demo", version: "0.1.0", title: "@agntn/tools demo" };
serveStdio(() => createMcpServer(info, tools), { onerror: (error) => console.error(error.message) });
