/**
 * Benchmark 12's app on our module: one tool, no authorization, every other
 * setting the module's default. bench/cold-start.ts copies this folder next to
 * an installed build of the package and builds it there, so the app loads
 * dist as a user's app does. AGNTN_BENCH_PRESET=cloudflare-module builds it
 * for Workers.
 */
import { defineNuxtConfig } from "nuxt/config";

const preset = process.env.AGNTN_BENCH_PRESET;

export default defineNuxtConfig({
  compatibilityDate: "2026-05-01",
  modules: ["@agntn/tools/nuxt"],
  agntnTools: { tools: "~~/server/tools", name: "cold-start", version: "1.0.0" },
  nitro: preset ? { preset, cloudflare: { deployConfig: true, nodeCompat: true } } : {},
  devtools: { enabled: false },
  telemetry: false,
});
