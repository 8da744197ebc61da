/**
 * The demo tools: one definition each, served by the playground's /mcp route,
 * the demo server, the docs playground and every host test.
 */
import { defineTool, quote, Type } from "@agntn/tools";
import { BADGE_COLORS, BADGE_HEIGHT, badgeText, base64Of, drawBadge } from "./badge.ts";

/** Lowercase URL slug: letters and digits stay, accents lose their marks, every other run becomes the separator. */
export function slugify(text: string, separator = "-"): string {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.join(separator);
}

export const slugTool = defineTool({
  name: "text_slug",
  title: "Text Slug",
  description: "Turn a title into a lowercase URL slug. Letters and digits stay, accents lose their marks, the rest becomes the separator.",
  effect: "read",
  snippet: "Use text_slug to turn a title into a URL slug.",
  guidelines: ["Pass separator '_' for identifiers. The default '-' is for URLs."],
  input: Type.Object(
    {
      text: Type.String({ minLength: 1, maxLength: 200, pattern: "\\S", description: "Title to slug" }),
      separator: Type.Optional(Type.Enum(["-", "_", "."], { description: "Joins the words. '-' when omitted" })),
    },
    { additionalProperties: false },
  ),
  execute({ text, separator = "-" }) {
    const slug = slugify(text, separator);
    if (slug === "") {
      return {
        content: [{ type: "text", text: "The text has no letters or digits to keep; pass a title with at least one." }],
        details: { slug, separator },
        isError: true,
      };
    }
    return { content: [{ type: "text", text: slug }], details: { slug, separator } };
  },
});

export const countTool = defineTool({
  name: "text_count",
  title: "Count Words",
  description: "Count the words of a text, reporting progress every chunk of lines.",
  effect: "read",
  input: Type.Object(
    {
      text: Type.String({ description: "Text to count" }),
      chunk: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: "Lines per progress step. 1 when omitted" })),
    },
    { additionalProperties: false },
  ),
  async execute({ text, chunk = 1 }, { progress, signal }) {
    const lines = text.split("\n");
    let words = 0;
    for (let i = 0; i < lines.length; i += chunk) {
      signal?.throwIfAborted();
      for (const line of lines.slice(i, i + chunk)) words += line.split(/\s+/u).filter(Boolean).length;
      progress?.(`counted ${Math.min(i + chunk, lines.length)} of ${lines.length} lines`, {
        progress: Math.min(i + chunk, lines.length),
        total: lines.length,
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return { content: [{ type: "text", text: `${words} words` }], details: { words, lines: lines.length } };
  },
});

export const renameTool = defineTool({
  name: "files_rename",
  title: "Rename Files",
  description: "Plan a bulk rename of file names into slugs, after asking the person which case and whether to apply it.",
  effect: "write",
  input: Type.Object(
    { names: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 50, description: "File names to rename" }) },
    { additionalProperties: false },
  ),
  async execute({ names }, { ask }) {
    if (!ask) {
      return { content: [{ type: "text", text: "Nobody to ask: run this where a person can answer, or rename by hand." }], isError: true };
    }
    const style = await ask({
      message: `How should ${names.length} file name(s) be written?`,
      schema: Type.Object({ separator: Type.Enum(["-", "_"], { title: "Separator" }) }, { additionalProperties: false }),
    });
    if (style.action !== "accept") return { content: [{ type: "text", text: `Nothing renamed: the person chose ${style.action}.` }] };
    const plan = names.map((name) => `${name} -> ${slugify(name, style.content.separator)}`);
    const confirm = await ask({
      message: `Apply these renames?\n${plan.join("\n")}`,
      schema: Type.Object({ apply: Type.Boolean({ title: "Apply" }) }, { additionalProperties: false }),
    });
    if (confirm.action !== "accept" || !confirm.content.apply) {
      return { content: [{ type: "text", text: "Nothing renamed: the person did not confirm." }], details: { plan, applied: false } };
    }
    return { content: [{ type: "text", text: `Renamed:\n${plan.join("\n")}` }], details: { plan, applied: true } };
  },
});

export const statsTool = defineTool({
  name: "text_stats",
  title: "Text Stats",
  description: "Count characters, words and lines of a text, for programs as well as models.",
  effect: "read",
  input: Type.Object({ text: Type.String({ description: "Text to measure" }) }, { additionalProperties: false }),
  output: Type.Object({ characters: Type.Integer(), words: Type.Integer(), lines: Type.Integer() }, { additionalProperties: false }),
  // A client that renders MCP Apps shows the counts as bars (./stats-view.html); the view can call text_badge back.
  ui: { file: new URL("./stats-view.html", import.meta.url), prefersBorder: true },
  execute({ text }) {
    const details = {
      characters: Array.from(text).length,
      words: text.split(/\s+/u).filter(Boolean).length,
      lines: text === "" ? 0 : text.split("\n").length,
    };
    return {
      content: [{ type: "text", text: `${details.characters} characters, ${details.words} words, ${details.lines} lines` }],
      details,
    };
  },
});

const BADGE_MIME = "image/svg+xml";

export const badgeTool = defineTool({
  name: "text_badge",
  title: "Text Badge",
  description: "Draw a small status badge (a label beside a coloured message) as an SVG image, and say in one line what it drew.",
  effect: "read",
  snippet: "Use text_badge to draw a status badge image from a label and a message.",
  input: Type.Object(
    {
      label: Type.String({ minLength: 1, maxLength: 40, pattern: "\\S", description: "Left side, on grey" }),
      message: Type.String({ minLength: 1, maxLength: 40, pattern: "\\S", description: "Right side, on the colour" }),
      color: Type.Optional(Type.Enum([...BADGE_COLORS], { description: "Colour of the message side. 'green' when omitted" })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object(
    {
      width: Type.Integer({ minimum: 1 }),
      height: Type.Integer({ minimum: 1 }),
      bytes: Type.Integer({ minimum: 1 }),
      mimeType: Type.Literal(BADGE_MIME),
    },
    { additionalProperties: false },
  ),
  execute({ label, message, color = "green" }) {
    // A side made only of control or format characters would draw as an empty box: say so instead.
    const empty = [badgeText(label) === "" && "label", badgeText(message) === "" && "message"].filter(Boolean);
    if (empty.length > 0) {
      return {
        content: [
          {
            type: "text",
            text: `The ${empty.join(" and ")} ${empty.length > 1 ? "have" : "has"} nothing to draw once control and format characters are removed.`,
          },
        ],
        isError: true,
      };
    }
    const badge = drawBadge(label, message, color);
    const bytes = new TextEncoder().encode(badge.svg);
    const details = { width: badge.width, height: BADGE_HEIGHT, bytes: bytes.length, mimeType: BADGE_MIME } as const;
    const shown = quote(`${badgeText(label)}: ${badgeText(message)}`);
    return {
      content: [
        {
          type: "text",
          text: `Drew the badge ${shown} in ${color}: ${details.width}×${details.height} px, ${details.bytes} bytes of SVG.`,
        },
        { type: "image", data: base64Of(bytes), mimeType: BADGE_MIME },
      ],
      details,
    };
  },
});

export const tools = [slugTool, countTool, renameTool, statsTool, badgeTool];
