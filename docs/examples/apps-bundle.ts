// server.ts: the tools' views made into one document each at start-up, then served over Streamable HTTP.
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { bundleViews } from "@agntn/tools/views";
import { tools as sources } from "./apps-tool.ts";

// stats-view.html loads ./apps-view.ts: Vite inlines it, and what it imports, into the page. A view that cannot be
// bundled stops start-up with one line; one already bundled (by the esbuild plugin below) is kept as it is.
const tools = await bundleViews(sources);

export const handler = createMcpHttpHandler({ name: "stats", version: "1.0.0" }, tools);
