// server/mcp/index.ts in a Nuxt app that installs @nuxtjs/mcp-toolkit itself.
import { toToolkitTools } from "@agntn/tools/toolkit";
import { defineMcpHandler, useMcpElicitation, useMcpLogger, useMcpServer } from "@nuxtjs/mcp-toolkit/server";
import { tools } from "./tools.ts";

export default defineMcpHandler({
  name: "slugs",
  version: "1.0.0",
  // The toolkit's types want Zod schemas; ours are Zod stand-ins carrying the JSON Schema as written.
  // The three composables let tools ask the person, log to the client and sample the client's model.
  tools: toToolkitTools(tools, { elicitation: useMcpElicitation, logger: useMcpLogger, server: useMcpServer }),
});
