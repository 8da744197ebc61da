/**
 * The app's tools (`agntnTools.tools`), middleware (`agntnTools.middleware`),
 * resources and prompts (`agntnTools.resources`, `agntnTools.prompts`),
 * checked once at start-up: a broken tool, resource or prompt, a duplicate
 * name or URI, or a middleware that is no function stops the server, not a
 * request. The app's tools, resources and prompts carry the chain; the
 * toolkit's own get the same list through their tool set.
 */
import { type AnyTool, type Middleware, withMiddleware } from "@agntn/tools";
import { type Catalog, catalogOf, indexTools, viewsOf } from "@agntn/tools/internal/nuxt";
import config from "#agntn-tools/config.mjs";
import { middleware as given } from "#agntn-tools/middleware.mjs";
import { prompts } from "#agntn-tools/prompts.mjs";
import { resources } from "#agntn-tools/resources.mjs";
import { tools } from "#agntn-tools/tools.mjs";

function checkedMiddleware(): readonly Middleware[] {
  if (given === undefined) return [];
  if (!Array.isArray(given))
    throw new Error("@agntn/tools/nuxt: agntnTools.middleware must name a module exporting `middleware` as a list");
  return given;
}

function checkedList(): readonly AnyTool[] {
  if (!Array.isArray(tools)) {
    throw new Error(`@agntn/tools/nuxt: ${config.toolsPath} must export its tool list as \`tools\``);
  }
  indexTools(tools);
  // The views too: a view file the build did not bundle and the server cannot read stops start-up, not a request.
  viewsOf(tools);
  return middleware.length > 0 ? withMiddleware(tools, ...middleware) : tools;
}

/** The app's middleware, in the order it listed them. */
export const middleware: readonly Middleware[] = checkedMiddleware();

export const appTools: readonly AnyTool[] = checkedList();

function listOf(value: readonly unknown[] | undefined, option: "resources" | "prompts"): readonly never[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw new Error(`@agntn/tools/nuxt: agntnTools.${option} must name a module exporting \`${option}\` as a list`);
  return value as never[];
}

/** A list with the app's middleware around each read or get, as around each tool call. */
function chainedList<T extends object>(list: readonly T[]): readonly T[] {
  return middleware.length > 0 && list.length > 0 ? withMiddleware(list as never[], ...middleware) : list;
}

/**
 * The app's resources and prompts, checked (a broken definition or a duplicate URI or name stops start-up), each
 * with the app's middleware around it; the toolkit's reads and gets pass the same list through the tool set.
 */
export const appCatalog: Catalog = catalogOf(chainedList(listOf(resources, "resources")), chainedList(listOf(prompts, "prompts")));
