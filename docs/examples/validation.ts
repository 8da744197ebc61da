import { validateInput } from "@agntn/tools";
import { slugTool } from "./tools.ts";

for (const args of [{ txt: "Hello" }, { text: "Hello", separator: "+" }, { text: "   " }, { text: 42 }]) {
  const checked = validateInput(slugTool, args);
  if (!checked.ok) console.log(checked.error.lines.join("\n"));
}
