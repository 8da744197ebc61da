/** The tool list our module serves: the benchmarks' one tool, defined with @agntn/tools. */
import { joinTool } from "../../fixtures.ts";

export const tools = [joinTool];
