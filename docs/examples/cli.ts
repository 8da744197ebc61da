#!/usr/bin/env node
import { runCli } from "@agntn/tools/cli";
import { csvTool } from "./define-log.ts";
import { tools } from "./tools.ts";

await runCli({
  name: "slugs",
  version: "1.0.0",
  description: "Turn titles into URL slugs, and count words.",
  tools: [...tools, csvTool],
  mcp: true,
});
