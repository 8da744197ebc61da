/**
 * text_stats' view (./stats-view.html): the extension's own `App` class
 * talking to the host over postMessage. It shows the text the tool was
 * called with, draws the counts of its result as bars, and calls text_badge
 * back through the host to draw the word count as a badge. Every text is set
 * as text, never as HTML. `data-state` on the body says how far it got
 * (waiting, input, result, badge), for the browser tests.
 *
 * The badge comes back as an SVG image. It is drawn inline, rebuilt element
 * by element from an allow-list, not shown as a `data:` image: a host that
 * gives a view no CSP of its own (the MCP Inspector, Claude) sets
 * `img-src 'none'`-like defaults, which would leave only the alt text.
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
const image = find<HTMLSpanElement>("[data-badge-image]");
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

const SVG = "http://www.w3.org/2000/svg";
/** What a badge is drawn with: these elements and attributes only, so no script, link or event handler can come through. */
const SVG_ELEMENTS = new Set(["svg", "title", "clipPath", "rect", "g", "text"]);
const SVG_ATTRIBUTES = new Set(
  ["width", "height", "viewBox", "role", "aria-label", "id", "rx", "x", "y", "fill", "clip-path"].concat([
    "font-family",
    "font-size",
    "text-anchor",
    "textLength",
    "lengthAdjust",
  ]),
);

/** A copy of an SVG element made of allowed parts only; `undefined` for anything else. */
function rebuilt(from: Element): Element | undefined {
  if (from.namespaceURI !== SVG || !SVG_ELEMENTS.has(from.localName)) return undefined;
  const copy = document.createElementNS(SVG, from.localName);
  for (const { name, value } of Array.from(from.attributes)) {
    if (!SVG_ATTRIBUTES.has(name)) continue;
    // A reference may point only inside the badge.
    if (name === "clip-path" && !/^url\(#[\w-]+\)$/.test(value)) continue;
    copy.setAttribute(name, value);
  }
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) copy.append(child.textContent ?? "");
    else if (child instanceof Element) {
      const next = rebuilt(child);
      if (next) copy.append(next);
    }
  }
  return copy;
}

/** An SVG image block (base64) as an inline drawing, or `undefined` when it is not one. */
function drawing(data: string): Element | undefined {
  let markup: string;
  try {
    markup = new TextDecoder().decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const parsed = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
  return parsed.localName === "svg" ? rebuilt(parsed) : undefined;
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
    const svg = drawn?.type === "image" && drawn.mimeType === "image/svg+xml" ? drawing(drawn.data) : undefined;
    if (svg) {
      image.replaceChildren(svg);
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
