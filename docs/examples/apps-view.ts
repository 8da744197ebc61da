// stats-view.ts, the script of stats-view.html: the extension's App class talks to the client that shows the view.
import { App } from "@modelcontextprotocol/ext-apps";

const app = new App({ name: "text_stats view", version: "1.0.0" });
const shown = document.querySelector("output") as HTMLOutputElement;

// The call's input, then its result: structuredContent carries the tool's details (its output schema checked them).
app.ontoolinput = ({ arguments: args }) => {
  shown.textContent = `Counting “${String(args?.text ?? "")}”…`;
};
app.ontoolresult = ({ structuredContent }) => {
  const { words } = structuredContent as { words: number };
  shown.textContent = `${words} words`;
};

// The view calls a tool of its server back, through the client: here one only views may call.
document.querySelector("button")?.addEventListener("click", async () => {
  const result = await app.callServerTool({ name: "stats_keep", arguments: { words: 6 } });
  shown.textContent = result.content?.[0]?.type === "text" ? result.content[0].text : "";
});

await app.connect();
