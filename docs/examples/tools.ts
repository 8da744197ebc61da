// The tool list the host examples serve: the demo tools of this repository (text_slug and friends).
export { countTool, renameTool, slugTool, statsTool, tools } from "../../playground/server/tools.ts";
