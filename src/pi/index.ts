/**
 * @agntn/tools/pi — serve a tool list in the Pi coding agent
 * (`@earendil-works/pi-coding-agent` 1.x) from an extension:
 *
 * ```ts
 * export default (pi: ExtensionAPI) => registerPiTools(pi, tools, { confirm: "writes" });
 * ```
 */
export { registerPiTools } from "./register.ts";
export type {
  PiComponent,
  PiExtensionApi,
  PiRegisteredTool,
  PiTextClass,
  PiTheme,
  PiToolContext,
  PiToolRenderer,
  PiToolsOptions,
} from "./types.ts";
