// ~/.pi/agent/extensions/slugs.ts (or any extension path Pi loads)
import { registerPiTools } from "@agntn/tools/pi";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Text } from "@earendil-works/pi-tui";
import { tools } from "./tools.ts";

export default function slugs(pi: ExtensionAPI) {
  registerPiTools(pi, tools, {
    confirm: "writes", // ask the person before files_rename (effect "write") runs
    perTool: { text_slug: { callLine: (args) => String(args.text ?? "") } },
    Text,
  });
}
