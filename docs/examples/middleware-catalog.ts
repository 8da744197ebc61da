// server.ts: the handbook's tools, resources and prompt behind one audit line and one rate limit, over stdio.
import { withMiddleware } from "@agntn/tools";
import { createMcpServer } from "@agntn/tools/mcp";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { auditLog } from "./middleware-audit.ts";
import { rateLimit } from "./middleware-rate-limit.ts";
import { changelog, explain, guide } from "./resources-catalog.ts";
import { tools } from "./tools.ts";

// One chain, made once, around all three lists: a caller's reads and gets use up the same allowance as its calls.
const chain = [auditLog(), rateLimit({ calls: 60 })];

const server = createMcpServer({ name: "handbook", version: "1.1.0" }, withMiddleware(tools, ...chain), {
  resources: withMiddleware([changelog, guide], ...chain),
  prompts: withMiddleware([explain], ...chain),
});
await server.connect(new StdioServerTransport());
