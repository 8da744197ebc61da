/**
 * @agntn/tools/omp — serve a tool list in OMP (`@oh-my-pi/pi-coding-agent`, run by bun) from an extension:
 *
 *   export default (pi) => registerOmpTools(pi, tools);
 */
export type { OmpProgressDetails } from "./execute.ts";
export type { OmpOptions, OmpToolOptions } from "./options.ts";
export { registerOmpTools } from "./register.ts";
export type {
  OmpApproval,
  OmpComponent,
  OmpExtensionApi,
  OmpLoadMode,
  OmpRenderCall,
  OmpRenderOptions,
  OmpRenderResult,
  OmpTheme,
  OmpToolContext,
  OmpToolRegistration,
  OmpToolResult,
} from "./types.ts";
