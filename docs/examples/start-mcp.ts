import { createMcpServer } from "@agntn/tools/mcp";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { tools } from "./start-tools.ts";

const server = createMcpServer({ name: "initials", version: "1.0.0" }, tools);
await server.connect(new StdioServerTransport());
