// nuxt.config.ts: every call, read and get on /mcp, the app's and the toolkit's, goes through the list server/middleware-list.ts exports.
import { defineNuxtConfig } from "nuxt/config";

export default defineNuxtConfig({
  modules: ["@agntn/tools/nuxt"],
  agntnTools: { tools: "~~/server/tools", middleware: "~~/server/middleware-list" },
});
