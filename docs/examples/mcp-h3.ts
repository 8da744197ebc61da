import { registerMcpRoute } from "@agntn/tools/h3";
import { H3, serve } from "h3";
import { tools } from "./tools.ts";

const app = new H3();
const mcp = registerMcpRoute(app, { name: "slugs", version: "1.0.0" }, tools, { route: "/mcp" });
const server = serve(app, { port: 3333, hostname: "127.0.0.1" });

process.on("SIGTERM", async () => {
  await mcp.close(); // ends the open 2025 sessions
  await server.close();
});
