// An OMP extension (OMP runs it with bun).

import type { OmpExtensionApi } from "@agntn/tools/omp";
import { registerOmpTools } from "@agntn/tools/omp";
import { tools } from "./tools.ts";

export default function slugs(pi: OmpExtensionApi) {
  registerOmpTools(pi, tools, {
    loadMode: "essential",
    perTool: {
      text_slug: { summary: (args) => String(args.text ?? "") },
      text_stats: { facts: (details) => `${(details as { words: number }).words} words` },
    },
  });
}
