// nuxt.config.ts: the module's route asks for tokens. The issuer and the audience can also
// come from NUXT_AGNTN_TOOLS_AUTH_ISSUER and NUXT_AGNTN_TOOLS_AUTH_AUDIENCE at run time.
import { defineNuxtConfig } from "nuxt/config";

export default defineNuxtConfig({
  modules: ["@agntn/tools/nuxt"],
  agntnTools: {
    tools: "~~/server/tools",
    allowedHosts: ["tools.example.com"],
    auth: { issuer: "https://auth.example.com/", audience: "https://tools.example.com/mcp" },
  },
});
