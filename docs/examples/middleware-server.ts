// server.ts: the demo tools over stdio, each call through the audit line, then the rate limit, then the cache.
import { withMiddleware } from "@agntn/tools";
import { createMcpServer } from "@agntn/tools/mcp";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { auditLog } from "./middleware-audit.ts";
import { readCache } from "./middleware-cache.ts";
import { rateLimit } from "./middleware-rate-limit.ts";
import { tools } from "./tools.ts";

const guarded = withMiddleware(tools, auditLog(), rateLimit({ calls: 60 }), readCache({ ttlMs: 30_000 }));
const server = createMcpServer({ name: "slugs", version: "1.0.0" }, guarded);
await server.connect(new StdioServerTransport());
