import { createMcpServer } from "@agntn/tools/mcp";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { tools } from "./tools.ts";

const server = createMcpServer(
  {
    name: "slugs",
    version: "1.0.0",
    title: "Slugs",
    description: "Turns titles into URL slugs.",
    icons: [{ src: "https://example.com/slugs/icon.svg", mimeType: "image/svg+xml", sizes: ["any"] }],
    websiteUrl: "https://example.com/slugs",
  },
  tools,
);
await server.connect(new StdioServerTransport());
