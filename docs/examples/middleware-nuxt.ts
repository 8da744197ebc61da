// nuxt.config.ts: every call on /mcp, of the app's tools and of the toolkit's own, goes through the list server/middleware-list.ts exports.
import { defineNuxtConfig } from "nuxt/config";

export default defineNuxtConfig({
  modules: ["@agntn/tools/nuxt"],
  agntnTools: { tools: "~~/server/tools", middleware: "~~/server/middleware-list" },
});
