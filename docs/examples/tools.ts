// The tool list the host examples serve: the demo tools of this repository (text_slug and friends). text_stats' view
// is a page with a script beside it, bundled here into one document (see Apps), so every MCP face can serve the list.
import { bundleViews } from "@agntn/tools/views";
import { tools as demo } from "../../playground/server/tools.ts";

export { countTool, renameTool, slugTool, statsTool } from "../../playground/server/tools.ts";
export const tools = await bundleViews(demo);
