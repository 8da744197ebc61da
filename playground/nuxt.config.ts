/**
 * The playground: a small Nuxt app serving playground/server/tools.ts on /mcp
 * through @agntn/tools/nuxt. In a real app the module comes from node_modules
 * and needs no alias; here the package's own names point at ../src (every
 * entry of package.json `exports`, see test/fixtures/package-entries.ts) so
 * the app runs on the sources without a build of the library first (`alias`
 * covers both the module and the server bundle: Nuxt resolves module names and
 * Nitro imports through it).
 */
import { defineNuxtConfig } from "nuxt/config";
import { sourceAliases } from "../test/fixtures/package-entries.ts";

export default defineNuxtConfig({
  compatibilityDate: "2026-11-01",
  modules: ["@agntn/tools/nuxt"],
  agntnTools: {
    tools: "~~/server/tools",
    name: "agntn-playground",
    // A local demo: answer only this machine's host names (DNS-rebinding protection).
    allowedHosts: ["localhost", "127.0.0.1", "[::1]"],
  },
  // Only in this repository, to run on the sources: an app that installs @agntn/tools leaves this out.
  alias: sourceAliases,
  devtools: { enabled: false },
  telemetry: false,
});
