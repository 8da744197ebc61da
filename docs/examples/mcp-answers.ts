import { joinedText } from "@agntn/tools";
import { callTool, listTools } from "@agntn/tools/mcp";
import { tools } from "./tools.ts";

const listing = listTools(tools);
const answer = await callTool({ name: "slugs" }, tools, "text_slug", { text: "Crème Brûlée" });
console.log(listing.tools.length, joinedText(answer.content)); // 5 creme-brulee
