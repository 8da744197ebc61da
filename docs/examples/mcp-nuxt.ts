// nuxt.config.ts of a Nuxt app: one module, one option, and /mcp serves the list.
import { defineNuxtConfig } from "nuxt/config";

export default defineNuxtConfig({
  modules: ["@agntn/tools/nuxt"],
  agntnTools: { tools: "~~/server/tools", name: "slugs", version: "1.0.0", route: "/mcp" },
});
