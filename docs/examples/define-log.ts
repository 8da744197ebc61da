import { defineTool, Type } from "@agntn/tools";

export const csvTool = defineTool({
  name: "csv_rows",
  title: "Count CSV Rows",
  description: "Count the rows of a CSV text that have as many fields as its header; log the others.",
  effect: "read",
  input: Type.Object({ csv: Type.String() }, { additionalProperties: false }),
  execute({ csv }, { log }) {
    const [header = "", ...rows] = csv.split("\n").filter((line) => line.trim() !== "");
    const width = header.split(",").length;
    let kept = 0;
    rows.forEach((row, i) => {
      const fields = row.split(",").length;
      if (fields === width) kept++;
      // `?.` as with progress: a host with no log channel leaves `log` undefined.
      else log?.("warning", `line ${i + 2} skipped: ${fields} field(s) where the header has ${width}`, { line: i + 2, fields });
    });
    log?.("debug", `read ${rows.length} rows`);
    return { content: [{ type: "text", text: `${kept} of ${rows.length} rows kept` }], details: { kept, skipped: rows.length - kept } };
  },
});
