/**
 * The app's tools (`agntnTools.tools`), middleware (`agntnTools.middleware`),
 * resources and prompts (`agntnTools.resources`, `agntnTools.prompts`),
 * checked once at start-up: a broken tool, resource or prompt, a duplicate
 * name or URI, or a middleware that is no function stops the server, not a
 * request. The app's tools, resources and prompts carry the chain; the
 * toolkit's own get the same list through their tool set.
 *
 * The tools module may export a fixed array or a list made by
 * `createToolList`. A list is read as it is at each request: each version of
 * it gets the middleware once (kept by version, so the handler's caches stay
 * warm), and a change the route could not serve is refused before it takes
 * effect.
 */
import { type AnyTool, type Middleware, quote, type ToolList, withMiddleware } from "@agntn/tools";
import { type Catalog, catalogOf, checkChanges, indexTools, isToolList, viewsOf } from "@agntn/tools/internal/nuxt";
import config from "#agntn-tools/config.mjs";
import { middleware as given } from "#agntn-tools/middleware.mjs";
import { prompts } from "#agntn-tools/prompts.mjs";
import { resources } from "#agntn-tools/resources.mjs";
import { tools } from "#agntn-tools/tools.mjs";
import { tools as toolkitDefinitions } from "#nuxt-mcp-toolkit/tools.mjs";
import { registeredName } from "./toolkit-names.ts";

function checkedMiddleware(): readonly Middleware[] {
  if (given === undefined) return [];
  if (!Array.isArray(given))
    throw new Error("@agntn/tools/nuxt: agntnTools.middleware must name a module exporting `middleware` as a list");
  return given;
}

/** The app's middleware, in the order it listed them. */
export const middleware: readonly Middleware[] = checkedMiddleware();

/** Each tool with the app's middleware around it, made once per definition: a tool a change leaves alone keeps its copy. */
const chained = new WeakMap<AnyTool, AnyTool>();
/** Each version of the app's list with the middleware, made once per version. */
const versions = new WeakMap<readonly AnyTool[], readonly AnyTool[]>();

function withChain(version: readonly AnyTool[]): readonly AnyTool[] {
  if (middleware.length === 0) return version;
  const known = versions.get(version);
  if (known) return known;
  const made = version.map((tool) => {
    let copy = chained.get(tool);
    if (!copy) {
      copy = withMiddleware([tool], ...middleware)[0] as AnyTool;
      chained.set(tool, copy);
    }
    return copy;
  });
  versions.set(version, made);
  return made;
}

/** The names the toolkit's own tool files register, which the route serves in place of an app tool of the same name. */
function toolkitNames(): ReadonlySet<string> {
  const names = new Set<string>();
  for (const definition of toolkitDefinitions) {
    const name = registeredName(definition as { name?: string });
    if (name !== undefined) names.add(name);
  }
  return names;
}

/**
 * What the route checks of the app's tools at start-up: the definitions and their views (a view file the build did not
 * bundle and the server cannot read stops start-up, not a request).
 */
function checkVersion(version: readonly AnyTool[]): void {
  indexTools(version);
  viewsOf(version);
  withChain(version);
}

/** A tool added or put in place while the app runs, under a name the toolkit's files hold: the route would leave it out. */
function refuseToolkitName(incoming: AnyTool): void {
  if (!toolkitNames().has(incoming.name)) return;
  throw new Error(
    `@agntn/tools/nuxt: the MCP route already serves a tool named ${quote(incoming.name)} from server/mcp/tools or a layer; rename the app's tool`,
  );
}

function checkedTools(): { list: ToolList | undefined; fixed: readonly AnyTool[] | undefined } {
  if (Array.isArray(tools)) {
    checkVersion(tools);
    return { list: undefined, fixed: withChain(tools) };
  }
  if (!isToolList(tools)) {
    throw new Error(`@agntn/tools/nuxt: ${config.toolsPath} must export \`tools\` as an array of tools or a list made by createToolList`);
  }
  checkVersion(tools.tools);
  // Refused before it takes effect: the list has checked the tool itself, the route checks the name it would serve.
  checkChanges(tools, (incoming) => refuseToolkitName(incoming));
  return { list: tools, fixed: undefined };
}

const checked = checkedTools();

/** The app's list when it changes while the server runs (`createToolList`); `undefined` for a fixed array. */
export const appList: ToolList | undefined = checked.list;

/** The app's tools as they are now, each with the app's middleware around it. */
export function appToolsNow(): readonly AnyTool[] {
  return checked.fixed ?? withChain(checked.list?.tools ?? []);
}

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
