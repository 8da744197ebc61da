// nuxt.config.ts: the app's resources and prompts join the route beside its tools and everything the toolkit serves.
import { defineNuxtConfig } from "nuxt/config";

export default defineNuxtConfig({
  modules: ["@agntn/tools/nuxt"],
  agntnTools: { tools: "~~/server/tools", resources: "~~/server/catalog", prompts: "~~/server/catalog" },
});
