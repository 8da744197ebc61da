/**
 * text_stats' view (./stats-view.html): the extension's own `App` class
 * talking to the host over postMessage. It shows the text the tool was
 * called with, draws the counts of its result as bars, and calls text_badge
 * back through the host to draw the word count as a badge. Every text is set
 * as text, never as HTML. `data-state` on the body says how far it got
 * (waiting, input, result, badge), for the browser tests.
 */
import { App, applyDocumentTheme } from "@modelcontextprotocol/ext-apps";

interface Counts {
  characters: number;
  words: number;
  lines: number;
}

const find = <T extends Element>(selector: string) => document.querySelector(selector) as T;
const input = find<HTMLParagraphElement>("[data-input]");
const rows = find<HTMLDivElement>("[data-rows]");
const badge = find<HTMLButtonElement>("[data-badge]");
const image = find<HTMLImageElement>("[data-badge-image]");
const said = find<HTMLSpanElement>("[data-said]");
let counts: Counts | undefined;

function state(name: string): void {
  document.body.dataset.state = name;
}

function isCounts(value: unknown): value is Counts {
  const v = value as Partial<Counts> | undefined;
  return typeof v?.characters === "number" && typeof v.words === "number" && typeof v.lines === "number";
}

/** One bar per count, as long as its share of the largest. */
function draw(next: Counts): void {
  const largest = Math.max(1, next.characters, next.words, next.lines);
  rows.replaceChildren(
    ...(["characters", "words", "lines"] as const).flatMap((key) => {
      const label = document.createElement("span");
      label.textContent = key;
      const track = document.createElement("div");
      track.className = "track";
      const fill = document.createElement("div");
      fill.className = "fill";
      fill.dataset.bar = key;
      fill.style.width = `${(next[key] / largest) * 100}%`;
      track.append(fill);
      const count = document.createElement("span");
      count.className = "count";
      count.dataset.count = key;
      count.textContent = String(next[key]);
      return [label, track, count];
    }),
  );
}

/** The first text block of a result, or "". */
function textOf(content: unknown): string {
  const block = (Array.isArray(content) ? content : []).find((entry) => entry?.type === "text");
  return typeof block?.text === "string" ? block.text : "";
}

const app = new App({ name: "text_stats view", version: "1.0.0" });

app.ontoolinput = ({ arguments: args }) => {
  const text = typeof args?.text === "string" ? args.text : "";
  input.textContent = text === "" ? "(an empty text)" : `“${text}”`;
  state("input");
};

app.ontoolresult = (result) => {
  if (result.isError || !isCounts(result.structuredContent)) {
    said.textContent = textOf(result.content);
    state("failed");
    return;
  }
  counts = result.structuredContent;
  draw(counts);
  badge.disabled = false;
  state("result");
};

app.onhostcontextchanged = (context) => {
  if (context.theme) applyDocumentTheme(context.theme);
};

badge.addEventListener("click", async () => {
  if (!counts) return;
  badge.disabled = true;
  try {
    const result = await app.callServerTool({
      name: "text_badge",
      arguments: { label: "words", message: String(counts.words), color: "blue" },
    });
    const drawn = (result.content ?? []).find((block) => block.type === "image");
    if (drawn?.type === "image") {
      image.src = `data:${drawn.mimeType};base64,${drawn.data}`;
      image.alt = `words: ${counts.words}`;
      image.hidden = false;
    }
    said.textContent = textOf(result.content);
    state(result.isError ? "failed" : "badge");
  } finally {
    badge.disabled = false;
  }
});

state("waiting");
app.connect().then(() => {
  const theme = app.getHostContext()?.theme;
  if (theme) applyDocumentTheme(theme);
}, console.error);
