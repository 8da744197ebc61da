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
  // Files the testing kit hands by path to a host in a process of its own (OMP under bun).
  "testing/omp-session": fileURLToPath(new URL("./src/testing/hosts/omp-session.ts", import.meta.url)),
};

export default defineConfig({
  entry,
  format: "esm",
  platform: "neutral",
  target: "node22",
  dts: true,
  clean: true,
  sourcemap: false,
  deps: {
    // Hosts are peers: never bundle them.
    neverBundle: [
      // MCP Apps' server entry is the exception (below): its few constants are inlined.
      /^@modelcontextprotocol\/(?!ext-apps\/server$)/,
      /^@nuxtjs\//,
      /^@nuxt\//,
      /^@earendil-works\//,
      /^@oh-my-pi\//,
      /^ai(\/|$)/,
      // The testing kit's hosts (src/testing/hosts/) load LangChain's agent from the user's own install.
      /^langchain(\/|$)/,
      /^@langchain\//,
      /^h3(\/|$)/,
      /^zod(\/|$)/,
      /^node:/,
      // The Nuxt runtime imports the package by name and Nitro's virtual config: both resolve in the app.
      /^@agntn\/tools(\/|$)/,
      /^#agntn-tools\//,
      /^#nuxt-mcp-toolkit\//,
      /^nitropack(\/|$)/,
    ],
    // TypeBox, our one dependency, is inlined into the code: imported from node_modules, its subpaths are hundreds of
    // small files, and resolving and linking them was most of a cold start (bench/RESULTS.md, section 10). Schemas
    // reach the core as plain JSON Schema, so a user's own `typebox` (or 0.34) builds schemas the inlined copy checks.
    alwaysBundle: [/^typebox(\/|$)/, /^@modelcontextprotocol\/ext-apps\/server$/],
    // MCP Apps' server entry is a file of names (the extension id, the MIME type, the meta key) with no imports: inlined,
    // a server with views needs no @modelcontextprotocol/ext-apps installed, and no other entry ever loads it.
    onlyBundle: ["typebox", "@modelcontextprotocol/ext-apps"],
    // The declarations keep importing `typebox`, so `Static` and `Type` are the very types of the user's own TypeBox.
    dts: { alwaysBundle: [] },
  },
});
