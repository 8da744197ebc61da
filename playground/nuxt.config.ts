/**
 * The playground: a small Nuxt app serving playground/server/tools.ts on /mcp
 * through @agntn/tools/nuxt. In a real app the module comes from node_modules;
 * here the package's own names point at ../src so the app runs on the sources
 * without a build of the library first (`alias` covers both the module and the
 * server bundle: Nuxt resolves module names and Nitro imports through it).
 */
import { fileURLToPath } from "node:url";
import { defineNuxtConfig } from "nuxt/config";

const src = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

export default defineNuxtConfig({
  compatibilityDate: "2026-11-01",
  modules: ["@agntn/tools/nuxt"],
  agntnTools: {
    tools: "~~/server/tools",
    name: "agntn-playground",
    // A local demo: answer only this machine's host names (DNS-rebinding protection).
    allowedHosts: ["localhost", "127.0.0.1", "[::1]"],
  },
  alias: {
    "@agntn/tools/nuxt": src("nuxt/module.ts"),
    "@agntn/tools/toolkit": src("toolkit/index.ts"),
    "@agntn/tools/mcp": src("mcp/index.ts"),
    "@agntn/tools": src("index.ts"),
  },
  devtools: { enabled: false },
  telemetry: false,
});
