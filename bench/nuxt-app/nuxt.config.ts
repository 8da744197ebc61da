/**
 * The app benchmark 6 builds: one Nuxt app whose /mcp route serves the same
 * tool twice, once defined with @agntn/tools (through our Nuxt module) and
 * once written directly with the toolkit's `defineMcpTool` and Zod. The build
 * goes to a temporary folder so nothing generated lands in the repository.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineNuxtConfig } from "nuxt/config";
import { sourceAliases } from "../../test/fixtures/package-entries.ts";

const out = process.env.AGNTN_BENCH_NUXT_DIR ?? join(tmpdir(), "agntn-bench-nuxt");

export default defineNuxtConfig({
  compatibilityDate: "2026-11-01",
  modules: ["@agntn/tools/nuxt"],
  agntnTools: { tools: "~~/server/tools", name: "agntn-bench" },
  // The package's own names point at the sources, as in the playground: no library build needed.
  alias: sourceAliases,
  buildDir: join(out, ".nuxt"),
  nitro: { output: { dir: join(out, ".output") } },
  devtools: { enabled: false },
  telemetry: false,
});
