/**
 * `node bench/run.ts 7 10 --merge`: re-runs some benchmarks and puts their
 * sections into bench/RESULTS.md in place of the old ones (and their rows in
 * the targets table), keeping every other section as its full run wrote it.
 * The header then names the sections re-run alone, with their date and load,
 * so no figure's run is left unclear. Used when a change touches some sections
 * only and a full run on a busy machine would move the others by noise alone.
 */
import { renderSection, type Section } from "./harness.ts";

export interface RerunInfo {
  date: string;
  load: string;
  quick: boolean;
}

const TARGETS_HEADING = "## Targets";
const RERUN_LABEL = "re-run alone after that run";
/** The sentence of run.ts's header that a merge qualifies (it may be wrapped at the comma's line break; matched as written). */
const ONE_RUN = "every figure below comes from that one run.";

/** The text of every `## N. title` section before the notes, by id. */
function sectionsOf(body: string): Map<number, string> {
  const found = new Map<number, string>();
  const headings = [...body.matchAll(/^## (\d+)\. /gm)];
  headings.forEach((match, k) => {
    const end = headings[k + 1]?.index ?? body.length;
    found.set(Number(match[1]), body.slice(match.index, end).trimEnd());
  });
  return found;
}

/** A targets-table row, whatever padding Biome gave it: its cells. */
function cells(line: string): string[] {
  return line
    .slice(1, -1)
    .split(" | ")
    .map((cell) => cell.trim());
}

function row(values: readonly string[]): string {
  return `| ${values.join(" | ")} |`;
}

/** The targets table with the re-run sections' rows replaced, rows kept in section order. */
function mergedTargets(lines: string[], sections: readonly Section[]): string[] {
  const ids = new Set(sections.map((s) => s.id));
  const kept = lines.filter((line) => !ids.has(Number(cells(line)[0])));
  const fresh = sections.flatMap((s) => s.targets.map((t) => [`${s.id}`, t.what, t.target, t.measured, t.met ? "yes" : "**no**"]));
  return [...kept.map(cells), ...fresh].sort((a, b) => Number(a[0]) - Number(b[0])).map(row);
}

/** An earlier re-run's row without the sections re-run now; undefined when none of its sections is left. */
function olderRerun(line: string, now: ReadonlySet<number>): string | undefined {
  const match = /^sections ([\d, ]+): (.*)$/.exec(cells(line)[1] ?? "");
  if (!match) return undefined;
  const left = match[1]!.split(", ").filter((id) => !now.has(Number(id)));
  return left.length === 0 ? undefined : row([RERUN_LABEL, `sections ${left.join(", ")}: ${match[2]}`]);
}

/** The header table with a row naming the sections re-run now; rows of earlier re-runs keep the sections not re-run again. */
function mergedHeader(header: string, sections: readonly Section[], info: RerunInfo): string {
  const now = new Set(sections.map((s) => s.id));
  const lines = header
    .replace(ONE_RUN, `${ONE_RUN.slice(0, -1)}, but for the sections the table names as re-run alone.`)
    .split("\n")
    .flatMap((line) => {
      if (!line.startsWith(`| ${RERUN_LABEL}`)) return [line];
      const kept = olderRerun(line, now);
      return kept === undefined ? [] : [kept];
    });
  const ids = [...now].sort((a, b) => a - b).join(", ");
  const note = `sections ${ids}: ${info.date}, load ${info.load}${info.quick ? ", quick mode" : ""}`;
  const last = lines.findLastIndex((line) => line.startsWith("|"));
  lines.splice(last + 1, 0, row([RERUN_LABEL, note]));
  return lines.join("\n");
}

/** RESULTS.md with `sections` put in place of their old text; `notes` is the hand-written part kept below. */
export function mergeSections(old: string, notes: string, sections: readonly Section[], info: RerunInfo): string {
  const body = old.slice(0, old.length - notes.length);
  const targetsAt = body.indexOf(TARGETS_HEADING);
  const firstSection = body.search(/^## \d+\. /m);
  if (targetsAt === -1 || firstSection === -1) throw new Error("RESULTS.md has no targets table or no section to merge into");
  const header = mergedHeader(body.slice(0, targetsAt).trimEnd(), sections, info);
  const tableLines = body
    .slice(targetsAt + TARGETS_HEADING.length, firstSection)
    .split("\n")
    .filter((line) => /^\| *\d+ *\|/.test(line));
  const all = sectionsOf(body.slice(firstSection));
  for (const section of sections) all.set(section.id, renderSection(section));
  const ordered = [...all.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
  return [
    header,
    "",
    TARGETS_HEADING,
    "",
    row(["#", "target", "aim", "measured", "met"]),
    row(["---", "---", "---", "---", "---"]),
    ...mergedTargets(tableLines, sections),
    "",
    ...ordered.flatMap((text) => [text, ""]),
    notes,
  ].join("\n");
}
