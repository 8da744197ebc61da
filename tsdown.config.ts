import { existsSync } from "node:fs";
import { defineConfig } from "tsdown";

/** One entry per face of the package; a face whose source is not written yet is left out of the build. */
const faces: Record<string, string> = {
  index: "src/index.ts",
  mcp: "src/mcp/index.ts",
  h3: "src/h3/index.ts",
  toolkit: "src/toolkit/index.ts",
  pi: "src/pi/index.ts",
  omp: "src/omp/index.ts",
  ai: "src/ai/index.ts",
  cli: "src/cli/index.ts",
  nuxt: "src/nuxt/module.ts",
  // Files the Nuxt module hands to Nitro by path: they must exist beside it in dist.
  "runtime/tools-plugin": "src/nuxt/runtime/tools-plugin.ts",
  "runtime/allowed-host": "src/nuxt/runtime/allowed-host.ts",
  "runtime/modern-route": "src/nuxt/runtime/modern-route.ts",
  "runtime/no-agents": "src/nuxt/runtime/no-agents.ts",
};

export default defineConfig({
  entry: Object.fromEntries(Object.entries(faces).filter(([, file]) => existsSync(file))),
  format: "esm",
  platform: "neutral",
  target: "node22",
  dts: true,
  clean: true,
  sourcemap: false,
  // Hosts are peers: never bundle them. TypeBox is our one dependency and stays external too.
  deps: {
    neverBundle: [
      /^@modelcontextprotocol\//,
      /^@nuxtjs\//,
      /^@nuxt\//,
      /^@earendil-works\//,
      /^@oh-my-pi\//,
      /^ai(\/|$)/,
      /^h3(\/|$)/,
      /^zod(\/|$)/,
      /^typebox(\/|$)/,
      /^node:/,
      // The Nuxt runtime imports the package by name and Nitro's virtual config: both resolve in the app.
      /^@agntn\/tools(\/|$)/,
      /^#agntn-tools\//,
      /^#nuxt-mcp-toolkit\//,
      /^nitropack(\/|$)/,
    ],
  },
});
