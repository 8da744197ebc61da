/**
 * @agntn/tools/omp — serve a tool list in OMP (`@oh-my-pi/pi-coding-agent`, run by bun) from an extension:
 *
 *   import { registerOmpTools } from "@agntn/tools/omp";
 *   export default (pi: ExtensionAPI) => registerOmpTools(pi, tools);
 *
 * Build the tools' schemas with the `Type` of `@agntn/tools`: OMP swaps a bare
 * `typebox` import for its own shim, whose schemas no definition accepts.
 */
export type { OmpProgressDetails } from "./execute.ts";
export type { OmpToolOptions, OmpToolsOptions } from "./options.ts";
export { registerOmpTools } from "./register.ts";
export type {
  OmpApproval,
  OmpComponent,
  OmpExtensionApi,
  OmpImageContent,
  OmpLoadMode,
  OmpLogger,
  OmpRenderCall,
  OmpRenderOptions,
  OmpRenderResult,
  OmpTextContent,
  OmpTheme,
  OmpToolContext,
  OmpToolRegistration,
  OmpToolResult,
} from "./types.ts";
