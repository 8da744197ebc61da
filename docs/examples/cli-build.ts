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
});
