/**
 * The app's tools (`agntnTools.tools`) and middleware (`agntnTools.middleware`),
 * checked once at start-up: a broken tool, a duplicate name or a middleware
 * that is no function stops the server, not a request. The app's tools carry
 * the chain; the toolkit's own get the same list through their tool set.
 */
import { type AnyTool, type Middleware, withMiddleware } from "@agntn/tools";
import { indexTools, viewsOf } from "@agntn/tools/internal/nuxt";
import config from "#agntn-tools/config.mjs";
import { middleware as given } from "#agntn-tools/middleware.mjs";
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
