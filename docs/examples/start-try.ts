import { joinedText } from "@agntn/tools";
import { callTool } from "@agntn/tools/mcp";
import { tools } from "./start-tools.ts";

const good = await callTool({ name: "initials" }, tools, "text_initials", { name: "ada lovelace", dots: true });
console.log(joinedText(good.content)); // A.L.

const bad = await callTool({ name: "initials" }, tools, "text_initials", { nmae: "ada" });
console.log(bad.isError, joinedText(bad.content));
