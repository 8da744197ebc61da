import { fileURLToPath } from "node:url";
import { defineConfig } from "tsdown";
import { RUNTIME_FILES } from "./src/nuxt/runtime-files.ts";
import { packageEntries } from "./test/fixtures/package-entries.ts";

const entry: Record<string, string> = {
  // One per entry of package.json `exports`, named as its `default` file in dist.
  ...Object.fromEntries(packageEntries.map(({ name, source }) => [name, source])),
  // Files the Nuxt module hands to Nitro by path: they must exist beside it in dist.
  ...Object.fromEntries(
    RUNTIME_FILES.map((name) => [`runtime/${name}`, fileURLToPath(new URL(`./src/nuxt/runtime/${name}.ts`, import.meta.url))]),
  ),
};

export default defineConfig({
  entry,
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
