/**
 * The toolkit (0.21) warns "No MCP definitions found. Create tools, resources,
 * or prompts in server/mcp/" whenever it finds no definition files there. In
 * an app whose tools this module serves that advice is wrong, and the
 * toolkit offers no way to silence it: its count covers only files under its
 * definition paths (each a single default-exported definition), and the
 * module adds its tools at run time. So the module says, once, what is true.
 */
import { sanitizeLine } from "../core/sanitize.ts";

/** The toolkit's generated lists: each is `export const <kind> = []` when it found nothing of that kind. */
const TOOLKIT_LISTS = ["tools", "resources", "prompts", "handlers"].map((kind) => `#nuxt-mcp-toolkit/${kind}.mjs`);

/**
 * Whether the toolkit found no definitions, read from the server templates it
 * wrote (`nitro.virtual`, as @nuxt/kit's `addServerTemplate` stores them).
 * `false` when any of them is missing or not a plain string: then nothing is said.
 */
export function toolkitFoundNothing(virtual: Record<string, unknown> | undefined): boolean {
  return TOOLKIT_LISTS.every((name) => {
    const template = virtual?.[name];
    const contents = typeof template === "function" ? (template as () => unknown)() : template;
    return typeof contents === "string" && /^export const \w+ = \[\]\s*$/.test(contents);
  });
}

/** The line that follows the toolkit's warning. */
export function toolkitNotice(route: string, toolsOption: string): string {
  return `${sanitizeLine(route)} serves the app's tools from ${sanitizeLine(toolsOption)}: the toolkit's "No MCP definitions found" above is about server/mcp/, which this module does not need.`;
}
