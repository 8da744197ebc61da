// nuxt.config.ts of an app whose /mcp route is listed in the MCP Registry: `nuxi build` writes server.json beside it.
import { defineNuxtConfig } from "nuxt/config";

export default defineNuxtConfig({
  modules: ["@agntn/tools/nuxt"],
  agntnTools: {
    tools: "~~/server/tools",
    name: "slugs",
    version: "1.2.0",
    registry: {
      name: "io.github.ada/slugs",
      siteUrl: "https://slugs.example.com",
      title: "Slugs",
      description: "Turns titles into URL slugs.",
      repository: { url: "https://github.com/ada/slugs", source: "github" },
    },
  },
});
