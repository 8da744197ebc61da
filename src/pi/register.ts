/**
 * `registerPiTools`: every tool of a list registered with Pi, answering
 * through the core. The whole list and every option are checked before the
 * first `registerTool` call, so a broken list registers nothing.
 */

import { indexTools, type PreparedTool } from "../core/define.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import type { AnyTool } from "../core/types.ts";
import { toolsToConfirm } from "./confirm.ts";
import { piExecute } from "./execute.ts";
import { minimumLevel } from "./log.ts";
import { watchRefusals } from "./refusals.ts";
import { renderersFor } from "./render.ts";
import type { PiExtensionApi, PiRegisteredTool, PiToolsOptions } from "./types.ts";

/**
 * Registers each tool with Pi: `name`, `label` (the title), `description`,
 * `promptSnippet` and `promptGuidelines` (when the tool has them),
 * `parameters` (the input schema as written) and `execute`; plus
 * `outputSchema` for tools with an output schema, and renderers from the
 * options. Throws {@link ToolDefinitionError} for a broken tool, a duplicate
 * name or an option naming a tool not in the list.
 */
export function registerPiTools(pi: PiExtensionApi, tools: readonly AnyTool[], options: PiToolsOptions = {}): void {
  const index = indexTools(tools);
  checkOptionKeys("registerPiTools", options, ["keepErrorResults", "confirm", "perTool", "Text", "logLevel"]);
  const logLevel = minimumLevel(options.logLevel);
  const confirm = toolsToConfirm(index, options.confirm);
  const renderers = renderersFor(index, options);
  if (typeof pi?.registerTool !== "function" || typeof pi.on !== "function") {
    throw new ToolDefinitionError("registerPiTools needs Pi's extension API (the pi an extension factory receives)");
  }
  const watch = watchRefusals(pi, index);
  const keepErrorResults = options.keepErrorResults === true;
  for (const entry of index.values()) {
    const definition = piDefinition(entry, piExecute(entry, { confirm: confirm.has(entry.name), keepErrorResults, watch, logLevel }));
    pi.registerTool({ ...definition, ...renderers.get(entry.name) });
  }
}

/** The registration fields that come from the tool itself. */
function piDefinition(entry: PreparedTool, execute: PiRegisteredTool["execute"]): PiRegisteredTool {
  const { tool } = entry;
  const definition: PiRegisteredTool = {
    name: entry.name,
    label: tool.title,
    description: tool.description,
    // Pi validates with its own JSON Schema checker and takes any schema: the input goes as written.
    parameters: tool.input as PiRegisteredTool["parameters"],
    execute,
  };
  if (tool.snippet !== undefined) definition.promptSnippet = tool.snippet;
  if (tool.guidelines !== undefined) definition.promptGuidelines = [...tool.guidelines];
  if (tool.output !== undefined) definition.outputSchema = tool.output as NonNullable<PiRegisteredTool["outputSchema"]>;
  return definition;
}
