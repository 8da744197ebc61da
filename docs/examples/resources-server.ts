// server.ts: the catalog beside the tools, over stdio; the same options work for createMcpHttpHandler and h3.
import { createMcpServer } from "@agntn/tools/mcp";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { changelog, explain, guide } from "./resources-catalog.ts";
import { tools } from "./tools.ts";

const server = createMcpServer({ name: "handbook", version: "1.1.0" }, tools, {
  resources: [changelog, guide],
  prompts: [explain],
  cacheHints: { "resources/list": { ttlMs: 300_000, scope: "public" } },
});
await server.connect(new StdioServerTransport());
