/**
 * Reading a host's answer the same way on every host: the text parts joined
 * by a line break, the notes a host (or the core) puts in place of media left
 * out, so what remains is what the tool itself said.
 */

/** The core's notes for blocks a channel cannot show: `[image: image/png, 70 B]`, `[resource link: …]`. */
const CORE_NOTE = /^\[(image|audio|resource link|resource): /;

/** Whether a line is a note standing for a media block rather than the tool's own text. */
export function isNote(line: string): boolean {
  return CORE_NOTE.test(line);
}

/** The text of a list of content blocks (MCP's, or any host's with `{ type: "text", text }` parts), notes left out. */
export function blockText(blocks: readonly unknown[]): string {
  const texts: string[] = [];
  for (const block of blocks) {
    const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
    if ((type === "text" || type === "input_text") && typeof text === "string" && !isNote(text)) texts.push(text);
  }
  return texts.join("\n");
}

/** A text that may hold notes on lines of their own after the tool's text: the notes left out. */
export function lineText(text: string): string {
  return text
    .split("\n")
    .filter((line) => !isNote(line))
    .join("\n");
}
