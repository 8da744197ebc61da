/**
 * Benchmark 12's yardstick: the same tool in a toolkit-only app
 * (@nuxtjs/mcp-toolkit's defineMcpTool and Zod, the toolkit's defaults).
 */
import { defineNuxtConfig } from "nuxt/config";

const preset = process.env.AGNTN_BENCH_PRESET;

export default defineNuxtConfig({
  compatibilityDate: "2026-05-01",
  modules: ["@nuxtjs/mcp-toolkit"],
  mcp: { name: "cold-start", version: "1.0.0" },
  nitro: preset ? { preset, cloudflare: { deployConfig: true, nodeCompat: true } } : {},
  devtools: { enabled: false },
  telemetry: false,
});
