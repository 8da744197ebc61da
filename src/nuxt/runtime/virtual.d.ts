/** Server templates the module writes at build time (see ../module.ts). */
declare module "#agntn-tools/tools.mjs" {
  import type { AnyTool } from "@agntn/tools";

  /** The list the app's tools module exports as `tools`. */
  export const tools: readonly AnyTool[] | undefined;
}

declare module "#agntn-tools/config.mjs" {
  const config: { name: string; version: string; toolsPath: string; route: string; allowedHosts?: string[] };
  export default config;
}
