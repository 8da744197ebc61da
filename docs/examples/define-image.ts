import { defineTool, Type } from "@agntn/tools";

/** One bar per number, scaled to the highest: SVG is text, so a few lines draw it. */
function barsSvg(values: number[]): string {
  const highest = Math.max(...values, 1);
  const bars = values.map((value, i) => {
    const height = Math.round((value / highest) * 40);
    return `<rect x="${i * 12}" y="${40 - height}" width="10" height="${height}" fill="#1565c0"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${values.length * 12}" height="40">${bars.join("")}</svg>`;
}

export const barsTool = defineTool({
  name: "chart_bars",
  title: "Bar Chart",
  description: "Draw a small bar chart of up to 20 numbers, as an image beside a one-line summary.",
  effect: "read",
  input: Type.Object({ values: Type.Array(Type.Number({ minimum: 0 }), { minItems: 1, maxItems: 20 }) }, { additionalProperties: false }),
  execute({ values }) {
    // Base64 of the UTF-8 bytes. btoa and TextEncoder exist in browsers, Node, Deno, Bun and workers alike.
    const data = btoa(String.fromCharCode(...new TextEncoder().encode(barsSvg(values))));
    return {
      content: [
        { type: "text", text: `${values.length} bars, the highest ${Math.max(...values)}` },
        { type: "image", data, mimeType: "image/svg+xml" },
      ],
    };
  },
});
