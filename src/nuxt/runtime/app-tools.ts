/** The app's tools (`agntnTools.tools`), checked once at start-up: a broken tool or a duplicate name stops the server, not a request. */
import { type AnyTool, indexTools } from "@agntn/tools";
import config from "#agntn-tools/config.mjs";
import { tools } from "#agntn-tools/tools.mjs";

function checkedList(): readonly AnyTool[] {
  if (!Array.isArray(tools)) {
    throw new Error(`@agntn/tools: ${config.toolsPath} must export its tool list as \`tools\``);
  }
  indexTools(tools);
  return tools;
}

export const appTools: readonly AnyTool[] = checkedList();
