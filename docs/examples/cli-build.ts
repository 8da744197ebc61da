import { cpSync, globSync } from "node:fs";
import { basename, join } from "node:path";
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

// A view named with new URL("./view.html", import.meta.url) is read beside the bundled code when `slugs mcp` starts.
for (const view of globSync("bin/**/*.html")) cpSync(view, join("dist", basename(view)));
