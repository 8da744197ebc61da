// nuxt.config.ts of an app deployed to Cloudflare Workers with `wrangler deploy`.
import { defineNuxtConfig } from "nuxt/config";

export default defineNuxtConfig({
  modules: ["@agntn/tools/nuxt"],
  agntnTools: { tools: "~~/server/tools" },
  nitro: {
    preset: "cloudflare-module",
    // Writes .output/server/wrangler.json with the nodejs_compat flag the server needs.
    cloudflare: { deployConfig: true, nodeCompat: true },
  },
});
