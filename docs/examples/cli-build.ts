import { esbuildViewsPlugin } from "@agntn/tools/views";
import { build } from "esbuild";

await build({
  entryPoints: { slugs: "bin/slugs.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  outExtension: { ".js": ".mjs" },
  // Each view named with new URL("./view.html", import.meta.url) is bundled into one document and written into the code.
  plugins: [esbuildViewsPlugin()],
});
