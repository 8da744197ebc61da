// build.ts: the server bundled into dist/server.mjs, each view written into the code as its bundled document.
import { esbuildViewsPlugin } from "@agntn/tools/views";
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "dist/server.mjs",
  bundle: true,
  format: "esm",
  platform: "node",
  // Dependencies stay in node_modules; Vite is needed only here, at build time.
  packages: "external",
  plugins: [esbuildViewsPlugin()],
});
